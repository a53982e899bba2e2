#!/usr/bin/env bash
# packaging/screenshots.sh [BINARY]
# Takes the screenshots the README and the metainfo show from the real window, so they never
# go stale: data/screenshots/main-window.png (the light style) and main-window-dark.png (the
# dark style, as libadwaita shows it when the desktop prefers dark), each the window alone at
# 800×600 with the chordsets a first launch starts with. BINARY defaults to .build/debug/imager
# (built if missing). Needs xvfb-run, dbus-run-session, xdotool and ImageMagick's import.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
binary=${1:-.build/debug/imager}
[ -x "$binary" ] || swift build --product imager
binary=$(realpath "$binary")
for tool in xvfb-run dbus-run-session xdotool import; do
  command -v "$tool" >/dev/null || { echo "screenshots.sh: $tool is missing" >&2; exit 1; }
done

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
