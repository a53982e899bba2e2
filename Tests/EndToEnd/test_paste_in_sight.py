"""A row the keyboard focus is taken to lies wholly in sight: a pasted row at the end of the
list, also after rows were deleted and brought back by Undo (the walk's sequence), and the
first and last rows of a long list after Home and End."""
import time

from harness import center, screenshot, wait_for, xdotool
from keyboard import describe, focused, press, selected_rows
from suite import test
from test_basics_seen import app_with_imported
from test_walk_findings import select_the_first_three, shown_in_the_list


@test
def a_row_pasted_after_an_undone_delete_is_focused_and_wholly_in_sight(first):
    app = app_with_imported(first, 20)
    try:
        app.focus()
        select_the_first_three(app)
        xdotool("key", "Delete")
        wait_for(lambda: app.find("label", "Warm") is None, 5, "the deleted rows to go")
        time.sleep(0.5)
        xdotool("key", "ctrl+z")
        wait_for(lambda: shown_in_the_list(app, "Forest"), 5, "“Forest” back in sight")
        # Ctrl+C on the row "Forest", then Ctrl+V.
        x, y = center(app.wait_for_control("label", "Forest"))
        xdotool("mousemove", x, y, "click", 1)
        wait_for(lambda: selected_rows(app) == ["Forest"], 5, "the click to select “Forest”")
        time.sleep(0.6)
        xdotool("key", "ctrl+c")
        time.sleep(0.3)
        xdotool("key", "ctrl+v")
        wait_for(lambda: app.find("label", "Forest (Copy)") is not None, 5, "the pasted row")
        wait_for(lambda: (focused(app.node) or None) and focused(app.node).name == "Forest (Copy)", 5,
                 "the focus on the pasted row")
        wait_for(lambda: shown_in_the_list(app, "Forest (Copy)"), 3,
                 f"the focused “Forest (Copy)” wholly inside the list (focus: {describe(focused(app.node))})")
        time.sleep(0.5)
        assert shown_in_the_list(app, "Forest (Copy)"), "the pasted row left the view again"
    except Exception:
        screenshot("failed-paste-in-sight")
        raise
    finally:
        app.cleanup()


@test
def home_and_end_in_a_long_list_show_the_first_and_last_rows_whole(first):
    app = app_with_imported(first, 300)
    try:
        app.wait_for_control("panel", "Warm")
        app.focus()
        wait_for(lambda: (focused(app.node) or None) and focused(app.node).name == "Warm", 5,
                 "the focus on the first row at launch")
        for round in range(3):
            press(app, "End", "list item", "Imported 300")
            wait_for(lambda: shown_in_the_list(app, "Imported 300"), 3, f"End, round {round}: the last row whole in sight")
            press(app, "Home", "list item", "Warm")
            wait_for(lambda: shown_in_the_list(app, "Warm"), 3, f"Home, round {round}: the first row whole in sight")
    except Exception:
        screenshot("failed-home-end-in-sight")
        raise
    finally:
        app.cleanup()
