"""The real window and what it reads from its environment: a broken window.ini (hardening
item 11) is ignored quietly and rewritten on the next close, and benchmark variables
(item 20) do nothing to the product. Runs imager under Xvfb with its own D-Bus session and
ends it with SIGTERM, which saves and remembers the size as a close does."""

import configparser
import os
import shutil
import subprocess
import unittest

from support import APP_ID, IMAGER, Sandbox, XVFB_RUN

TOOLS = ["xvfb-run", "dbus-run-session"]

# Starts imager, lets it run for a few seconds, then sends SIGTERM; prints "exited-early"
# if imager ended by itself before that.
SCRIPT = ('"$1" & app=$!; for _ in $(seq 40); do sleep 0.1; kill -0 $app 2>/dev/null || break; done; '
          'if kill -0 $app 2>/dev/null; then kill -TERM $app; wait $app; else echo exited-early; fi')


class WindowSettings(unittest.TestCase):
    def setUp(self):
        missing = [tool for tool in TOOLS if not shutil.which(tool)]
        if missing:
            self.skipTest(f"needs {', '.join(missing)} (Tests/install-test-deps.sh installs them)")

    def run_window(self, sandbox, **extra_env):
        env = dict(sandbox.env, GSK_RENDERER="cairo", NO_AT_BRIDGE="1", **extra_env)
        return subprocess.run([*XVFB_RUN, "dbus-run-session", "--",
                               "bash", "-c", SCRIPT, "window", IMAGER],
                              env=env, capture_output=True, text=True, timeout=120)

    def glib_messages(self, stderr):
        # GLib prints its warnings as "(imager:PID): Domain-WARNING **: ..."; the session
        # bus's own lines are not Imager's.
        return [line for line in stderr.splitlines() if "(imager:" in line or "GError" in line]

    def test_a_broken_window_ini_is_ignored_quietly_and_rewritten_on_the_next_close(self):
        for name, content in [("empty", ""), ("no [window] group", "[other]\nwidth=900\n"),
                              ("width=abc", "[window]\nwidth=abc\n")]:
            with self.subTest(name):
                sandbox = Sandbox(self)
                ini = os.path.join(sandbox.env["XDG_CONFIG_HOME"], APP_ID, "window.ini")
                os.makedirs(os.path.dirname(ini))
                with open(ini, "w") as f:
                    f.write(content)

                result = self.run_window(sandbox)

                self.assertNotIn("exited-early", result.stdout, result.stderr[-2000:])
                self.assertEqual(self.glib_messages(result.stderr), [])
                saved = configparser.ConfigParser()
                saved.read(ini)
                self.assertTrue(saved.has_section("window"), f"window.ini not rewritten: {open(ini).read()!r}")
                self.assertGreaterEqual(saved.getint("window", "width"), 360)
                self.assertGreaterEqual(saved.getint("window", "height"), 300)

    def test_benchmark_variables_do_nothing_to_the_product(self):
        sandbox = Sandbox(self)

        result = self.run_window(sandbox, IMAGER_BENCH="script", IMAGER_BENCH_EDIT_CYCLES="1",
                                 IMAGER_BENCH_SCROLL_FRAMES="2")

        # The script once ran inside imager: it printed its figures, edited the user's store
        # and quit by itself.
        self.assertNotIn("exited-early", result.stdout)
        self.assertNotIn("first-frame", result.stdout)
        self.assertNotIn("edit add", result.stdout)


if __name__ == "__main__":
    unittest.main()
