#!/usr/bin/env bash
# Tests/EndToEnd/run.sh BINARY
# Starts the real imager BINARY in a private X server (Xvfb) with its own D-Bus session and
# accessibility bus, and drives it as a person would: xdotool for the mouse and keyboard,
# AT-SPI (pyatspi) to find controls by role and name. Ends with "N passed, N failed" and
# exits non-zero if anything failed. Set IMAGER_E2E_SCREENSHOTS=DIR to keep screenshots, and
# IMAGER_E2E_ONLY=PART[,PART...] to run only the tests whose name contains one of the PARTs.
set -euo pipefail
[ $# -eq 1 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
binary=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

missing=()
for tool in xvfb-run xdotool dbus-run-session xmessage; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
[ -x /usr/libexec/at-spi-bus-launcher ] || missing+=(at-spi-bus-launcher)
# Debian's python has pyatspi; a python3 earlier on PATH may not.
/usr/bin/python3 -c 'import pyatspi' 2>/dev/null || missing+=(python3-pyatspi)
/usr/bin/python3 -c 'import gi; gi.require_version("Gtk", "4.0")' 2>/dev/null || missing+=(gir1.2-gtk-4.0)
if [ ${#missing[@]} -gt 0 ]; then
  echo "end-to-end tests need: ${missing[*]} (apt-get install xvfb xdotool dbus x11-utils at-spi2-core python3-pyatspi gir1.2-gtk-4.0)" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

export IMAGER_DATA_DIR="$repo/data"
session='
  /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
  bus=$!
  sleep 0.5
  export GTK_A11Y=atspi GSK_RENDERER=cairo
  unset NO_AT_BRIDGE
  /usr/bin/python3 "$1/suite.py" "$2"
  status=$?
  kill $bus 2>/dev/null
  exit $status
'
# The session's services (D-Bus, portals, PipeWire) are noisy on stderr; keep that out of
# the report. xvfb-run -a can lose a race for a display number with another X server
# starting at the same moment; then no test ran, and the run is tried again.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for attempt in 1 2 3; do
  status=0
  xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- bash -c "$session" run "$here" "$binary" \
    2> >(grep -v -E '^(dbus-daemon|\*\*|\[[WE]\]|Ignoring invalid|SpiRegistry|$)|portal|dbind-WARNING' >&2) | tee "$log" || status=$?
  grep -q -E '^[0-9]+ passed, [0-9]+ failed$' "$log" && exit $status
  echo "run.sh: no test ran (attempt $attempt; X server or session did not start)" >&2
  sleep 2
done
echo "0 passed, 1 failed"
exit 1
