"""What a person sees after the everyday steps, read from the screen's pixels (OCR of a
screenshot region), not only from the accessibility tree: GTK 4.8's accessibility states
say a toast or a row is shown when it is transparent or scrolled out of the list.

- Naming a new chordset: every key typed after Ctrl+N or a click on Add goes into the new
  title, however fast, with the list long enough to scroll, and the row is fully in view.
- The Undo toast shows after every delete, not only the first, on one line.
"""
import difflib
import json
import os
import re
import shutil
import sqlite3
import subprocess
import tempfile
import time

from harness import App, click, extents, screenshot, wait_for, xdotool
from window_steps import save_by_focusing_another_window as save_now
from keyboard import selected_rows
from suite import test


def shot_region(app, name, x, y, w, h, scale=2):
    """A screenshot of the screen region, scaled up for OCR; its path."""
    directory = os.environ.get("IMAGER_E2E_SCREENSHOTS") or app.home
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, name + ".png")
    subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "+repage",
                    "-colorspace", "Gray", "-resize", f"{scale * 100}%", path],
                   check=True, stderr=subprocess.DEVNULL)
    return path


def ocr(path):
    """The text tesseract reads in the picture, one line of the picture a line."""
    return subprocess.run(["tesseract", path, "-", "--psm", "6"],
                          capture_output=True, text=True).stdout


def letters(text):
    return re.sub(r"[^a-z0-9]", "", text.lower())


def reads(text, wanted, threshold=0.85):
    """Whether OCR'd TEXT shows WANTED on one of its lines (OCR may misread a letter or two)."""
    goal = letters(wanted)
    for line in text.splitlines():
        seen = letters(line)
        if goal in seen:
            return True
        matcher = difflib.SequenceMatcher(None, seen, goal)
        block = matcher.find_longest_match(0, len(seen), 0, len(goal))
        # The best window of the line as long as the goal, compared as a whole.
        start = max(0, block.a - block.b)
        if difflib.SequenceMatcher(None, seen[start:start + len(goal)], goal).ratio() >= threshold:
            return True
    return False


def stored_titles(database):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return [row[0] for row in connection.execute("SELECT title FROM chordset ORDER BY position")]
    finally:
        connection.close()


