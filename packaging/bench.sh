#!/usr/bin/env bash
# Imager's benchmark: how Imager holds up with 10 to 100,000 chordsets, each figure a ratio
# against a floor measured in the same environment. It runs on this machine (Debian 12, GTK 4.8)
# and in a Debian 13 root (GTK 4.18, libadwaita 1.7) on the same machine, and prints one markdown
# table on standard output (figure | N | goal, then for each Debian: Imager | floor | ratio |
# met?), progress on standard error. Run in one environment only, it prints that environment's
# table (figure | N | Imager | floor | ratio | goal | met?).
#
#   packaging/bench.sh                       the full run: N = 10, 1,000, 10,000, 100,000, on this
#                                            machine and then in the Debian 13 root (release builds,
#                                            then about 10 to 20 minutes on 2 cores in each, most of
#                                            it importing 2.4 million lumis)
#   packaging/bench.sh --sizes 10,10000      other sizes (goals that compare with N = 10 need 10)
#   packaging/bench.sh --smoke               CI's check that the benchmark still works, on this
#                                            machine only: N = 10 and 100, one repetition, well
#                                            under a minute; reuses the debug build when there is one
#   packaging/bench.sh --sync-only           only the sync figures, in process
#   packaging/bench.sh --pictures-only       only "chordset from a 50-megapixel photo", a JPEG
#                                            and a PNG, each read 5 times
#   packaging/bench.sh --perform-only        only the Perform figures, over 10 chordsets: the
#                                            performance in the Perform view at 1920×1080 and
#                                            in the output window at 3840×2160, the latter beside
#                                            fade_floor's, then chords struck alone by key, by
#                                            OSC and by MIDI through JACK, beside fade_floor's
#                                            strikes (about 4 minutes in
#                                            each environment; with --smoke, about a minute)
#   packaging/bench.sh --write-docs          a full run in both environments that also puts its
#                                            table in docs/benchmark.md, between the bench-table
#                                            markers
#   --here                                   this machine only (the default with --smoke)
#   --debian13                               the Debian 13 root only; with --here, both
#   Anything else (--keep, --work-dir DIR) goes to imager-bench; see `imager-bench --help`.
#
# The Debian 13 root is the one Tests/Debian13/make-root.sh makes (in
# ~/.cache/imager/debian13-root, or IMAGER_DEBIAN13_ROOT): bench.sh runs make-root.sh first
# (with sudo when not root), which makes the root when it is missing or its package list changed
# and else does nothing, then runs itself inside through Tests/Debian13/run-in-root.sh. There it
# builds into scratch folders of its own (.build-debian13-bench and Tools/.build-debian13-bench;
# .build-debian13 for a smoke run), compiles the floors against the root's GTK and libadwaita,
# and runs Xvfb, D-Bus and Syncthing from the root. The root has its own /tmp, a tmpfs: the run's
# temporary files go to .build-debian13-tmp in the checkout, on the same disk as the machine's
# /tmp, and a --work-dir meant to outlive the run must be inside the checkout.
#
# What runs: the tools of the Tools/ package, built here. imager-bench (Tools/Sources/imager-bench)
# times Imager's store in process and launches imager-bench-window (Tools/Sources/imager-bench-window:
# Imager's real window over the bench's own store, driven by a script through ImagerTestSupport;
# the app has no benchmark code); the floors are the C programs in Tools/Floors/, compiled
# here: sqlite_floor (raw SQLite), adw_floor (a minimal libadwaita window, the same window with
# a plain GtkListView, and with a drawing area: the floor of every window figure), gtk_floor
# (the same without libadwaita, launched beside it to show what libadwaita costs) and fade_floor
# (a bare GTK window cross-fading between two pictures, or cutting between them on strikes:
# Perform's floor). The windows run under
# Xvfb (3840×2160: room for the Perform view at 1920×1080 plus the window frame, and the size
# of Perform's output window, full screen on the display's one monitor), in a private
# D-Bus session, with GSK_RENDERER=cairo unless GSK_RENDERER is set. Tools/Scripts/side_by_side.py
# sets the two environments' tables side by side.
#
# The MIDI figures go through a JACK server of the run's own: bench.sh starts `jackd
# --no-realtime -d dummy` (Debian's jackd2; the dummy driver needs no sound device) under a
# name of its own (imager-bench-0, or -1 while another run has that), given to imager-bench,
# which hands it to Imager and its sender through JACK_DEFAULT_SERVER, so the run never meets
# another JACK server; it stops that jackd when the run ends, however it ends. Without jackd
# the MIDI figure is a failure that says so (bench.sh installs nothing:
# Tests/install-test-deps.sh installs jackd2).
#
# Exit status: 0 when the benchmark ran in every environment asked for, whatever the figures;
# non-zero when something is broken (a build, a program that crashed, a window that never
# painted, a root that could not be made) or a figure hit its timeout (an edit that painted
# nothing within a second: a "FAILED: ..." line names it, and the table shows no number for it,
# "timed out" and **FAILED** in its environment's columns). Goals that are not met show in the
# table, not in the exit status: this is a benchmark, not a timed test. When one environment's
# run breaks, the other's still runs and the table is printed with what there is.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

