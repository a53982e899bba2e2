"""The list the window draws is the controller's list, and that list is what a save stores.

Rows are read from the screen: a screenshot of the list's title column, read by tesseract,
in screen order. The database is read after a save (another window takes the focus)."""
import json
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import time

from harness import App, click, extents, screenshot, type_path_in_chooser, wait_for, xdotool
from suite import test
from window_steps import save_by_focusing_another_window


def stored_titles(database):
    """The stored chordsets' titles in list order (position, then id)."""
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return [title for (title,) in connection.execute("SELECT title FROM chordset ORDER BY position, id")]
    finally:
        connection.close()


def twenty_colour_palette(path):
    """A GIMP palette of 20 colours: 3 chordsets, "Twenty 1" to "Twenty 3" (the last padded)."""
    with open(path, "w") as palette:
        palette.write("GIMP Palette\nName: Twenty\nColumns: 8\n#\n")
        for n in range(20):
            palette.write(f"{(n * 12) % 256:3d} {(255 - n * 9) % 256:3d} {(n * 40) % 256:3d}\tColour {n + 1}\n")


def import_from_the_menu(app, path, refocus_after):
    """Main Menu → Import…, the path typed into GTK's chooser (there is no portal here); then,
    `refocus_after` seconds later, the window gets the focus back, as a window manager gives
    it when a dialog closes (Xvfb has none)."""
    app.focus()
    click(app.wait_for_control("push button", "Main Menu"))
    # GTK 4.8 reports a popover's items at the wrong place: the item is activated through its
    # accessible action, as a screen reader does.
    app.wait_for_control("menu item", "Import…").queryAction().doAction(0)
    wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Import Chordsets"],
                                    capture_output=True, text=True).stdout.split(), 10, "the file chooser")
    time.sleep(0.5)
    type_path_in_chooser(path, "Import Chordsets")
    time.sleep(refocus_after)
    xdotool("windowfocus", app.window_id)
    wait_for(lambda: not subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "Import Chordsets"],
                                        capture_output=True, text=True).stdout.split(), 10, "the chooser to close")


def subtitle_count(app):
    """The count the header bar's subtitle gives ("14 chordsets")."""
    def read():
        return next((int(match.group(1).replace(",", "")) for match in
                     (re.fullmatch(r"([\d,]+) chordsets?", label.name or "") for label in labels(app.node)) if match), None)
    return wait_for(read, 5, "the subtitle's count")


def labels(node, depth=0):
    if node is None or depth > 30:
        return
    try:
        if node.getRoleName() == "label":
            yield node
        for child in node:
            yield from labels(child, depth + 1)
    except Exception:
        return


def titles_on_screen(app, known):
    """The rows' titles as drawn, top to bottom: the list's title column (left of the chords)
    cut from a screenshot, enlarged, and read by tesseract, one line a row. Each line read
    is matched to the closest of the `known` titles, so a misread letter does not fail the
    test, and a line that matches none is kept as read."""
    listing = app.wait_for_control("list", "Chordsets")
    x, y, width, height = extents(listing)
    folder = tempfile.mkdtemp(prefix="imager-e2e-ocr-")
    try:
        screen, shot = os.path.join(folder, "screen.png"), os.path.join(folder, "list.png")
        subprocess.run(["import", "-window", "root", screen], check=True, stderr=subprocess.DEVNULL)
        subprocess.run(["convert", screen, "-crop", f"{width * 2 // 5}x{height}+{x}+{y}", "+repage",
                        "-resize", "300%", "-colorspace", "Gray", "-threshold", "60%", shot], check=True)
        if os.environ.get("IMAGER_E2E_SCREENSHOTS"):
            os.makedirs(os.environ["IMAGER_E2E_SCREENSHOTS"], exist_ok=True)
            shutil.copy(shot, os.path.join(os.environ["IMAGER_E2E_SCREENSHOTS"], f"ocr-list-{time.time():.0f}.png"))
        text = subprocess.run(["tesseract", shot, "-", "--psm", "6"], capture_output=True, text=True,
                              check=True).stdout
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    lines = [line.strip() for line in text.splitlines() if len(line.strip()) >= 3]
    return [closest(line, known) for line in lines]


