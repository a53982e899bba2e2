"""MIDI through a real JACK server (the dummy driver, started here with a name of its own):
`imager --midi-monitor` connects itself to a sender's port, whether the port was there before
it started or came later, and prints the action each note and control asks for; it lights the
live chord's pad on a controller's input and leaves programs' inputs alone; `--midi-learn`
maps a control, keeps it in midi.ini, and the next run uses it. Names that come from other
programs are printed escaped. The ALSA sequencer cannot be opened on machines with no sound
devices; the same interpreter reads what either transport brings (Tests/ImagerCoreTests)."""

import faulthandler
import os
import queue
import signal
import subprocess
import threading
import time
import unittest

from jack_server import JackServer, MidiPeer, missing, retried_after_an_xrun
from support import IMAGER, Sandbox


class Imager:
    """`imager ARGS` running against the server; its standard output kept line by line."""

    def __init__(self, sandbox, server, *args):
        self.process = subprocess.Popen([IMAGER, *args], env=server.env(sandbox.env), stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.lines = queue.Queue()
        self.seen = []

        def read():
            for line in self.process.stdout:
                self.lines.put(line.decode("utf-8", "replace").rstrip("\n"))
        threading.Thread(target=read, daemon=True).start()

    def next_line(self, timeout=5):
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"nothing more from imager after {self.seen!r}") from None
        self.seen.append(line)
        return line

    def wait_for(self, wanted, timeout=5):
        deadline = time.monotonic() + timeout
        while True:
            line = self.next_line(max(0.01, deadline - time.monotonic()))
            if line == wanted:
                return

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        return self.process.returncode


