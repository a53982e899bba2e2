"""OSC on the real window: with perform.ini's [OSC] enabled, `oscsend` (liblo-tools) plays a
chord, which opens Perform and shows the chord's colour on screen; /imager/blackout 1 turns
it black; a flood of valid and malformed datagrams leaves the window answering its keys."""
import os
import socket
import subprocess
import threading
import time

from harness import App, click, extents, wait_for, xdotool
from suite import test
from test_blackout import canvas_pixels, canvas_pixels_once
from test_basics_seen import ocr, reads
from test_preferences import window_named
from window_steps import find_named


def free_udp_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def write_osc_settings(app, port, enabled="true", listen="local"):
    folder = os.path.join(app.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "perform.ini"), "w") as ini:
        ini.write(f"[perform]\nfade-seconds=0.15\n\n[OSC]\nenabled={enabled}\nport={port}\nlisten={listen}\n")


def oscsend(port, address, *typed):
    subprocess.run(["oscsend", "localhost", str(port), address, *typed], check=True, timeout=5)


def bound_addresses(port):
    """The local addresses UDP sockets on `port` are bound to, from /proc/net/udp."""
    found = []
    with open("/proc/net/udp") as table:
        for line in table.readlines()[1:]:
            local = line.split()[1]
            address, hex_port = local.split(":")
            if int(hex_port, 16) == port:
                found.append(".".join(str(int(address[i:i + 2], 16)) for i in (6, 4, 2, 0)))
    return found


def osc_message(address, tag="", payload=b""):
    def padded(text):
        data = text.encode() + b"\0"
        return data + b"\0" * (-len(data) % 4)
    return padded(address) + padded("," + tag) + payload


def flood(port, seconds, sent):
    """Valid and malformed datagrams, as fast as Python sends them, for `seconds`."""
    messages = [
        osc_message("/imager/chord", "i", (3).to_bytes(4, "big")),
        osc_message("/imager/next"),
        osc_message("/imager/master", "f", b"\x3f\x80\x00\x00"),
        osc_message("/imager/chord", "i", (99).to_bytes(4, "big")),   # out of range
        osc_message("/imager/nonsense"),                               # unknown
        b"\x00\x01garbage",                                            # not OSC
        osc_message("/imager/chord", "i"),                             # argument missing
        b"/imager/chord\0\0\0,s\0\0" + b"\xff" * 40,                  # a string never ended
    ]
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as out:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            for message in messages:
                out.sendto(message, ("127.0.0.1", port))
            sent[0] += len(messages)


@test
def osc_plays_a_chord_into_perform_blacks_out_and_survives_a_flood(first):
    first.stop()  # one instance at a time: a second launch would hand over to the first
    port = free_udp_port()
    app = App(first.binary)
    write_osc_settings(app, port)
    app.start()
    try:
        app.wait_for_control("label", "Warm")
        # "This Computer": the port is bound to the loopback address alone.
        wait_for(lambda: bound_addresses(port), 5, f"a socket on UDP port {port}")
        assert bound_addresses(port) == ["127.0.0.1"], bound_addresses(port)

        oscsend(port, "/imager/chord", "i", "5")
        canvas = app.wait_for_control("image", "Warm, chord 5 of 8")
        # A played chord takes the strip off the picture at once (it is up for Perform's
        # first two seconds otherwise).
        shown = time.monotonic()
        wait_for(lambda: find_named(app.node, "push button", "Chord 5: ") is None, 5, "the strip to leave")
        assert time.monotonic() - shown < 1.5, "the strip waited for its timeout"
        colour = "#D9534F"  # Warm's chord 5 (data/seed.json)
        time.sleep(0.5)  # the standard fade is 0.15 s
        lit = canvas_pixels(app, canvas, "osc-chord-5")
        assert lit == {colour}, (lit, colour)

        oscsend(port, "/imager/blackout", "i", "1")
        canvas = app.wait_for_control("image", "Blackout")
        # Red and then black within a second is a red flash: safe light stretches this fade.
        black = canvas_pixels_once(app, canvas, "osc-blackout", {"#000000"})
        assert black == {"#000000"}, black
        oscsend(port, "/imager/blackout", "i", "0")
        canvas = app.wait_for_control("image", "Warm, chord 5 of 8")

        # A flood: the window still answers a key within two seconds, while it lasts.
        sent = [0]
        sender = threading.Thread(target=flood, args=(port, 4, sent))
        sender.start()
        time.sleep(1)
        app.focus()
        pressed = time.monotonic()
        xdotool("key", "b")
        app.wait_for_control("image", "Blackout", seconds=2)
        answered = time.monotonic() - pressed
        sender.join()
        assert sent[0] >= 50_000, f"only {sent[0]} datagrams sent"
        assert app.process.poll() is None, "imager died in the flood"
        print(f"    {sent[0]} datagrams in 4 s; B answered in {answered:.2f} s")

        # And afterwards OSC still plays.
        oscsend(port, "/imager/blackout", "i", "0")
        oscsend(port, "/imager/chord", "f", "8")
        canvas = app.wait_for_control("image", "Warm, chord 8 of 8")
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")

        # The malformed and unknown ones were counted: Preferences says how many.
        xdotool("key", "ctrl+comma")
        window = wait_for(lambda: window_named(app, "Preferences"), 5, "the Preferences window")
        status = wait_for(lambda: find_named(app.node, "label", "Listening on port"), 5, "the OSC status")
        ignored = int(status.name.split("; ")[1].split()[0])
        assert ignored >= 5 * sent[0] // 8 // 10, (ignored, sent[0])  # the kernel drops some of a flood
        time.sleep(0.5)
        # The status, photographed alone (it wraps: "...; 191596 messages" / "ignored").
        x, y, width, height = extents(status)
        path = os.path.join(os.environ.get("IMAGER_E2E_SCREENSHOTS") or app.home, "osc-ignored.png")
        subprocess.run(["import", "-window", "root", "-crop", f"{width + 8}x{height + 8}+{x - 4}+{y - 4}", "+repage",
                        "-colorspace", "Gray", "-resize", "300%", path], check=True)
        text = ocr(path)
        assert reads(text, f"{ignored} messages"), text
    finally:
        app.cleanup()


