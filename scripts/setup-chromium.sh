#!/usr/bin/env bash
# Install Debian's Chromium for the HTML report tests (tests/integration/test_html_chromium.py).
# Idempotent: does nothing when chromium is already on PATH. Needs root (CI and the dev machines run as root).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  chromium --version 2>/dev/null || true
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
chromium --version
