"""End-to-end tests of Imager's window, run by run.sh under Xvfb with AT-SPI.

The main story is one session, in order: add a chordset, type its title, swipe it away,
undo, then switch to another window so Imager saves, and check the database."""
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import traceback

import pyatspi

from harness import App, click, extents, move_pointer, screenshot, wait_for, xdotool

TITLE = "Blue Hour"
results = []


def test(function):
    results.append(function)
    return function


def rows(database):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        chordsets = connection.execute("SELECT count(*) FROM chordset").fetchone()[0]
        chords = connection.execute("SELECT count(*) FROM chord").fetchone()[0]
        titles = [row[0] for row in connection.execute("SELECT title FROM chordset ORDER BY position")]
        return chordsets, chords, titles
    finally:
        connection.close()


@test
def the_window_opens_with_the_starter_chordsets(app):
    app.wait_for_control("frame", "Imager")
    app.wait_for_control("push button", "Add Chordset")
    app.wait_for_control("push button", "Main Menu")
    app.wait_for_control("label", "Warm")
    app.wait_for_control("push button", "Chord 1: vivid yellow, #F6D14E")


@test
def a_screen_reader_hears_each_row_by_its_title_and_each_chord_by_its_colour(app):
    row = app.wait_for_control("panel", "Warm")
    assert row.description == "8 chords", f"the row's description is {row.description!r}"
    names = [row.getChildAtIndex(index).name for index in range(row.childCount)]
    assert names[0] == "Warm", names
    assert "Chord 3: orange, #E99057" in names, names
    assert len([name for name in names if name.startswith("Chord ")]) == 8, names
    assert app.find("filler", "ImagerSlidingRow") is None and app.find("panel", "ImagerSlidingRow") is None, \
        "a row is announced by its class name"


@test
def adding_a_chordset_and_typing_its_title_renames_it(app):
    app.focus()
    click(app.wait_for_control("push button", "Add Chordset"))
    # The new row's title is already in editing, with its text selected.
    app.wait_for_control("text", "Chordset title")
    xdotool("type", "--delay", 30, TITLE)
    xdotool("key", "Return")
    app.wait_for_control("label", TITLE)
    screenshot("after-rename")


@test
def swiping_a_row_left_reveals_delete_which_deletes_it(app):
    label = app.wait_for_control("label", TITLE)
    x, y, w, h = extents(label)
    start_x, start_y = x + w // 2 + 60, y + h // 2
    move_pointer(start_x, start_y)
    xdotool("mousedown", 1)
    for step in range(1, 13):
        xdotool("mousemove", start_x - 14 * step, start_y)
        time.sleep(0.02)
    xdotool("mouseup", 1)
    delete = app.wait_for_control("push button", f"Delete “{TITLE}”")
    screenshot("swiped")
    click(delete)
    wait_for(lambda: app.find("label", TITLE) is None, 5, f"“{TITLE}” to disappear")
    app.wait_for_control("label", f"“{TITLE}” deleted")
    # The toast is an alert, which screen readers announce when it shows (GTK 4.8 has no
    # announce call; AT-SPI calls the role “notification”).
    wait_for(lambda: app.find("notification", f"“{TITLE}” deleted") or app.find("alert", f"“{TITLE}” deleted"),
             5, "the toast as an alert named after its message")
    screenshot("deleted")


@test
def control_z_brings_the_deleted_chordset_back(app):
    xdotool("key", "ctrl+z")
    app.wait_for_control("label", TITLE)


@test
def switching_to_another_window_saves(app):
    other = subprocess.Popen(["xmessage", "-geometry", "+900+600", "another window"],
                             stderr=subprocess.DEVNULL)
    try:
        # xmessage does not set _NET_WM_PID; find it by its class.
        window = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "Xmessage"],
                                                 capture_output=True, text=True).stdout.split()[0],
                          10, "xmessage's window")
        xdotool("windowfocus", "--sync", window)
        wait_for(lambda: app.saved_lines(), 10, "a “Saved ” line on stdout")
        chordsets, chords, titles = rows(app.database)
        assert chords == 8 * chordsets, f"{chords} chords for {chordsets} chordsets"
        assert TITLE in titles, f"{TITLE!r} not in {titles}"
        starters = len(json.load(open(os.path.join(os.environ["IMAGER_DATA_DIR"], "seed.json")))["chordsets"])
        assert chordsets == starters + 1, f"expected the {starters} starter chordsets and {TITLE!r}, found {titles}"
    finally:
        other.terminate()


