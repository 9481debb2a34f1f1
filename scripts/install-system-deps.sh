#!/usr/bin/env bash
# Installs the system packages the tests use, only when missing:
#   chromium          — the studio's browser tests drive Debian's Chromium through playwright-core
#   libxml2-utils     — xmllint validates the Cockatrice export against the real XSD
#   redis-server      — the balance queue's tests start their own Redis (127.0.0.1, a free port)
#   poppler-utils     — pdfinfo/pdftotext/pdftoppm/pdfimages read the print-and-play PDFs back
# Needs root (or sudo) and Debian's package mirror; never downloads a browser build of its own.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need+=(chromium)
command -v xmllint >/dev/null 2>&1 || need+=(libxml2-utils)
{ command -v pdftoppm && command -v pdftotext && command -v pdfinfo && command -v pdfimages; } >/dev/null 2>&1 || need+=(poppler-utils)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
if [ ${#need[@]} -eq 0 ]; then
  echo "system deps: chromium, xmllint, poppler and redis-server present"
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "system deps: installing ${need[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
