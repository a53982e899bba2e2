"""The real window, started on a database that cannot be read: imager still
opens its window, says in a dialog what happened and where the old file went, and the file is
moved aside byte for byte. Runs imager under Xvfb with its own D-Bus session."""

import json
import os
import shutil
import subprocess
import unittest

from support import ASIDE_NAME, IMAGER, Sandbox, XVFB_RUN

TOOLS = ["xvfb-run", "dbus-run-session", "xdotool"]


class WindowStart(unittest.TestCase):
    def test_window_opens_on_an_unreadable_database_and_the_dialog_says_where_it_went(self):
        missing = [tool for tool in TOOLS if not shutil.which(tool)]
        if missing:
            self.skipTest(f"needs {', '.join(missing)} (Tests/install-test-deps.sh installs them)")
        sandbox = Sandbox(self)
        os.makedirs(sandbox.data_dir)
        content = b"Not a database at all.\n" * 50
        with open(sandbox.db, "wb") as f:
            f.write(content)
        env = dict(sandbox.env, GSK_RENDERER="cairo", GTK_A11Y="atspi")
        env.pop("NO_AT_BRIDGE", None)
        probe = os.path.join(os.path.dirname(os.path.abspath(__file__)), "window_probe.py")
        script = ('/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 & bus=$!; sleep 0.5; '
                  '/usr/bin/python3 "$1" "$2"; status=$?; kill $bus 2>/dev/null; exit $status')
        result = subprocess.run([*XVFB_RUN, "dbus-run-session", "--",
                                 "bash", "-c", script, "probe", probe, IMAGER],
                                env=env, capture_output=True, text=True, timeout=120)
        self.assertEqual(result.returncode, 0, result.stderr[-2000:])
        seen = json.loads(result.stdout.strip().splitlines()[-1])
        self.assertTrue(seen["window"], f"no visible window named Imager: {seen}")
        self.assertIsNone(seen["exited"], f"imager exited by itself: {seen}")

        aside = [name for name in os.listdir(sandbox.data_dir) if ASIDE_NAME.match(name)]
        self.assertEqual(len(aside), 1, os.listdir(sandbox.data_dir))
        with open(os.path.join(sandbox.data_dir, aside[0]), "rb") as f:
            self.assertEqual(f.read(), content)
        if seen["texts"] is None:
            self.skipTest("window and move checked; the dialog's text needs python3-pyatspi to read")
        said = [t for t in seen["texts"] if "moved to" in t]
        self.assertTrue(said, f"no dialog text says where the file went; texts seen: {seen['texts'][:40]}")
        self.assertIn(os.path.join(sandbox.data_dir, aside[0]), said[0])
        self.assertIn("not an SQLite database", said[0])


if __name__ == "__main__":
    unittest.main()
