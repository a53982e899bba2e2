"""The user's manual opens from the window: F1 and Help in the main menu hand
`help:io.github.imagerproject.Imager` to the desktop's help viewer, and when the desktop has
none, the person is told so in a toast, read from the screen. The menu ends as GNOME's do
(Preferences, Keyboard Shortcuts, Help, About Imager), in German too.

The help viewer is a stand-in: a desktop file in the app's private $XDG_DATA_HOME/applications,
made the default for `x-scheme-handler/help` by $XDG_CONFIG_HOME/mimeapps.list, whose command
writes the address it was given into a file.
"""
import os
import shutil
import stat
import subprocess
import tempfile
import time

from harness import App, accessible_name, extents, german, has_role, screenshot, wait_for, xdotool
from suite import test
from test_basics_seen import ocr, reads, shot_region, toast_region

HELP_URI = "help:io.github.imagerproject.Imager"
FAILURE = "Could not open the help: no help viewer is installed"


def app_with_help_viewer(first):
    """A fresh Imager whose desktop opens help: addresses with a stand-in viewer; the app and
    the path of the file the viewer writes what it was asked to open into."""
    first.stop()  # one instance at a time: a second launch would hand over to the first
    app = App(first.binary)
    received = os.path.join(app.home, "help-viewer-received")
    viewer = os.path.join(app.home, "help-viewer")
    with open(viewer, "w") as f:
        f.write(f"#!/bin/sh\nprintf '%s' \"$*\" >> '{received}'\n")
    os.chmod(viewer, os.stat(viewer).st_mode | stat.S_IXUSR)
    applications = os.path.join(app.env["XDG_DATA_HOME"], "applications")
    os.makedirs(applications)
    with open(os.path.join(applications, "imager-test-help-viewer.desktop"), "w") as f:
        f.write("[Desktop Entry]\nType=Application\nName=Help Viewer Stand-in\n"
                f"Exec={viewer} %u\nMimeType=x-scheme-handler/help;\nNoDisplay=true\n")
    write_mimeapps(app, "[Default Applications]\nx-scheme-handler/help=imager-test-help-viewer.desktop\n")
    assert help_handlers(app)[:1] == ["imager-test-help-viewer.desktop"], help_handlers(app)
    return app.start(), received


def write_mimeapps(app, text):
    os.makedirs(app.env["XDG_CONFIG_HOME"], exist_ok=True)
    with open(os.path.join(app.env["XDG_CONFIG_HOME"], "mimeapps.list"), "w") as f:
        f.write(text)


def help_handlers(app):
    """The desktop files GIO would open help: addresses with in the app's environment, the
    default first."""
    out = subprocess.run(["gio", "mime", "x-scheme-handler/help"], env=app.env,
                         capture_output=True, text=True).stdout
    default = [line.rsplit(": ", 1)[1].strip() for line in out.splitlines() if line.startswith("Default application")]
    listed = sorted({line.strip() for line in out.splitlines() if line[:1].isspace() and line.strip()})
    return default + [name for name in listed if name not in default]


def received_text(path):
    try:
        with open(path) as f:
            return f.read()
    except FileNotFoundError:
        return None


def assert_viewer_asked_once(received):
    wait_for(lambda: received_text(received), 10, "the help viewer to be started")
    time.sleep(1)  # a second launch would have written by now
    assert received_text(received) == HELP_URI, \
        f"the help viewer was asked to open {received_text(received)!r}, not exactly {HELP_URI!r}"


@test
def f1_opens_the_manual_in_the_help_viewer(first):
    app, received = app_with_help_viewer(first)
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        xdotool("key", "F1")
        assert_viewer_asked_once(received)
    except Exception:
        screenshot("failed-help-f1")
        raise
    finally:
        app.cleanup()


@test
def help_in_the_main_menu_opens_the_manual(first):
    app, received = app_with_help_viewer(first)
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        xdotool("key", "F10")  # the primary menu's key
        item = app.wait_for_control("menu item", "Help")
        # GNOME's order: the menu ends with Preferences, Keyboard Shortcuts, Help, About Imager.
        items = [accessible_name(node) for node in nodes_with_role(app, "menu item")]
        assert items[-4:] == ["Preferences", "Keyboard Shortcuts", "Help", "About Imager"], items
        screenshot("help-main-menu")
        item.queryAction().doAction(0)
        assert_viewer_asked_once(received)
    except Exception:
        screenshot("failed-help-menu")
        raise
    finally:
        app.cleanup()


def nodes_with_role(app, role):
    """Every node of ROLE in the app's accessibility tree, shown or not, in tree order."""
    found = []

    def walk(node, depth=0):
        if node is None or depth > 40:
            return
        try:
            if has_role(node, role):
                found.append(node)
            for child in node:
                walk(child, depth + 1)
        except Exception:
            pass
    walk(app.node)
    return found


@test
def without_a_help_viewer_a_toast_says_the_help_could_not_open(first):
    first.stop()
    app = App(first.binary)
    # Whatever this machine has installed for help: addresses is taken out of the app's view.
    installed = help_handlers(app)
    if installed:
        write_mimeapps(app, "[Removed Associations]\nx-scheme-handler/help=" + ";".join(installed) + ";\n")
    assert help_handlers(app) == [], f"a help viewer is still offered: {help_handlers(app)}"
    os.makedirs(os.path.join(app.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager"), exist_ok=True)
    with open(os.path.join(app.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager", "window.ini"), "w") as f:
        f.write("[window]\nwidth=800\nheight=640\nmaximized=false\n")
    app.start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        window = extents(app.wait_for_control("frame", "Imager"))
        xdotool("key", "F1")
        deadline = time.time() + 10
        while True:
            time.sleep(0.5)
            # The toast may wrap its message: read its lines as one.
            seen = " ".join(ocr(shot_region(app, "help-failure-toast", *toast_region(app, window))).split())
            if reads(seen, FAILURE) or time.time() > deadline:
                break
        assert reads(seen, FAILURE), f"no “{FAILURE}” at the foot of the window; it reads {seen!r}"
        assert app.find("label", FAILURE) is not None, "the toast's label is not exactly the failure"
    except Exception:
        screenshot("failed-help-toast")
        raise
    finally:
        app.cleanup()


@test
def in_german_the_main_menu_ends_with_hilfe_between_shortcuts_and_about(first):
    first.stop()
    catalogues = tempfile.mkdtemp(prefix="imager-e2e-po-")
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    subprocess.run([os.path.join(repo, "po", "build.sh"), catalogues], check=True)
    app = App(first.binary)
    app.env.update(german(os.path.join(catalogues, "locale")))
    app.start()
    try:
        app.wait_for_control("label", "Warm")
        app.focus()
        xdotool("key", "F10")
        app.wait_for_control("menu item", "Hilfe")
        items = [accessible_name(node) for node in nodes_with_role(app, "menu item")]
        assert items[-4:] == ["Einstellungen", "Tastenkürzel", "Hilfe", "Info zu Imager"], items
        screenshot("help-main-menu-german")
    finally:
        app.cleanup()
        shutil.rmtree(catalogues, ignore_errors=True)
