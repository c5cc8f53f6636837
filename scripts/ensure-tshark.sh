#!/usr/bin/env bash
# Part of `mvn verify`'s set-up: the packet-capture tests read captures with tshark (Debian's
# `tshark`). Installs it when missing and we are root with apt-get; otherwise says why the tests
# will be skipped. Never fails the build.
if command -v tshark >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "fabriclab set-up: installing tshark (Debian package) for the packet-capture tests" >&2
  # non-interactive: the package asks whether non-root users may capture; the default (no) is kept
  if (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q tshark) >/dev/null 2>&1; then
    exit 0
  fi
fi
echo "fabriclab set-up: tshark is not installed (install Debian's 'tshark'); the packet-capture tests will be skipped" >&2
exit 0
