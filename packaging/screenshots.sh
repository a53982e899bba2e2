#!/usr/bin/env bash
# packaging/screenshots.sh [BINARY]
# Takes the screenshots the README and the metainfo show from the real window, so they never
# go stale: data/screenshots/main-window.png (the light style) and main-window-dark.png (the
# dark style, as libadwaita shows it when the desktop prefers dark), each the window alone at
# 800×600 with the chordsets a first launch starts with. BINARY defaults to .build/debug/imager
# (built if missing). Needs xvfb-run, dbus-run-session, xdotool and ImageMagick's import.
#
# packaging/screenshots.sh --every-screen OUTDIR [BINARY]
# Photographs every screen for a person to look at, into OUTDIR (made if missing; nothing goes
# into data/): the list, the empty list, a search, the chord editor, Perform, Sync, About, the
# Delete All message and the keyboard shortcuts window, light and dark, with the window 360,
# 800 and 1920 pixels wide, as SCREEN-WIDTH-STYLE.png (list-800-dark.png). The walk is
# Tests/EndToEnd/every_screen.py (its header says how each screen is reached); it runs in a
# private X server with a D-Bus session and an accessibility bus, so it also needs at-spi2-core
# and Debian's python3-pyatspi. IMAGER_SCREENS_ONLY=list,editor and IMAGER_SCREENS_WIDTHS=360
# take fewer. Exits 1 if a screen could not be reached (the others are still taken).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
every_screen=""
if [ "${1:-}" = --every-screen ]; then
  [ $# -ge 2 ] || { sed -n '9,10p' "$0" >&2; exit 2; }
  mkdir -p "$2"
  every_screen=$(realpath "$2")
  shift 2
fi
cd "$here"
binary=${1:-.build/debug/imager}
[ -x "$binary" ] || swift build --product imager
binary=$(realpath "$binary")
for tool in xvfb-run dbus-run-session xdotool import; do
  command -v "$tool" >/dev/null || { echo "screenshots.sh: $tool is missing" >&2; exit 1; }
done

if [ -n "$every_screen" ]; then
  [ -x /usr/libexec/at-spi-bus-launcher ] || { echo "screenshots.sh: at-spi2-core is missing" >&2; exit 1; }
  /usr/bin/python3 -c 'import pyatspi' 2>/dev/null || { echo "screenshots.sh: python3-pyatspi is missing" >&2; exit 1; }
  # The screen holds the widest window (1920 × 1080) with room for the pointer beside it.
  # The session's services are noisy on stderr: only the walk's own lines are kept.
  IMAGER_DATA_DIR="$here/data" xvfb-run -a -s "-screen 0 2048x1200x24" dbus-run-session -- bash -c '
    /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
    bus=$!
    sleep 0.5
    export GTK_A11Y=atspi GSK_RENDERER=cairo
    unset NO_AT_BRIDGE
    status=0
    /usr/bin/python3 "$1/Tests/EndToEnd/every_screen.py" "$2" "$3" || status=$?
    kill $bus 2>/dev/null
    exit $status
  ' every-screen "$here" "$binary" "$every_screen" 2> >(grep -E '^(every_screen|Traceback|  |[A-Za-z]+Error)' >&2)
  exit
fi

# One shot: a private home (so the window opens with the starter chordsets), the style the
# second argument names, and the window photographed once it has painted and settled.
shoot() {
  local out=$1 scheme=$2 home
  home=$(mktemp -d)
  xvfb-run -a -s "-screen 0 1024x768x24" dbus-run-session -- bash -c '
    out=$1 scheme=$2 home=$3 binary=$4
    mkdir -p "$home/config/io.github.imagerproject.Imager"
    printf "[window]\nwidth=800\nheight=600\nmaximized=false\n" > "$home/config/io.github.imagerproject.Imager/window.ini"
    HOME=$home XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config XDG_CACHE_HOME=$home/cache \
      IMAGER_DATA_DIR='"$here"'/data ADW_DEBUG_COLOR_SCHEME=$scheme GSK_RENDERER=cairo "$binary" >/dev/null 2>&1 &
    app=$!
    for _ in $(seq 100); do
      window=$(xdotool search --pid "$app" --onlyvisible --name "^Imager$" 2>/dev/null | head -n1) && [ -n "$window" ] && break
      sleep 0.1
    done
    [ -n "${window:-}" ] || { echo "screenshots.sh: the window did not show" >&2; kill $app; exit 1; }
    # The first frame, the rows bound, the cells named: two seconds is plenty.
    xdotool mousemove 1000 760
    sleep 2
    import -window "$window" "$out"
    kill $app
    wait $app 2>/dev/null || true
  ' shoot "$out" "$scheme" "$home" "$binary"
  rm -rf "$home"
  echo "screenshots.sh: wrote $out"
}

shoot "$here/data/screenshots/main-window.png" prefer-light
shoot "$here/data/screenshots/main-window-dark.png" prefer-dark
