#!/usr/bin/env bash
# Part of `mvn verify`'s set-up: a Debian package some tests need (chromium for the report-rendering
# test, tshark for the packet-capture tests). Installs it when none of its commands is found and we
# are root with apt-get; otherwise says why the tests will be skipped. Never fails the build.
#   scripts/ensure-debian-package.sh PACKAGE "WHAT NEEDS IT" COMMAND [COMMAND...]
pkg="$1"; what="$2"; shift 2
for c in "$@"; do
  command -v "$c" >/dev/null 2>&1 && exit 0
done
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "fabriclab set-up: installing $pkg (Debian package) for $what" >&2
  # non-interactive: a package's questions (tshark: may non-root users capture?) keep their defaults
  if (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$pkg") >/dev/null 2>&1; then
    exit 0
  fi
fi
echo "fabriclab set-up: $pkg is not installed (install Debian's '$pkg'); $what will be skipped" >&2
exit 0
