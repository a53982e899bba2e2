"""End-to-end tests of the window's details: the search's keys, the drop highlights, the
palette export's filter, clicking a title, and the small windows (Sync, About, Keyboard
Shortcuts, the Delete All question). Each starts an Imager of its own.

What must be seen (a frame drawn or not) is read from the screen's pixels."""
import os
import shutil
import subprocess
import tempfile
import time

from harness import App, center, click, extents, gtk_version, move_pointer, screenshot, wait_for, x_window_of, xdotool
from keyboard import focused, press
from suite import test
from test_help import nodes_with_role

HERE = os.path.dirname(os.path.abspath(__file__))


def fresh(first):
    """A new Imager with the starter chordsets, its window focused (one instance at a time:
    a second launch would hand over to the first)."""
    first.stop()
    app = App(first.binary).start()
    app.wait_for_control("panel", "Warm")
    app.focus()
    return app


def menu_item(app, name):
    """Opens the main menu and activates NAME. GTK 4.8 reports a popover's items at the wrong
    place, so the item is activated through its accessible "click" action, as a screen
    reader does."""
    click(app.wait_for_control("push button", "Main Menu"))
    app.wait_for_control("menu item", name).queryAction().doAction(0)


def window_geometry(window):
    values = dict(line.split("=", 1) for line in subprocess.run(
        ["xdotool", "getwindowgeometry", "--shell", window], capture_output=True, text=True).stdout.split() if "=" in line)
    return int(values["X"]), int(values["Y"]), int(values["WIDTH"]), int(values["HEIGHT"])


def grab(name):
    """The whole screen as a PNG in a temporary file (ImageMagick's import)."""
    path = os.path.join(tempfile.gettempdir(), f"imager-e2e-{os.getpid()}-{name}.png")
    subprocess.run(["import", "-window", "root", path], check=True, stderr=subprocess.DEVNULL)
    return path


def green_pixels(path, x, y, width, height):
    """How many pixels of the region are the drop highlight's green (GTK's drop target
    colour, Adwaita's green: strongly green, little red)."""
    out = subprocess.run(["convert", path, "-crop", f"{width}x{height}+{x}+{y}", "+repage", "-depth", "8", "txt:-"],
                         capture_output=True, text=True, check=True).stdout
    count = 0
    for line in out.splitlines()[1:]:
        rgb = line.split("(", 1)[1].split(")", 1)[0].split(",")[:3]
        r, g, b = (float(v) for v in rgb)
        if g > 150 and r < 120 and g - b > 40:
            count += 1
    return count


def edge_strips(window):
    """The window's left, right and bottom edges, 8 pixels deep (a frame drawn inside the
    window's border), as (x, y, width, height) regions; the header bar is left out."""
    x, y, w, h = window_geometry(window)
    return [(x, y + 60, 8, h - 120), (x + w - 8, y + 60, 8, h - 120), (x + 20, y + h - 8, w - 40, 8)]


def frame_pixels(app, name):
    """How many pixels of the drop frame's green are at the window's edges now."""
    path = grab(name)
    try:
        return sum(green_pixels(path, *strip) for strip in edge_strips(app.window_id))
    finally:
        os.remove(path)


@test
def down_from_the_search_lands_on_the_first_row_and_escape_in_the_list_closes_the_search(first):
    app = fresh(first)
    try:
        xdotool("key", "ctrl+f")
        app.wait_for_control("entry", "Search chordsets")
        xdotool("type", "--delay", 60, "night")
        wait_for(lambda: app.find("label", "Warm") is None, 5, "rows that do not match to go")
        press(app, "Down", "list item", "Night")
        xdotool("key", "Escape")
        wait_for(lambda: app.find("entry", "Search chordsets") is None, 5, "Escape on the row to close the search")
        app.wait_for_control("label", "Warm")
        wait_for(lambda: (focused(app.node) or None) and focused(app.node).name == "Night", 3, "the focus kept on Night")
        # From a chord too.
        xdotool("key", "ctrl+f")
        app.wait_for_control("entry", "Search chordsets")
        xdotool("type", "--delay", 60, "sun")
        wait_for(lambda: app.find("label", "Warm") is None, 5, "rows that do not match to go")
        press(app, "Down", "list item", "Sunset")
        xdotool("key", "Right")
        wait_for(lambda: (focused(app.node) or None) and focused(app.node).name.startswith("Chord 1:"), 3, "chord 1")
        xdotool("key", "Escape")
        wait_for(lambda: app.find("entry", "Search chordsets") is None, 5, "Escape on a chord to close the search")
        app.wait_for_control("label", "Warm")
    finally:
        app.cleanup()


