#!/usr/bin/env bash
# Part of `mvn verify`'s set-up: the report-rendering test needs headless Chromium (Debian's
# `chromium`). Installs it when missing and we are root with apt-get; otherwise says why the test
# will be skipped. Never fails the build.
if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "fabriclab set-up: installing chromium (Debian package) for the report rendering test" >&2
  if (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium) >/dev/null 2>&1; then
    exit 0
  fi
fi
echo "fabriclab set-up: chromium is not installed (install Debian's 'chromium'); the report rendering test will be skipped" >&2
exit 0
