"""Typing in the list searches the titles."""
from harness import App, screenshot, wait_for, xdotool
from window_steps import rows, save_by_focusing_another_window, shown_order, select_row_by_its_title
from suite import test


@test
def typing_in_the_list_searches_titles_and_escape_brings_everything_back(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.focus()
        select_row_by_its_title(app, "Night")
        xdotool("type", "--delay", 60, "nig")
        app.wait_for_control("entry", "Search chordsets")
        wait_for(lambda: app.find("label", "Warm") is None, 5, "rows that do not match to go")
        app.wait_for_control("label", "Night")
        app.wait_for_control("label", "Starry Night")
        screenshot("search")
        xdotool("type", "--delay", 60, "zz")
        app.wait_for_control("label", "No Results Found")
        screenshot("search-no-results")
        xdotool("key", "Escape")
        app.wait_for_control("label", "Warm")
        wait_for(lambda: app.find("entry", "Search chordsets") is None, 5, "the closed search bar to leave the tree")
        # The selection stayed on Night, and the focus went back to it: Alt+Up moves it above
        # Pastel, and that is saved.
        xdotool("key", "alt+Up")
        wait_for(lambda: shown_order(app, ["Pastel", "Night"]) == ["Night", "Pastel"], 5, "Night above Pastel")
        save_by_focusing_another_window(app)
        _, _, titles = rows(app.database)
        assert titles.index("Night") == titles.index("Pastel") - 1, titles
    finally:
        app.cleanup()
