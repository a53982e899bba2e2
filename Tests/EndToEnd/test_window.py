"""End-to-end tests of Imager's window, run by run.sh under Xvfb with AT-SPI.

The main story is one session, in order: add a chordset, type its title, swipe it away,
undo, then switch to another window so Imager saves, and check the database."""
import json
import os
import shutil
import signal
import sqlite3
import struct
import subprocess
import sys
import tempfile
import time
import zlib

import pyatspi

from harness import App, click, extents, move_pointer, screenshot, wait_for, xdotool
from keyboard import focused, press, selected_rows, settle
from suite import test

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TITLE = "Blue Hour"


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


def focus_another_window(app, saves_before):
    """Gives the focus to an xmessage window until Imager has printed one more “Saved ” line."""
    other = subprocess.Popen(["xmessage", "-geometry", "+900+600", "another window"],
                             stderr=subprocess.DEVNULL)
    try:
        # xmessage does not set _NET_WM_PID; find it by its class.
        window = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "Xmessage"],
                                                 capture_output=True, text=True).stdout.split()[0],
                          10, "xmessage's window")
        xdotool("windowfocus", "--sync", window)
        wait_for(lambda: len(app.saved_lines()) > saves_before, 10, "a “Saved ” line on stdout")
    finally:
        other.terminate()
        other.wait(5)


@test
def switching_to_another_window_saves(app):
    focus_another_window(app, len(app.saved_lines()))
    chordsets, chords, titles = rows(app.database)
    assert chords == 8 * chordsets, f"{chords} chords for {chordsets} chordsets"
    assert TITLE in titles, f"{TITLE!r} not in {titles}"
    starters = len(json.load(open(os.path.join(os.environ["IMAGER_DATA_DIR"], "seed.json")))["chordsets"])
    assert chordsets == starters + 1, f"expected the {starters} starter chordsets and {TITLE!r}, found {titles}"


STRIPES = [(0x1B, 0x26, 0x3B), (0x41, 0x5A, 0x77), (0x77, 0x8D, 0xA9), (0xE0, 0xE1, 0xDD),
           (0xC0, 0x48, 0x5E), (0xF6, 0xD1, 0x4E), (0x2E, 0x8B, 0x57), (0x8B, 0x45, 0x13)]


