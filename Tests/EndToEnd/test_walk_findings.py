"""What a new user found walking through the window, each proven from the screen (OCR of a
screenshot region) and the store, not only from the accessibility tree.

- Undo brings deleted chordsets back into sight: rows deleted at the top of a list that
  scrolls, then Ctrl+Z or the toast's Undo, show again, selected, inside the list.
"""
import time

import pyatspi

from harness import center, click, extents, screenshot, wait_for, xdotool
from keyboard import selected_rows
from suite import test
from test_basics_seen import app_with_imported, inside, ocr, on_screen, reads, save_now, shot_region, stored_titles

RESTORED = ["Warm", "Ocean", "Forest"]


def select_the_first_three(app):
    click(app.wait_for_control("label", "Warm"))
    wait_for(lambda: selected_rows(app) == ["Warm"], 5, "the click to select Warm")
    for title in RESTORED[1:]:
        x, y = center(app.wait_for_control("label", title))
        xdotool("keydown", "ctrl", "mousemove", x, y, "click", 1, "keyup", "ctrl")
        time.sleep(0.3)
    wait_for(lambda: selected_rows(app) == RESTORED, 5, f"the clicks to select {RESTORED} (selected: {selected_rows(app)})")


def shown_in_the_list(app, title):
    """The row's panel when it lies wholly inside the list's visible part, else None."""
    listing = extents(app.wait_for_control("list", "Chordsets"))
    row = app.find("panel", title)
    if row is None or not row.getState().contains(pyatspi.STATE_VISIBLE):
        return None
    box = extents(row)
    return row if box[2] > 0 and box[3] > 0 and inside(box, listing) else None


def restored_rows_are_in_sight(app, how):
    for title in RESTORED:
        wait_for(lambda: shown_in_the_list(app, title), 5, f"{how}: “{title}” shown wholly inside the list")
    assert selected_rows(app) == RESTORED, f"{how}: selected after the undo: {selected_rows(app)}"
    listing = extents(app.wait_for_control("list", "Chordsets"))
    label = app.wait_for_control("label", "Warm")
    seen = ocr(shot_region(app, f"restored-{how.replace(' ', '-')}", *on_screen(extents(label), listing)))
    assert reads(seen, "Warm"), f"{how}: the restored row on screen does not show “Warm”; it reads {seen!r}"


@test
def undo_brings_deleted_chordsets_back_into_sight_and_selects_them(first):
    app = app_with_imported(first, 20)
    try:
        app.focus()
        select_the_first_three(app)
        xdotool("key", "Delete")
        app.wait_for_control("label", "3 chordsets deleted")
        wait_for(lambda: app.find("label", "Warm") is None, 5, "the deleted rows to go")
        time.sleep(0.5)
        xdotool("key", "ctrl+z")
        restored_rows_are_in_sight(app, "ctrl z")

        # The same with the toast's Undo button.
        xdotool("key", "Delete")
        wait_for(lambda: app.find("label", "Warm") is None, 5, "the deleted rows to go again")
        time.sleep(0.5)
        click(app.wait_for_control("push button", "Undo"))
        restored_rows_are_in_sight(app, "toast undo")

        save_now(app)
        assert stored_titles(app.database)[:4] == RESTORED + ["Sunset"], stored_titles(app.database)[:4]
    except Exception:
        screenshot("failed-undo-in-sight")
        raise
    finally:
        app.cleanup()
