#!/usr/bin/env bash
# Imager's benchmark: how Imager holds up with 10 to 100,000 chordsets, each figure
# a ratio against a floor measured in the same run. Prints one markdown table (figure | N |
# Imager | floor | ratio | goal | met?) on standard output, progress on standard error.
#
#   packaging/bench.sh                       the full run: N = 10, 1,000, 10,000, 100,000
#                                            (release build, then about 10 to 20 minutes on 2 cores,
#                                            most of it importing 2.4 million lumis)
#   packaging/bench.sh --sizes 10,10000      other sizes (goals that compare with N = 10 need 10)
#   packaging/bench.sh --smoke               CI's check that the benchmark still works: N = 10
#                                            and 100, one repetition, well under a minute; reuses
#                                            the debug build when there is one
#   packaging/bench.sh --sync-only           only the sync figures, in process
#   packaging/bench.sh --pictures-only       only "chordset from a 50-megapixel photo", a JPEG
#                                            and a PNG, each read 5 times
#   packaging/bench.sh --write-docs          a full run that also puts its table in
#                                            docs/benchmark.md, between the bench-table markers
#   Anything else (--keep, --work-dir DIR) goes to imager-bench; see `imager-bench --help`.
#
# What runs: the tools of the Tools/ package, built here. imager-bench (Tools/Sources/imager-bench)
# times Imager's store in process and launches imager-bench-window (Tools/Sources/imager-bench-window:
# Imager's real window over the bench's own store, driven by a script through ImagerTestSupport;
# the app has no benchmark code); the floors are the C programs in Tools/Floors/, compiled
# here: sqlite_floor (raw SQLite), adw_floor (a minimal libadwaita window, the same window with
# a plain GtkListView, and with a drawing area: the floor of every window figure) and gtk_floor
# (the same without libadwaita, launched beside it to show what libadwaita costs). The windows run under
# Xvfb (2560×1440, room for the Perform view at 1920×1080 plus the window frame), in a private
# D-Bus session, with GSK_RENDERER=cairo unless GSK_RENDERER is set.
#
# Exit status: 0 when the benchmark ran, whatever the figures; non-zero when something is
# broken (a build, a program that crashed, a window that never painted) or a figure hit its
# timeout (an edit that painted nothing within a second: a "FAILED: ..." line names it, and
# the table marks it). Goals that are not met show in the table, not in the exit status:
# this is a benchmark, not a timed test.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

