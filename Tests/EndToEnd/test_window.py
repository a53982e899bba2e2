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
import tempfile
import time
import zlib

from harness import click, extents, move_pointer, screenshot, type_path_in_chooser, wait_for, xdotool
from keyboard import selected_rows
from window_steps import rows
from suite import test


TITLE = "Blue Hour"


@test
def the_window_opens_with_the_starter_chordsets(app):
    app.wait_for_control("frame", "Imager")
    app.wait_for_control("push button", "Add Chordset")
    app.wait_for_control("push button", "Main Menu")
    app.wait_for_control("label", "Warm")
    app.wait_for_control("push button", "Chord 1: vivid yellow, #F6D14E")


def thread_arenas(pid):
    """How many malloc arenas beside the main one the process has: glibc maps each as a
    reservation of 64 MiB at a 64 MiB boundary, read-write at its front and inaccessible
    after (no thread stack or library mapping is laid out that way)."""
    mappings = []
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            fields = line.split()
            start, end = (int(part, 16) for part in fields[0].split("-"))
            mappings.append((start, end, fields[1], len(fields) > 5))
    reservation = 64 << 20
    count = 0
    for index, (start, end, permissions, named) in enumerate(mappings):
        if named or start % reservation or not permissions.startswith("rw"):
            continue
        following = index + 1
        while (following < len(mappings) and mappings[following][0] == end
               and not mappings[following][3] and mappings[following][2].startswith("---")):
            end = mappings[following][1]
            following += 1
        count += end - start == reservation
    return count


@test
def the_window_s_threads_share_one_malloc_arena(app):
    # By now GLib's, GRDB's and the list's threads have all allocated; each would have an
    # arena of its own by default (docs/benchmark.md, "The list's memory").
    app.wait_for_control("label", "Warm")
    threads = len(os.listdir(f"/proc/{app.process.pid}/task"))
    assert threads > 1, f"the window runs {threads} thread"
    arenas = thread_arenas(app.process.pid)
    assert arenas == 0, f"{arenas} malloc arenas beside the main one, for {threads} threads"


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
    wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "New Chordset from Image"],
                                    capture_output=True, text=True).stdout.split(), 10, "the file chooser")
    time.sleep(0.5)
    type_path_in_chooser(path, "New Chordset from Image")
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
