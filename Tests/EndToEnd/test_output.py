"""Perform's Output on a second monitor: the picture goes full screen to a window of its own on
the chosen monitor, the main window becomes the control surface, keys play in either window,
and unplugging the monitor brings the picture back into the main window.

Xvfb cannot give GDK two monitors: its RandR has one output, and GDK makes one monitor per
output (a monitor added with `xrandr --setmonitor` without an output of its own is not
listed). So this test starts its own X server, Xorg with the dummy video driver, which has
sixteen outputs: two of them side by side are the two monitors, and turning the second off
(`xrandr --output DUMMY1 --off`) is unplugging it. Openbox is the window manager that
honours full screen on a monitor, as a desktop's would."""
import os
import shutil
import subprocess
import tempfile
import time

from harness import App, click, wait_for, window_geometry, window_name, x_window_ids_of, xdotool
from suite import test
from test_perform import screen_pixel
from test_editor_and_perform import pointer_pixels_shown
from window_steps import find_named

MONITOR = (1280, 800)
XORG_CONF = """
Section "Device"
  Identifier "dummy"
  Driver "dummy"
  VideoRam 256000
EndSection
Section "Monitor"
  Identifier "monitor"
  HorizSync 5.0-1000.0
  VertRefresh 5.0-200.0
EndSection
Section "Screen"
  Identifier "screen"
  Device "dummy"
  Monitor "monitor"
  DefaultDepth 24
  SubSection "Display"
    Depth 24
    Virtual 2560 800
  EndSubSection
EndSection
"""


class TwoMonitors:
    """An X server of its own with two 1280x800 monitors side by side: DUMMY0 at the left,
    DUMMY1 at the right, and a window manager."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="imager-two-monitors-")
        self.display = next(f":{n}" for n in range(70, 100) if not os.path.exists(f"/tmp/.X11-unix/X{n}")
                            and not os.path.exists(f"/tmp/.X{n}-lock"))
        self.env = dict(os.environ, DISPLAY=self.display)
        self.processes = []

    def start(self):
        missing = [tool for tool in ("Xorg", "xrandr", "openbox", "xdpyinfo", "xprop") if shutil.which(tool) is None]
        if not os.path.exists("/usr/lib/xorg/modules/drivers/dummy_drv.so"):
            missing.append("the dummy video driver")
        assert not missing, ("two monitors need " + ", ".join(missing) + " (apt-get install xserver-xorg-core "
                             "xserver-xorg-video-dummy x11-xserver-utils openbox x11-utils)")
        conf = os.path.join(self.directory, "xorg.conf")
        with open(conf, "w") as file:
            file.write(XORG_CONF)
        self.processes.append(subprocess.Popen(
            ["Xorg", self.display, "-noreset", "-nolisten", "tcp", "-config", conf, "-configdir", self.directory,
             "-logfile", os.path.join(self.directory, "xorg.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        try:
            wait_for(lambda: self.run("xdpyinfo").returncode == 0, 15, f"Xorg on {self.display}")
        except AssertionError:
            log = os.path.join(self.directory, "xorg.log")
            tail = open(log, errors="replace").read()[-1500:] if os.path.exists(log) else "(no log)"
            raise AssertionError(f"Xorg with the dummy driver did not start on {self.display}:\n{tail}")
        self.xrandr("--output", "DUMMY0", "--mode", "1280x800", "--pos", "0x0", "--primary")
        self.xrandr("--addmode", "DUMMY1", "1280x800")
        self.plug()
        self.processes.append(subprocess.Popen(["openbox"], env=self.env,
                                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for(lambda: "_NET_SUPPORTING_WM_CHECK(WINDOW)" in
                 self.run("xprop", "-root", "_NET_SUPPORTING_WM_CHECK").stdout, 10, "openbox")
        # New windows open where the pointer is: on the first monitor.
        self.run("xdotool", "mousemove", "400", "300")
        return self

    def run(self, *command):
        return subprocess.run(command, env=self.env, capture_output=True, text=True)

    def xrandr(self, *args):
        subprocess.run(["xrandr", *args], env=self.env, check=True, capture_output=True)

    def monitors(self):
        """`xrandr --listmonitors`' monitors: the number of lines after its heading."""
        return self.run("xrandr", "--listmonitors").stdout.strip().splitlines()[1:]

    def plug(self):
        self.xrandr("--output", "DUMMY1", "--mode", "1280x800", "--pos", "1280x0")
        wait_for(lambda: len(self.monitors()) == 2, 5, "two monitors")

    def unplug(self):
        self.xrandr("--output", "DUMMY1", "--off")
        wait_for(lambda: len(self.monitors()) == 1, 5, "one monitor")

    def stop(self):
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(self.directory, ignore_errors=True)


