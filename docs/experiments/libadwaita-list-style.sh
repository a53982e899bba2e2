#!/usr/bin/env bash
# What libadwaita's stylesheet costs Imager's list on GTK 4.8, counted rather than timed.
#
# The window figures of the benchmark are wall-clock times on a shared machine, so a change
# of a millisecond or two between two runs can be the machine. This script counts instead:
# it runs Imager's real window (imager-bench-window, the benchmark's script over a store of
# 100,000 chordsets) twice under perf,
#
#   adw  as users get it: AdwApplication, libadwaita's stylesheet
#   gtk  GTK_THEME=Default: libadwaita 1.2 then loads no stylesheet of its own (its style
#        manager leaves the theme to GTK when GTK_THEME is set), so GTK's built-in theme
#        styles the same widgets; everything else (AdwApplication, the clamp, the toast) stays
#
# and prints, for each of the script's edits (median over its cycles), on the window's main
# thread: new GtkCssStaticStyle and GtkCssAnimatedStyle objects (GTK's style computations:
# a style shared from GTK's cache makes none), calls to gtk_widget_measure,
# gtk_widget_allocate and gtk_widget_snapshot_child, and the CPU time the thread spent (perf's
# cpu-clock, 0.1 ms samples; CPU time, not wall time, but still shared with other work on the
# machine: the two runs are made side by side; trust only differences larger than those
# between two cycles of one run, a millisecond or two in a debug build).
# The edits are timed from the `edit-span` lines imager-bench-window prints.
#
# On Debian 12 (GTK 4.8.3, libadwaita 1.2.2, debug build, 100,000 chordsets, 2 cycles), per
# edit, adw / gtk:
#
#                          static styles  animated styles  measure calls  snapshot_child  CPU ms
#   delete                   16 / 14          0 / 0        1638 / 1636      240 / 240     7.8 / 8.1
#   search                   33 / 24          1 / 2        2762 / 2762      346 / 346    19.1 / 20.5
#   search-narrow             0 / 0           0 / 0        2096 / 2096      320 / 320    12.7 / 12.9
#   delete-selected          12 / 12          0 / 2        2317 / 2379      330 / 338    19.9 / 22.1
#   undo-delete-selected    213 / 222         0 / 409      2698 / 2752      348 / 348    32.0 / 32.4
#
# The style counts are the same from run to run, but for the search's (33 or 42 under
# libadwaita). The list's own style work is the same under both stylesheets: the search's
# extra styles come with the search bar opening (the next keystroke, "search-narrow", rebinds
# every row and makes none); 11 of the search's are the one row GTK makes there, worked out
# by NewRowStyle (perf record --call-graph dwarf on the g_type_create_instance probe
# shows them under NewRowStyle.settle). The undo of the delete of 1,000 makes a new style for
# each of the ~200 rows GTK keeps as they turn selected, under both. GTK's own theme animates
# some 400 styles more there (its labels' outline transitions). The CPU times differ by no more
# than they do between two cycles of one run.
# Without the AdwClampScrollable round the list (a one-line change in ChordsetList.swift:
# give the scrolled window the list view itself) each edit makes about 20 fewer
# gtk_widget_measure calls of 1,000 to 2,800, all answered from GTK's size cache.
#
# Run from the repository (root, for perf's uprobes; xvfb-run, dbus-run-session, perf,
# python3):
#   docs/experiments/libadwaita-list-style.sh [CYCLES]        (default 5; a few minutes)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
cycles=${1:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/adw-list-style.XXXXXX")
trap 'rm -rf "$work"' EXIT

swift build --package-path Tools --scratch-path .build --product imager-bench-window >&2
window=$root/.build/debug/imager-bench-window

# A store of 100,000 chordsets (the schema's first migration; the window migrates the rest).
python3 - "$work/store.sqlite" 100000 <<'PYTHON'
import sqlite3, uuid, random, sys
random.seed(7)
db = sqlite3.connect(sys.argv[1])
db.executescript("""
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
CREATE TABLE chordset (id TEXT PRIMARY KEY NOT NULL, title TEXT NOT NULL, position REAL NOT NULL,
                       created_at REAL NOT NULL, updated_at REAL NOT NULL);
CREATE INDEX chordset_by_position ON chordset(position);
CREATE TABLE chord (id INTEGER PRIMARY KEY, chordset_id TEXT NOT NULL REFERENCES chordset(id) ON DELETE CASCADE,
                    slot INTEGER NOT NULL CHECK (slot BETWEEN 0 AND 7), color INTEGER NOT NULL, UNIQUE (chordset_id, slot));
CREATE TABLE app_state (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
INSERT INTO grdb_migrations VALUES ('v1-chordsets');
INSERT INTO app_state VALUES ('seeded', '1');
""")
words = "Warm Cool Dusk Harbour Forest Ember Slate Moss Coral Night River Sand Amber Frost Plum Sky".split()
for i in range(int(sys.argv[2])):
    cid = str(uuid.UUID(int=random.getrandbits(128))).upper()
    title = " ".join(random.choice(words) for _ in range(random.randint(1, 3))) + f" {i + 1}"
    db.execute("INSERT INTO chordset VALUES (?, ?, ?, 1.7e9, 1.7e9)", (cid, title, float(i + 1)))
    db.executemany("INSERT INTO chord (chordset_id, slot, color) VALUES (?, ?, ?)",
                   [(cid, slot, random.getrandbits(24) << 8 | 0xff) for slot in range(8)])
db.commit()
PYTHON

# Uprobes: every GObject made (with its type, named from the type registrations), and the
# layout and snapshot calls. They stay until `perf probe -d 'probe_lib*'`.
gobject=$(ldconfig -p | awk '/libgobject-2.0.so.0 / && !found {print $NF; found = 1}')
gtk=$(ldconfig -p | awk '/libgtk-4.so.1 / && !found {print $NF; found = 1}')
mountpoint -q /sys/kernel/tracing || mount -t tracefs nodev /sys/kernel/tracing
perf probe -q -d 'probe_lib*' 2>/dev/null || true
perf probe -q -x "$gobject" -a 'gtci=g_type_create_instance type=%di:u64'
perf probe -q -x "$gobject" -a 'reg=g_type_register_static name=+0(%si):string'
perf probe -q -x "$gobject" -a 'reg=g_type_register_static%return ret=$retval:u64'
for call in gtk_widget_measure gtk_widget_allocate gtk_widget_snapshot_child; do perf probe -q -x "$gtk" -a "$call"; done
events=(-e probe_libgobject:gtci -e probe_libgobject:reg -e probe_libgobject:reg__return
        -e probe_libgtk:gtk_widget_measure -e probe_libgtk:gtk_widget_allocate
        -e probe_libgtk:gtk_widget_snapshot_child -e cpu-clock/period=100000/u)

run() {   # NAME [VAR=value...]: one window run under perf, both launched together
  local name=$1; shift
  cp "$work/store.sqlite" "$work/$name.sqlite"
  mkdir -p "$work/$name-home"/{data,config,cache,state}
  xvfb-run -a -s "-screen 0 2560x1440x24" dbus-run-session -- \
    perf record -q -k CLOCK_MONOTONIC -o "$work/$name.data" "${events[@]}" -- \
    env XDG_DATA_HOME="$work/$name-home/data" XDG_CONFIG_HOME="$work/$name-home/config" \
        XDG_CACHE_HOME="$work/$name-home/cache" XDG_STATE_HOME="$work/$name-home/state" \
        GSK_RENDERER=cairo NO_AT_BRIDGE=1 IMAGER_BENCH_EDIT_CYCLES="$cycles" IMAGER_BENCH_SCROLL_FRAMES=1 "$@" \
        "$window" --database "$work/$name.sqlite" --mode script >"$work/$name.out" 2>"$work/$name.err"
}
run adw & sleep 2; run gtk GTK_THEME=Default & wait

python3 - "$work" <<'PYTHON'
import collections, re, statistics, subprocess, sys
work = sys.argv[1]
columns = ["GtkCssStaticStyle", "GtkCssAnimatedStyle", "gtk_widget_measure", "gtk_widget_allocate",
           "gtk_widget_snapshot_child", "cpu ms"]
def tally(name):
    spans = [(f[1], int(f[2]) / 1e6, int(f[3]) / 1e6) for f in (l.split() for l in open(f"{work}/{name}.out"))
             if f and f[0] == "edit-span"]
    counts = [collections.Counter() for _ in spans]
    types, pending = {}, {}
    script = subprocess.Popen(["perf", "script", "-i", f"{work}/{name}.data", "-G", "-F", "pid,tid,time,event,trace"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in script.stdout:
        m = re.match(r"\s*(\d+)/(\d+)\s+([\d.]+):\s+(\S+):\s*(.*)", line)
        if not m: continue
        pid, tid, time, event, rest = m.groups()
        if event.endswith("reg__return"):
            r = re.search(r"ret=(\d+)", rest)
            if tid in pending and r: types[int(r.group(1))] = pending.pop(tid)
            continue
        if event.endswith(":reg"):
            n = re.search(r'name="([^"]*)"', rest); pending[tid] = n.group(1) if n else "?"; continue
        if pid != tid: continue
        t = float(time)
        i = next((i for i, s in enumerate(spans) if s[1] <= t <= s[2]), None)
        if i is None: continue
        if event.endswith("gtci"):
            counts[i][types.get(int(re.search(r"type=(\d+)", rest).group(1)), "?")] += 1
        elif event.startswith("cpu-clock"):
            counts[i]["cpu ms"] += 0.1
        else:
            counts[i][event.split(":")[1]] += 1
    by_edit = collections.defaultdict(list)
    for span, count in zip(spans, counts): by_edit[span[0]].append(count)
    return by_edit
results = {name: tally(name) for name in ("adw", "gtk")}
print("edit (median per cycle: adw / gtk)".ljust(24) + "".join(c.replace("gtk_widget_", "").rjust(20) for c in columns))
for edit in results["adw"]:
    cells = []
    for c in columns:
        a, g = (statistics.median(x[c] for x in results[n][edit]) for n in ("adw", "gtk"))
        cells.append((f"{a:.1f} / {g:.1f}" if c == "cpu ms" else f"{a:.0f} / {g:.0f}").rjust(20))
    print(edit.ljust(24) + "".join(cells))
PYTHON
