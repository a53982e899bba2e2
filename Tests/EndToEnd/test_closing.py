"""Closing the window, quitting and being killed: what was typed is saved, or Imager asks first."""
import os
import signal
import subprocess
import time

from harness import App, click, wait_for, xdotool
from window_steps import rows
from suite import test


@test
def control_w_closes_the_window_after_saving(first):
    app = App(first.binary).start()
    try:
        app.focus()
        click(app.wait_for_control("push button", "Add Chordset"))
        app.wait_for_control("text", "Chordset title")
        xdotool("type", "--delay", 30, "Closing Time")
        xdotool("key", "Return")
        app.wait_for_control("label", "Closing Time")
        xdotool("key", "ctrl+w")
        assert app.process.wait(10) == 0, "closing the only window should end imager cleanly"
        time.sleep(0.2)
        assert app.saved_lines(), "closing should save"
        chordsets, chords, titles = rows(app.database)
        assert "Closing Time" in titles and chords == 8 * chordsets, (chordsets, chords, titles)
    finally:
        app.cleanup()


@test
def an_edit_is_saved_after_two_quiet_seconds_and_survives_kill_9(first):
    app = App(first.binary).start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        xdotool("key", "ctrl+n")
        app.wait_for_control("text", "Chordset title")
        xdotool("type", "--delay", 30, "Kept By The Timer")
        xdotool("key", "Return")
        app.wait_for_control("label", "Kept By The Timer")
        # The window keeps the focus the whole time: only the timer can save.
        time.sleep(4)
        app.process.send_signal(signal.SIGKILL)
        app.process.wait(10)
        _, _, titles = rows(app.database)
        assert "Kept By The Timer" in titles, titles
    finally:
        app.cleanup()


@test
def closing_over_a_read_only_data_folder_asks_before_losing_edits(first):
    # Mounting needs root: a user with sudo (the README's other reader) mounts through it.
    as_root = [] if os.geteuid() == 0 else ["sudo", "-n"]
    if as_root and subprocess.run(as_root + ["true"], capture_output=True).returncode != 0:
        raise RuntimeError("needs root or passwordless sudo, to mount the data folder read-only (CI runs as root)")
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app = App(first.binary)
    data = app.env["XDG_DATA_HOME"]
    os.makedirs(data)
    subprocess.run(as_root + ["mount", "--bind", data, data], check=True)
    try:
        subprocess.run(as_root + ["mount", "-o", "remount,bind,ro", data], check=True)
        app.start()
        # The start-up notice says the folder cannot be written; dismiss it.
        app.wait_for_control("label", "There was a problem opening your chordsets", seconds=10)
        xdotool("key", "Escape")
        wait_for(lambda: app.find("label", "There was a problem opening your chordsets") is None, 5, "the notice to close")
        app.focus()
        xdotool("key", "ctrl+n")
        app.wait_for_control("text", "Chordset title")
        xdotool("type", "--delay", 30, "Only In Memory")
        xdotool("key", "Return")
        app.wait_for_control("label", "Only In Memory")

        xdotool("key", "ctrl+q")
        app.wait_for_control("label", "Close Without Saving?", seconds=10)
        xdotool("key", "Escape")  # Cancel is the default: nothing is lost
        wait_for(lambda: app.find("label", "Close Without Saving?") is None, 5, "the question to close")
        time.sleep(0.5)
        assert app.process.poll() is None, "Cancel must keep Imager open"
        app.wait_for_control("label", "Only In Memory")

        app.focus()
        xdotool("key", "ctrl+q")
        app.wait_for_control("label", "Close Without Saving?", seconds=10)
        # Pressed as a screen reader presses it: from libadwaita 1.5 the question is a dialog
        # inside the window, whose place GTK 4.18 reports some pixels off.
        app.wait_for_control("push button", "Close Without Saving").queryAction().doAction(0)
        assert app.process.wait(10) == 0, "Close Without Saving should end imager cleanly"
        assert not os.path.exists(app.database)
    finally:
        subprocess.run(as_root + ["umount", data])
        app.cleanup()