def closest(line, known):
    def distance(a, b):
        previous = list(range(len(b) + 1))
        for i, ca in enumerate(a, 1):
            current = [i]
            for j, cb in enumerate(b, 1):
                current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
            previous = current
        return previous[-1]
    best = min(known, key=lambda title: distance(line.lower(), title.lower()))
    return best if distance(line.lower(), best.lower()) <= max(1, len(best) // 4) else line


def contiguous_in(part, whole):
    return any(whole[start:start + len(part)] == part for start in range(len(whole) - len(part) + 1))


def assert_screen_is_stored(app, step):
    """After a save: the subtitle counts what is stored, and the rows drawn, in screen order,
    are a run of the stored list without a gap or a repeat."""
    app.focus()
    save_by_focusing_another_window(app)
    app.focus()
    # The toast would cover the lowest rows.
    dismiss = app.find("push button", "Dismiss")
    if dismiss is not None:
        dismiss.queryAction().doAction(0)
        wait_for(lambda: app.find("push button", "Dismiss") is None, 5, "the toast to go")
    time.sleep(0.5)
    stored = stored_titles(app.database)
    shown_count = subtitle_count(app)
    drawn = titles_on_screen(app, sorted(set(stored)))
    assert shown_count == len(stored), f"{step}: the window counts {shown_count} chordsets, the database holds {len(stored)}: {stored}"
    assert len(drawn) >= 5, f"{step}: too few rows read from the screen to tell anything: {drawn}"
    assert contiguous_in(drawn, stored), f"{step}: the rows drawn {drawn} are not a run of the stored list {stored}"
    return stored


@test
def an_import_undone_and_imported_again_shows_and_stores_each_chordset_once(first):
    first.stop()
    app = App(first.binary).start()
    folder = tempfile.mkdtemp(prefix="imager-e2e-twenty-")
    path = os.path.join(folder, "Twenty.gpl")
    twenty_colour_palette(path)
    try:
        stored = assert_screen_is_stored(app, "at launch")
        starters = len(stored)
        # The import is stored on a connection of its own while the chooser hands the focus
        # back to the window, which then merges what other connections stored: which comes
        # first is a matter of milliseconds, so the focus comes back after a range of delays.
        for round, refocus_after in enumerate([0.0, 0.005, 0.01, 0.02, 0.04, 0.08], 1):
            import_from_the_menu(app, path, refocus_after)
            app.wait_for_control("label", "Imported 3 chordsets from 20 colours; the last was padded with its final colour",
                                 seconds=10)
            time.sleep(0.3)
            if subtitle_count(app) != starters + 3 or round == 1:
                assert_screen_is_stored(app, f"import {round} (focus back after {refocus_after * 1000:.0f} ms)")
            xdotool("key", "ctrl+z")
            wait_for(lambda: subtitle_count(app) != starters + 3, 5, "Ctrl+Z to take the import out")
            time.sleep(0.3)
            if subtitle_count(app) != starters or round == 1:
                assert_screen_is_stored(app, f"undo {round}")
        stored = assert_screen_is_stored(app, "at the end")
        assert len(stored) == starters and "Twenty 1" not in stored, stored
    finally:
        app.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


@test
def a_search_with_few_matches_from_far_down_the_list_draws_only_the_matches(first):
    """With the view at the end of a long list, a search that leaves few rows draws those
    rows, read from the screen, and none of the rows that were on screen before."""
    first.stop()
    app = App(first.binary)
    os.makedirs(app.home, exist_ok=True)
    listing = os.path.join(app.home, "many.json")
    yellow = {"color": "#F6D14E"}
    titles = [f"Starter {n}" for n in range(240)]
    with open(listing, "w") as file:
        json.dump({"version": 1, "chordsets": [{"title": title, "chords": [yellow] * 8} for title in titles]}, file)
    result = subprocess.run([app.binary, "--import", listing], env=app.env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    app.start()
    try:
        app.focus()
        # The mouse wheel over the list, to its end.
        x, y, w, h = extents(app.wait_for_control("list", "Chordsets"))
        xdotool("mousemove", x + w // 2, y + h // 2)
        for _ in range(12):
            xdotool("click", "--repeat", "20", "--delay", "5", "5")
        wait_for(lambda: "Starter 239" in titles_on_screen(app, titles), 10, "the end of the list on screen")
        xdotool("key", "ctrl+f")
        app.wait_for_control("entry", "Search chordsets")
        xdotool("type", "--delay", 60, "Starter 9")
        matches = ["Starter 9"] + [f"Starter {n}" for n in range(90, 100)]
        wait_for(lambda: re.fullmatch(r"11 of \d+ chordsets", subtitle_text(app) or ""), 5,
                 "the search's count, not " + repr(subtitle_text(app)))
        time.sleep(0.5)
        drawn = titles_on_screen(app, titles)
        screenshot("search-from-far-down")
        assert len(drawn) >= 5 and all(title in matches for title in drawn), f"rows drawn during the search: {drawn}"
        assert contiguous_in(drawn, matches), f"the rows drawn {drawn} are not a run of the matches {matches}"
    finally:
        app.cleanup()


def subtitle_text(app):
    return next((label.name for label in labels(app.node) if re.fullmatch(r"[\d,]+ (of [\d,]+ )?chordsets?", label.name or "")), None)
