#!/usr/bin/env python3
"""The Syncthing figure of docs/benchmark.md: the time for one edit to reach the other
machine's open window through Syncthing. Two Syncthing daemons on 127.0.0.1 (in a private network namespace where the
machine allows it; Tests/CommandLine/syncthing_pair.py, folder watcher delay 1 s) keep one
folder in step; machine A is Imager's command line, machine B is Imager's real window
(imager-bench-window --mode watch) over its own database. Each repetition renames a chordset
on A and syncs it (`imager --rename`, `imager --sync`), and is timed from the rename to the
first frame B paints with the new title.

usage: sync_window.py IMAGER IMAGER_BENCH_WINDOW REPETITIONS [--smoke]   (--smoke: goal not judged)
Prints one markdown table row (figure | N | Imager | floor | ratio | goal | met?) on standard
output; progress on standard error. Needs a display (bench.sh runs it under Xvfb)."""

import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import shutil

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "Tests", "CommandLine"))
from syncthing_pair import SyncthingPair, syncthing_binary, tree_of  # noqa: E402

FIGURE = "sync: an edit reaching the other machine's open window through Syncthing"
GOAL_SECONDS = 2.0


def row(count, imager, goal, met):
    return f"| {FIGURE} | {count} | {imager} | – | – | {goal} | {met} |"


def machine(root, name):
    home = os.path.join(root, f"imager-{name}")
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, "data"),
               XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_CACHE_HOME=os.path.join(home, "cache"))
    os.makedirs(env["XDG_DATA_HOME"])
    return env


def run(imager, env, *args):
    result = subprocess.run([imager, *args], env=env, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"imager {' '.join(args)} failed: {result.stderr.strip()}")
    return result.stdout


def lines_of(process):
    """The window's standard output, line by line, through a queue (so reads can time out)."""
    lines = queue.Queue()

    def pump():
        for line in process.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)
    threading.Thread(target=pump, daemon=True).start()
    return lines


def next_line(lines, starting, seconds):
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise RuntimeError(f"the window printed no “{starting}” line within {seconds} s")
        try:
            line = lines.get(timeout=left)
        except queue.Empty:
            continue
        if line is None:
            raise RuntimeError("the window exited early")
        if line.startswith(starting):
            return line


def main():
    imager, window, repetitions = sys.argv[1], sys.argv[2], int(sys.argv[3])
    judged = "--smoke" not in sys.argv[4:]
    if not syncthing_binary():
        print(row("9", "not measured", "Syncthing is not installed (Tests/install-test-deps.sh)", ""))
        return 0
    root = tempfile.mkdtemp(prefix="imager-bench-sync-")
    pair = None
    process = None
    try:
        pair = SyncthingPair(root)
        a, b = machine(root, "a"), machine(root, "b")
        run(imager, a, "--sync-folder", pair.a.folder)
        run(imager, b, "--sync-folder", pair.b.folder)
        for env in (a, b):
            run(imager, env, "--sync")
        pair.wait_until(lambda: tree_of(pair.a.folder) and tree_of(pair.a.folder) == tree_of(pair.b.folder),
                        90, "the first snapshots reaching the other machine")
        for env in (a, b):
            run(imager, env, "--sync")
        listing = [line.split("\t") for line in run(imager, a, "--list", "--ids").splitlines()]
        chordset = listing[0][0]
        database = os.path.join(b["XDG_DATA_HOME"], "io.github.imagerproject.Imager", "imager.sqlite")
        watch_env = dict(b, IMAGER_BENCH_WATCH_PREFIX="Synced ", IMAGER_BENCH_WATCH_COUNT=str(repetitions),
                         GSK_RENDERER=os.environ.get("GSK_RENDERER", "cairo"))
        process = subprocess.Popen([window, "--database", database, "--mode", "watch"], env=watch_env,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        lines = lines_of(process)
        next_line(lines, "ready", 60)
        times = []
        for repetition in range(1, repetitions + 1):
            time.sleep(1.5)  # both folders quiet, the window between rounds
            title = f"Synced {repetition}"
            started = time.monotonic()
            run(imager, a, "--rename", chordset, title)
            run(imager, a, "--sync")
            line = next_line(lines, "title-shown", 60)
            shown = int(line.split(" ")[1]) / 1_000_000
            if not line.endswith(" " + title):
                raise RuntimeError(f"the window showed “{line}”, not “{title}”")
            times.append(shown - started)
            print(f"  {title}: {shown - started:.2f} s", file=sys.stderr)
        middle = statistics.median(times)
        print(row(len(listing), f"{middle * 1000:.0f} ms (median of {len(times)}, longest {max(times) * 1000:.0f} ms)",
                  f"< {GOAL_SECONDS:.0f} s (watcher delay 1 s)", ("yes" if middle < GOAL_SECONDS else "**no**") if judged else ""))
        return 0
    finally:
        if process and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        if pair:
            pair.close()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