def drag(start, end, steps=20, before_release=None):
    """Presses at START, moves to END in small steps as a hand would, and releases there
    (after BEFORE_RELEASE, when given, has looked at the screen)."""
    move_pointer(*start)
    xdotool("mousedown", 1)
    try:
        for step in range(1, 5):
            xdotool("mousemove", start[0], start[1] + 3 * step)
            time.sleep(0.03)
        for step in range(1, steps + 1):
            xdotool("mousemove", start[0] + (end[0] - start[0]) * step // steps,
                    start[1] + 12 + (end[1] - start[1] - 12) * step // steps)
            time.sleep(0.04)
        xdotool("mousemove", end[0] + 1, end[1])
        time.sleep(0.3)
        if before_release:
            before_release()
    finally:
        xdotool("mouseup", 1)


@test
def a_drag_reorder_leaves_no_drop_frame_and_a_file_dragged_in_is_highlighted(first):
    app = fresh(first)
    folder = tempfile.mkdtemp(prefix="imager-e2e-drop-")
    path = os.path.join(folder, "Dropped.json")
    with open(path, "w") as f:
        f.write('{"version": 1, "chordsets": []}')
    source = None
    try:
        assert frame_pixels(app, "before") == 0, "a drop frame before any drag"
        x, y, w, h = extents(app.wait_for_control("panel", "Warm"))
        fx, fy, fw, fh = extents(app.wait_for_control("panel", "Forest"))
        drag((x + 5, y + h // 2), (x + 5, fy + fh * 3 // 4))
        wait_for(lambda: extents(app.wait_for_control("panel", "Warm"))[1] > fy - fh, 5, "Warm dropped below Forest")
        time.sleep(0.5)
        stuck = frame_pixels(app, "after-reorder")
        screenshot("after-reorder")
        assert stuck == 0, f"{stuck} green drop-frame pixels at the window's edges after the drag"

        source = subprocess.Popen(["/usr/bin/python3", os.path.join(HERE, "file_drag_source.py"), path],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        window = wait_for(lambda: x_window_of(source.pid), 15, "the file source's window")
        xdotool("windowmove", "--sync", window, 900, 100)
        time.sleep(0.3)
        sx, sy, _, _ = window_geometry(window)
        ox, oy, ow, oh = extents(app.wait_for_control("panel", "Ocean"))
        seen = []
        drag((sx + 100, sy + 60), (ox + ow // 2, oy + oh // 2),
             before_release=lambda: (seen.append(frame_pixels(app, "file-over")), screenshot("file-over")))
        assert seen[0] > 200, f"only {seen[0]} green pixels at the window's edges while a file is dragged over it"
        time.sleep(1)
        left = frame_pixels(app, "after-file")
        assert left == 0, f"{left} green drop-frame pixels after the file was dropped"
    finally:
        if source:
            source.terminate()
            source.wait()
        app.cleanup()
        shutil.rmtree(folder, ignore_errors=True)



class AppIn(App):
    """An Imager started in FOLDER, where GTK's own file chooser (no portal here) opens."""

    def __init__(self, binary, folder):
        super().__init__(binary)
        self.folder = folder

    def launch(self):
        return subprocess.Popen([self.binary], env=self.env, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True, cwd=self.folder)


def x_window_named(name):
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", f"^{name}$"],
                           capture_output=True, text=True).stdout.split()
    return found[0] if found else None


def read_field(node):
    """The text shown in NODE, a field, as tesseract reads it in grey and in black and white,
    a line each: which of the two reads a tall last letter right ("gpl", not "gp!") depends
    on GTK's focus ring and selection colours (4.8's or 4.18's). A few pixels either side
    too: GTK 4.8's node is the text inside the field, whose first letter is at its edge."""
    x, y, width, height = extents(node)
    path = grab("field")
    try:
        readings = []
        for black_and_white in ([], ["-threshold", "50%"]):
            region = path + ".region.png"
            subprocess.run(["convert", path, "-crop", f"{width + 8}x{height}+{max(0, x - 4)}+{y}", "+repage",
                            "-colorspace", "Gray", *black_and_white, "-resize", "300%", region], check=True)
            readings.append(subprocess.run(["tesseract", region, "-", "--psm", "7"],
                                           capture_output=True, text=True).stdout.strip())
            os.remove(region)
        return "\n".join(readings)
    finally:
        os.remove(path)


@test
def the_palette_export_filter_chooses_the_format_and_the_name_follows_it(first):
    if gtk_version() >= (4, 10):
        # GtkFileDialog does not say which filter was chosen: there the name's extension says
        # which format (test_new_dialogs).
        print(f"    (GTK {'.'.join(map(str, gtk_version()))}: the name's extension chooses the format)")
        return
    first.stop()
    folder = tempfile.mkdtemp(prefix="imager-e2e-palette-")
    app = AppIn(first.binary, folder).start()
    try:
        app.wait_for_control("panel", "Warm")
        app.focus()
        x, y, w, h = extents(app.wait_for_control("label", "Fireflies"))
        move_pointer(x + w + 150, y + h // 2)
        xdotool("click", 3)
        app.wait_for_control("menu item", "Export Palette…").queryAction().doAction(0)
        wait_for(lambda: x_window_named("Export Palette"), 10, "the Export Palette chooser")
        name = app.wait_for_control("text", "Name:")
        # GTK 4.8's text fields tell AT-SPI no text: the name is read from the screen.
        wait_for(lambda: "Fireflies.gpl" in read_field(name), 5, "the suggested name")
        # The filter list: open it, and choose "CSS custom properties" with the keys.
        # The drop-down is named "GtkDropDown" under GTK 4.8, after the filter it shows under
        # GTK 4.18: it is the chooser's only one.
        click_at = center(app.wait_for_control("combo box"))
        move_pointer(*click_at)
        xdotool("click", 1)
        time.sleep(0.6)
        xdotool("key", "Down", "Down")
        time.sleep(0.2)
        xdotool("key", "Return")
        app.wait_for_control("label", "CSS custom properties")
        screenshot("palette-filter-css")
        try:
            wait_for(lambda: "Fireflies.css" in read_field(name), 5, "the name to follow the filter")
        except AssertionError:
            raise AssertionError(f"the name field says {read_field(name)!r} with CSS chosen, not Fireflies.css")
        # GTK 4.8 names its chooser's button twice over, by its label and its text.
        export = wait_for(lambda: app.find("push button", "Export") or app.find("push button", "_Export Export"), 5,
                          "the Export button")
        move_pointer(*center(export))
        xdotool("click", 1)
        written = os.path.join(folder, "Fireflies.css")
        wait_for(lambda: os.path.exists(written), 10, f"{written} (the folder holds {os.listdir(folder)})")
        assert not os.path.exists(os.path.join(folder, "Fireflies.gpl")), os.listdir(folder)
        with open(written) as f:
            text = f.read()
        assert ":root {" in text and "--fireflies-1: #" in text, text[:200]
    finally:
        app.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


def frame_named(app, name):
    return app.find("frame", name) or app.find("dialog", name)


@test
def the_small_windows_have_titles_say_things_plainly_and_close_with_escape(first):
    """Sync…, Delete All, About and Keyboard Shortcuts, one after the other; every problem
    found is reported together."""
    import pyatspi
    app = fresh(first)
    problems = []
    try:
        # Sync…: before a folder is chosen it does not speak of "this folder"; Escape closes it.
        menu_item(app, "Sync…")
        app.wait_for_control("label", "Sync Folder")
        if any(line.startswith("Share this folder") for line in labels(app)):
            problems.append("the Sync dialog speaks of “this folder” before any folder is chosen")
        xdotool("key", "Escape")
        try:
            wait_for(lambda: app.find("label", "Sync Folder") is None, 3, "Escape to close the Sync dialog")
        except AssertionError as error:
            problems.append(str(error))
            from harness import find
            find(app.find("frame", "Sync"), "push button", "Close").queryAction().doAction(0)
            wait_for(lambda: app.find("label", "Sync Folder") is None, 3, "the Sync dialog to close")

        # The Delete All question: its heading says what it asks, and its two buttons sit side
        # by side at its foot, apart, inside it (libadwaita's message: a window of its own
        # titled by the question before libadwaita 1.5, a dialog inside the window from 1.5).
        app.focus()
        menu_item(app, "Delete All Chordsets…")
        heading = app.wait_for_control("label", "Delete All Chordsets?")
        time.sleep(0.3)
        dialog = heading
        while dialog.getRoleName() not in ("frame", "dialog", "alert", "window"):
            dialog = dialog.parent
        if dialog.getRoleName() == "frame" and x_window_named("Delete All Chordsets\\?") is None:
            problems.append("the Delete All question is a window without the question as its title")
        boxes = []
        for label in ("Cancel", "Delete All"):
            box = app.wait_for_control("label", label).parent.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
            boxes.append((box.x, box.y, box.width, box.height))
        (cx, cy, cw, ch), (dx, dy, dw, dh) = sorted(boxes)
        frame = dialog.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        if dx < cx + cw or cy != dy:
            problems.append(f"the Delete All buttons {boxes} are not side by side")
        if cx < frame.x or dx + dw > frame.x + frame.width or cy + ch > frame.y + frame.height:
            problems.append(f"the Delete All buttons {boxes} reach outside their {frame.width}x{frame.height} dialog")
        xdotool("key", "Escape")
        wait_for(lambda: app.find("label", "Delete All Chordsets?") is None, 3, "Escape to cancel Delete All")

        # About: no "See the The MIT License".
        # libadwaita's About: a window of its own before 1.5, a dialog in the window from 1.5;
        # its first page names the issue tracker on both (the description is on a page of
        # its own).
        menu_item(app, "About Imager")
        app.wait_for_control("label", "Report an Issue")
        doubled = [line for line in labels(app) if "the The" in line]
        if doubled:
            problems.append(f"About says {doubled}")
        xdotool("key", "Escape")
        wait_for(lambda: app.find("label", "Report an Issue") is None, 3, "Escape to close About")

        # Keyboard Shortcuts: keys named as printed on them, and the chord editor's keys.
        # The window gets the focus back, as a window manager gives it when a dialog closes
        # (Xvfb has none; GTK 4.8 takes it back itself, GTK 4.18 does not).
        app.focus()
        xdotool("key", "ctrl+question")
        # GTK 4.18 spreads the shortcuts over pages and gives AT-SPI only the page in view:
        # each page is turned to through its tab's action, as a screen reader does, and what
        # every page says is read.
        app.wait_for_control("label", "Next Area")
        shown = labels(app)
        for tab in nodes_with_role(app, "page tab"):
            tab.queryAction().doAction(0)
            time.sleep(0.3)
            shown += labels(app)
        if "New Chordset" not in shown:
            problems.append("the shortcuts do not list “New Chordset”")
        raw = [line for line in shown if line in ("Page_Up", "Page_Down")]
        if raw:
            problems.append(f"the shortcuts show {raw}")
        if "Chord Editor" not in shown:
            problems.append("the shortcuts list none of the chord editor's keys")
        xdotool("key", "Escape")
        assert not problems, "; ".join(problems)
    finally:
        app.cleanup()

def labels(app):
    """The text of every label of the application, shown or not (GTK 4.8 keeps a shortcuts
    page not in view in the tree), captions too: GTK 4.18's shortcuts section titles, which
    have no name, only their text."""
    found = []

    def walk(node, depth=0):
        if node is None or depth > 60:
            return
        try:
            if node.getRoleName() == "label":
                found.append(node.name)
            elif node.getRoleName() == "caption":
                found.append(node.name or node.queryText().getText(0, -1))
            for child in node:
                walk(child, depth + 1)
        except Exception:
            pass
    walk(app.node)
    return found



@test
def a_double_click_on_a_title_renames_its_row(first):
    app = fresh(first)
    try:
        label = app.wait_for_control("label", "Forest")
        # The window focused first: otherwise, under load, the first click can go to giving
        # the new window the focus, and the pair arrives as one click.
        app.focus()
        move_pointer(*center(label))
        xdotool("click", "--repeat", 2, "--delay", 80, 1)
        app.wait_for_control("text", "Chordset title")
        xdotool("type", "--delay", 30, "Woods")
        xdotool("key", "Return")
        app.wait_for_control("label", "Woods")
        assert app.find("label", "Forest") is None, "the typed title should replace the old one"
    finally:
        app.cleanup()