@test
def osc_port_in_use_is_said_and_imager_stays_up(first):
    first.stop()
    port = free_udp_port()
    holder = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    holder.bind(("127.0.0.1", port))
    app = App(first.binary)
    write_osc_settings(app, port)
    app.start()
    try:
        app.wait_for_control("label", "Warm")
        toast = wait_for(lambda: find_named(app.node, "label", "OSC is not listening: port"), 5, "the toast")
        assert str(port) in toast.name, toast.name
        # On the screen, not only on the accessibility bus.
        time.sleep(0.5)
        x, y, width, height = extents(toast)
        path = os.path.join(os.environ.get("IMAGER_E2E_SCREENSHOTS") or app.home, "osc-port-in-use.png")
        subprocess.run(["import", "-window", "root", "-crop", f"{width + 8}x{height + 8}+{x - 4}+{y - 4}", "+repage",
                        "-colorspace", "Gray", "-resize", "300%", path], check=True)
        text = ocr(path)
        assert reads(text, f"port {port} is in use"), text
        assert app.process.poll() is None
    finally:
        holder.close()
        app.cleanup()


@test
def preferences_switch_starts_osc_and_says_it_listens(first):
    first.stop()
    port = free_udp_port()
    app = App(first.binary)
    write_osc_settings(app, port, enabled="false")
    app.start()
    try:
        app.wait_for_control("label", "Warm")
        assert bound_addresses(port) == [], "off by default: no port open"
        app.focus()
        xdotool("key", "ctrl+comma")
        window = wait_for(lambda: window_named(app, "Preferences"), 5, "the Preferences window")
        # GtkSwitch is a "check box" to AT-SPI on GTK 4.8, a "switch" on later versions.
        switch = wait_for(lambda: find_named(app.node, "switch", "Listen for OSC")
                          or find_named(app.node, "check box", "Listen for OSC"), 5, "the OSC switch")
        click(switch)
        wait_for(lambda: bound_addresses(port), 5, f"a socket on UDP port {port}")
        assert bound_addresses(port) == ["127.0.0.1"], bound_addresses(port)
        with open(os.path.join(app.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager", "perform.ini")) as ini:
            stored = ini.read()
        assert "enabled=true" in stored and f"port={port}" in stored and "fade-seconds=0.15" in stored, stored
        # What the performer sees: the switch's row says it listens, on which port.
        time.sleep(0.5)
        path = os.path.join(os.environ.get("IMAGER_E2E_SCREENSHOTS") or app.home, "osc-preferences.png")
        subprocess.run(["import", "-window", window, "-colorspace", "Gray", "-resize", "200%", path], check=True)
        text = ocr(path)
        assert reads(text, f"Listening on port {port}"), text
        oscsend(port, "/imager/chord", "i", "2")
        # Preferences is modal over the list; the chord still opens Perform behind it.
        app.wait_for_control("image", "Warm, chord 2 of 8")
    finally:
        app.cleanup()


@test
def osc_for_other_devices_listens_on_every_interface(first):
    first.stop()
    port = free_udp_port()
    app = App(first.binary)
    write_osc_settings(app, port, listen="network")
    app.start()
    try:
        app.wait_for_control("label", "Warm")
        wait_for(lambda: bound_addresses(port), 5, f"a socket on UDP port {port}")
        assert bound_addresses(port) == ["0.0.0.0"], bound_addresses(port)
        oscsend(port, "/imager/chord", "i", "3")
        app.wait_for_control("image", "Warm, chord 3 of 8")
    finally:
        app.cleanup()
