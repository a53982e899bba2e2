"""MIDI on the real window, through a real JACK server (the dummy driver, with a name of its
own) and a controller played by python3-jack-client: a pad opens Perform on the chord it
plays, shown on screen; the controller's pads light the live chord and go dark in a blackout.
A JACK server that takes connections and never answers keeps neither the window nor its
closing waiting."""
import os
import signal
import sys
import time

from harness import App, extents, wait_for, xdotool
from suite import test
from test_basics_seen import ocr, reads, shot_region
from test_blackout import canvas_pixels
from window_steps import find_named

sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CommandLine"))
from jack_server import JackServer, MidiPeer, missing  # noqa: E402


def resume(server):
    """Lets a server stopped with SIGSTOP run again (a no-op for one that runs or ended)."""
    try:
        os.kill(server.process.pid, signal.SIGCONT)
    except ProcessLookupError:
        pass


def let_go(server, app, peer):
    """The server running again, the peer and Imager gone: before the server stops."""
    resume(server)
    if peer:
        peer.close()
    if app:
        app.cleanup()


def quit_while_the_server_hangs(app):
    """Ctrl+Q, and Imager ends within 10 s."""
    app.focus()
    xdotool("key", "ctrl+q")
    try:
        app.process.wait(10)
    except Exception:
        raise AssertionError("Imager did not end within 10 s of Ctrl+Q while the JACK server hung") from None


def imager_ports(server):
    """The ports of Imager's client on `server`, as another client lists them."""
    import jack
    client = jack.Client("probe", servername=server.name, no_start_server=True)
    try:
        return [port.name for port in client.get_ports("Imager:")]
    finally:
        client.close()


def lights(peer, seconds=0.5):
    """The velocity each pad was last sent, from what reaches the peer's input in `seconds`."""
    state = {}
    for _, data in peer.take(1000, timeout=seconds):
        if len(data) == 3 and data[0] == 0x99:
            state[data[1]] = data[2]
    return state


@test
def a_pad_opens_perform_on_its_chord_and_the_pads_show_the_live_chord(first):
    reason = missing()
    if reason:
        print(f"    skipped: {reason}")
        return
    first.stop()  # one instance at a time: a second launch would hand over to the first
    # JACK drops or repeats the MIDI of a cycle it skips: a run that failed while the server
    # reported an xrun says nothing about Imager, and runs once more (as the command-line
    # MIDI tests do, `retried_after_an_xrun`). A failure with no xrun, or a second, fails.
    late = [0]
    try:
        return play(first.binary, late)
    except AssertionError as failure:
        if late[0] == 0:
            raise
        print(f"    the JACK server skipped {late[0]} cycle(s) while this ran ({failure}); once more")
    return play(first.binary, late)


def play(binary, late):
    """The test itself, on a JACK server of its own; `late[0]` is set to the xruns its
    server reported while the controller was connected."""
    server = JackServer()
    app = App(binary)
    app.env = server.env(app.env)
    peer = None
    try:
        app.start()
        app.wait_for_control("label", "Warm")
        peer = MidiPeer(server, name="controller")
        pads = peer.add_output("pads")
        peer.add_input("pad lights", physical=True)
        wait_for(lambda: "Imager:midi_in" in peer.connections(pads), 5, "Imager connected to the pads")

        # The fifth pad, channel 10, again until Perform plays it: JACK makes a new connection
        # live a cycle or more after it says it is made, and a note sent at once can be lost.
        deadline = time.monotonic() + 5
        while True:
            peer.send("pads", 0x99, 40, 127)
            canvas = app.find("image", "Warm, chord 5 of 8")
            if canvas is not None or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        canvas = app.wait_for_control("image", "Warm, chord 5 of 8")
        # A played chord takes the strip off the picture at once (it is up for Perform's
        # first two seconds otherwise).
        shown = time.monotonic()
        wait_for(lambda: find_named(app.node, "push button", "Chord 5: ") is None, 5, "the strip to leave")
        assert time.monotonic() - shown < 1.5, "the strip waited for its timeout"
        colour = "#D9534F"  # Warm's chord 5 (data/seed.json)
        time.sleep(0.5)
        assert canvas_pixels(app, canvas, "midi-chord-5") == {colour}
        state = lights(peer)
        assert state == {note: (127 if note == 40 else 0) for note in range(36, 44)}, state

        app.focus()
        xdotool("key", "b")
        app.wait_for_control("image", "Blackout")
        state = lights(peer)
        assert state == {note: 0 for note in range(36, 44)}, state
        xdotool("key", "b")
        app.wait_for_control("image", "Warm, chord 5 of 8")
        assert lights(peer).get(40) == 127
        xdotool("key", "Escape")
        app.wait_for_control("push button", "Add Chordset")
    finally:
        if peer:
            try:
                late[0] = peer.xruns()
            except AssertionError:
                pass
            peer.close()
        app.cleanup()
        server.stop()


