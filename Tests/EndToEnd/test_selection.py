"""Several rows chosen at once and deleted as one step."""
from harness import App, click, screenshot, wait_for, xdotool
from window_steps import rows, save_by_focusing_another_window
from suite import test


@test
def control_click_selects_several_rows_and_delete_deletes_them_as_one_step(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.focus()
        # Ctrl+click on a title chooses the row; it does not start renaming it.
        for title in ["Ocean", "Sunset"]:
            xdotool("keydown", "ctrl")
            click(app.wait_for_control("label", title))
            xdotool("keyup", "ctrl")
        app.wait_for_control("label", "2 of 9 chordsets selected")
        assert app.find("text", "Chordset title") is None, "a Ctrl+click started renaming"
        screenshot("two-selected")
        xdotool("key", "Delete")
        wait_for(lambda: app.find("label", "Ocean") is None and app.find("label", "Sunset") is None, 5,
                 "Ocean and Sunset to go")
        app.wait_for_control("label", "2 chordsets deleted")
        save_by_focusing_another_window(app)
        _, _, titles = rows(app.database)
        assert "Ocean" not in titles and "Sunset" not in titles and len(titles) == 7, titles
        # One undo step brings both back.
        app.focus()
        click(app.wait_for_control("push button", "Undo"))
        app.wait_for_control("label", "Ocean")
        app.wait_for_control("label", "Sunset")
    finally:
        app.cleanup()
