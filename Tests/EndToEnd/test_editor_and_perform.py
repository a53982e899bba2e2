"""End-to-end tests of the chord editor and Perform, proven from the screen: what the X server
shows (screenshots, OCR, the pointer's own image) and the widgets' real sizes."""
import ctypes
import os
import subprocess
import time

import pyatspi

from harness import App, click, extents, move_pointer, screenshot, wait_for, xdotool
from suite import test
from window_steps import find_named


def shoot(app, name, x, y, w, h):
    """A screenshot of one screen region, as a PNG path."""
    directory = os.environ.get("IMAGER_E2E_SCREENSHOTS") or app.home
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, name + ".png")
    subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "+repage", path], check=True)
    return path


def pixels(path):
    """Every pixel of a PNG as (r, g, b) rows (ImageMagick's plain text output)."""
    out = subprocess.run(["convert", path, "-depth", "8", "txt:-"], capture_output=True, text=True, check=True).stdout
    grid = {}
    for line in out.splitlines()[1:]:
        where, rest = line.split(":", 1)
        x, y = (int(v) for v in where.split(","))
        hex_colour = rest.split("#", 1)[1][:6]
        grid[(x, y)] = tuple(int(hex_colour[i:i + 2], 16) for i in (0, 2, 4))
    return grid


def ocr(path, threshold="90%", layout="6", blank_corner=False):
    """The white text tesseract reads in a screenshot (the rest thresholded away), enlarged.
    With `blank_corner`, the colour of the bottom left corner (a light chord behind an
    overlay) is painted black first, so only the text stays light."""
    big = path[:-4] + "-ocr.png"
    blank = []
    if blank_corner:
        corner = subprocess.run(["convert", path, "-gravity", "SouthWest", "-crop", "1x1+20+20", "+repage",
                                 "-depth", "8", "txt:-"], capture_output=True, text=True, check=True).stdout
        colour = "#" + corner.strip().splitlines()[-1].split("#", 1)[1][:6]
        blank = ["-fuzz", "4%", "-fill", "black", "-opaque", colour]
    subprocess.run(["convert", path, *blank, "-resize", "300%", "-colorspace", "Gray", "-threshold", threshold,
                    "-negate", big], check=True)
    return subprocess.run(["tesseract", big, "-", "--psm", layout], capture_output=True, text=True).stdout


class _CursorImage(ctypes.Structure):
    _fields_ = [("x", ctypes.c_short), ("y", ctypes.c_short), ("width", ctypes.c_ushort),
                ("height", ctypes.c_ushort), ("xhot", ctypes.c_ushort), ("yhot", ctypes.c_ushort),
                ("cursor_serial", ctypes.c_ulong), ("pixels", ctypes.POINTER(ctypes.c_ulong)),
                ("atom", ctypes.c_ulong), ("name", ctypes.c_char_p)]


def pointer_pixels_shown():
    """How many pixels of the mouse pointer the X server draws now (XFixes' cursor image):
    0 when the pointer is hidden. A screenshot never holds the pointer, so ask the server."""
    x11 = ctypes.CDLL("libX11.so.6")
    xfixes = ctypes.CDLL("libXfixes.so.3")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    xfixes.XFixesGetCursorImage.restype = ctypes.POINTER(_CursorImage)
    xfixes.XFixesGetCursorImage.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    x11.XFree.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(None)
    assert display, "cannot open the X display"
    try:
        image = xfixes.XFixesGetCursorImage(display)
        assert image, "XFixes gave no cursor image"
        cursor = image.contents
        shown = sum(1 for i in range(cursor.width * cursor.height) if (cursor.pixels[i] >> 24) & 0xFF)
        x11.XFree(image)
        return shown
    finally:
        x11.XCloseDisplay(display)