smoke=0
write_docs=0
sizes=""
passthrough=()
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) smoke=1 ;;
    --write-docs) write_docs=1 ;;
    --sizes) sizes=${2:?--sizes needs a list, such as 10,1000}; shift ;;
    --sizes=*) sizes=${1#--sizes=} ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) passthrough+=("$1") ;;
  esac
  shift
done
if [ $write_docs -eq 1 ] && { [ $smoke -eq 1 ] || [ -n "$sizes" ] || [ ${#passthrough[@]} -gt 0 ]; }; then
  echo "bench.sh: --write-docs writes the table of a full run: give it no other option" >&2
  exit 2
fi
if [ $smoke -eq 1 ]; then
  sizes=${sizes:-10,100}
  passthrough+=(--smoke)
else
  sizes=${sizes:-10,1000,10000,100000}
fi

for tool in xvfb-run pkg-config msgfmt; do
  command -v "$tool" >/dev/null || { echo "bench.sh: $tool is missing (Tests/install-test-deps.sh installs it)" >&2; exit 1; }
done
cc=${CC:-cc}
command -v "$cc" >/dev/null || cc=clang

# imager-bench and imager-bench-window from Tools/, imager from the app's package. A smoke run
# reuses the debug builds that Tests/run-all.sh made; real figures come from release builds in
# scratch folders of their own.
if [ $smoke -eq 1 ]; then
  tools=$root/Tools/.build/debug
  [ -x "$tools/imager-bench" ] && [ -x "$tools/imager-bench-window" ] || {
    echo "bench.sh: building the tools (debug)" >&2
    swift build --package-path Tools --scratch-path Tools/.build --product imager-bench-window >&2
    swift build --package-path Tools --scratch-path Tools/.build --product imager-bench >&2
  }
  [ -x .build/debug/imager ] || swift build --product imager >&2
  bin=$root/.build/debug
else
  echo "bench.sh: building (release, .build-bench and Tools/.build-bench)" >&2
  # The window is built as install.sh and the Flatpak build the app, with the Swift runtime
  # linked in statically: what users launch is built so, and it has no Swift libraries to
  # load at launch.
  swift build --package-path Tools -c release --scratch-path Tools/.build-bench --static-swift-stdlib --product imager-bench-window >&2
  swift build --package-path Tools -c release --scratch-path Tools/.build-bench --static-swift-stdlib --product imager-bench >&2
  swift build -c release --scratch-path .build-bench --static-swift-stdlib --product imager >&2
  tools=$root/Tools/.build-bench/release
  bin=$root/.build-bench/release
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/imager-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
floors=$work/floors
mkdir -p "$floors"
"$cc" -O2 -Wall -o "$floors/sqlite_floor" Tools/Floors/sqlite_floor.c $(pkg-config --cflags --libs sqlite3)
"$cc" -O2 -Wall -o "$floors/gtk_floor" Tools/Floors/gtk_floor.c $(pkg-config --cflags --libs gtk4) -lm
"$cc" -O2 -Wall -DFLOOR_LIBADWAITA -o "$floors/adw_floor" Tools/Floors/gtk_floor.c $(pkg-config --cflags --libs libadwaita-1) -lm

# The window runs as installed: install.sh's layout under a private prefix, with that prefix's
# share/ among the XDG data folders (as /usr/local/share, ~/.local/share or the Flatpak's
# /app/share are), so GTK finds Imager's icon by its own search, as it does for users. Run from
# the build folder, Imager adds the repository's data/icons to the icon theme's search path,
# and GTK 4.8 then loads the whole theme again before the first frame: launch time that no
# installed Imager spends. A copy, not a link: Imager finds its data files from the
# binary's real path.
prefix=$work/prefix
if ! IMAGER_BINARY=$bin/imager packaging/install.sh --no-build "$prefix" >"$work/install.log" 2>&1; then
  echo "bench.sh: installing into $prefix failed:" >&2
  cat "$work/install.log" >&2
  exit 1
fi
cp "$tools/imager-bench-window" "$prefix/bin/imager-bench-window"
installed=$prefix/bin
export XDG_DATA_DIRS="$prefix/share:${XDG_DATA_DIRS:-/usr/local/share/:/usr/share/}"

session=()
command -v dbus-run-session >/dev/null && session=(dbus-run-session --)
export GSK_RENDERER=${GSK_RENDERER:-cairo}
log=$work/bench.log
status=0
# imager-bench's progress lines ("[  12.3 s] ...") are shown and its table printed at the end;
# the session's own chatter (D-Bus activations, portals) goes to the log, shown only if
# something breaks.
xvfb-run -a -s "-screen 0 2560x1440x24" "${session[@]}" \
  "$tools/imager-bench" --floors "$floors" --window "$installed/imager-bench-window" --sizes "$sizes" \
  --work-dir "$work/data" --output "$work/table.md" "${passthrough[@]}" \
  >>"$log" 2> >(tee -a "$log" | grep --line-buffered -E '^(\[ *[0-9.]+ s\]|FAILED: )' >&2) || status=$?
wait
if [ $status -ne 0 ]; then
  # A figure that hit its timeout still leaves the table, with that figure marked FAILED.
  [ -s "$work/table.md" ] && cat "$work/table.md"
  echo "bench.sh: the benchmark failed (status $status); the end of its log:" >&2
  grep -v -E '^\[ *[0-9.]+ s\]' "$log" | tail -40 >&2
  exit $status
fi
# The time for an edit to reach another machine's open window through Syncthing: a script of
# its own (two Syncthing daemons, the command line on one machine, the window on
# the other), its row added to the table. Not with --pictures-only.
case " ${passthrough[*]-} " in
  *" --pictures-only "*) ;;
  *)
    echo "[ sync ] an edit through Syncthing to the other machine's open window" >&2
    repetitions=5 judge=()
    [ $smoke -eq 1 ] && repetitions=1 judge=(--smoke)
    if ! xvfb-run -a -s "-screen 0 1280x800x24" "${session[@]}" \
         python3 Tools/Scripts/sync_window.py "$installed/imager" "$installed/imager-bench-window" "$repetitions" "${judge[@]}" \
         >"$work/sync-row.md" 2>>"$log"; then
      echo "bench.sh: the Syncthing figure failed; the end of its log:" >&2
      tail -40 "$log" >&2
      exit 1
    fi
    grep '^| ' "$work/sync-row.md" >>"$work/table.md"
    ;;
esac
gtk=$(pkg-config --modversion gtk4)
sqlite=$(pkg-config --modversion sqlite3)
cpu=$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
{
  cat "$work/table.md"
  echo
  echo "Measured on $(nproc) cores (${cpu:-unknown CPU}), GTK $gtk under Xvfb with GSK_RENDERER=$GSK_RENDERER, SQLite $sqlite$([ $smoke -eq 1 ] && echo ", smoke run: one repetition, goals not judged")."
} >"$work/result.md"
cat "$work/result.md"
# The benchmark doc holds one current table, this run's, between its markers.
if [ $write_docs -eq 1 ]; then
  python3 - docs/benchmark.md "$work/result.md" <<'PYTHON'
import sys
doc, result = sys.argv[1], open(sys.argv[2]).read().strip()
text = open(doc).read()
begin, end = "<!-- bench-table:begin -->", "<!-- bench-table:end -->"
if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
    sys.exit(f"bench.sh: {doc} must hold one {begin} line before one {end} line")
head, rest = text.split(begin)
open(doc, "w").write(head + begin + "\n" + result + "\n" + end + rest.split(end, 1)[1])
PYTHON
  echo "bench.sh: the table is in docs/benchmark.md" >&2
fi
