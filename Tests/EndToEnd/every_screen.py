"""Photographs every screen of the real window, for a person to look at: run by
`packaging/screenshots.sh --every-screen OUTDIR [BINARY]`, inside the private X server, D-Bus
session and accessibility bus it starts (as Tests/EndToEnd/run.sh does for the tests).

    every_screen.py BINARY OUTDIR

For each style (light, dark: libadwaita's ADW_DEBUG_COLOR_SCHEME) and each window size
(360 × 640, 800 × 600, 1920 × 1080) it starts a fresh Imager with the starter chordsets and
walks it by keyboard and AT-SPI, as the end-to-end tests do, photographing on the way:

    list       the starter chordsets
    search     Ctrl+F and "o" typed
    editor     the chord editor, opened by a click on the first chord
    perform    F5, its strip shown (the pointer moved)
    sync       Sync… from the main menu
    about      About Imager from the main menu
    shortcuts  Ctrl+? (the keyboard shortcuts window)
    message    Delete All Chordsets… from the main menu (a libadwaita message)
    empty      the list once Delete All is confirmed and its Undo toast has gone

into OUTDIR/SCREEN-WIDTH-STYLE.png (list-800-dark.png). A photograph is the smallest box of
the screen holding every window of the app that is showing, so a dialog that is a window of
its own (libadwaita before 1.5, the editor, the shortcuts window) is in it with the main window.
A screen that cannot be reached is reported on stderr and the others are still taken; the exit
status is 1 if any is missing. IMAGER_SCREENS_ONLY=list,editor and IMAGER_SCREENS_WIDTHS=360
take fewer; IMAGER_SCREENS_VERBOSE=1 prints the traceback of a screen not taken."""
import os
import subprocess
import sys
import time
import traceback

from harness import App, click, find, wait_for, x_window_ids_of, window_geometry, xdotool
from window_steps import find_named

STYLES = {"light": "prefer-light", "dark": "prefer-dark"}
SIZES = {360: 640, 800: 600, 1920: 1080}
SCREENS = ["list", "search", "editor", "perform", "sync", "about", "shortcuts", "message", "empty"]
# Where the pointer waits while a photograph is taken: on the screen, away from any window
# (the X screen is made bigger than the biggest window by screenshots.sh).
POINTER_PARKED = (2040, 1190)


def main():
    binary, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    only = [name for name in os.environ.get("IMAGER_SCREENS_ONLY", "").split(",") if name]
    widths = [int(w) for w in os.environ.get("IMAGER_SCREENS_WIDTHS", "").split(",") if w] or list(SIZES)
    missing = []
    for style in STYLES:
        for width in widths:
            missing += walk(binary, outdir, style, width, only)
    for name, reason in missing:
        print(f"every_screen: {name} was not taken: {reason}", file=sys.stderr)
    return 1 if missing else 0


def walk(binary, outdir, style, width, only):
    """Starts one Imager at this style and width and takes each screen in turn; returns the
    (name, reason) of those not taken."""
    height = SIZES[width]
    app = App(binary)
    app.env["ADW_DEBUG_COLOR_SCHEME"] = STYLES[style]
    config = os.path.join(app.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "window.ini"), "w") as f:
        f.write(f"[window]\nwidth={width}\nheight={height}\nmaximized=false\n")
    missing = []
    try:
        app.start()
        app.wait_for_control("panel", "Warm", seconds=20)
        app.focus()
        for screen in SCREENS:
            if only and screen not in only:
                continue
            name = f"{screen}-{width}-{style}"
            try:
                STEPS[screen](app, lambda **how: photograph(app, os.path.join(outdir, name + ".png"), **how))
                print(f"every_screen: wrote {name}.png", flush=True)
            except Exception as error:
                missing.append((name, f"{error}"))
                if os.environ.get("IMAGER_SCREENS_VERBOSE"):
                    traceback.print_exc()
                back_to_the_list(app)
    except Exception as error:
        missing.append((f"{style} at {width}", f"the window did not open: {error}"))
    finally:
        app.cleanup()
    return missing


def photograph(app, path, pointer=POINTER_PARKED, settle=1.5):
    """The smallest box of the screen that holds every showing window of the app, once the
    pointer is out of the way (at POINTER) and the window has settled."""
    xdotool("mousemove", *pointer)
    time.sleep(settle)
    boxes = [g for g in map(window_geometry, x_window_ids_of(app.process.pid)) if g and g[2] > 1 and g[3] > 1]
    left = max(0, min(x for x, y, w, h in boxes))
    top = max(0, min(y for x, y, w, h in boxes))
    right = max(x + w for x, y, w, h in boxes)
    bottom = max(y + h for x, y, w, h in boxes)
    subprocess.run(["import", "-window", "root", "-crop", f"{right - left}x{bottom - top}+{left}+{top}",
                    "+repage", path], check=True, stderr=subprocess.DEVNULL)


