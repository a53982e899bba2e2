"""What the command-line tests share: a sandboxed HOME per test, running `imager`, reading
the database with Debian's sqlite3, tmpfs mounts, and the `imager-stress` driver.

Run through run.sh, which sets IMAGER_BINARY and IMAGER_STRESS."""

import hashlib
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import threading
import time
import unittest
import uuid

IMAGER = os.environ.get("IMAGER_BINARY", "")
STRESS = os.environ.get("IMAGER_STRESS", "")
REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SEED = os.path.join(REPO, "data", "seed.json")
APP_ID = "io.github.imagerproject.Imager"
DB_NAME = "imager.sqlite"
LIST_LINE = re.compile(r"^([^\t\n]*)\t(#[0-9A-F]{6}(?:[0-9A-F]{2})?)( #[0-9A-F]{6}(?:[0-9A-F]{2})?){7}$")
ASIDE_NAME = re.compile(r"^imager\.sqlite\.unreadable-\d{8}-\d{6}(-\d+)?$")
# A private X server for a window, with display numbers from 200 up: the suite runs these tests
# beside the unit and end-to-end tests, whose servers take the first free number from 99 up,
# and two servers starting at one moment must not pick the same number.
XVFB_RUN = ["xvfb-run", "-a", "-n", "200", "-s", "-screen 0 1280x800x24"]


def seed_chordsets():
    with open(SEED, encoding="utf-8") as f:
        return json.load(f)["chordsets"]


# How many starter chordsets a new database gets (six colour rows, then three with lumis).
SEED_COUNT = len(seed_chordsets())


