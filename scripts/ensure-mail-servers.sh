#!/bin/sh
# Make sure the real mail servers the end-to-end tests run (test/helpers/mail-servers-global-setup.ts)
# are installed: Dovecot (IMAP + LMTP), Postfix and swaks, from Debian's packages (INFRA.md §3, §4).
# Runs first in `npm test`: does nothing when all three are present; installs them when root; else
# says exactly what to install and fails, so the mail tests never skip silently.
set -eu

PACKAGES="dovecot-imapd dovecot-lmtpd postfix swaks"

have() {
  command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ] || [ -x "/usr/bin/$1" ]
}

if have dovecot && have postfix && have swaks; then
  exit 0
fi

if [ "$(id -u)" != "0" ]; then
  echo "mail tests need Dovecot, Postfix and swaks; as root run:" >&2
  echo "  echo 'postfix postfix/main_mailer_type select No configuration' | debconf-set-selections" >&2
  echo "  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $PACKAGES" >&2
  exit 1
fi

echo "ensure-mail-servers: installing $PACKAGES" >&2
# No /etc/postfix/main.cf and no service start: the tests run private instances with their own configs.
echo "postfix postfix/main_mailer_type select No configuration" | debconf-set-selections
apt-get update -qq >&2
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $PACKAGES >&2

if ! (have dovecot && have postfix && have swaks); then
  echo "ensure-mail-servers: installation finished but dovecot, postfix or swaks is still missing" >&2
  exit 1
fi