def back_to_the_list(app):
    """After a screen that could not be taken: whatever is open is closed."""
    for _ in range(3):
        xdotool("key", "Escape")
        time.sleep(0.3)
    try:
        app.focus()
    except Exception:
        pass


def menu_item(app, name):
    """Activates NAME in the main menu, as a screen reader does (see test_window_details)."""
    app.focus()
    click(app.wait_for_control("push button", "Main Menu"))
    app.wait_for_control("menu item", name).queryAction().doAction(0)


def closed_by_escape(app, probe, what):
    xdotool("key", "Escape")
    wait_for(lambda: not probe(), 5, f"Escape to close {what}")
    app.focus()


def take_list(app, shoot):
    shoot()


def take_search(app, shoot):
    xdotool("key", "ctrl+f")
    app.wait_for_control("entry", "Search chordsets")
    xdotool("type", "--delay", 50, "o")
    time.sleep(0.5)
    shoot()
    xdotool("key", "Escape")
    time.sleep(0.3)
    xdotool("key", "Escape")
    wait_for(lambda: app.find("entry", "Search chordsets") is None, 5, "the search bar to close")
    app.focus()


def take_editor(app, shoot):
    click(app.wait_for_control("push button", "Chord 1: vivid yellow, #F6D14E"))
    wait_for(lambda: find_named(app.node, "image", "Chord 1 canvas"), 10, "the chord editor's canvas")
    shoot()
    closed_by_escape(app, lambda: find_named(app.node, "image", "Chord 1 canvas"), "the chord editor")


def take_perform(app, shoot):
    xdotool("key", "F5")
    wait_for(lambda: find_named(app.node, "image", "Warm, chord 1 of"), 10, "Perform")
    # Perform's strip and title fade out two seconds after the pointer last moved: the
    # pointer moves inside the window, and the photograph is taken once they have faded in.
    x, y, width, height = window_geometry(app.window_id)
    xdotool("mousemove", x + width // 2, y + height // 2)
    shoot(pointer=(x + width // 2 + 8, y + height // 2 + 8), settle=0.6)
    closed_by_escape(app, lambda: find_named(app.node, "image", "Warm, chord 1 of"), "Perform")


def take_sync(app, shoot):
    menu_item(app, "Sync…")
    app.wait_for_control("label", "Sync Folder")
    shoot()
    closed_by_escape(app, lambda: app.find("label", "Sync Folder"), "Sync")


def take_about(app, shoot):
    menu_item(app, "About Imager")
    app.wait_for_control("label", "Report an Issue")
    shoot()
    closed_by_escape(app, lambda: app.find("label", "Report an Issue"), "About")


def take_shortcuts(app, shoot):
    app.focus()
    xdotool("key", "ctrl+question")
    app.wait_for_control("label", "Next Area")
    shoot()
    closed_by_escape(app, lambda: app.find("label", "Next Area"), "the shortcuts window")


def take_message(app, shoot):
    menu_item(app, "Delete All Chordsets…")
    app.wait_for_control("label", "Delete All Chordsets?")
    shoot()


def take_empty(app, shoot):
    # Follows the message: its Delete All is pressed, as a screen reader presses it.
    if app.find("label", "Delete All Chordsets?") is None:
        menu_item(app, "Delete All Chordsets…")
        app.wait_for_control("label", "Delete All Chordsets?")
    dialog = app.wait_for_control("label", "Delete All Chordsets?")
    while dialog.getRoleName() not in ("frame", "dialog", "alert", "window"):
        dialog = dialog.parent
    button = wait_for(lambda: find(dialog, "push button", "Delete All"), 5, "the Delete All button")
    button.queryAction().doAction(0)
    app.wait_for_control("label", "No Chordsets")
    # The Undo toast goes after its few seconds; the empty page is photographed without it.
    wait_for(lambda: app.find("push button", "Undo") is None, 15, "the Undo toast to go")
    time.sleep(0.5)
    shoot()


STEPS = {"list": take_list, "search": take_search, "editor": take_editor, "perform": take_perform,
         "sync": take_sync, "about": take_about, "shortcuts": take_shortcuts, "message": take_message,
         "empty": take_empty}

if __name__ == "__main__":
    sys.exit(main())
