"""What a new user found walking through the window, each proven from the screen (OCR of a
screenshot region) and the store, not only from the accessibility tree.

- Undo brings deleted chordsets back into sight: rows deleted at the top of a list that
  scrolls, then Ctrl+Z or the toast's Undo, show again, selected, inside the list.
- The header bar at 360 pixels: the title and the count under it stay between the buttons
  ("3 of 29 chordsets selected" is shortened, not drawn over Add and Perform).
- The dialogs' buttons are named once for a screen reader ("Cancel", not "Cancel Cancel"):
  the Delete All question and a chord's colour.
- A row dragged within the list shows no file-drop frame while it moves (the frame says a
  file would be imported; a moved row is not).
"""
import subprocess
import time

import pyatspi

from harness import center, click, extents, has_role, screenshot, wait_for, xdotool
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


def boxes_in_one_frame(app, node):
    """The boxes of NODE and of the list, read in one frame.

    They are two reads, and a frame may come between them (a toast timing out gives the
    list its room at the foot back, and the rows move down with it): the list is read again
    after the node, and both again until the list stayed put."""
    for _ in range(10):
        listing = extents(app.wait_for_control("list", "Chordsets"))
        box = extents(node)
        if extents(app.wait_for_control("list", "Chordsets")) == listing:
            break
    return box, listing


def shown_in_the_list(app, title):
    """The row's panel when it lies wholly inside the list's visible part, else None."""
    row = app.find("panel", title)
    if row is None or not row.getState().contains(pyatspi.STATE_VISIBLE):
        return None
    box, listing = boxes_in_one_frame(app, row)
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


def window_width(window):
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], capture_output=True, text=True).stdout
    return int(dict(line.split("=", 1) for line in out.split() if "=" in line)["WIDTH"])


def overlaps(a, b):
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@test
def the_window_title_stays_between_the_header_buttons_at_360_pixels(first):
    app = app_with_imported(first, 20)
    try:
        app.focus()
        xdotool("windowsize", "--sync", app.window_id, 360, 700)
        time.sleep(0.5)
        select_the_first_three(app)
        subtitle = app.wait_for_control("label", "3 of 29 chordsets selected")
        title = app.wait_for_control("label", "Imager")
        buttons = [app.wait_for_control("push button", name) for name in ("Add Chordset", "Perform", "Main Menu")]
        screenshot("title-at-360")
        width = window_width(app.window_id)
        assert width <= 380, f"with three rows selected the window is {width} pixels wide, not 360"
        for label in (title, subtitle):
            for button in buttons:
                assert not overlaps(extents(label), extents(button)), \
                    f"“{label.name}” {extents(label)} is drawn over the {button.name} button {extents(button)}"
    except Exception:
        screenshot("failed-title-at-360")
        raise
    finally:
        app.cleanup()


def buttons_in(node, found=None):
    """The names of every push button under NODE."""
    found = [] if found is None else found
    for child in node:
        if child is None:
            continue
        if has_role(child, "push button"):
            found.append(child.name)
        buttons_in(child, found)
    return found


def dialog_named(app, name):
    """The window or dialog titled NAME: a window of its own, or (a message from libadwaita 1.5
    on) a dialog inside the window, found by its heading."""
    def found():
        window = next((child for child in app.node if child is not None and child.name == name
                       and child.getRoleName() in ("dialog", "frame", "alert")), None)
        if window is not None:
            return window
        heading = app.find("label", name)
        while heading is not None and heading.getRoleName() not in ("dialog", "alert dialog", "alert", "frame"):
            heading = heading.parent
        return heading
    return wait_for(found, 5, f"the window “{name}”")


@test
def the_dialogs_buttons_are_named_once_for_a_screen_reader(first):
    from test_window_details import menu_item
    app = app_with_imported(first, 0)
    try:
        app.focus()
        menu_item(app, "Delete All Chordsets…")
        question = dialog_named(app, "Delete All Chordsets?")
        named = sorted(buttons_in(question))
        xdotool("key", "Escape")
        assert {"Cancel", "Delete All"} <= set(named) and not any(n in ("Cancel Cancel", "Delete All Delete All") for n in named), \
            f"the Delete All question's buttons are named {named}"

        # A chord's background colour, from its editor.
        click(app.wait_for_control("push button", "Chord 1: vivid yellow, #F6D14E"))
        app.wait_for_control("push button", "Background")
        click(app.wait_for_control("push button", "Background"))
        chooser = dialog_named(app, "Background of Chord 1")
        named = sorted(buttons_in(chooser))
        xdotool("key", "Escape")
        assert {"Select", "Cancel"} <= set(named), f"the colour dialog's buttons are named {named}"
        assert not any(len(n.split()) == 2 and n.split()[0].lstrip("_") == n.split()[1] for n in named), \
            f"the colour dialog's buttons are named {named}"
    except Exception:
        screenshot("failed-dialog-buttons")
        raise
    finally:
        app.cleanup()


@test
def a_row_moved_by_drag_shows_no_file_drop_frame_while_it_moves(first):
    from test_window_details import drag, fresh, frame_pixels
    app = fresh(first)
    try:
        x, y, w, h = extents(app.wait_for_control("panel", "Warm"))
        fx, fy, fw, fh = extents(app.wait_for_control("panel", "Forest"))
        seen = []
        drag((x + 5, y + h // 2), (x + 5, fy + fh * 3 // 4),
             before_release=lambda: (seen.append(frame_pixels(app, "row-moving")), screenshot("row-moving")))
        wait_for(lambda: extents(app.wait_for_control("panel", "Warm"))[1] > fy - fh, 5, "Warm dropped below Forest")
        assert seen[0] == 0, f"{seen[0]} green file-drop-frame pixels at the window's edges while a row moves"
    except Exception:
        screenshot("failed-row-moving")
        raise
    finally:
        app.cleanup()
