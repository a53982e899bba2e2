"""Writing to standard output never crashes. `--list` and `--export -`
into a full device or a closed pipe report the error and exit non-zero; a window whose
standard output is a closed pipe logs it and carries on (its saves still happen)."""

import os
import shutil
import signal
import sqlite3
import subprocess
import unittest

from support import IMAGER, SEED_COUNT, Sandbox, XVFB_RUN


class CommandLineOutput(unittest.TestCase):
    def test_a_full_device_is_an_error_not_a_crash(self):
        sandbox = Sandbox(self)
        sandbox.list()  # creates and seeds the store
        for args in (["--list"], ["--export", "-"]):
            with self.subTest(args=args), open("/dev/full", "wb") as full:
                result = subprocess.run([IMAGER, *args], env=sandbox.env, stdout=full,
                                        stderr=subprocess.PIPE, text=True, timeout=60)
                self.assertEqual(result.returncode, 1, result.stderr)
                self.assertIn("cannot write to standard output: No space left on device", result.stderr)

    def test_a_closed_pipe_is_an_error_not_a_crash(self):
        sandbox = Sandbox(self)
        sandbox.ok("--import", sandbox.write_json("many.json", {"version": 1, "chordsets": [
            {"title": f"Row {n}", "chords": [{"color": "#112233"}] * 8} for n in range(3000)]}))
        read_end, write_end = os.pipe()
        os.close(read_end)
        try:
            result = subprocess.run([IMAGER, "--list"], env=sandbox.env, stdout=write_end,
                                    stderr=subprocess.PIPE, text=True, timeout=60)
        finally:
            os.close(write_end)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("cannot write to standard output: Broken pipe", result.stderr)


class WindowOutput(unittest.TestCase):
    def test_a_window_whose_standard_output_is_closed_still_saves_and_exits_cleanly(self):
        if not shutil.which("xvfb-run"):
            self.skipTest("needs xvfb-run (Tests/install-test-deps.sh installs it)")
        sandbox = Sandbox(self)
        env = dict(sandbox.env, GSK_RENDERER="cairo", NO_AT_BRIDGE="1")
        # Standard output is a pipe nobody reads any more; SIGTERM makes the window save
        # (printing its "Saved" line) and quit.
        script = ('exec 3>&1; "$1" | true & sleep 4; pid=$(pgrep -n -f "^$1$"); '
                  'kill -TERM $pid; for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done; '
                  'wait; echo done')
        result = subprocess.run([*XVFB_RUN, "dbus-run-session", "--",
                                 "bash", "-c", script, "window", IMAGER],
                                env=env, capture_output=True, text=True, timeout=120)
        self.assertIn("done", result.stdout, result.stderr[-2000:])
        self.assertNotIn("Illegal instruction", result.stderr)
        self.assertNotIn("Fatal error", result.stderr)
        self.assertIn("cannot write to standard output", result.stderr)
        connection = sqlite3.connect(sandbox.db)
        try:
            self.assertEqual(connection.execute("SELECT count(*) FROM chordset").fetchone()[0], SEED_COUNT)
        finally:
            connection.close()


if __name__ == "__main__":
    unittest.main()