@test
def a_second_launch_presents_the_first_window_and_exits(app):
    second = app.launch()
    assert second.wait(15) == 0, "the second instance should hand over and exit 0"
    assert app.process.poll() is None, "the first instance should still run"


@test
def a_horizontal_scroll_reveals_delete_like_a_touchpad_swipe(app):
    label = app.wait_for_control("label", "Forest")
    x, y, w, h = extents(label)
    move_pointer(x + w + 150, y + h // 2)
    # Buttons 6 and 7 are a horizontal wheel: GTK reports them as horizontal scrolling.
    xdotool("click", "--repeat", 3, "--delay", 30, 7)
    # The button says which chordset it deletes (screen readers, d70f44d).
    delete = app.wait_for_control("push button", "Delete “Forest”")
    click(delete)
    wait_for(lambda: app.find("label", "Forest") is None, 5, "“Forest” to disappear")


@test
def the_delete_key_deletes_the_selected_row_and_the_toast_undoes_it(app):
    click(app.wait_for_control("label", "Sunset"))
    xdotool("key", "Escape")  # clicking the title starts renaming it; leave that
    xdotool("key", "Delete")
    wait_for(lambda: app.find("label", "Sunset") is None, 5, "“Sunset” to disappear")
    click(app.wait_for_control("push button", "Undo"))
    app.wait_for_control("label", "Sunset")


@test
def right_click_opens_the_row_menu(app):
    label = app.wait_for_control("label", "Ocean")
    x, y, w, h = extents(label)
    move_pointer(x + w + 150, y + h // 2)
    xdotool("click", 3)
    app.wait_for_control("menu item", "Rename")
    app.wait_for_control("menu item", "Delete")
    xdotool("key", "Escape")


@test
def one_click_on_the_title_of_a_row_that_is_not_selected_renames_it(app):
    # Ocean is selected by the right click above; Pastel is not.
    click(app.wait_for_control("label", "Pastel"))
    time.sleep(0.5)  # the editor used to open and close again at once
    app.wait_for_control("text", "Chordset title")
    xdotool("type", "--delay", 30, "Pale")
    xdotool("key", "Return")
    app.wait_for_control("label", "Pale")
    assert app.find("label", "Pastel") is None, "the typed title should replace the old one"


@test
def sigterm_saves_and_quits(app):
    app.focus()
    click(app.wait_for_control("push button", "Add Chordset"))
    xdotool("type", "--delay", 30, "Last Words")
    xdotool("key", "Return")
    app.wait_for_control("label", "Last Words")
    before = len(app.saved_lines())
    app.process.send_signal(signal.SIGTERM)
    assert app.process.wait(10) == 0, "imager should exit cleanly on SIGTERM"
    time.sleep(0.2)
    assert len(app.saved_lines()) > before, "SIGTERM should save first"
    _, _, titles = rows(app.database)
    assert "Last Words" in titles, titles
    assert os.path.exists(os.path.join(app.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager", "window.ini")), \
        "the window size should be remembered"


@test
def control_w_closes_the_window_after_saving(first):
    app = App(first.binary).start()
    try:
        app.focus()
        click(app.wait_for_control("push button", "Add Chordset"))
        xdotool("type", "--delay", 30, "Closing Time")
        xdotool("key", "Return")
        app.wait_for_control("label", "Closing Time")
        xdotool("key", "ctrl+w")
        assert app.process.wait(10) == 0, "closing the only window should end imager cleanly"
        time.sleep(0.2)
        assert app.saved_lines(), "closing should save"
        chordsets, chords, titles = rows(app.database)
        assert "Closing Time" in titles and chords == 8 * chordsets, (chordsets, chords, titles)
    finally:
        app.cleanup()


@test
def an_edit_is_saved_after_two_quiet_seconds_and_survives_kill_9(first):
    app = App(first.binary).start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        xdotool("key", "ctrl+n")
        app.wait_for_control("text", "Chordset title")
        xdotool("type", "--delay", 30, "Kept By The Timer")
        xdotool("key", "Return")
        app.wait_for_control("label", "Kept By The Timer")
        # The window keeps the focus the whole time: only the timer can save.
        time.sleep(4)
        app.process.send_signal(signal.SIGKILL)
        app.process.wait(10)
        _, _, titles = rows(app.database)
        assert "Kept By The Timer" in titles, titles
    finally:
        app.cleanup()


@test
def closing_over_a_read_only_data_folder_asks_before_losing_edits(first):
    if os.geteuid() != 0:
        raise RuntimeError("needs root, to mount the data folder read-only (CI runs as root)")
    app = App(first.binary)
    data = app.env["XDG_DATA_HOME"]
    os.makedirs(data)
    subprocess.run(["mount", "--bind", data, data], check=True)
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", data], check=True)
        app.start()
        # The start-up notice says the folder cannot be written; dismiss it.
        app.wait_for_control("label", "There was a problem opening your chordsets", seconds=10)
        xdotool("key", "Escape")
        wait_for(lambda: app.find("label", "There was a problem opening your chordsets") is None, 5, "the notice to close")
        app.focus()
        xdotool("key", "ctrl+n")
        app.wait_for_control("text", "Chordset title")
        xdotool("type", "--delay", 30, "Only In Memory")
        xdotool("key", "Return")
        app.wait_for_control("label", "Only In Memory")

        xdotool("key", "ctrl+q")
        app.wait_for_control("label", "Close Without Saving?", seconds=10)
        xdotool("key", "Escape")  # Cancel is the default: nothing is lost
        wait_for(lambda: app.find("label", "Close Without Saving?") is None, 5, "the question to close")
        time.sleep(0.5)
        assert app.process.poll() is None, "Cancel must keep Imager open"
        app.wait_for_control("label", "Only In Memory")

        app.focus()
        xdotool("key", "ctrl+q")
        app.wait_for_control("label", "Close Without Saving?", seconds=10)
        # GTK 4.8 names a dialog's buttons "Label Label"; the label inside is what is shown.
        click(app.wait_for_control("label", "Close Without Saving"))
        assert app.process.wait(10) == 0, "Close Without Saving should end imager cleanly"
        assert not os.path.exists(app.database)
    finally:
        subprocess.run(["umount", data])
        app.cleanup()


def find_named(node, role, prefix, depth=0):
    """Like harness.find, for a name that starts with `prefix` (it goes on to say more)."""
    if node is None or depth > 40:
        return None
    try:
        if node.getRoleName() == role and (node.name or "").startswith(prefix):
            return node
        for child in node:
            found = find_named(child, role, prefix, depth + 1)
            if found is not None:
                return found
    except Exception:
        return None
    return None


def lumis_in(database):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return connection.execute(
            "SELECT l.shape, l.x, l.y FROM lumi l JOIN chord c ON c.id = l.chord_id "
            "JOIN chordset s ON s.id = c.chordset_id WHERE s.title = 'Warm' AND c.slot = 0 ORDER BY l.ord").fetchall()
    finally:
        connection.close()


@test
def the_chord_editor_adds_a_lumi_with_the_mouse_moves_it_with_keys_and_undoes(first):
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app = App(first.binary).start()
    try:
        app.focus()
        click(app.wait_for_control("push button", "Chord 1: vivid yellow, #F6D14E"))
        canvas = wait_for(lambda: find_named(app.node, "image", "Chord 1 canvas"), 10, "the chord editor's canvas")
        editor = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^Chord 1 of"],
                                                 capture_output=True, text=True).stdout.split()[0],
                          10, "the editor's X window")
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", editor],
                                  capture_output=True, text=True).stdout
        origin = dict(line.split("=", 1) for line in geometry.split() if "=" in line)
        star = wait_for(lambda: app.find("toggle button", "Star") or app.find("push button", "Star"), 5,
                        "the Star shape button")
        click(star)

        # A click on the canvas, a quarter of the way in from its left edge, at mid height.
        box = canvas.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        side = min(box.width, box.height)
        left = box.x + (box.width - side) // 2 + int(origin["X"])
        top = box.y + (box.height - side) // 2 + int(origin["Y"])
        move_pointer(left + side // 4, top + side // 2)
        xdotool("click", 1)
        def where():
            # "Star, #FFE9A8, glow 50%, at 25%, 50%" -> (25, 50)
            name = find_named(app.node, "list item", "Star, ").name
            x, y = name.rsplit("at ", 1)[1].split(", ")
            return int(x.rstrip("%")), int(y.rstrip("%"))

        wait_for(lambda: find_named(app.node, "list item", "Star, "), 5, "the new lumi in the list")
        x0, y0 = where()
        # Where the pointer was, give or take the window decorations' few pixels.
        assert 20 <= x0 <= 30 and 45 <= y0 <= 55, (x0, y0)
        screenshot("chord-editor")

        # Five steps right with the keyboard, each one undo step; Ctrl+Z takes back the last.
        for _ in range(5):
            xdotool("key", "Right")
        wait_for(lambda: where() == (x0 + 5, y0), 5, "the lumi to move right by 5%")
        xdotool("key", "ctrl+z")
        wait_for(lambda: where() == (x0 + 4, y0), 5, "Ctrl+Z to take back one step")
        screenshot("chord-editor-after-undo")
        xdotool("key", "Escape")
        wait_for(lambda: find_named(app.node, "image", "Chord 1 canvas") is None, 5, "the editor to close")

        before = len(app.saved_lines())  # opening the editor took the focus, and saved
        other = subprocess.Popen(["xmessage", "-geometry", "+900+600", "another window"], stderr=subprocess.DEVNULL)
        try:
            window = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "Xmessage"],
                                                     capture_output=True, text=True).stdout.split()[0],
                              10, "xmessage's window")
            xdotool("windowfocus", "--sync", window)
            wait_for(lambda: len(app.saved_lines()) > before, 10, "a new “Saved ” line on stdout")
        finally:
            other.terminate()
        stored = lumis_in(app.database)
        assert len(stored) == 1 and stored[0][0] == "star", stored
        assert abs(stored[0][1] * 100 - (x0 + 4)) <= 0.6 and abs(stored[0][2] * 100 - y0) <= 0.6, (stored, x0, y0)
    finally:
        app.cleanup()