def stripes_png(path, width=320, height=60):
    """Eight vertical stripes of STRIPES, as an 8-bit RGB PNG."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\0" + b"".join(bytes(STRIPES[x * 8 // width]) for x in range(width))
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                  + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def chord_colours(database, title):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        packed = [row[0] for row in connection.execute(
            "SELECT chord.color FROM chord JOIN chordset ON chord.chordset_id = chordset.id "
            "WHERE chordset.title = ? ORDER BY chord.slot", (title,))]
        return [f"#{value >> 24 & 0xFF:02X}{value >> 16 & 0xFF:02X}{value >> 8 & 0xFF:02X}" for value in packed]
    finally:
        connection.close()


@test
def a_picture_opened_from_the_menu_becomes_a_chordset_that_is_saved(app):
    folder = tempfile.mkdtemp(prefix="imager-e2e-picture-")
    try:
        open_a_picture_from_the_menu(app, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def open_a_picture_from_the_menu(app, folder):
    path = os.path.join(folder, "Harbour Stripes.png")
    stripes_png(path)
    before, _, titles_before = rows(app.database)
    app.focus()
    click(app.wait_for_control("push button", "Main Menu"))
    # GTK 4.8 reports a popover's items at the wrong place (not where they are drawn), so a
    # pointer click misses; the item is activated through its accessible "click" action, as a
    # screen reader does. The button that opened the menu was clicked with the pointer.
    item = app.wait_for_control("menu item", "New Chordset from Image…")
    action = item.queryAction()
    assert action.nActions >= 1 and action.getName(0) == "click", "the menu item should offer “click”"
    action.doAction(0)
    # GTK's own chooser (no portal here): Ctrl+L opens its location field.
    wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "New Chordset from Image"],
                                    capture_output=True, text=True).stdout.split(), 10, "the file chooser")
    time.sleep(0.5)
    xdotool("key", "ctrl+l")
    time.sleep(0.3)
    xdotool("type", "--delay", 20, path)
    time.sleep(0.3)
    xdotool("key", "Return")
    app.wait_for_control("label", "Harbour Stripes", seconds=10)
    app.wait_for_control("label", "New chordset from “Harbour Stripes.png”")
    screenshot("picture-added")

    focus_another_window(app, len(app.saved_lines()))
    chordsets, chords, titles = rows(app.database)
    assert chordsets == before + 1, f"one chordset more than {titles_before}, found {titles}"
    assert chords == 8 * chordsets, f"{chords} chords for {chordsets} chordsets"
    assert titles[-1] == "Harbour Stripes", f"the new chordset goes last: {titles}"
    expected = sorted(f"#{r:02X}{g:02X}{b:02X}" for r, g, b in STRIPES)
    assert sorted(chord_colours(app.database, "Harbour Stripes")) == expected, \
        f"{chord_colours(app.database, 'Harbour Stripes')} are not the stripes' colours {expected}"


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
    # The swipe's button names the chordset it deletes, for a screen reader.
    delete = app.wait_for_control("push button", "Delete “Forest”")
    click(delete)
    wait_for(lambda: app.find("label", "Forest") is None, 5, "“Forest” to disappear")


@test
def the_delete_key_deletes_the_selected_row_and_the_toast_undoes_it(app):
    click(app.wait_for_control("label", "Sunset"))
    # A click on the title of a row already selected renames it: Escape leaves that, if so.
    xdotool("key", "Escape")
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
def a_first_click_on_a_title_selects_its_row_and_a_click_on_the_selected_rows_title_renames_it(app):
    # Ocean is selected by the right click above; Pastel is not. As in GNOME Files, a
    # first click selects, and a click on the title of the row already selected renames.
    click(app.wait_for_control("label", "Pastel"))
    wait_for(lambda: selected_rows(app) == ["Pastel"], 5, "the click to select Pastel")
    time.sleep(0.8)  # longer than a double click
    assert app.find("text", "Chordset title") is None, "a first click on a title started renaming"
    click(app.wait_for_control("label", "Pastel"))
    app.wait_for_control("text", "Chordset title")
    xdotool("type", "--delay", 30, "Pale")
    xdotool("key", "Return")
    app.wait_for_control("label", "Pale")
    assert app.find("label", "Pastel") is None, "the typed title should replace the old one"


@test
def sigterm_saves_and_quits(app):
    app.focus()
    click(app.wait_for_control("push button", "Add Chordset"))
    # Typed at once: keys typed while the new row's title is still opening reach the title.
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
        app.wait_for_control("text", "Chordset title")
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
            # The row's description "Star, #FFE9A8, glow 50%, at 25%, 50%" -> (25, 50)
            name = find_named(app.node, "list item", "Star · ").description
            x, y = name.rsplit("at ", 1)[1].split(", ")
            return int(x.rstrip("%")), int(y.rstrip("%"))

        wait_for(lambda: find_named(app.node, "list item", "Star · "), 5, "the new lumi in the list")
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
    # A first click on the title selects the row and puts the focus on it, where the list's
    # keys apply.
    click(app.wait_for_control("label", title))
    wait_for(lambda: selected_rows(app) == [title], 5, f"the click to select {title}")


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
def dragging_a_row_with_the_mouse_below_another_moves_it_and_the_order_is_saved(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.focus()
        warm = app.wait_for_control("panel", "Warm")
        x, y, w, h = extents(warm)
        # Press in the row's left padding, then move straight down in small steps as a hand
        # would, past GTK's drag threshold, to the lower half of Forest: the gap between Forest
        # and the row after it.
        start_x, start_y = x + 5, y + h // 2
        move_pointer(start_x, start_y)
        xdotool("mousedown", 1)
        try:
            for step in range(1, 5):
                xdotool("mousemove", start_x, start_y + 3 * step)
                time.sleep(0.03)
            fx, fy, fw, fh = extents(app.wait_for_control("panel", "Forest"))
            end_y = fy + fh * 3 // 4
            current = start_y + 12
            while current < end_y:
                current = min(current + 10, end_y)
                xdotool("mousemove", start_x, current)
                time.sleep(0.03)
            # A last wiggle in place, so the drop target sees the final position.
            xdotool("mousemove", start_x + 1, end_y)
            time.sleep(0.1)
            screenshot("dragging-a-row")
        finally:
            xdotool("mouseup", 1)
        wait_for(lambda: shown_order(app, ["Warm", "Ocean", "Forest"]) == ["Ocean", "Forest", "Warm"], 5,
                 "Warm dropped below Forest")
        save_by_focusing_another_window(app)
        _, _, titles = rows(app.database)
        assert titles[:3] == ["Ocean", "Forest", "Warm"], titles
    finally:
        app.cleanup()



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


@test
def a_json_file_dropped_from_another_program_is_imported_and_saved(first):
    """A file dragged from another program (a stand-in for Files) onto the window."""
    first.stop()
    app = App(first.binary).start()
    folder = tempfile.mkdtemp(prefix="imager-e2e-drop-")
    path = os.path.join(folder, "Dropped.json")
    colours = [{"color": f"#{0x102030 + 0x111111 * i:06X}"} for i in range(8)]
    with open(path, "w") as f:
        json.dump({"version": 1, "chordsets": [{"title": "Dropped In", "chords": colours},
                                               {"title": "Dropped Too", "chords": colours}]}, f)
    source = subprocess.Popen(["/usr/bin/python3", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                "file_drag_source.py"), path],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        window = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(source.pid)],
                                                 capture_output=True, text=True).stdout.split()[0],
                          15, "the file source's window")
        xdotool("windowmove", "--sync", window, 900, 100)
        time.sleep(0.3)
        geometry = dict(line.split("=") for line in subprocess.run(
            ["xdotool", "getwindowgeometry", "--shell", window], capture_output=True, text=True).stdout.split())
        start_x, start_y = int(geometry["X"]) + 100, int(geometry["Y"]) + 60
        x, y, w, h = extents(app.wait_for_control("panel", "Ocean"))
        end_x, end_y = x + w // 2, y + h // 2
        move_pointer(start_x, start_y)
        xdotool("mousedown", 1)
        try:
            steps = 25
            for step in range(1, steps + 1):
                xdotool("mousemove", start_x + (end_x - start_x) * step // steps, start_y + (end_y - start_y) * step // steps)
                time.sleep(0.04)
            xdotool("mousemove", end_x + 1, end_y)
            time.sleep(0.2)
        finally:
            xdotool("mouseup", 1)
        app.wait_for_control("label", "Dropped In", seconds=10)
        app.wait_for_control("label", "Dropped Too")
        # An import is stored as it is read (on a connection of its own), not at the next save.
        wait_for(lambda: rows(app.database)[2][-2:] == ["Dropped In", "Dropped Too"], 5, "the dropped chordsets stored")
    finally:
        source.terminate()
        source.wait()
        app.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


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
        # Put "tomato" on the clipboard the way a person might: typed into a field and copied
        # (the title's, opened by a click on the title of the row the first click selected).
        select_row_by_its_title(app, "Warm")
        time.sleep(0.5)
        click(app.wait_for_control("label", "Warm"))
        app.wait_for_control("text", "Chordset title")
        xdotool("key", "ctrl+a")
        xdotool("type", "--delay", 30, "tomato")
        xdotool("key", "ctrl+a")
        xdotool("key", "ctrl+c")
        xdotool("key", "Escape")  # the title stays "Warm"; the focus is back on the row
        wait_for(lambda: app.find("text", "Chordset title") is None, 5, "the title field to close")
        xdotool("key", "Right")  # into the row's first chord
        xdotool("key", "ctrl+v")
        app.wait_for_control("push button", "Chord 1: vivid red, #FF6347")
        app.wait_for_control("label", "Chord 1 set to #FF6347")
        # Ctrl+C on that chord and Ctrl+V on the next one copies the colour across.
        xdotool("key", "ctrl+c")
        xdotool("key", "Right")
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


def screen_pixel(path, x, y):
    """The colour of one pixel of a screenshot, as #RRGGBB (ImageMagick's convert)."""
    out = subprocess.run(["convert", path, "-crop", f"1x1+{x}+{y}", "-depth", "8", "txt:-"],
                         capture_output=True, text=True, check=True).stdout
    # "# ImageMagick pixel enumeration: ..." then "0,0: (126,75,115)  #7E4B73  srgb(...)"
    return "#" + out.strip().splitlines()[-1].split("#", 1)[1][:6].upper()


