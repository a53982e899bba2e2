"""The window with the keyboard alone: the focus moves between areas, rows and cells, and is never lost."""
import json
import os

from harness import App, screenshot, wait_for, xdotool
from keyboard import focused, press, selected_rows, settle
from suite import test


@test
def the_keyboard_alone_moves_between_areas_rows_and_cells_and_the_focus_is_never_lost(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.wait_for_control("panel", "Warm")
        app.focus()
        wait_for(lambda: (focused(app.node) or None) and focused(app.node).name == "Warm", 5,
                 "the focus on the first row at launch")
        assert selected_rows(app) == [], f"rows look selected at launch: {selected_rows(app)}"

        # Left and Right between a row and its cells; Up and Down keep the column.
        press(app, "Right", "push button", "Chord 1: vivid yellow, #F6D14E")
        press(app, "Right", "push button", "Chord 2: vivid orange, #F5B04A")
        press(app, "Down", "push button", "Chord 2: light cyan, #A8E0D9")
        press(app, "Left", "push button", "Chord 1: light grey, #E0F4F1")
        press(app, "Left", "list item", "Ocean")
        wait_for(lambda: selected_rows(app) == ["Ocean"], 3, "the selection to follow the focus to “Ocean”")

        # Tab goes round the areas: header bar, list (one stop), and back.
        press(app, "Tab", "push button", "Add Chordset")
        press(app, "Tab", "push button", "Perform")
        press(app, "Tab", "push button", "Main Menu")
        press(app, "Tab", "list item", "Ocean")
        press(app, "shift+Tab", "push button", "Main Menu")
        press(app, "Tab", "list item", "Ocean")
        last = json.load(open(os.path.join(os.environ["IMAGER_DATA_DIR"], "seed.json")))["chordsets"][-1]["title"]
        press(app, "End", "list item", last)
        press(app, "Home", "list item", "Warm")

        # The chord editor (and its colour chooser) gives the focus back to the chord it edited.
        press(app, "Right", "push button", "Chord 1: vivid yellow, #F6D14E")
        xdotool("key", "Return")
        wait_for(lambda: (focused(app.node) or None) and focused(app.node).name.startswith("Chord 1 canvas"), 5,
                 "the chord editor's canvas")
        press(app, "Escape", "push button", "Chord 1: vivid yellow, #F6D14E")
        press(app, "Left", "list item", "Warm")

        # A delete leaves the focus on the row that takes the deleted one's place; the
        # toast joins the areas while it shows.
        press(app, "Down", "list item", "Ocean")
        press(app, "Delete", "list item", "Forest")
        app.wait_for_control("label", "“Ocean” deleted")
        press(app, "Tab", "push button", "Undo")
        press(app, "Tab", "push button", "Dismiss")
        press(app, "Tab", "push button", "Add Chordset")
        press(app, "shift+Tab", "push button", "Dismiss")
        xdotool("key", "Return")  # Dismiss: the toast goes, the focus comes back to the list
        wait_for(lambda: (focused(app.node) or None) and focused(app.node).getRoleName() == "list item", 3,
                 "the focus back in the list when the toast it was in goes")

        # Ctrl+N three times fast: the newest row is being edited, scrolled into view.
        xdotool("key", "ctrl+n", "ctrl+n", "ctrl+n")
        wait_for(lambda: (focused(app.node) or None) and focused(app.node).name == "Chordset title", 5,
                 "the new title in editing")
        settle()
        xdotool("key", "Escape")
        row = wait_for(lambda: focused(app.node) if focused(app.node).getRoleName() == "list item" else None, 3,
                       "the focus on the new row after Escape")
        listing = app.find("list", "Chordsets")
        assert row.getIndexInParent() == listing.childCount - 1, \
            f"the focus is on row {row.getIndexInParent()} of {listing.childCount}, not the newest"
        screenshot("keyboard-after-three-new")
    finally:
        app.cleanup()
