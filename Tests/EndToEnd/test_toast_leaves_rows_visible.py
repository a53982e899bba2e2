"""The Undo toast never hides the row it talks about: after a paste or a duplicate at the end of
a list that scrolls, the new last row's title shows wholly above the toast's top edge, proven
from the accessibility extents and from the screen (OCR of the title where it is drawn)."""
import time

from harness import click, extents, screenshot, wait_for, xdotool
from keyboard import selected_rows
from suite import test
from test_basics_seen import app_with_imported, ocr, reads, shot_region

LAST = "Imported 20"


def toast_top(app, message):
    """The top edge of the toast showing MESSAGE, once it has slid all the way up."""
    toast = app.wait_for_control("alert", message)
    previous = None
    deadline = time.time() + 3
    while time.time() < deadline:
        top = extents(toast)[1]
        if top == previous:
            return top
        previous = top
        time.sleep(0.3)
    return previous


def last_row_title(app):
    """The label of the list's last row, and its title."""
    listing = app.wait_for_control("list", "Chordsets")
    last = listing[listing.childCount - 1]
    return wait_for(lambda: app.find("label", last.name), 5, f"the last row's title “{last.name}”"), last.name


def assert_last_row_above_toast(app, message, name):
    top = toast_top(app, message)
    time.sleep(0.5)  # any scroll that follows the toast
    label, title = last_row_title(app)
    x, y, w, h = extents(label)
    listing = extents(app.wait_for_control("list", "Chordsets"))
    assert y >= listing[1], f"{name}: “{title}” starts at {y}, above the list's top {listing[1]}"
    assert y + h <= top, f"{name}: “{title}” reaches {y + h}, under the toast's top edge {top}"
    # A few pixels round the label: its extents are tight to the line, tesseract wants a margin.
    seen = ocr(shot_region(app, name, x - 4, y - 6, max(w, 40) + 8, min(h + 12, top - y + 6), scale=3))
    assert reads(seen, title), f"{name}: the last row's title is not on screen; it reads {seen!r}"


@test
def the_undo_toast_leaves_the_last_row_visible_after_a_paste_or_a_duplicate(first):
    app = app_with_imported(first, 20)
    try:
        app.focus()
        click(app.wait_for_control("label", "Warm"))
        wait_for(lambda: selected_rows(app) == ["Warm"], 5, "the click to select Warm")
        xdotool("key", "End")
        wait_for(lambda: selected_rows(app) == [LAST], 5, f"End to select {LAST} (selected: {selected_rows(app)})")
        time.sleep(0.5)

        xdotool("key", "ctrl+c")
        time.sleep(0.5)
        xdotool("key", "ctrl+v")
        message = f"Pasted “{LAST} (Copy)”"
        assert_last_row_above_toast(app, message, "toast-after-paste")
        screenshot("toast-after-paste")

        # The last two rows duplicated (one copy of each after its original): the toast shows
        # over the list's foot again and the new last row stays above it.
        xdotool("key", "Escape")
        wait_for(lambda: app.find("alert", message) is None, 9, "the paste's toast to go")
        xdotool("key", "End")
        time.sleep(0.3)
        xdotool("key", "shift+Up")
        wait_for(lambda: len(selected_rows(app)) == 2, 5, f"Shift+Up to select two rows ({selected_rows(app)})")
        xdotool("key", "ctrl+d")
        assert_last_row_above_toast(app, "2 chordsets duplicated", "toast-after-duplicate")
        screenshot("toast-after-duplicate")
    except Exception:
        screenshot("failed-toast-leaves-rows-visible")
        raise
    finally:
        app.cleanup()