def sha256(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


class Result:
    """A finished `imager` run: exit status, raw stdout, stderr as text, seconds taken."""

    def __init__(self, returncode, stdout, stderr, seconds, max_rss_kb=None):
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr.decode("utf-8", "replace")
        self.seconds = seconds
        self.max_rss_kb = max_rss_kb

    @property
    def text(self):
        return self.stdout.decode("utf-8")

    def __repr__(self):
        return f"<exit {self.returncode}, stderr {self.stderr[:400]!r}>"


class Sandbox:
    """A HOME and XDG_DATA_HOME of its own, so a test never sees the user's data or another
    test's. `data_home` may point into a tmpfs mount instead."""

    def __init__(self, test=None, data_home=None, data_dir=None):
        self.root = tempfile.mkdtemp(prefix="imager-cli-")
        self.data_home = data_home or os.path.join(self.root, "data")
        self.env = {k: v for k, v in os.environ.items()
                    if k not in ("DISPLAY", "WAYLAND_DISPLAY", "IMAGER_DATA_DIR", "XDG_DATA_HOME")}
        self.env.update(HOME=os.path.join(self.root, "home"), XDG_DATA_HOME=self.data_home,
                        XDG_CONFIG_HOME=os.path.join(self.root, "config"),
                        XDG_CACHE_HOME=os.path.join(self.root, "cache"),
                        IMAGER_DATA_DIR=data_dir or os.path.join(REPO, "data"),
                        LC_ALL="C.UTF-8")
        os.makedirs(self.env["HOME"], exist_ok=True)
        if isinstance(test, type):  # a TestCase class, from setUpClass
            test.addClassCleanup(shutil.rmtree, self.root, True)
        elif test is not None:
            test.addCleanup(shutil.rmtree, self.root, True)

    @property
    def data_dir(self):
        return os.path.join(self.data_home, APP_ID)

    @property
    def db(self):
        return os.path.join(self.data_dir, DB_NAME)

    def path(self, name):
        return os.path.join(self.root, name)

    def run(self, *args, timeout=120, stdin=None):
        """Runs imager; also measures its peak memory (wait4's rusage)."""
        started = time.monotonic()
        process = subprocess.Popen([IMAGER, *args], env=self.env, stdin=stdin or subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        output = {}

        def read(name, stream):
            output[name] = stream.read()
        readers = [threading.Thread(target=read, args=(n, s)) for n, s in
                   (("out", process.stdout), ("err", process.stderr))]
        for reader in readers:
            reader.start()
        deadline = time.monotonic() + timeout
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                process.kill()
                pid, status, usage = os.wait4(process.pid, 0)
                for reader in readers:
                    reader.join()
                raise AssertionError(f"imager {' '.join(args)} did not finish in {timeout} s")
            time.sleep(0.005)
        process.returncode = os.waitstatus_to_exitcode(status)
        for reader in readers:
            reader.join()
        return Result(process.returncode, output["out"], output["err"], time.monotonic() - started,
                      usage.ru_maxrss)

    def ok(self, *args, **kwargs):
        result = self.run(*args, **kwargs)
        if result.returncode != 0:
            raise AssertionError(f"imager {' '.join(args)} failed: {result!r}")
        return result

    def list(self):
        """--list as (title, [colours]) pairs, checking the line format on the way."""
        lines = self.ok("--list").text.split("\n")
        assert lines[-1] == "", "--list output does not end with a newline"
        rows = []
        for line in lines[:-1]:
            assert LIST_LINE.match(line), f"--list line has the wrong format: {line[:200]!r}"
            title, colours = line.split("\t")
            rows.append((title, colours.split(" ")))
        return rows

    def export(self):
        """--export - as parsed JSON."""
        return json.loads(self.ok("--export", "-").stdout)

    def write_json(self, name, document):
        path = self.path(name)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(document, f, ensure_ascii=False)
        return path

    def write_bytes(self, name, data):
        path = self.path(name)
        with open(path, "wb") as f:
            f.write(data)
        return path


def chordset(title, index=0, colours=None, with_id=True):
    entry = {"title": title, "createdAt": 1517011139 + index,
             "chords": [{"color": c} for c in (colours or [f"#{(index * 97 + j * 13) % 0xFFFFFF:06X}" for j in range(8)])]}
    if with_id:
        entry["id"] = str(uuid.UUID(int=random.Random(index * 7919 + 17).getrandbits(128))).upper()
    return entry


def document(count, prefix="chordset", start=0):
    return {"version": 1, "chordsets": [chordset(f"{prefix} {i}", start + i) for i in range(count)]}


# MARK: the database, read with Debian's sqlite3

class DatabaseState:
    def __init__(self, integrity, foreign_key_problems, chordsets, chords, wrong_chord_counts, titles):
        self.integrity = integrity
        self.foreign_key_problems = foreign_key_problems
        self.chordsets = chordsets
        self.chords = chords
        self.wrong_chord_counts = wrong_chord_counts
        self.titles = titles

    def assert_whole(self, test):
        """integrity_check ok, foreign_key_check empty, every chordset with exactly eight chords."""
        test.assertEqual(self.integrity, ["ok"], "PRAGMA integrity_check")
        test.assertEqual(self.foreign_key_problems, [], "PRAGMA foreign_key_check")
        test.assertEqual(self.wrong_chord_counts, [], "chordsets without exactly eight chords")
        test.assertEqual(self.chords, 8 * self.chordsets, "chords == 8 x chordsets")


def inspect_database(path, titles=False):
    """Opens the file as the next launch would (replaying a committed WAL), then checks it."""
    connection = sqlite3.connect(path, timeout=10)
    try:
        integrity = [row[0] for row in connection.execute("PRAGMA integrity_check")]
        foreign = connection.execute("PRAGMA foreign_key_check").fetchall()
        chordsets = connection.execute("SELECT count(*) FROM chordset").fetchone()[0]
        chords = connection.execute("SELECT count(*) FROM chord").fetchone()[0]
        wrong = connection.execute("""SELECT c.id, count(ch.id) FROM chordset c LEFT JOIN chord ch
                                      ON ch.chordset_id = c.id GROUP BY c.id HAVING count(ch.id) != 8""").fetchall()
        names = [r[0] for r in connection.execute("SELECT title FROM chordset ORDER BY position, rowid")] if titles else None
        return DatabaseState(integrity, foreign, chordsets, chords, wrong, names)
    finally:
        connection.close()


# MARK: tmpfs mounts (root only; run.sh puts the tests in a private mount namespace)

class Tmpfs:
    """A tiny tmpfs for full-disk and read-only tests. Skips the test when mounting is not allowed."""

    def __init__(self, test, size):
        self.test = test
        self.path = tempfile.mkdtemp(prefix="imager-tmpfs-")
        result = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", self.path],
                                capture_output=True, text=True)
        if result.returncode != 0:
            os.rmdir(self.path)
            raise unittest.SkipTest(f"cannot mount a tmpfs here ({result.stderr.strip() or 'mount failed'}); "
                                    "run as root, or in a container with CAP_SYS_ADMIN")
        test.addCleanup(self.unmount)

    def remount(self, options):
        result = subprocess.run(["mount", "-o", f"remount,{options}", self.path], capture_output=True, text=True)
        self.test.assertEqual(result.returncode, 0, f"mount -o remount,{options}: {result.stderr}")

    def fill(self):
        """Writes a filler file until the disk is full; returns its path."""
        filler = os.path.join(self.path, "filler")
        # Unbuffered: a buffered file would try again to write its last piece on closing,
        # and fail there with the same "No space left on device" the loop stops on.
        with open(filler, "wb", buffering=0) as f:
            try:
                while True:
                    f.write(b"\0" * 16384)
            except OSError as error:
                self.test.assertEqual(error.errno, 28, f"filling the disk ended with {error}")
        return filler

    def unmount(self):
        subprocess.run(["umount", "-l", self.path], capture_output=True)
        shutil.rmtree(self.path, ignore_errors=True)


# MARK: imager-stress

class StressShell:
    """`imager-stress shell`: one ChordsetController, driven one command at a time."""

    def __init__(self, test, env=None):
        self.process = subprocess.Popen([STRESS, "shell"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=env, text=True, encoding="utf-8")
        self.notices = []
        test.addCleanup(self.close)

    def send(self, command, expect="ok"):
        """Sends a command; returns its reply line (notices before it are kept in .notices)."""
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.read(command, expect)

    def read(self, command="", expect="ok"):
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise AssertionError(f"imager-stress shell ended during {command!r}: {self.process.stderr.read()[-2000:]}")
            line = line.rstrip("\n")
            if line.startswith("notice "):
                self.notices.append(line[len("notice "):])
                continue
            if expect is not None and not line.startswith(expect):
                raise AssertionError(f"{command!r} answered {line!r}, expected {expect!r}...")
            return line

    def state(self):
        fields = dict(word.split("=", 1) for word in self.send("state").split()[1:])
        return {"count": int(fields["count"]), "unsaved": int(fields["unsaved"]), "saveError": fields["saveError"]}

    def titles(self):
        return json.loads(self.send("titles")[len("ok "):])

    def close(self):
        if self.process.poll() is None:
            try:
                self.process.stdin.write("quit\n")
                self.process.stdin.close()
                self.process.wait(timeout=10)
            except (BrokenPipeError, subprocess.TimeoutExpired):
                self.process.kill()
                self.process.wait()
        for stream in (self.process.stdout, self.process.stderr):
            stream.close()


def kill_hard(process):
    """SIGKILL, as a power cut or `kill -9` would end it; returns its exit status."""
    try:
        process.send_signal(signal.SIGKILL)
    except ProcessLookupError:
        pass
    return process.wait()
