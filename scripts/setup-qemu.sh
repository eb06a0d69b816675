#!/usr/bin/env bash
# Install Debian's qemu-user for the emulated-CPU build-probe test (tests/integration/test_build_probe_emulated.py):
# the prebuilt llama-server run on an emulated CPU without AVX-VNNI/AVX-512 must die with SIGILL and the
# probe must fall back. Idempotent: does nothing when qemu-x86_64 is already on PATH. Needs root.
set -euo pipefail
if command -v qemu-x86_64 >/dev/null 2>&1; then
  qemu-x86_64 --version | head -1
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get install -y -qq qemu-user >/dev/null 2>&1 || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq qemu-user >/dev/null; }
qemu-x86_64 --version | head -1