def started_with_the_pointer_over_it(first):
    """A window of its own (the first stopped), focused, with the pointer over its middle:
    the app and the window's extents."""
    first.stop()
    app = App(first.binary).start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        x, y, w, h = extents(app.find("frame", "Imager"))
        move_pointer(x + w // 2, y + h // 2)
    except BaseException:
        app.cleanup()
        raise
    return app, (x, y, w, h)


@test
def perform_hides_a_still_pointer_and_names_the_live_chordset_after_page_down(first):
    app, (x, y, w, h) = started_with_the_pointer_over_it(first)
    try:
        assert pointer_pixels_shown() > 0, "the pointer is not drawn before Perform"

        def title_shown(text, name):
            """Whether `text` is written over the canvas's top in any of the screenshots taken
            over the next two seconds (the title's time): taken first, read after, so a slow
            reading cannot miss it."""
            shots = []
            deadline = time.time() + 2
            while time.time() < deadline:
                shots.append(shoot(app, f"{name}-{len(shots)}", x, y, w, min(h, 160)))
                time.sleep(0.15)
            return any(text in ocr(shot, blank_corner=True) for shot in shots)
        # The title of the live chordset over the canvas, for a moment, as Perform starts...
        xdotool("key", "F5")
        assert title_shown("Warm", "perform-start"), "“Warm” is not written over the canvas as Perform starts"
        app.wait_for_control("image", "Warm, chord 1 of 8")
        # ...and after Page Down, the next chordset's.
        xdotool("key", "Page_Down")
        assert title_shown("Ocean", "perform-page-down"), "“Ocean” is not written over the canvas after Page Down"
        canvas = wait_for(lambda: find_named(app.node, "image", "Ocean, chord 1"), 5, "Page Down to play Ocean")
        # Then it fades, leaving the performance alone.
        time.sleep(1.5)
        assert "Ocean" not in ocr(shoot(app, "perform-after-title", x, y, w, min(h, 160)), blank_corner=True), \
            "the title stays"
        cx, cy, cw, ch = extents(canvas)

        # A still pointer goes after two seconds; the slightest motion brings it back.
        move_pointer(cx + cw // 2, cy + ch // 2)
        move_pointer(cx + cw // 2 + 5, cy + ch // 2 + 5)
        assert pointer_pixels_shown() > 0, "the pointer is hidden while it moves"
        wait_for(lambda: pointer_pixels_shown() == 0, 5, "the still pointer to hide")
        move_pointer(cx + cw // 2 + 40, cy + ch // 2 + 20)
        wait_for(lambda: pointer_pixels_shown() > 0, 3, "the pointer to show again when moved")
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
        move_pointer(x + w // 2, y + h // 2)
        time.sleep(2.5)
        assert pointer_pixels_shown() > 0, "the pointer stays hidden after leaving Perform"
    finally:
        app.cleanup()


@test
def a_resting_pointer_stays_hidden_and_the_strip_away_while_keys_play(first):
    # The pointer rests over the window, where the canvas will be, and is not moved again.
    app, _ = started_with_the_pointer_over_it(first)
    try:
        xdotool("key", "F5")
        canvas = app.wait_for_control("image", "Warm, chord 1 of 8")
        wait_for(lambda: pointer_pixels_shown() == 0, 5, "the still pointer to hide")
        wait_for(lambda: find_named(app.node, "push button", "Chord 1: ") is None, 5, "the strip to fade")
        for key, colour in [("3", (0xE9, 0x90, 0x57)), ("6", (0xC0, 0x48, 0x5E))]:
            xdotool("key", key)
            app.wait_for_control("image", f"Warm, chord {key} of 8")
            time.sleep(0.6)  # the fade (0.15 s), and time for a strip to come back
            assert pointer_pixels_shown() == 0, f"key {key} showed the resting pointer"
            assert find_named(app.node, "push button", "Chord 1: ") is None, f"key {key} brought the strip back"
            # On screen: the canvas's lower part, where the strip lies, is the chord alone.
            cx, cy, cw, ch = extents(canvas)
            seen = set(pixels(shoot(app, f"perform-resting-pointer-{key}", cx, cy + ch - 160, cw, 150)).values())
            assert seen == {colour}, (key, sorted(seen)[:5], len(seen))
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
    finally:
        app.cleanup()


def tool_button(app, name):
    """A tool of the editor: a toggle button ("push button" with a pressed state on some GTKs)."""
    return wait_for(lambda: app.find("toggle button", name) or app.find("push button", name), 5, f"the {name} tool")


def open_editor(app, cell="Chord 1: vivid yellow, #F6D14E", title="^Chord 1 of"):
    # A cell is named at its first drawing or at idle: under load that can take a while after
    # the list shows its first title.
    app.wait_for_control("label", "Warm", seconds=10)
    click(app.wait_for_control("push button", cell, seconds=10))
    canvas = wait_for(lambda: find_named(app.node, "image", "Chord 1 canvas"), 10, "the chord editor's canvas")
    editor = wait_for(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--name", title],
                                             capture_output=True, text=True).stdout.split()[0],
                      10, "the editor's X window")
    return canvas, editor


def window_geometry(window):
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], capture_output=True, text=True).stdout
    values = dict(line.split("=", 1) for line in out.split() if "=" in line)
    return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])


