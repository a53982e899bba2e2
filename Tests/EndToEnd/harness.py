"""What the end-to-end tests share: starting imager in a fresh home, finding controls on the
accessibility bus, and moving the mouse and keyboard with xdotool."""
import os
import shutil
import subprocess
import tempfile
import threading
import time

import pyatspi


class App:
    """One running imager, with its own XDG directories and its stdout collected."""

    def __init__(self, binary, home=None):
        self.binary = binary
        self.home = home or tempfile.mkdtemp(prefix="imager-e2e-")
        self.env = dict(os.environ,
                        HOME=self.home,
                        XDG_DATA_HOME=os.path.join(self.home, "data"),
                        XDG_CONFIG_HOME=os.path.join(self.home, "config"),
                        XDG_CACHE_HOME=os.path.join(self.home, "cache"))
        self.lines = []
        self.process = None

    @property
    def database(self):
        return os.path.join(self.env["XDG_DATA_HOME"], "io.github.imagerproject.Imager", "imager.sqlite")

    def start(self):
        self.process = self.launch()
        threading.Thread(target=self._read, daemon=True).start()
        self.node = wait_for(lambda: find_application(self.process.pid), 20, "imager on the accessibility bus")
        self.window_id = wait_for(lambda: x_window_of(self.process.pid), 10, "imager's X window")
        return self

    def launch(self):
        # IMAGER_E2E_STDERR=FILE keeps the app's warnings for a look afterwards.
        log = os.environ.get("IMAGER_E2E_STDERR")
        stderr = open(log, "a") if log else subprocess.DEVNULL
        return subprocess.Popen([self.binary], env=self.env, stdout=subprocess.PIPE,
                                stderr=stderr, text=True)

    def _read(self):
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def saved_lines(self):
        return [line for line in self.lines if line.startswith("Saved ")]

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def cleanup(self):
        self.stop()
        shutil.rmtree(self.home, ignore_errors=True)

    # Finding controls

    def find(self, role, name=None, showing=True):
        return find(self.node, role, name, showing)

    def wait_for_control(self, role, name=None, seconds=5):
        return wait_for(lambda: self.find(role, name), seconds, f"{role} {name!r}")

    def focus(self):
        xdotool("windowfocus", "--sync", self.window_id)
        time.sleep(0.3)


def german(locale_dir):
    """The environment that runs imager in German with the catalogues in LOCALE_DIR. LANGUAGE
    picks the translation; gettext ignores it under the C locale, and Debian 13's C library
    under C.UTF-8 too: so LANG names a German locale where one is installed (Debian 13's test
    root has one), else C.UTF-8 (Debian 12's C library reads LANGUAGE under it)."""
    installed = subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split()
    lang = next((name for name in installed if name.lower().replace("-", "") == "de_de.utf8"), "C.UTF-8")
    return dict(LANGUAGE="de", LANG=lang, IMAGER_LOCALE_DIR=locale_dir)


def wait_for(probe, seconds, what):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            value = probe()
        except Exception:
            value = None
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def find_application(pid):
    for app in pyatspi.Registry.getDesktop(0):
        try:
            if app is not None and app.get_process_id() == pid:
                return app
        except Exception:
            pass
    return None


def gtk_version():
    """The installed GTK 4's (major, minor) version, which imager runs on (asked in another
    process: GTK stays out of this one)."""
    out = subprocess.run(["/usr/bin/python3", "-c", "import gi; gi.require_version('Gtk', '4.0'); "
                          "from gi.repository import Gtk; print(Gtk.get_major_version(), Gtk.get_minor_version())"],
                         capture_output=True, text=True, check=True).stdout.split()
    return int(out[0]), int(out[1])


# GTK 4.10 renamed roles on the accessibility bus: GTK 4.8's "push button" is "button" there,
# and a group (a list row's box) is a "grouping", not a "panel". Tests may name a role either
# way; a node matches under both of its names, so they hold on both.
SAME_ROLES = [("push button", "button"), ("panel", "grouping")]
ROLE_NAMES = {name: names for names in SAME_ROLES for name in names}


def has_role(node, role):
    """Whether NODE has ROLE, under the role's GTK 4.8 name or its GTK 4.10+ name."""
    return node.getRoleName() in ROLE_NAMES.get(role, (role,))


