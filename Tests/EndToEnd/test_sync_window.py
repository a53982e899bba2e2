"""Another computer's changes reaching the open window through a shared folder."""
import os
import subprocess
import time

from harness import App
from suite import test


@test
def a_rename_made_on_another_computer_appears_in_the_open_window(first):
    """Two computers are two data homes sharing one folder (as a folder sync keeps it); the
    other one renames with the command line and syncs; the open window shows it, with no
    focus change."""
    first.stop()
    app = App(first.binary)
    other = App(first.binary)
    folder = os.path.join(app.home, "shared")
    os.makedirs(folder)

    def run(who, *args):
        result = subprocess.run([who.binary, *args], env=who.env, capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, f"imager {' '.join(args)}: {result.stderr}"
        return result.stdout

    try:
        for who in (app, other):
            run(who, "--sync-folder", folder)
            run(who, "--sync")
        app.start()
        app.wait_for_control("label", "Warm")
        warm = next(line.split("\t")[0] for line in run(other, "--list", "--ids").splitlines()
                    if line.split("\t")[1] == "Warm")
        run(other, "--rename", warm, "Warm, renamed elsewhere")
        started = time.time()
        run(other, "--sync")
        app.wait_for_control("label", "Warm, renamed elsewhere", seconds=5)
        print(f"  the rename reached the open window {time.time() - started:.1f} s after the other computer synced")
        assert app.find("label", "Warm") is None, "the old title is still shown"
    finally:
        app.cleanup()
        other.cleanup()