def save_by_focusing_another_window(app):
    """Gives another window the focus, which makes Imager save, and waits for the save."""
    before = len(app.saved_lines())
    other = subprocess.Popen(["xmessage", "-geometry", "+900+600", "another window"], stderr=subprocess.DEVNULL)
    try:
        window = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "Xmessage"],
                                                 capture_output=True, text=True).stdout.split()[0],
                          10, "xmessage's window")
        xdotool("windowfocus", "--sync", window)
        wait_for(lambda: len(app.saved_lines()) > before, 10, "a new “Saved ” line on stdout")
    finally:
        other.terminate()


def shown_order(app, titles):
    """The given titles in the order their rows are on screen, top to bottom."""
    return sorted(titles, key=lambda title: extents(app.wait_for_control("panel", title))[1])


def select_row_by_its_title(app, title):
    # A click on the title selects the row and starts renaming it; Escape leaves the
    # renaming with the focus on the row, where the list's keys apply.
    click(app.wait_for_control("label", title))
    app.wait_for_control("text", "Chordset title")
    xdotool("key", "Escape")
    wait_for(lambda: app.find("text", "Chordset title") is None, 5, "the title field to close")


@test
def alt_down_moves_the_focused_row_down_and_the_order_is_saved(first):
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app = App(first.binary).start()
    try:
        app.focus()
        select_row_by_its_title(app, "Warm")
        xdotool("key", "alt+Down")
        wait_for(lambda: shown_order(app, ["Warm", "Ocean"]) == ["Ocean", "Warm"], 5, "Warm below Ocean")
        # The moved row keeps the focus: a second Alt+Down moves it on.
        xdotool("key", "alt+Down")
        wait_for(lambda: shown_order(app, ["Warm", "Forest"]) == ["Forest", "Warm"], 5, "Warm below Forest")
        screenshot("moved-down")
        xdotool("key", "ctrl+z")
        wait_for(lambda: shown_order(app, ["Warm", "Forest"]) == ["Warm", "Forest"], 5, "Ctrl+Z to undo one move")
        save_by_focusing_another_window(app)
        _, _, titles = rows(app.database)
        assert titles[:3] == ["Ocean", "Warm", "Forest"], titles
    finally:
        app.cleanup()


