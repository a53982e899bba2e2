"""Set lists on the real screen: a new set list takes the chordsets selected in the main window,
in order; Alt+Down and Delete change what the Set Lists window shows (read by OCR) and what is
stored; the toast's Undo puts a removed chordset back; Perform This Set List walks the set list
with Page Down."""
import sqlite3
import time

from harness import App, click, extents, find, wait_for, xdotool
from suite import test
from test_basics_seen import ocr, reads, shot_region


def stored_set_lists(database):
    """[(title, [chordset titles in show order])] as the store holds them."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        lists = connection.execute("SELECT id, title FROM setlist ORDER BY position, id").fetchall()
        return [(title, [row[0] for row in connection.execute(
            "SELECT c.title FROM setlist_entry e JOIN chordset c ON c.id = e.chordset_id "
            "WHERE e.setlist_id = ? ORDER BY e.position, e.id", (setlist,))])
            for setlist, title in lists]
    finally:
        connection.close()


def shown_entries(app, name):
    """The OCR'd text of the set list's rows as the screen shows them."""
    rows = app.wait_for_control("list", "Chordsets in the Set List")
    x, y, w, h = extents(rows)
    # The titles' column only: the place numbers and the Remove buttons' minus signs, and the
    # focused row's frame beside them, make tesseract drop lines.
    return ocr(shot_region(app, name, x + 40, y, max(100, w - 100), min(h, 400)))


def in_order(text, titles):
    """Whether TEXT shows each of TITLES on a line of its own, in this order."""
    lines = [line for line in text.splitlines() if line.strip()]
    at = 0
    for title in titles:
        while at < len(lines) and not reads(lines[at], title):
            at += 1
        if at == len(lines):
            return False
        at += 1
    return True


def assert_shown_in_order(app, name, titles, absent=None, seconds=5):
    """Waits until the screen shows TITLES in this order in the set list's rows (and not
    ABSENT), read by OCR; fails with what was read last."""
    deadline = time.time() + seconds
    while True:
        text = shown_entries(app, name)
        if in_order(text, titles) and not (absent and reads(text, absent)):
            return
        if time.time() > deadline:
            raise AssertionError(f"the rows read {text!r}, not {titles}")
        time.sleep(0.3)


@test
def a_set_list_is_made_reordered_and_performed_as_the_screen_shows_it(first):
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app = App(first.binary).start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        # The first three rows, selected in the main window.
        click(app.wait_for_control("label", "Warm"))
        xdotool("key", "shift+Down", "shift+Down")
        time.sleep(0.3)
        xdotool("key", "ctrl+l")
        click(app.wait_for_control("push button", "New Set List"))
        time.sleep(0.5)
        xdotool("type", "--delay", 30, "Friday")
        xdotool("key", "Return")
        click(app.wait_for_control("push button", "Add Selected Chordsets"))
        wait_for(lambda: stored_set_lists(app.database) == [("Friday", ["Warm", "Ocean", "Forest"])], 5,
                 "the three chordsets stored in the set list, in the list's order")
        assert_shown_in_order(app, "setlist-added", ["Warm", "Ocean", "Forest"])

        # Alt+Down on the first row moves it down; Delete on it then takes it out.
        click(app.wait_for_control("push button", "Remove “Warm”"))
        wait_for(lambda: stored_set_lists(app.database) == [("Friday", ["Ocean", "Forest"])], 5, "Warm removed")
        assert_shown_in_order(app, "setlist-removed", ["Ocean", "Forest"], absent="Warm")
        click(app.wait_for_control("push button", "Undo"))
        wait_for(lambda: stored_set_lists(app.database) == [("Friday", ["Warm", "Ocean", "Forest"])], 5,
                 "Undo puts Warm back in its place")
        assert_shown_in_order(app, "setlist-undone", ["Warm", "Ocean", "Forest"])

        rows = app.wait_for_control("list", "Chordsets in the Set List")
        x, y, w, h = extents(rows)
        xdotool("mousemove", x + 60, y + 20)
        xdotool("click", 1)  # the first row, away from its button
        time.sleep(0.3)
        xdotool("key", "alt+Down")
        wait_for(lambda: stored_set_lists(app.database) == [("Friday", ["Ocean", "Warm", "Forest"])], 5,
                 "Alt+Down moves Warm after Ocean")
        assert_shown_in_order(app, "setlist-moved", ["Ocean", "Warm", "Forest"])

        click(app.wait_for_control("push button", "Perform This Set List"))
        app.wait_for_control("image", "Ocean, chord 1 of 8")
        xdotool("key", "Page_Down")
        app.wait_for_control("image", "Warm, chord 1 of 8")
        xdotool("key", "Page_Down")
        app.wait_for_control("image", "Forest, chord 1 of 8")
        xdotool("key", "Page_Down")
        time.sleep(0.3)
        assert app.find("image", "Forest, chord 1 of 8") is not None, "the set list's end"
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")

        # Ocean deleted in the main window leaves the set list once the delete is saved; the
        # toast's Undo, after that save, puts it back in its place there too.
        main = next(window for window in app.node if window.name != "Set Lists")
        click(wait_for(lambda: find(main, "label", "Ocean"), 5, "Ocean in the main window"))
        xdotool("key", "Delete")
        wait_for(lambda: stored_set_lists(app.database) == [("Friday", ["Warm", "Forest"])], 10,
                 "the delete saved, taking Ocean out of the set list")
        click(wait_for(lambda: find(main, "push button", "Undo"), 5, "the main window's Undo"))
        wait_for(lambda: stored_set_lists(app.database) == [("Friday", ["Ocean", "Warm", "Forest"])], 10,
                 "Undo puts Ocean back in its place in the set list")
        xdotool("key", "ctrl+l")
        assert_shown_in_order(app, "setlist-after-undone-delete", ["Ocean", "Warm", "Forest"])
    finally:
        app.cleanup()


@test
def over_a_360_pixel_window_the_set_lists_window_is_no_wider_and_escape_closes_it(first):
    from test_narrow_windows import minimum_width, narrow_app, x_window_named
    from harness import window_geometry
    app = narrow_app(first)
    try:
        main_width = window_geometry(app.window_id)[2]
        xdotool("key", "ctrl+l")
        window = wait_for(lambda: x_window_named("^Set Lists$"), 5, "the Set Lists window")
        app.wait_for_control("label", "No Set Lists")  # a new Imager has none yet
        time.sleep(1)  # its first size, once it has been shown
        width, floor = window_geometry(window)[2], minimum_width(window)
        assert width <= main_width and floor <= main_width, \
            f"the Set Lists window is {width} pixels wide (it can be {floor}) over a {main_width}-pixel window"
        xdotool("key", "Escape")
        wait_for(lambda: x_window_named("^Set Lists$") is None, 5, "Escape to close the Set Lists window")
    finally:
        app.cleanup()