@test
def f5_performs_the_selected_chordset_keys_play_chords_and_escape_returns(first):
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app = App(first.binary).start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        # Warm is the first row, where the focus is when the window opens.
        xdotool("key", "F5")
        canvas = app.wait_for_control("image", "Warm, chord 1 of 8")
        assert app.find("push button", "Add Chordset") is None, "the header bar gives way to the canvas"
        for key in ["1", "5", "8"]:
            xdotool("key", key)
            canvas = app.wait_for_control("image", f"Warm, chord {key} of 8")
        # The strip names its chords like the list's cells ("Chord 8: <colour name>, #7E4B73"),
        # and fades away without motion.
        cell = wait_for(lambda: find_named(app.node, "push button", "Chord 8: "), 5, "the strip's chord 8").name
        assert cell.endswith(", #7E4B73"), cell
        colour = cell.rsplit(", ", 1)[1]
        app.wait_for_control("push button", cell)
        wait_for(lambda: app.find("push button", cell) is None, 6, "the strip to fade out")

        # The canvas, photographed: chord 8's colour fills it (the fade is long over).
        x, y, w, h = extents(canvas)
        assert w > 300 and h > 300, (w, h)
        directory = os.environ.get("IMAGER_E2E_SCREENSHOTS") or app.home
        os.makedirs(directory, exist_ok=True)
        shot = os.path.join(directory, "perform-canvas.png")
        subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "+repage", shot], check=True)
        for px, py in [(w // 2, h // 2), (10, 10), (w - 10, h - 10)]:
            assert screen_pixel(shot, px, py) == colour, (px, py, screen_pixel(shot, px, py), colour)

        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
        wait_for(lambda: app.find("image", "Warm, chord 8 of 8") is None, 5, "the canvas to go")
        app.wait_for_control("push button", "Chord 1: vivid yellow, #F6D14E")
        assert selected_rows(app) == ["Warm"], selected_rows(app)
        # Still on Warm: F5 again starts from its first chord.
        xdotool("key", "F5")
        app.wait_for_control("image", "Warm, chord 1 of 8")
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
    finally:
        app.cleanup()


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


@test
def in_german_the_header_the_menu_the_cells_and_the_toast_speak_german(first):
    first.stop()
    catalogues = tempfile.mkdtemp(prefix="imager-e2e-po-")
    subprocess.run([os.path.join(REPO, "po", "build.sh"), catalogues], check=True)
    app = App(first.binary)
    # LANGUAGE picks the translation; gettext ignores it under the C locale, so LANG too.
    app.env.update(LANGUAGE="de", LANG="C.UTF-8", IMAGER_LOCALE_DIR=os.path.join(catalogues, "locale"))
    app.start()
    try:
        app.wait_for_control("push button", "Akkordsatz hinzufügen")
        app.wait_for_control("push button", "Akkord 1: leuchtend gelb, #F6D14E")
        app.focus()
        click(app.wait_for_control("push button", "Hauptmenü"))
        for item in ("Importieren …", "Exportieren …", "Alle Akkordsätze löschen …", "Tastenkürzel", "Info zu Imager"):
            app.wait_for_control("menu item", item)
        screenshot("german-menu")
        xdotool("key", "Escape")  # the menu closes; the focus is back on its button
        press(app, "Tab", "list item", "Warm")
        press(app, "Down", "list item", "Ocean")
        xdotool("key", "Delete")
        app.wait_for_control("label", "„Ocean“ gelöscht")
        app.wait_for_control("push button", "Rückgängig")
        screenshot("german-toast")
        # The main menu's Undo names the step, from the core's typed undo name.
        click(app.wait_for_control("push button", "Hauptmenü"))
        app.wait_for_control("menu item", "„Ocean“ löschen rückgängig machen")
        xdotool("key", "Escape")
    finally:
        app.cleanup()
        shutil.rmtree(catalogues, ignore_errors=True)


@test
def the_chords_of_rows_bound_below_the_window_are_named_too(first):
    """GTK binds rows it does not draw (up to 200, below the window here); their cells are
    named once the window is idle, not in the frame that binds them (CellNaming)."""
    first.stop()
    app = App(first.binary)
    listing = os.path.join(app.home, "many.json")
    os.makedirs(app.home, exist_ok=True)
    yellow, red = {"color": "#F6D14E"}, {"color": "#FF6347"}
    chordsets = [{"title": f"Filler {n}", "chords": [yellow] * 8} for n in range(60)]
    chordsets.append({"title": "Far Below", "chords": [yellow] * 7 + [red]})
    with open(listing, "w") as file:
        json.dump({"version": 1, "chordsets": chordsets}, file)
    result = subprocess.run([app.binary, "--import", listing], env=app.env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    app.start()
    try:
        row = wait_for(lambda: app.find("panel", "Far Below", showing=False), 10, "the row of the last chordset")
        far_cell = wait_for(lambda: next((row.getChildAtIndex(index) for index in range(row.childCount)
                                          if row.getChildAtIndex(index).name == "Chord 8: vivid red, #FF6347"), None),
                            10, "the last chord of a row below the window to be named")
        # Not on screen: GTK 4.8 gives a row it has not placed no size, and one below the window
        # a place under it. A row on screen has both, so the check can tell them apart.
        _, window_top, _, window_height = extents(app.node.getChildAtIndex(0))
        def on_screen(node):
            _, y, width, _ = extents(node)
            return width > 0 and y < window_top + window_height
        assert on_screen(app.wait_for_control("push button", "Chord 1: vivid yellow, #F6D14E"))
        assert not on_screen(far_cell), f"the row is on screen, at {extents(far_cell)}; the test proves nothing"
    finally:
        app.cleanup()


@test
def a_rename_made_on_another_computer_appears_in_the_open_window(first):
    """Two computers are two data homes sharing one folder (as a folder sync keeps it); the
    other one renames with the command line and syncs; the open window shows it, with no
    focus change."""
    first.stop()
    app = App(first.binary)
    other = App(first.binary)
    folder = os.path.join(app.home, "shared")
    os.makedirs(folder)

    def run(who, *args):
        result = subprocess.run([who.binary, *args], env=who.env, capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, f"imager {' '.join(args)}: {result.stderr}"
        return result.stdout

    try:
        for who in (app, other):
            run(who, "--sync-folder", folder)
            run(who, "--sync")
        app.start()
        app.wait_for_control("label", "Warm")
        warm = next(line.split("\t")[0] for line in run(other, "--list", "--ids").splitlines()
                    if line.split("\t")[1] == "Warm")
        run(other, "--rename", warm, "Warm, renamed elsewhere")
        started = time.time()
        run(other, "--sync")
        app.wait_for_control("label", "Warm, renamed elsewhere", seconds=5)
        print(f"  the rename reached the open window {time.time() - started:.1f} s after the other computer synced")
        assert app.find("label", "Warm") is None, "the old title is still shown"
    finally:
        app.cleanup()
        other.cleanup()
