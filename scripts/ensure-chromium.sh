#!/bin/sh
# Make sure Debian's Chromium is installed for the browser test of the web view (test/web/browser.test.ts,
# issue 31): playwright-core drives it through its executablePath and never downloads a browser.
# Runs in `npm test` after ensure-mail-servers.sh: does nothing when chromium is present; installs it
# when root; else says exactly what to install and fails, so the browser test never skips silently.
set -eu

have() {
  command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]
}

if have; then
  exit 0
fi

if [ "$(id -u)" != "0" ]; then
  echo "the browser test needs Debian's chromium; as root run:" >&2
  echo "  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium" >&2
  exit 1
fi

echo "ensure-chromium: installing chromium" >&2
apt-get update -qq >&2
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >&2

if ! have; then
  echo "ensure-chromium: installation finished but chromium is still missing" >&2
  exit 1
fi
