#!/bin/sh
# Install Debian's Chromium for the end-to-end tests (Playwright drives it through
# executable_path=/usr/bin/chromium; Playwright's own browser download is not used).
# Idempotent: does nothing when /usr/bin/chromium is already there. Run as root.
set -eu

if [ -x /usr/bin/chromium ]; then
    echo "chromium already installed: /usr/bin/chromium"
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "install-browser.sh: run as root (apt-get needs it)" >&2
    exit 1
fi

export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends chromium fonts-dejavu-core
/usr/bin/chromium --version