def square_of(canvas):
    """The chord's square on the screen: the canvas widget's largest centred square."""
    x, y, w, h = extents(canvas)
    side = min(w, h)
    return x + (w - side) // 2, y + (h - side) // 2, side, (x, y, w, h)


def assert_no_colour_shown(app, name):
    """Colour… with nothing selected: not usable, and its swatch shows no colour at all."""
    colour = wait_for(lambda: app.find("push button", "Colour", showing=False), 5, "the Colour… button")
    assert not colour.getState().contains(pyatspi.STATE_SENSITIVE), "Colour… is usable without a lumi"
    bx, by, bw, bh = extents(colour)
    grid = pixels(shoot(app, name, bx, by, min(bw, 40), bh))
    # Black, or any warm colour (a lumi's #FFE9A8): the insensitive button itself is grey.
    coloured = [p for p, rgb in grid.items() if max(rgb) < 40 or (rgb[0] - rgb[2] > 40)]
    assert not coloured, f"Colour… shows a swatch with nothing selected ({len(coloured)} pixels, {grid[coloured[0]]})"


@test
def the_chord_editor_selects_by_default_and_shows_lumis_with_colour_and_shape(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.focus()
        canvas, editor = open_editor(app)
        left, top, side, _ = square_of(canvas)
        screenshot("editor-opened")

        # With nothing selected, Colour… shows no colour (no made-up black) and cannot be used.
        assert_no_colour_shown(app, "editor-colour-unselected")

        # Select is the tool a new editor has: a click on empty canvas adds nothing.
        move_pointer(left + side // 5, top + side * 4 // 5)
        xdotool("click", 1)
        time.sleep(1)
        assert find_named(app.node, "list item", "Circle") is None, "a click in select mode added a circle"

        # A shape tool adds: a star in the top right corner, selected, its handles on the chord.
        click(tool_button(app, "Star"))
        move_pointer(left + side * 97 // 100, top + side * 3 // 100)
        xdotool("click", 1)
        row = wait_for(lambda: find_named(app.node, "list item", "Star · light yellow"), 5, "the new star in the list")
        # The exact values stay in the row's tooltip, which is its accessible description.
        assert (row.description or "").startswith("Star, #FFE9A8"), f"the row's description is {row.description!r}"
        time.sleep(0.5)
        left, top, side, (wx, wy, ww, wh) = square_of(canvas)
        screenshot("editor-star-in-the-corner")
        # Everything between the chord's square (found on the screen by its colour, Warm's
        # chord 1) and the canvas widget's edge is the dialog's background: no handle, no
        # part of the selection ring.
        grid = pixels(shoot(app, "editor-canvas", wx, wy, ww, wh))
        chord = [p for p, rgb in grid.items() if rgb == (0xF6, 0xD1, 0x4E)]
        assert chord, "the chord's colour is not on the canvas"
        x0, x1 = min(p[0] for p in chord) - 2, max(p[0] for p in chord) + 2
        y0, y1 = min(p[1] for p in chord) - 2, max(p[1] for p in chord) + 2
        assert (x0 > 6 or ww - x1 > 6) or (y0 > 6 or wh - y1 > 6), \
            f"the canvas widget has no room around its square to check ({ww}×{wh})"
        background = grid[(1, 1)]
        outside = [p for p, rgb in grid.items()
                   if not (x0 <= p[0] <= x1 and y0 <= p[1] <= y1) and rgb != background]
        assert not outside, f"{len(outside)} pixels drawn outside the chord's square, e.g. {sorted(outside)[:4]}"

        # The list row: a swatch of the lumi's colour, the shape's icon, then the words.
        rx, ry, rw, rh = extents(row)
        grid = pixels(shoot(app, "editor-lumi-row", rx, ry, rw, rh))
        swatch = [p for p, rgb in grid.items() if rgb == (0xFF, 0xE9, 0xA8) and p[0] < 40]
        assert len(swatch) >= 100, f"no swatch of #FFE9A8 at the row's start ({len(swatch)} pixels)"
        background = grid[(rw - 2, 2)]
        icon_columns = {p[0] for p, rgb in grid.items()
                        if 28 <= p[0] < 52 and sum(abs(a - b) for a, b in zip(rgb, background)) > 150}
        assert len(icon_columns) >= 8, f"no shape icon after the swatch ({sorted(icon_columns)})"
        # The words start after the two pictures (the selected row's text is white): the shape,
        # the colour, the glow and the place in words, no hex or percentages.
        words = " ".join(ocr(shoot(app, "editor-lumi-row-text", rx + 52, ry, rw - 52, rh), threshold="70%").split())
        for word in ["Star", "light yellow", "soft glow", "top right"]:
            assert word in words, f"the row's words read {words!r}, without {word!r}"
        assert "#" not in words and "%" not in words, f"the row's words read {words!r}"

        # With Select, a click on empty canvas lets go of the star: Colour… has nothing to show.
        click(tool_button(app, "Select"))
        move_pointer(left + side // 5, top + side * 4 // 5)
        xdotool("click", 1)
        time.sleep(0.5)
        assert find_named(app.node, "list item", "Star · light yellow"), "the star is still there"
        assert_no_colour_shown(app, "editor-colour-deselected")
        xdotool("key", "Escape")
    finally:
        app.cleanup()


def assert_controls_inside(app, editor, canvas, what):
    ex, ey, ew, eh = window_geometry(editor)
    for name in ["Star", "Select", "Background", "Delete Lumi"]:
        x, y, w, h = extents(tool_button(app, name))
        assert ex <= x and x + w <= ex + ew, f"{what}: {name} lies at {x}..{x + w}, outside the editor's {ex}..{ex + ew}"
    x, y, w, h = extents(canvas)
    assert w >= 200 and h >= 200 and x + w <= ex + ew, f"{what}: the canvas is {w}×{h} at {x}"


@test
def the_chord_editor_fits_a_360_pixel_window(first):
    first.stop()
    app = App(first.binary).start()
    try:
        app.focus()
        # Opened over a wide window, the editor can still be made 360 pixels wide by hand,
        # and then stacks its controls under the canvas, all inside.
        canvas, editor = open_editor(app)
        time.sleep(0.5)
        assert window_geometry(editor)[2] > 600, "the editor opens narrow over a wide window"
        xdotool("windowsize", "--sync", editor, 360, 640)
        time.sleep(1)
        screenshot("editor-narrowed-to-360")
        width = window_geometry(editor)[2]
        assert width == 360, f"the editor cannot be made 360 pixels wide (it stays {width})"
        assert_controls_inside(app, editor, canvas, "narrowed to 360")
        xdotool("key", "Escape")
        wait_for(lambda: find_named(app.node, "image", "Chord 1 canvas") is None, 5, "the editor to close")

        # Over a main window as narrow as a phone's, the editor opens no wider than it.
        xdotool("windowsize", "--sync", app.window_id, 360, 700)
        time.sleep(1)
        main_width = window_geometry(app.window_id)[2]
        assert main_width == 360, f"the main window did not narrow to 360 (it is {main_width} pixels wide)"
        canvas, editor = open_editor(app)
        time.sleep(1)
        screenshot("editor-over-a-narrow-window")
        width = window_geometry(editor)[2]
        assert width <= main_width, f"the editor opens {width} pixels wide over a {main_width}-pixel window"
        assert_controls_inside(app, editor, canvas, "over a narrow window")
        xdotool("key", "Escape")
    finally:
        app.cleanup()