class MidiThroughJack(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        reason = missing()
        if reason:
            raise unittest.SkipTest(reason)
        cls.server = JackServer()
        cls.addClassCleanup(cls.server.stop)

    def setUp(self):
        # A client stuck in libjack must fail the run with where it hung, not hold it forever.
        faulthandler.dump_traceback_later(60, exit=True)
        self.addCleanup(faulthandler.cancel_dump_traceback_later)
        self.sandbox = Sandbox(self)
        self.peer = MidiPeer(self.server, name=f"peer{self._testMethodName[-12:]}")
        self.addCleanup(self.peer.close)

    def imager(self, *args):
        process = Imager(self.sandbox, self.server, *args)
        self.addCleanup(process.stop)
        return process

    def until_live(self, imager, port):
        """JACK makes a new connection live a cycle or more after it says the connection is
        made, so a message sent at once can be lost (a note played in the very moment a
        controller is plugged in). CC 7 (master, which lights no pad) goes again every 0.1 s
        until the monitor says it heard it; the copies still on their way are read too."""
        deadline = time.monotonic() + 5
        while True:
            self.peer.send(port, 0xB0, 7, 64)
            try:
                line = imager.next_line(timeout=0.1)
                break
            except AssertionError:
                if time.monotonic() > deadline:
                    raise
        self.assertEqual(line, "master 0.50")
        time.sleep(0.3)
        while not imager.lines.empty():
            self.assertEqual(imager.next_line(), "master 0.50")

    @retried_after_an_xrun
    def test_notes_and_controls_from_a_source_there_before_it_started(self):
        source = self.peer.add_output("keys")
        imager = self.imager("--midi-monitor")
        self.assertEqual(imager.next_line(), "Listening through JACK")
        self.assertEqual(imager.next_line(), f"Connected “{source}”")
        self.assertIn(source, self.peer.connections("Imager:midi_in"))
        self.until_live(imager, "keys")
        for message, wanted in [
            ((0x90, 60, 100), "chord 1 at 0.79"),      # middle C, velocity 100
            ((0x80, 60, 0), None),                     # its release does nothing
            ((0x99, 37, 127), "chord 2 at 1.00"),      # the second pad, channel 10
            ((0x94, 72, 0), None),                     # a note-on at velocity 0 is a release
            ((0x90, 61, 127), None),                   # a black key is not a chord
            ((0xB0, 7, 64), "master 0.50"),
            ((0xB3, 1, 127), "fade 2.00 s"),
            ((0xC0, 2), "chordset 3"),
        ]:
            self.peer.send("keys", *message)
            # In order, and a cycle or so apart.
            time.sleep(0.03)
            if wanted:
                self.assertEqual(imager.next_line(), wanted, f"for {bytes(message).hex(' ')}")
        self.assertEqual(imager.stop(), 0, "SIGTERM ends the monitor cleanly")
        self.assertEqual(imager.seen[-1], "chordset 3", "the releases and the black key printed nothing")

    @retried_after_an_xrun
    def test_a_source_that_appears_later_is_connected(self):
        imager = self.imager("--midi-monitor")
        self.assertEqual(imager.next_line(), "Listening through JACK")
        time.sleep(0.3)
        source = self.peer.add_output("late pads")
        self.assertEqual(imager.next_line(), f"Connected “{source}”")
        self.until_live(imager, "late pads")
        self.peer.send("late pads", 0x99, 43, 127)
        self.assertEqual(imager.next_line(), "chord 8 at 1.00")

    @retried_after_an_xrun
    def test_the_live_chords_pad_is_lit_on_a_controller_and_programs_get_nothing(self):
        self.peer.add_output("pads")
        controller = self.peer.add_input("pad lights", physical=True)
        synth = self.peer.add_input("synth")
        imager = self.imager("--midi-monitor")
        imager.wait_for(f"Connected “{self.peer.client.name}:pads”")
        self.assertEqual(self.peer.connections(controller), ["Imager:midi_out"], "a physical input is connected by itself")
        self.assertEqual(self.peer.connections(synth), [], "a program's input is not")
        self.until_live(imager, "pads")
        self.assertEqual(self.peer.take(1, timeout=0.3), [], "the master level lights no pad")
        self.peer.send("pads", 0x99, 38, 90)
        self.assertEqual(imager.next_line(), f"chord 3 at {90 / 127:.2f}")
        lights = self.peer.take(8)
        self.assertEqual([port for port, _ in lights], ["pad lights"] * 8)
        self.assertEqual([data.hex(" ") for _, data in lights],
                         [bytes([0x99, note, 127 if note == 38 else 0]).hex(" ") for note in range(36, 44)])
        more = self.peer.take(1, timeout=0.3)
        # What the monitor printed meanwhile tells a second chord played from a stray light.
        printed = []
        while not imager.lines.empty():
            printed.append(imager.next_line())
        self.assertEqual(more, [], f"nothing more than the eight pads (the monitor printed {printed!r} since)")

    @retried_after_an_xrun
    def test_a_learned_control_is_kept_in_midi_ini_and_used_by_the_next_run(self):
        self.peer.add_output("pads")
        learn = self.imager("--midi-learn", "blackout")
        learn.wait_for(f"Connected “{self.peer.client.name}:pads”")
        # Learning takes the first control touched, so no probe can tell when the connection
        # is live (see until_live): the release, then the pad, go again until it is learned.
        deadline = time.monotonic() + 5
        while learn.lines.empty() and time.monotonic() < deadline:
            self.peer.send("pads", 0x89, 40, 0)  # a release is not learned
            time.sleep(0.05)
            self.peer.send("pads", 0x99, 40, 127)
            time.sleep(0.1)
        self.assertEqual(learn.next_line(), "Learned ch10-note40 on “JACK” for blackout")
        self.assertEqual(learn.process.wait(timeout=5), 0)
        path = os.path.join(self.sandbox.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager", "midi.ini")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        self.assertIn("[device JACK]\nch10-note40=blackout\n", text)

        monitor = self.imager("--midi-monitor")
        monitor.wait_for(f"Connected “{self.peer.client.name}:pads”")
        self.until_live(monitor, "pads")
        self.peer.send("pads", 0x99, 40, 127)
        self.assertEqual(monitor.next_line(), "toggle blackout", "the learned pad no longer plays chord 5")
        self.peer.send("pads", 0x90, 40, 127)
        self.assertEqual(monitor.next_line(), "chord 5 at 1.00", "on another channel it keeps the default")

    @retried_after_an_xrun
    def test_a_switched_off_source_is_not_connected(self):
        config = os.path.join(self.sandbox.env["XDG_CONFIG_HOME"], "io.github.imagerproject.Imager")
        os.makedirs(config)
        source = self.peer.add_output("noisy")
        self.peer.add_output("wanted")
        with open(os.path.join(config, "midi.ini"), "w", encoding="utf-8") as f:
            f.write(f"[device {source}]\nenabled=false\n")
        imager = self.imager("--midi-monitor")
        imager.wait_for(f"Connected “{self.peer.client.name}:wanted”")
        time.sleep(0.2)
        self.assertNotIn(f"Connected “{source}”", imager.seen)
        self.assertNotIn("Imager:midi_in", self.peer.connections(source))
        self.until_live(imager, "wanted")
        self.peer.send("noisy", 0x90, 60, 127)
        time.sleep(0.05)
        self.peer.send("wanted", 0x90, 62, 127)
        self.assertEqual(imager.next_line(), "chord 2 at 1.00")

    def test_port_names_from_other_programs_are_printed_escaped(self):
        self.peer.add_output("evil\x1b]0;owned\x07")
        imager = self.imager("--midi-monitor")
        imager.next_line()
        line = imager.next_line()
        self.assertEqual(line, f"Connected “{self.peer.client.name}:evil\\x1B]0;owned\\x07”")


class MidiWhenTheServerStops(unittest.TestCase):
    def test_the_monitor_says_so_and_ends_with_status_1(self):
        reason = missing()
        if reason:
            self.skipTest(reason)
        faulthandler.dump_traceback_later(90, exit=True)
        self.addCleanup(faulthandler.cancel_dump_traceback_later)
        server = JackServer()
        self.addCleanup(server.stop)
        peer = MidiPeer(server, name="stopping")
        self.addCleanup(peer.close)
        source = peer.add_output("keys")
        # Swift's backtrace of every thread, should the monitor have to be stopped by force.
        sandbox = Sandbox(self)
        sandbox.env["SWIFT_BACKTRACE"] = "enable=yes,threads=all,interactive=no"
        imager = Imager(sandbox, server, "--midi-monitor")
        self.addCleanup(imager.stop)
        self.assertEqual(imager.next_line(), "Listening through JACK")
        # Listening, connected to a source: its connections are made before the server goes.
        self.assertEqual(imager.next_line(timeout=10), f"Connected “{source}”")
        server.stop()
        started = time.monotonic()
        try:
            # The server's own timeout (10 s in these tests) bounds a request Imager made just
            # as the server went; past twice that, the monitor is not ending at all.
            imager.process.wait(timeout=25)
        except subprocess.TimeoutExpired:
            imager.process.send_signal(signal.SIGABRT)
            imager.process.wait(timeout=30)
            self.fail("the monitor went on listening to a server that had stopped; its threads:\n"
                      + imager.process.stderr.read().decode(errors="replace")[-6000:])
        self.assertEqual(imager.process.stderr.read().decode(), "imager: no MIDI: the JACK server stopped\n")
        self.assertEqual(imager.process.returncode, 1, f"after {time.monotonic() - started:.1f} s")


class MidiWhenTheServerDoesNotAnswer(unittest.TestCase):
    """A JACK server that takes the connection and never answers (stopped with SIGSTOP, as a
    hung server is) keeps libjack's `jack_client_open` waiting for as long as it stays so."""

    def setUp(self):
        reason = missing()
        if reason:
            self.skipTest(reason)
        faulthandler.dump_traceback_later(90, exit=True)
        self.addCleanup(faulthandler.cancel_dump_traceback_later)
        self.server = JackServer()
        self.addCleanup(self.server.stop)
        os.kill(self.server.process.pid, signal.SIGSTOP)
        self.addCleanup(self.resume)

    def resume(self):
        try:
            os.kill(self.server.process.pid, signal.SIGCONT)
        except ProcessLookupError:
            pass

    def test_the_monitor_says_it_waits_and_ctrl_c_ends_it(self):
        imager = Imager(Sandbox(self), self.server, "--midi-monitor")
        self.addCleanup(imager.stop)
        time.sleep(4)
        self.assertIsNone(imager.process.poll(), "the monitor waits for the server")
        imager.process.send_signal(signal.SIGINT)
        try:
            imager.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.fail("Ctrl+C did not end the monitor while the JACK server did not answer")
        self.assertEqual(imager.process.returncode, 1)
        self.assertEqual(imager.process.stderr.read().decode(),
                         "imager: waiting for JACK to answer (Ctrl+C stops)\n"
                         "imager: no MIDI: JACK does not answer\n")

    def test_the_monitor_listens_once_the_server_answers(self):
        imager = Imager(Sandbox(self), self.server, "--midi-monitor")
        self.addCleanup(imager.stop)
        time.sleep(3)
        self.resume()
        self.assertEqual(imager.next_line(timeout=15), "Listening through JACK")


class MidiWithoutAServer(unittest.TestCase):
    def test_with_no_jack_server_and_no_alsa_sequencer_the_monitor_says_why(self):
        if os.path.exists("/dev/snd/seq"):
            self.skipTest("this machine has an ALSA sequencer, which the monitor would open")
        sandbox = Sandbox(self)
        env = dict(sandbox.env, JACK_DEFAULT_SERVER=f"imager-no-server-{os.getpid()}")
        result = subprocess.run([IMAGER, "--midi-monitor"], env=env, capture_output=True, timeout=30)
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stdout, b"")
        self.assertEqual(result.stderr.decode(), "imager: no MIDI: no JACK server is running; "
                         "cannot open the ALSA sequencer: No such file or directory\n")

    def test_midi_learn_names_the_actions_and_escapes_what_it_does_not_know(self):
        sandbox = Sandbox(self)
        for args, wanted in [(["--midi-learn"], "imager: --midi-learn needs an ACTION: chord-1, "),
                             (["--midi-learn", "\x1b]0;x\x07"], "imager: unknown MIDI action “\\x1B]0;x\\x07”; one of chord-1, ")]:
            result = sandbox.run(*args)
            self.assertEqual(result.returncode, 2)
            self.assertTrue(result.stderr.startswith(wanted), result.stderr)
            self.assertIn("previous-chordset, next-chordset, blackout, fade-time, master, tap-tempo", result.stderr)