def accessible_name(node):
    """The name a screen reader speaks for NODE: its own, else the text of what labels it.
    GTK 4.10+ leaves a menu item's name empty and points at its label instead."""
    if node.name:
        return node.name
    texts = []
    for relation in node.getRelationSet():
        if relation.getRelationType() != pyatspi.RELATION_LABELLED_BY:
            continue
        for i in range(relation.getNTargets()):
            target = relation.getTarget(i)
            try:
                texts.append(target.name or target.queryText().getText(0, -1))
            except Exception:
                pass
    return " ".join(text for text in texts if text)


def find(node, role, name=None, showing=True, depth=0):
    """Depth-first search for a node with this role name ("push button") and name."""
    if node is None or depth > 40:
        return None
    try:
        # GTK 4.8 marks only windows "showing"; a control is on screen when it and every
        # ancestor are visible (hidden pages, revealers and swipe buttons are not).
        if showing and depth > 1 and not node.getState().contains(pyatspi.STATE_VISIBLE):
            return None
        if has_role(node, role) and (name is None or accessible_name(node) == name):
            return node
        for child in node:
            found = find(child, role, name, showing, depth + 1)
            if found is not None:
                return found
    except Exception:
        return None
    return None


def x_window_of(pid):
    out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                         capture_output=True, text=True).stdout.split()
    return out[0] if out else None


def xdotool(*args):
    subprocess.run(["xdotool", *[str(a) for a in args]], check=True)


def center(node):
    """The node's centre on the screen."""
    x, y, w, h = extents(node)
    return x + w // 2, y + h // 2


def extents(node):
    """The node's box on the screen: x, y, width, height.

    AT-SPI gives a box in "window coordinates", which GTK computes by adding up each node's
    place in its parent, from the node up to its window; X knows where each window (the main
    one, a popover, a dialog) is on the screen, frame included (the shadow's margin, 5 pixels
    a side under Xvfb).
    - GTK 4.8 measures from the inside of the main window's frame, also for nodes in a
      popover, and reports the main window without its frame: the box is the main X window's
      place, plus its frame, plus the node's place.
    - GTK 4.18 measures from the window the node is in, and leaves each parent's own border
      and padding out of the sum; the window's own frame comes in with the wrong sign (the
      window reports itself at minus its frame, as big as its X window). For a node in a
      window whose X window is found (by its size), the box is that X window's place, plus
      the node's place in the window's box, plus the frame the top window's place left out.
      Other parents' padding stays out (the header bar's 6 pixels): a few pixels, within
      any control.
    The main window's own box is what it shows inside its frame, on both."""
    box = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    chain = [node]
    while chain[-1].parent is not None and chain[-1].parent.getRoleName() != "application":
        chain.append(chain[-1].parent)
    app = chain[-1].parent
    windows = x_windows_of(app.get_process_id())
    for ancestor in chain:
        try:
            outer = ancestor.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        except Exception:  # not every node has a place (GTK 4.8's stack pages)
            continue
        origin = next(((x, y) for x, y, w, h in windows if (w, h) == (outer.width, outer.height)), None)
        if origin is None:
            continue
        top = chain[-1].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
        frame_x, frame_y = -min(top.x, 0), -min(top.y, 0)
        if node is chain[-1]:
            # The main window itself: what it shows, inside its frame.
            return origin[0] + frame_x, origin[1] + frame_y, box.width - 2 * frame_x, box.height - 2 * frame_y
        if ancestor is node:
            return origin[0], origin[1], box.width, box.height
        return (origin[0] + box.x - outer.x + frame_x, origin[1] + box.y - outer.y + frame_y,
                box.width, box.height)
    # GTK 4.8: from the inside of the frame of the main window, or of the dialog the node is
    # in (its X window has the dialog's title).
    top = chain[-1].queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    pid = app.get_process_id()
    window = next((window for window in x_window_ids_of(pid) if chain[-1].name and window_name(window) == chain[-1].name),
                  x_window_of(pid))
    x, y, width, height = window_geometry(window)
    frame_x, frame_y = max(0, (width - top.width) // 2), max(0, (height - top.height) // 2)
    return box.x + x + frame_x, box.y + y + frame_y, box.width, box.height


def x_window_ids_of(pid):
    return subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)],
                          capture_output=True, text=True).stdout.split()


def x_windows_of(pid):
    """The place and size of each of the process's windows on screen (x, y, width, height)."""
    return [geometry for geometry in map(window_geometry, x_window_ids_of(pid)) if geometry is not None]


