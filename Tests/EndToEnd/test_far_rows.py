"""Rows GTK binds below the window are named for a screen reader too."""
import json
import os
import subprocess

from harness import App, extents, gtk_version, wait_for
from suite import test


@test
def the_chords_of_rows_bound_below_the_window_are_named_too(first):
    """GTK binds rows it does not draw (up to 200, below the window here); their cells are
    named once the window is idle, not in the frame that binds them (CellNaming).
    GTK 4.18 binds only the rows it shows: there are no such rows to check, and the test
    says so and stops."""
    if gtk_version() >= (4, 18):
        print(f"    (GTK {'.'.join(map(str, gtk_version()))} binds no row below the window: nothing to check)")
        return
    first.stop()
    app = App(first.binary)
    listing = os.path.join(app.home, "many.json")
    os.makedirs(app.home, exist_ok=True)
    yellow, red = {"color": "#F6D14E"}, {"color": "#FF6347"}
    chordsets = [{"title": f"Filler {n}", "chords": [yellow] * 8} for n in range(60)]
    chordsets.append({"title": "Far Below", "chords": [yellow] * 7 + [red]})
    with open(listing, "w") as file:
        json.dump({"version": 1, "chordsets": chordsets}, file)
    result = subprocess.run([app.binary, "--import", listing], env=app.env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    app.start()
    try:
        row = wait_for(lambda: app.find("panel", "Far Below", showing=False), 10, "the row of the last chordset")
        far_cell = wait_for(lambda: next((row.getChildAtIndex(index) for index in range(row.childCount)
                                          if row.getChildAtIndex(index).name == "Chord 8: vivid red, #FF6347"), None),
                            10, "the last chord of a row below the window to be named")
        # Not on screen: GTK 4.8 gives a row it has not placed no size, and one below the window
        # a place under it. A row on screen has both, so the check can tell them apart.
        _, window_top, _, window_height = extents(app.node.getChildAtIndex(0))
        def on_screen(node):
            _, y, width, _ = extents(node)
            return width > 0 and y < window_top + window_height
        assert on_screen(app.wait_for_control("push button", "Chord 1: vivid yellow, #F6D14E"))
        assert not on_screen(far_cell), f"the row is on screen, at {extents(far_cell)}; the test proves nothing"
    finally:
        app.cleanup()