def gdk_monitors(env):
    """The monitors GTK sees on this display (connector and geometry), asked in another process."""
    script = ("import gi; gi.require_version('Gtk', '4.0'); gi.require_version('Gdk', '4.0');"
              "from gi.repository import Gdk, Gtk; Gtk.init(); m = Gdk.Display.get_default().get_monitors();"
              "[print(m.get_item(i).get_connector(), m.get_item(i).get_geometry().x, m.get_item(i).get_geometry().width)"
              " for i in range(m.get_n_items())]")
    return subprocess.run(["/usr/bin/python3", "-c", script], env=env, capture_output=True, text=True).stdout.split("\n")


def output_windows(app):
    return [window for window in x_window_ids_of(app.process.pid) if window_name(window) == "Imager Output"]


def region_colours(app, geometry, name):
    """Three pixels (middle, two corners) of a region of the screen, as #RRGGBB."""
    x, y, w, h = geometry
    directory = os.environ.get("IMAGER_E2E_SCREENSHOTS") or app.home
    os.makedirs(directory, exist_ok=True)
    shot = os.path.join(directory, f"{name}.png")
    subprocess.run(["import", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "+repage", shot], check=True)
    return {screen_pixel(shot, px, py) for px, py in [(w // 2, h // 2), (12, 12), (w - 12, h - 12)]}


def colours_once_settled(app, geometry, name, wanted, seconds=4):
    """The region's colours once they are WANTED, or as they are after SECONDS: safe light may
    stretch or delay a change that comes soon after others, past the fade time."""
    deadline = time.time() + seconds
    while True:
        seen = region_colours(app, geometry, name)
        if seen == wanted or time.time() > deadline:
            return seen
        time.sleep(0.2)


def whole_screen(app, name):
    directory = os.environ.get("IMAGER_E2E_SCREENSHOTS") or app.home
    subprocess.run(["import", "-window", "root", os.path.join(directory, f"{name}.png")], check=True)


@test
def output_on_a_second_monitor_shows_only_the_picture_and_comes_back_when_unplugged(first):
    first.stop()  # one instance at a time: a second launch would hand over to the first
    screens = TwoMonitors().start()
    display = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = screens.display  # for xdotool and import, and the app
    app = None
    try:
        connectors = [line.split()[0] for line in gdk_monitors(screens.env) if line]
        assert connectors == ["DUMMY0", "DUMMY1"], f"GTK sees these monitors: {connectors}"
        app = App(first.binary).start()
        app.wait_for_control("label", "Warm")
        app.focus()
        main = app.window_id
        main_box = window_geometry(main)
        assert main_box[0] + main_box[2] <= MONITOR[0], f"the main window opens on the first monitor: {main_box}"

        xdotool("key", "F5")
        app.wait_for_control("image", "Warm, chord 1 of 8")
        # The strip names each chord's colour: chords 1, 5 and 8 are what the output must show.
        colours = {}
        for slot in (1, 5, 8):
            cell = wait_for(lambda: find_named(app.node, "push button", f"Chord {slot}: "), 5, f"the strip's chord {slot}")
            colours[slot] = cell.name.rsplit(", ", 1)[1]

        # Output: the second monitor, chosen in the strip.
        chooser = app.wait_for_control("combo box", "Output")
        assert app.find("push button", "Stop") is None, "no control surface while the picture is in the window"
        click(chooser)
        # The list opens on This Window; DUMMY0 and DUMMY1 follow. (Keys, not a click: under a
        # window manager GTK 4.8 places a popover's nodes where they are not.)
        wait_for(lambda: find_named(app.node, "label", "DUMMY1"), 5, "DUMMY1 in the Output list")
        time.sleep(0.3)
        xdotool("key", "Down", "Down", "Return")
        window = wait_for(lambda: output_windows(app), 10, "the Imager Output window")[0]
        wait_for(lambda: window_geometry(window) == (MONITOR[0], 0, *MONITOR), 10,
                 f"the output full screen on the second monitor (it is at {window_geometry(window)})")
        main_box = window_geometry(main)
        assert main_box[0] + main_box[2] <= MONITOR[0], f"the main window stays on the first monitor: {main_box}"
        output_box = window_geometry(window)

        # The control surface: what is live, what comes next, where in the set list, Stop.
        app.wait_for_control("image", "Live: Warm, chord 1 of 8")
        app.wait_for_control("image", "Next: Warm, chord 2 of 8")
        assert find_named(app.node, "label", "Set list position 1 / "), "the set list's position"
        app.wait_for_control("push button", "Stop")
        app.wait_for_control("push button", f"Chord 8: {cell.name.split(': ', 1)[1]}")
        time.sleep(0.5)
        assert region_colours(app, output_box, "output-chord-1") == {colours[1]}

        # No pointer over the audience's picture, even while it moves; the control window keeps it.
        xdotool("mousemove", MONITOR[0] + 600, 380)
        xdotool("mousemove", MONITOR[0] + 640, 400)
        time.sleep(0.3)
        assert pointer_pixels_shown() == 0, "the pointer shows over the output"
        xdotool("mousemove", main_box[0] + 60, main_box[1] + 60)
        xdotool("mousemove", main_box[0] + 70, main_box[1] + 70)
        time.sleep(0.3)
        assert pointer_pixels_shown() > 0, "the pointer hides over the control surface"

        # Keys in the control window play on the output.
        xdotool("windowfocus", "--sync", main)
        for slot in (5, 8):
            xdotool("key", str(slot))
            app.wait_for_control("image", f"Live: Warm, chord {slot} of 8")
            seen = colours_once_settled(app, output_box, f"output-chord-{slot}", {colours[slot]})
            assert seen == {colours[slot]}, (slot, seen, colours[slot])
        # The control window keeps its strip in sight, never auto-hidden.
        time.sleep(2.6)
        assert app.find("push button", f"Chord 8: {cell.name.split(': ', 1)[1]}") is not None, "the strip stays"
        whole_screen(app, "output-control-and-output")

        # Keys on the output window play too; Escape there does nothing.
        xdotool("windowfocus", "--sync", window)
        xdotool("key", "1")
        app.wait_for_control("image", "Live: Warm, chord 1 of 8")
        xdotool("key", "Escape")
        time.sleep(0.5)
        assert output_windows(app) == [window], "Escape on the output leaves the output alone"
        assert app.find("push button", "Stop") is not None, "and Perform goes on"
        xdotool("key", "8")
        app.wait_for_control("image", "Live: Warm, chord 8 of 8")

        # Blackout: the output goes black, the control surface says so, and B brings it back.
        xdotool("windowfocus", "--sync", main)
        xdotool("key", "b")
        app.wait_for_control("image", "Blackout")
        app.wait_for_control("image", "Live: Blackout")
        assert colours_once_settled(app, output_box, "output-blackout", {"#000000"}) == {"#000000"}
        xdotool("key", "b")
        app.wait_for_control("image", "Warm, chord 8 of 8")
        assert colours_once_settled(app, output_box, "output-back", {colours[8]}) == {colours[8]}

        # The monitor unplugged: the output window goes, the main window shows the same chord.
        screens.unplug()
        wait_for(lambda: not output_windows(app), 10, "the output window to close")
        canvas = app.wait_for_control("image", "Warm, chord 8 of 8")
        assert app.find("push button", "Stop") is None, "the control surface gave way to the picture"
        main_box = window_geometry(main)
        inside = (main_box[0] + 40, main_box[1] + 40, main_box[2] - 80, main_box[3] // 3)
        seen = colours_once_settled(app, inside, "output-back-in-main-window", {colours[8]})
        assert seen == {colours[8]}, seen

        # Plugged in again, it is listed again to choose.
        screens.plug()
        chooser = app.wait_for_control("combo box", "Output")
        xdotool("mousemove", main_box[0] + 100, main_box[1] + 100)
        click(chooser)
        wait_for(lambda: find_named(app.node, "label", "DUMMY1"), 5, "DUMMY1 listed again")
        time.sleep(0.3)
        xdotool("key", "Down", "Down", "Return")
        window = wait_for(lambda: output_windows(app), 10, "the Imager Output window again")[0]
        app.wait_for_control("image", "Live: Warm, chord 8 of 8")

        # Escape in the control window leaves Perform and closes the output.
        xdotool("windowfocus", "--sync", main)
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
        wait_for(lambda: not output_windows(app), 5, "the output window to close on leaving")
    except Exception:
        # The suite photographs its own display on failure; this one is elsewhere.
        if app and os.environ.get("IMAGER_E2E_SCREENSHOTS"):
            whole_screen(app, "failed-two-monitors")
        raise
    finally:
        if app:
            app.cleanup()
        if display is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = display
        screens.stop()