def app_with_imported(first, count):
    """A fresh Imager whose store holds the starter chordsets and COUNT imported ones."""
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app = App(first.binary)
    folder = tempfile.mkdtemp(prefix="imager-e2e-import-")
    try:
        path = os.path.join(folder, "gig.json")
        chordsets = [{"title": f"Imported {n + 1}",
                      "chords": [{"color": f"#{(0x204060 + 0x0F0D0B * (n + c)) % 0xFFFFFF:06X}"} for c in range(8)]}
                     for n in range(count)]
        with open(path, "w") as f:
            json.dump({"version": 1, "chordsets": chordsets}, f)
        subprocess.run([app.binary, "--import", path], env=app.env, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return app.start()


def search_is_open(app, name):
    """Whether a search shows: its field in the accessibility tree, or on screen the
    window's subtitle counting what it found ("0 of 31 chordsets") under the header bar.
    What showed it, or None."""
    if app.find("entry", "Search chordsets") is not None:
        return "the search field"
    x, y, w, h = extents(app.wait_for_control("frame", "Imager"))
    # The header bar's title and subtitle, above its bottom line (the list's rows below it
    # would be read too).
    header = ocr(shot_region(app, name, x + w // 2 - 150, y + 2, 300, 42, scale=3))
    assert "chordsets" in header.lower(), f"the window's subtitle is not read on screen: {header!r}"
    counts = [line for line in header.lower().splitlines() if "chordsets" in line]
    found = [line for line in counts if re.search(r"\bof\b", line)]
    return f"the subtitle {found[0]!r}" if found else None


def on_screen(inner, outer):
    """The part of the region INNER that shows inside OUTER (at least a pixel square)."""
    x, y = max(inner[0], outer[0]), max(inner[1], outer[1])
    right = min(inner[0] + inner[2], outer[0] + outer[2])
    bottom = min(inner[1] + inner[3], outer[1] + outer[3])
    return x, y, max(1, right - x), max(1, bottom - y)


def inside(inner, outer):
    x, y, w, h = inner
    ox, oy, ow, oh = outer
    return x >= ox and y >= oy and x + w <= ox + ow and y + h <= oy + oh


@test
def every_key_typed_after_adding_goes_into_the_new_title_and_the_row_is_in_view(first):
    app = app_with_imported(first, 20)
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        xdotool("key", "Down")  # the person is in the list, as after any key or click
        time.sleep(0.3)
        titles = []
        # (how the row is added, whether the person waits a second and types at a person's
        # pace, longer than the two quiet seconds after which Imager saves)
        # The last adds two rows at once (Ctrl+N, Ctrl+N): the typing names the second.
        tries = [("ctrl+n", False), ("ctrl+n", True), ("plus", False), ("ctrl+n", False), ("ctrl+n ctrl+n", False)]
        for number, (how, waits) in enumerate(tries, 1):
            title = f"A much longer title for gig {'one two three four five'.split()[number - 1]}"
            titles.append(title)
            if how == "plus":
                click(app.wait_for_control("push button", "Add Chordset"))
            else:
                xdotool("key", *how.split())
            if waits:
                time.sleep(1)
            # At full speed right after the add (no waiting for the field to open), or slowly.
            xdotool("type", "--delay", 120 if waits else 1, title)
            time.sleep(0.4)
            where = f"try {number} ({how}, {'after a second, slowly' if waits else 'at once'})"
            search = search_is_open(app, f"new-row-header-{number}")
            assert search is None, f"{where}: the typing opened the search ({search} showed)"

            # The row being named lies wholly inside the list, and shows what was typed.
            field = app.wait_for_control("text", "Chordset title")
            listing = app.wait_for_control("list", "Chordsets")
            lx, ly, lw, lh = extents(listing)
            assert inside(extents(field), (lx, ly, lw, lh)), \
                f"{where}: the title field {extents(field)} is not inside the list {(lx, ly, lw, lh)}"
            seen = ocr(shot_region(app, f"new-row-typed-{number}", *on_screen(extents(field), (lx, ly, lw, lh))))
            assert reads(seen, title), f"{where}: the title field on screen does not show {title!r}; it reads {seen!r}"

            xdotool("key", "Return")
            wait_for(lambda: app.find("text", "Chordset title") is None, 5, f"{where}: the title field to close")
            listing = app.wait_for_control("list", "Chordsets")
            lx, ly, lw, lh = extents(listing)
            row = app.wait_for_control("panel", title)
            assert inside(extents(row), (lx, ly, lw, lh)), \
                f"{where}: the row {extents(row)} is not inside the list {(lx, ly, lw, lh)}"
            label = app.wait_for_control("label", title)
            seen = ocr(shot_region(app, f"new-row-named-{number}", *on_screen(extents(label), (lx, ly, lw, lh))))
            assert reads(seen, title), f"{where}: the row on screen does not show {title!r}; it reads {seen!r}"

        save_now(app)
        stored = stored_titles(app.database)
        expected = titles[:-1] + ["Untitled Chordset", titles[-1]]
        assert stored[-len(expected):] == expected, f"stored last: {stored[-len(expected):]}"
        assert stored.count("Untitled Chordset") == 1, stored
    except Exception:
        screenshot("failed-new-row-title")
        raise
    finally:
        app.cleanup()


def toast_region(app, window):
    """The screen region at the foot of the window, where the toast slides up."""
    x, y, w, h = window
    return x, y + h - 110, w, 110


def wait_until_toast_gone(app, message):
    # Five seconds, then the fade; the accessibility tree drops it once it is hidden.
    wait_for(lambda: app.find("label", message) is None, 9, f"the toast “{message}” to time out")
    time.sleep(0.3)


def toast_shown_on_screen(app, window, message, name):
    """Asserts the toast's message is on screen, on one line, within a second."""
    app.wait_for_control("label", message)
    deadline = time.time() + 2
    while True:
        time.sleep(0.4)  # the slide takes a quarter of a second
        seen = ocr(shot_region(app, name, *toast_region(app, window)))
        lines = [line for line in seen.splitlines() if letters(line)]
        if reads(seen, message) or time.time() > deadline:
            break
    assert reads(seen, message), f"{name}: the toast “{message}” is not on screen; the foot of the window reads {seen!r}"
    holding = [line for line in lines if letters("deleted") in letters(line) or reads(line, message)]
    assert len(lines) == 1 and holding, f"{name}: “{message}” is not on one line: {lines}"


@test
def the_undo_toast_shows_on_screen_after_every_delete(first):
    first.stop()
    app = App(first.binary)
    # A laptop's window: 800 pixels wide.
    os.makedirs(os.path.dirname(os.path.join(app.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager", "x")))
    with open(os.path.join(app.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager", "window.ini"), "w") as f:
        f.write("[window]\nwidth=800\nheight=640\nmaximized=false\n")
    app.start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        window = extents(app.wait_for_control("frame", "Imager"))
        geometry = subprocess.run(["xdotool", "getwindowgeometry", app.window_id], capture_output=True, text=True).stdout
        assert "Geometry: 800x" in geometry, f"the window is not 800 pixels wide: {geometry}"
        xdotool("key", "Down", "Down")
        time.sleep(0.3)
        for number in range(1, 4):
            selected = selected_rows(app)
            assert len(selected) == 1, selected
            message = f"“{selected[0]}” deleted"
            xdotool("key", "Delete")
            toast_shown_on_screen(app, window, message, f"toast-after-delete-{number}")
            wait_until_toast_gone(app, message)

        # Two deletes in quick succession: the second one's toast shows.
        xdotool("key", "Delete")
        time.sleep(0.5)
        selected = selected_rows(app)
        assert len(selected) == 1, selected
        xdotool("key", "Delete")
        toast_shown_on_screen(app, window, f"“{selected[0]}” deleted", "toast-after-quick-deletes")
    except Exception:
        screenshot("failed-toast")
        raise
    finally:
        app.cleanup()