@test
def a_jack_server_that_does_not_answer_keeps_neither_the_window_nor_quitting_waiting(first):
    """A stopped jackd (SIGSTOP: a server that hangs) takes a client's connection and never
    answers, so libjack's `jack_client_open` waits for as long as it stays so. Imager opens
    MIDI off the main loop: its window shows its list and quits at once, and once the server
    answers again Imager connects to it by itself."""
    reason = missing()
    if reason:
        print(f"    skipped: {reason}")
        return
    first.stop()  # one instance at a time: a second launch would hand over to the first
    server = JackServer()
    os.kill(server.process.pid, signal.SIGSTOP)
    app = peer = None
    try:
        app = App(first.binary)
        app.env = server.env(app.env)
        app.start()
        title = app.wait_for_control("label", "Warm", seconds=10)
        x, y, width, height = extents(title)
        text = ocr(shot_region(app, "midi-hung-server-list", x - 4, y - 4, width + 8, height + 8))
        assert reads(text, "Warm"), f"the list is not on screen: {text!r}"
        quit_while_the_server_hangs(app)
        app.cleanup()

        # Started again while the server still hangs, then the server answers: Imager connects.
        app = App(first.binary)
        app.env = server.env(app.env)
        app.start()
        app.wait_for_control("label", "Warm", seconds=10)
        os.kill(server.process.pid, signal.SIGCONT)
        peer = MidiPeer(server, name="controller")
        pads = peer.add_output("pads")
        wait_for(lambda: "Imager:midi_in" in peer.connections(pads), 15, "Imager connected once the server answered")
    finally:
        let_go(server, app, peer)
        server.stop()


@test
def a_jack_server_that_hangs_while_connected_keeps_neither_the_window_nor_quitting_waiting(first):
    """Connected first, then the server hangs (SIGSTOP): the window goes on answering, and
    Ctrl+Q ends Imager, though JACK's calls to close a client wait for the server's answer."""
    reason = missing()
    if reason:
        print(f"    skipped: {reason}")
        return
    first.stop()
    server = JackServer()
    app = peer = None
    try:
        app = App(first.binary)
        app.env = server.env(app.env)
        app.start()
        app.wait_for_control("label", "Warm", seconds=10)
        peer = MidiPeer(server, name="controller")
        pads = peer.add_output("pads")
        wait_for(lambda: "Imager:midi_in" in peer.connections(pads), 15, "Imager connected to the pads")
        peer.close()
        peer = None
        os.kill(server.process.pid, signal.SIGSTOP)
        quit_while_the_server_hangs(app)
    finally:
        let_go(server, app, peer)
        # Continued with a client gone meanwhile, jackd ends on SIGTERM only once it has let
        # that client go (else it takes its 30 s): so first until Imager's ports are gone.
        wait_for(lambda: not imager_ports(server), 15, "the server to let Imager's client go")
        server.stop()
