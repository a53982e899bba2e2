"""A click renames a title only when the click before it selected that row: a row selected by
the keyboard (Home, Down, the row that takes a deleted one's place) is selected by its first
click, as a file is in GNOME Files, and renamed by a second, slower one."""
import time

from harness import App, center, move_pointer, screenshot, wait_for, xdotool
from keyboard import describe, focused, press, selected_rows
from suite import test


def click_title(app, title):
    label = app.wait_for_control("label", title)
    move_pointer(*center(label))
    xdotool("click", 1)


def no_field_after_one_click(app, title, after):
    """One click on TITLE's label leaves no title field open, and the focus on its row."""
    click_title(app, title)
    # Well past a double click's time and the rename it would wait for.
    time.sleep(1.0)
    field = app.find("text", "Chordset title")
    screenshot(f"click-after-{after}")
    assert field is None, f"one click on “{title}”, selected by {after}, opened the title field"
    node = focused(app.node)
    assert node is not None and node.name == title, \
        f"after one click on “{title}” the focus is on {describe(node)}"


def second_click_renames(app, title):
    click_title(app, title)
    app.wait_for_control("text", "Chordset title")
    xdotool("key", "Escape")
    wait_for(lambda: app.find("text", "Chordset title") is None, 5, "the field to close")


@test
def one_click_on_a_row_the_keyboard_selected_selects_and_a_second_renames(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.wait_for_control("panel", "Warm")
        app.focus()
        wait_for(lambda: (focused(app.node) or None) and focused(app.node).name == "Warm", 5,
                 "the focus on the first row at launch")
        press(app, "Down", "list item", "Ocean")
        press(app, "Home", "list item", "Warm")
        wait_for(lambda: selected_rows(app) == ["Warm"], 3, "Home to select “Warm”")
        no_field_after_one_click(app, "Warm", "Home")
        second_click_renames(app, "Warm")

        press(app, "Down", "list item", "Ocean")
        wait_for(lambda: selected_rows(app) == ["Ocean"], 3, "Down to select “Ocean”")
        no_field_after_one_click(app, "Ocean", "Down")
        second_click_renames(app, "Ocean")

        # Delete on the row: the row after it takes its place, selected.
        xdotool("key", "Delete")
        wait_for(lambda: selected_rows(app) == ["Forest"], 3, "the row after “Ocean” to be selected")
        no_field_after_one_click(app, "Forest", "a delete")
        second_click_renames(app, "Forest")
    finally:
        app.cleanup()