def window_name(window):
    return subprocess.run(["xdotool", "getwindowname", window], capture_output=True, text=True).stdout.strip()


def window_geometry(window):
    """The X window's place and size on screen (x, y, width, height), or None."""
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window],
                         capture_output=True, text=True).stdout
    values = dict(line.split("=", 1) for line in out.split() if "=" in line)
    try:
        return tuple(int(values[key]) for key in ("X", "Y", "WIDTH", "HEIGHT"))
    except (KeyError, ValueError):
        return None


def move_pointer(x, y):
    # Not --sync: it waits for a motion event, which never comes when the pointer is
    # already there (a second window opens where the first one was).
    xdotool("mousemove", x, y)
    time.sleep(0.05)


def settled_center(node, seconds=2):
    """The node's centre once it has stopped moving (a bar sliding shut moves the list under
    it for a quarter of a second), as a person would click it."""
    deadline = time.time() + seconds
    place = center(node)
    while time.time() < deadline:
        time.sleep(0.1)
        now = center(node)
        if now == place:
            break
        place = now
    return place


def click(node):
    move_pointer(*settled_center(node))
    xdotool("click", 1)


def type_path_in_chooser(path, chooser):
    """Types PATH into GTK's own file chooser (no portal here), the window titled CHOOSER, and
    accepts it: Ctrl+L opens its location field. The chooser gets the keyboard focus first:
    Xvfb has no window manager to give it, and keys that reached the main window instead would
    do its own things (Ctrl+L opens Set Lists there). GTK 4.18's field completes a folder's name
    as it is typed ("/tm" gets "p/") and keeps that completion after the cursor while the rest
    is typed: what is after the cursor is cut off before Return (nothing is, under GTK 4.8).
    On a busy machine a completion can land after later keys and mangle the text
    ("twenty-" became "twenty--"): the field is read back through AT-SPI, and typed again until
    it holds PATH, as a person would see the wrong path and type it again."""
    windows = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", chooser],
                             capture_output=True, text=True).stdout.split()
    assert windows, f"no chooser titled {chooser!r} to type into"
    xdotool("windowfocus", "--sync", windows[-1])
    xdotool("key", "ctrl+l")
    time.sleep(0.3)
    field = None
    for attempt in range(3):
        xdotool("type", "--delay", 20, path)
        time.sleep(0.3)
        xdotool("key", "shift+End", "Delete")
        field = field or wait_for(lambda: focused_field(windows[-1], chooser), 5, f"the focused field of {chooser!r}")
        text = settled_text(field)
        if text == path:
            break
        print(f"    ({chooser!r}'s location field read {text!r}: typed again)", flush=True)
        xdotool("key", "ctrl+a", "BackSpace")
        time.sleep(0.3)
    else:
        raise AssertionError(f"{chooser!r}: the location field holds {settled_text(field)!r} after three tries, not {path!r}")
    xdotool("key", "Return")


def focused_field(window, title):
    """The text field with the keyboard focus in the X WINDOW titled TITLE, through AT-SPI."""
    pid = int(subprocess.run(["xdotool", "getwindowpid", window], capture_output=True, text=True).stdout)
    application = find_application(pid)
    toplevel = next((node for node in application if node is not None and node.name == title), None)
    field = focused(toplevel, depth=1)
    field.queryText()   # raises unless it is a text field: wait_for then looks again
    return field


def focused(node, depth=0):
    """The control holding the keyboard focus under NODE (an application, at depth 0, or one of
    its windows, at depth 1), or None."""
    if node is None or depth > 40:
        return None
    try:
        if depth > 1 and node.getState().contains(pyatspi.STATE_FOCUSED):
            return node
        for child in node:
            found = focused(child, depth + 1)
            if found is not None:
                return found
    except Exception:
        return None
    return None


def settled_text(field):
    """FIELD's text once two readings half a second apart agree (a late completion lands)."""
    def read():
        text = field.queryText()
        return text.getText(0, text.characterCount)
    previous = read()
    for _ in range(10):
        time.sleep(0.5)
        current = read()
        if current == previous:
            return current
        previous = current
    return previous


def screenshot(name):
    directory = os.environ.get("IMAGER_E2E_SCREENSHOTS")
    if directory and shutil.which("import"):
        os.makedirs(directory, exist_ok=True)
        subprocess.run(["import", "-window", "root", os.path.join(directory, name + ".png")],
                       stderr=subprocess.DEVNULL)