@test
def control_d_duplicates_the_row_after_it_and_names_the_copy(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.focus()
        select_row_by_its_title(app, "Ocean")
        xdotool("key", "ctrl+d")
        # The copy's title is in editing; Return keeps the title it was given.
        app.wait_for_control("text", "Chordset title")
        screenshot("duplicated")
        xdotool("key", "Return")
        app.wait_for_control("label", "Ocean (Copy)")
        assert shown_order(app, ["Ocean", "Ocean (Copy)", "Forest"]) == ["Ocean", "Ocean (Copy)", "Forest"]
        save_by_focusing_another_window(app)
        chordsets, chords, titles = rows(app.database)
        assert titles[:4] == ["Warm", "Ocean", "Ocean (Copy)", "Forest"], titles
        assert chords == 8 * chordsets, (chordsets, chords)
        connection = sqlite3.connect(f"file:{app.database}?mode=ro", uri=True)
        try:
            colours = {title: [c for (c,) in connection.execute(
                "SELECT c.color FROM chord c JOIN chordset s ON s.id = c.chordset_id WHERE s.title = ? ORDER BY c.slot",
                (title,))] for title in ("Ocean", "Ocean (Copy)")}
        finally:
            connection.close()
        assert colours["Ocean"] == colours["Ocean (Copy)"] and len(colours["Ocean"]) == 8, colours
    finally:
        app.cleanup()

@test
def control_v_on_a_chord_sets_its_colour_and_control_c_copies_one(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.focus()
        # Put "tomato" on the clipboard the way a person might: typed into a field and copied.
        click(app.wait_for_control("label", "Warm"))
        app.wait_for_control("text", "Chordset title")
        xdotool("key", "ctrl+a")
        xdotool("type", "--delay", 30, "tomato")
        xdotool("key", "ctrl+a")
        xdotool("key", "ctrl+c")
        xdotool("key", "Escape")  # the title stays "Warm"; the focus is back on the row
        wait_for(lambda: app.find("text", "Chordset title") is None, 5, "the title field to close")
        xdotool("key", "Tab")  # into the row's first chord
        xdotool("key", "ctrl+v")
        app.wait_for_control("push button", "Chord 1: vivid red, #FF6347")
        app.wait_for_control("label", "Chord 1 set to #FF6347")
        # Ctrl+C on that chord and Ctrl+V on the next one copies the colour across.
        xdotool("key", "ctrl+c")
        xdotool("key", "Tab")
        xdotool("key", "ctrl+v")
        app.wait_for_control("push button", "Chord 2: vivid red, #FF6347")
        screenshot("pasted-colour")
        save_by_focusing_another_window(app)
        connection = sqlite3.connect(f"file:{app.database}?mode=ro", uri=True)
        try:
            colours = [c for (c,) in connection.execute(
                "SELECT c.color FROM chord c JOIN chordset s ON s.id = c.chordset_id "
                "WHERE s.title = 'Warm' ORDER BY c.slot")]
        finally:
            connection.close()
        assert colours[0] == colours[1] == 0xFF6347FF, [hex(c) for c in colours]
        assert colours[2] != 0xFF6347FF, [hex(c) for c in colours]
    finally:
        app.cleanup()

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


def main():
    binary = sys.argv[1]
    app = App(binary).start()
    passed = failed = 0
    try:
        # Parts of tests' names, comma-separated, to run just those (the main story's tests
        # build on each other: "adding,swiping").
        only = [part for part in os.environ.get("IMAGER_E2E_ONLY", "").split(",") if part]
        for function in results:
            name = function.__name__
            if only and not any(part in name for part in only):
                continue
            started = time.time()
            try:
                function(app)
                passed += 1
                print(f"PASS {name} ({time.time() - started:.1f} s)", flush=True)
            except Exception as error:
                failed += 1
                print(f"FAIL {name}: {error}", flush=True)
                if os.environ.get("IMAGER_E2E_VERBOSE"):
                    traceback.print_exc()
                screenshot(f"failed-{name}")
    finally:
        app.cleanup()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
