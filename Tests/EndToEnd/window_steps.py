"""What the window's end-to-end tests share: the list as the database stores it, a save
made by giving another window the focus, the rows' order on screen, and finding a control
by the start of its name."""
import sqlite3
import subprocess

from harness import click, extents, has_role, wait_for, xdotool
from keyboard import selected_rows


def rows(database):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        chordsets = connection.execute("SELECT count(*) FROM chordset").fetchone()[0]
        chords = connection.execute("SELECT count(*) FROM chord").fetchone()[0]
        titles = [row[0] for row in connection.execute("SELECT title FROM chordset ORDER BY position")]
        return chordsets, chords, titles
    finally:
        connection.close()


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
        other.wait(5)


def shown_order(app, titles):
    """The given titles in the order their rows are on screen, top to bottom."""
    return sorted(titles, key=lambda title: extents(app.wait_for_control("panel", title))[1])


def select_row_by_its_title(app, title):
    # A first click on the title selects the row and puts the focus on it, where the list's
    # keys apply.
    click(app.wait_for_control("label", title))
    wait_for(lambda: selected_rows(app) == [title], 5, f"the click to select {title}")


def find_named(node, role, prefix, depth=0):
    """Like harness.find, for a name that starts with `prefix` (it goes on to say more)."""
    if node is None or depth > 40:
        return None
    try:
        if has_role(node, role) and (node.name or "").startswith(prefix):
            return node
        for child in node:
            found = find_named(child, role, prefix, depth + 1)
            if found is not None:
                return found
    except Exception:
        return None
    return None
