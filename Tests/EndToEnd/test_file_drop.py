"""A file dragged from another program onto the window."""
import json
import os
import shutil
import subprocess
import tempfile
import time

from harness import App, extents, move_pointer, wait_for, xdotool
from window_steps import rows
from suite import test


@test
def a_json_file_dropped_from_another_program_is_imported_and_saved(first):
    """A file dragged from another program (a stand-in for Files) onto the window."""
    first.stop()
    app = App(first.binary).start()
    folder = tempfile.mkdtemp(prefix="imager-e2e-drop-")
    path = os.path.join(folder, "Dropped.json")
    colours = [{"color": f"#{0x102030 + 0x111111 * i:06X}"} for i in range(8)]
    with open(path, "w") as f:
        json.dump({"version": 1, "chordsets": [{"title": "Dropped In", "chords": colours},
                                               {"title": "Dropped Too", "chords": colours}]}, f)
    source = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                "file_drag_source.py"), path],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        window = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(source.pid)],
                                                 capture_output=True, text=True).stdout.split()[0],
                          15, "the file source's window")
        xdotool("windowmove", "--sync", window, 900, 100)
        time.sleep(0.3)
        geometry = dict(line.split("=") for line in subprocess.run(
            ["xdotool", "getwindowgeometry", "--shell", window], capture_output=True, text=True).stdout.split())
        start_x, start_y = int(geometry["X"]) + 100, int(geometry["Y"]) + 60
        x, y, w, h = extents(app.wait_for_control("panel", "Ocean"))
        end_x, end_y = x + w // 2, y + h // 2
        move_pointer(start_x, start_y)
        xdotool("mousedown", 1)
        try:
            steps = 25
            for step in range(1, steps + 1):
                xdotool("mousemove", start_x + (end_x - start_x) * step // steps, start_y + (end_y - start_y) * step // steps)
                time.sleep(0.04)
            xdotool("mousemove", end_x + 1, end_y)
            time.sleep(0.2)
        finally:
            xdotool("mouseup", 1)
        app.wait_for_control("label", "Dropped In", seconds=10)
        app.wait_for_control("label", "Dropped Too")
        # An import is stored as it is read (on a connection of its own), not at the next save.
        wait_for(lambda: rows(app.database)[2][-2:] == ["Dropped In", "Dropped Too"], 5, "the dropped chordsets stored")
    finally:
        source.terminate()
        source.wait()
        app.cleanup()
        shutil.rmtree(folder, ignore_errors=True)
