"""A double click anywhere on a row's title area renames the chordset, as a double click on a
file's name does in GNOME Files: on the title itself, and on the row's padding around it. The
field opens and stays open, with the keyboard focus, for the keys that follow."""
import time

from harness import App, extents, move_pointer, screenshot, wait_for, xdotool
from suite import test


def double_click_at(x, y):
    """A double click as a hand makes it: the second press held a moment, long enough for
    a field opened at the press to take the focus before the release."""
    move_pointer(x, y)
    xdotool("click", 1)
    time.sleep(0.08)
    xdotool("mousedown", 1)
    time.sleep(0.15)
    xdotool("mouseup", 1)


def renames_after_a_double_click(app, title, new_title, where):
    """Double-clicks the row of TITLE at WHERE(row's x, y, w, h, title's x, y, w, h), types
    NEW_TITLE and Enter; checks the field opened, stayed open and took the keys."""
    row = app.wait_for_control("panel", title)
    label = app.wait_for_control("label", title)
    double_click_at(*where(*extents(row), *extents(label)))
    app.wait_for_control("text", "Chordset title")
    # Longer than a double click and the frames after it: the field is still open.
    time.sleep(0.8)
    assert app.find("text", "Chordset title") is not None, f"the field closed again ({where.__name__})"
    screenshot(f"double-click-{where.__name__}")
    xdotool("type", "--delay", 30, new_title)
    xdotool("key", "Return")
    app.wait_for_control("label", new_title)
    assert app.find("label", title) is None, f"the typed title should replace “{title}”"


# Points halfway between the row's edge and the title's: GTK 4.8 reports positions a few
# pixels off (the window's shadow), the same for both, so halfway is inside the padding.
def left_padding(x, y, w, h, tx, ty, tw, th):
    return (x + tx) // 2, ty + th // 2


def above_the_title(x, y, w, h, tx, ty, tw, th):
    return tx + 20, (y + ty) // 2


def on_the_title(x, y, w, h, tx, ty, tw, th):
    return tx + 15, ty + th // 2


def below_the_title(x, y, w, h, tx, ty, tw, th):
    return tx + 20, (ty + th + y + h) // 2


@test
def a_double_click_on_a_title_or_the_padding_around_it_renames_the_row(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.focus()
        renames_after_a_double_click(app, "Ocean", "Sea", left_padding)
        renames_after_a_double_click(app, "Forest", "Woods", above_the_title)
        renames_after_a_double_click(app, "Sea", "Deep Sea", below_the_title)
        renames_after_a_double_click(app, "Woods", "Trees", on_the_title)
        wait_for(lambda: app.find("text", "Chordset title") is None, 5, "the field to close")
    finally:
        app.cleanup()