smoke=0
write_docs=0
here=0
debian13=0
sizes=""
passthrough=()
# The options of each environment's own run: all but where to run and --write-docs.
forwarded=()
while [ $# -gt 0 ]; do
  case "$1" in
    --here) here=1; shift; continue ;;
    --debian13) debian13=1; shift; continue ;;
    --write-docs) write_docs=1; shift; continue ;;
    --smoke) smoke=1 ;;
    --sizes) sizes=${2:?--sizes needs a list, such as 10,1000}; forwarded+=("$1"); shift ;;
    --sizes=*) sizes=${1#--sizes=} ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) passthrough+=("$1") ;;
  esac
  forwarded+=("$1")
  shift
done
if [ $write_docs -eq 1 ] && { [ $smoke -eq 1 ] || [ -n "$sizes" ] || [ ${#passthrough[@]} -gt 0 ] || [ $here -ne $debian13 ]; }; then
  echo "bench.sh: --write-docs writes the table of a full run in both environments: give it no other option" >&2
  exit 2
fi

# This environment, for the table: the system, and the GTK, libadwaita and SQLite that Imager
# and the floors are built against, tab-separated.
environment() {
  local name
  name=$(. /etc/os-release && if [ "${ID:-}" = debian ] && [ -n "${VERSION_ID:-}" ]; then
    echo "Debian $VERSION_ID"; else echo "${PRETTY_NAME:-${NAME:-unknown system}}"; fi)
  printf '%s\t%s\t%s\t%s\n' "$name" "$(pkg-config --modversion gtk4)" "$(pkg-config --modversion libadwaita-1)" \
    "$(pkg-config --modversion sqlite3)"
}

# Inside the Debian 13 root (make-root.sh leaves its stamp at the root's top) the run is this
# environment's own, with scratch folders apart from the machine's: SwiftPM's caches from one
# system's headers do not serve the other's.
scratch=.build
if [ -f /.imager-root-packages ]; then
  here=1 debian13=0 scratch=.build-debian13
elif [ $here -eq 0 ] && [ $debian13 -eq 0 ]; then
  here=1
  [ $smoke -eq 1 ] || debian13=1
fi

if [ $debian13 -eq 1 ]; then
  debian13_root=${IMAGER_DEBIAN13_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/imager/debian13-root}
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  # Up to date, this does nothing; made or remade, it takes a few minutes.
  "${as_root[@]}" Tests/Debian13/make-root.sh "$debian13_root" >&2 || {
    echo "bench.sh: the Debian 13 root could not be made in $debian13_root" >&2
    exit 1
  }
  in_root() { Tests/Debian13/run-in-root.sh "$debian13_root" "$@"; }
  if [ $here -eq 0 ]; then
    echo "bench.sh: in the Debian 13 root ($debian13_root)" >&2
    exec Tests/Debian13/run-in-root.sh "$debian13_root" packaging/bench.sh "${forwarded[@]}"
  fi

  # Both: this machine's run, then the root's, each with its own floors; their tables side by side.
  results=$(mktemp -d "${TMPDIR:-/tmp}/imager-bench-both.XXXXXX")
  trap 'rm -rf "$results"' EXIT
  IFS=$'\t' read -r here_name here_gtk here_adw here_sqlite < <(environment)
  IFS=$'\t' read -r root_name root_gtk root_adw root_sqlite < <(in_root bash -c "$(declare -f environment); environment") || {
    echo "bench.sh: could not run in the Debian 13 root ($debian13_root)" >&2
    exit 1
  }
  here_label="$here_name (GTK ${here_gtk%.*})"
  root_label="$root_name (GTK ${root_gtk%.*})"
  echo "bench.sh: $here_label, on this machine" >&2
  here_status=0
  "$root/packaging/bench.sh" --here "${forwarded[@]}" >"$results/here.md" || here_status=$?
  echo "bench.sh: $root_label, in the root $debian13_root" >&2
  root_status=0
  in_root packaging/bench.sh "${forwarded[@]}" >"$results/debian13.md" || root_status=$?
  cpu=$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
  outcome() { # label, status, result file
    if [ "$2" -eq 0 ]; then return; fi
    if grep -q '^| ' "$3"; then echo " $1's run failed (status $2): its figures are those it measured before."
    else echo " $1's run failed (status $2) before any figure."; fi
  }
  {
    python3 Tools/Scripts/side_by_side.py "$here_label" "$results/here.md" "$root_label" "$results/debian13.md"
    echo
    echo "Measured on $(nproc) cores (${cpu:-unknown CPU}) under Xvfb with GSK_RENDERER=${GSK_RENDERER:-cairo}: $here_name on the machine itself (GTK $here_gtk, libadwaita $here_adw, SQLite $here_sqlite), $root_name in a root made by Tests/Debian13/make-root.sh on the same machine (GTK $root_gtk, libadwaita $root_adw, SQLite $root_sqlite); each ratio is against the floor built and run in the same Debian$([ $smoke -eq 1 ] && echo "; smoke run: one repetition, goals not judged").$(outcome "$here_name" $here_status "$results/here.md")$(outcome "$root_name" $root_status "$results/debian13.md")"
  } >"$results/result.md"
  cat "$results/result.md"
  if [ $here_status -ne 0 ] || [ $root_status -ne 0 ]; then
    [ $write_docs -eq 0 ] || echo "bench.sh: docs/benchmark.md left as it was: a run failed" >&2
    exit $(( here_status != 0 ? here_status : root_status ))
  fi
  # The benchmark doc holds one current table, this run's, between its markers.
  if [ $write_docs -eq 1 ]; then
    python3 - docs/benchmark.md "$results/result.md" <<'PYTHON'
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
  exit 0
fi

# One environment's run: this machine's, or the root's when inside it.
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
# reuses the debug build that Tests/run-all.sh made (.build, or .build-debian13 in the root),
# and builds the tools into that folder too: the tools' package uses the app's libraries, and
# SwiftPM builds each of them once there for both packages. Real figures come from release
# builds in scratch folders of their own, one for each package.
if [ $smoke -eq 1 ]; then
  # Built each time (nothing to do when up to date), so a smoke run never runs stale tools.
  echo "bench.sh: building (debug, $scratch)" >&2
  swift build --package-path Tools --scratch-path "$scratch" --product imager-bench-window >&2
  swift build --package-path Tools --scratch-path "$scratch" --product imager-bench >&2
  swift build --scratch-path "$scratch" --product imager >&2
  bin=$root/$scratch/debug
  tools=$bin
else
  echo "bench.sh: building (release, $scratch-bench and Tools/$scratch-bench)" >&2
  # The window is built as install.sh and the Flatpak build the app, with the Swift runtime
  # linked in statically: what users launch is built so, and it has no Swift libraries to
  # load at launch.
  # SwiftPM plans a build again when the files of the package being built change, but not
  # when a file is added to or removed from a package it depends on by path (the app's, for
  # Tools): it would build the window from the app's old list of files. Without its plan
  # (release.yaml) it makes one from the files as they are; what is up to date stays built.
  rm -f "Tools/$scratch-bench/release.yaml"
  swift build --package-path Tools -c release --scratch-path "Tools/$scratch-bench" --static-swift-stdlib --product imager-bench-window >&2
  swift build --package-path Tools -c release --scratch-path "Tools/$scratch-bench" --static-swift-stdlib --product imager-bench >&2
  swift build -c release --scratch-path "$scratch-bench" --static-swift-stdlib --product imager >&2
  bin=$root/$scratch-bench/release
  tools=$root/Tools/$scratch-bench/release
fi

# In the root, /tmp is a tmpfs, where an fsync costs nothing: the store's and sync's figures
# would not be measured on a disk, as they are on the machine. Every temporary file of the
# run from here on (the databases, the Syncthing folders) goes to the checkout's disk instead.
if [ "$scratch" = .build-debian13 ]; then
  export TMPDIR=$root/.build-debian13-tmp
  mkdir -p "$TMPDIR"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/imager-bench.XXXXXX")
jackd_pid=""
# The run's JACK server, if it started one, is stopped whatever the way out.
stop_jackd() {
  [ -n "$jackd_pid" ] || return 0
  kill "$jackd_pid" 2>/dev/null || true
  for _ in $(seq 50); do kill -0 "$jackd_pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$jackd_pid" 2>/dev/null || true
  wait "$jackd_pid" 2>/dev/null || true
  jackd_pid=""
}
trap 'stop_jackd; rm -rf "$work"' EXIT
# Killed, the run still ends through the EXIT trap above (once the command it waits on
# returns), so that its jackd does not outlive it.
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
floors=$work/floors
mkdir -p "$floors"
"$cc" -O2 -Wall -o "$floors/sqlite_floor" Tools/Floors/sqlite_floor.c $(pkg-config --cflags --libs sqlite3)
"$cc" -O2 -Wall -o "$floors/gtk_floor" Tools/Floors/gtk_floor.c $(pkg-config --cflags --libs gtk4) -lm
"$cc" -O2 -Wall -DFLOOR_LIBADWAITA -o "$floors/adw_floor" Tools/Floors/gtk_floor.c $(pkg-config --cflags --libs libadwaita-1) -lm
"$cc" -O2 -Wall -o "$floors/fade_floor" Tools/Floors/fade_floor.c $(pkg-config --cflags --libs gtk4 cairo-xlib x11)

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

# The JACK server for the MIDI figures, when they are measured (not with --pictures-only or
# --sync-only): the dummy driver at 48 kHz with 128-frame periods, a cycle every 2.7 ms.
case " ${passthrough[*]-} " in
  *" --pictures-only "*|*" --sync-only "*) ;;
  *)
    # `jack_wait -c` prints "running" or "not running".
    jack_running() { JACK_NO_START_SERVER=1 jack_wait -s "$jack_server" -c 2>/dev/null | grep -qx running; }
    # The server's name is one of two, each kept by a lock in /dev/shm while a run uses it,
    # not a new one each run: a jackd that dies keeps its place in JACK's registry of servers
    # (eight on a machine) until a server of the same name starts, and a stopping jackd can
    # die of a client that closes as it hears the server stop (jackd writes it one more
    # notification and takes the SIGPIPE). Tests/CommandLine/jack_server.py does the same.
    claim_jack_name() {
      for jack_server in imager-bench-0 imager-bench-1; do
        exec {jack_lock}>>"/dev/shm/$jack_server.lock"
        # A server of that name left running by a killed run keeps the name.
        if flock -n "$jack_lock" && ! jack_running; then return 0; fi
        exec {jack_lock}>&-
      done
      return 1
    }
    if ! command -v jackd >/dev/null || ! command -v jack_wait >/dev/null; then
      passthrough+=(--no-jack "jackd is missing (Debian's jackd2; Tests/install-test-deps.sh installs it)")
    elif ! claim_jack_name; then
      passthrough+=(--no-jack "JACK servers imager-bench-0 and imager-bench-1 are in use (another bench.sh runs)")
    else
      jackd --no-realtime -n "$jack_server" -d dummy -r 48000 -p 128 >"$work/jackd.log" 2>&1 &
      jackd_pid=$!
      for _ in $(seq 100); do
        jack_running && break
        kill -0 "$jackd_pid" 2>/dev/null || break
        sleep 0.1
      done
      if jack_running; then
        passthrough+=(--jack-server "$jack_server")
      else
        echo "bench.sh: jackd did not start; its log:" >&2
        tail -20 "$work/jackd.log" >&2
        stop_jackd
        passthrough+=(--no-jack "jackd -d dummy did not start")
      fi
    fi
    ;;
esac

session=()
command -v dbus-run-session >/dev/null && session=(dbus-run-session --)
export GSK_RENDERER=${GSK_RENDERER:-cairo}
log=$work/bench.log
status=0
# imager-bench's progress lines ("[  12.3 s] ...") are shown and its table printed at the end;
# the session's own chatter (D-Bus activations, portals) goes to the log, shown only if
# something breaks.
xvfb-run -a -s "-screen 0 3840x2160x24" "${session[@]}" \
  "$tools/imager-bench" --floors "$floors" --window "$installed/imager-bench-window" --sizes "$sizes" \
  --work-dir "$work/data" --output "$work/table.md" "${passthrough[@]}" \
  >>"$log" 2> >(tee -a "$log" | grep --line-buffered -E '^(\[ *[0-9.]+ s\]|FAILED: )' >&2) || status=$?
# jackd first: `wait` waits for every child, and jackd runs until stopped.
stop_jackd
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
# the other), its row added to the table. Not with --pictures-only or --perform-only.
case " ${passthrough[*]-} " in
  *" --pictures-only "*|*" --perform-only "*) ;;
  *)
    echo "[ sync ] an edit through Syncthing to the other machine's open window" >&2
    repetitions=5 judge=()
    [ $smoke -eq 1 ] && repetitions=1 judge=(--smoke)
    if ! xvfb-run -a -s "-screen 0 1280x800x24" "${session[@]}" \
         python3 Tools/Scripts/sync_window.py "$installed/imager" "$installed/imager-bench-window" "$repetitions" "${judge[@]}" \
         >"$work/sync-row.md" 2>>"$log"; then
      cat "$work/table.md"
      echo "bench.sh: the Syncthing figure failed; the end of its log:" >&2
      tail -40 "$log" >&2
      exit 1
    fi
    grep '^| ' "$work/sync-row.md" >>"$work/table.md"
    ;;
esac
IFS=$'\t' read -r system gtk adwaita sqlite < <(environment)
cpu=$(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
cat "$work/table.md"
echo
echo "Measured on $system, $(nproc) cores (${cpu:-unknown CPU}), GTK $gtk and libadwaita $adwaita under Xvfb with GSK_RENDERER=$GSK_RENDERER, SQLite $sqlite$([ $smoke -eq 1 ] && echo ", smoke run: one repetition, goals not judged")."
