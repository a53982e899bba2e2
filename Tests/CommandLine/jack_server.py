"""A private JACK server (the dummy driver: no sound device needed) and a MIDI peer on it,
for the MIDI tests: the peer is another JACK client, as a controller bridged into JACK or
another program would be, that sends MIDI to Imager and reads what Imager sends back.

Each server has a name of its own (JACK_DEFAULT_SERVER), so tests running side by side never
share one, and Imager (which never starts a server) finds it through that variable."""

import os
import queue
import shutil
import subprocess
import time
import uuid

try:
    import jack  # Debian's python3-jack-client
except ImportError:
    jack = None


def missing():
    """Why these tests cannot run here, or None."""
    if not shutil.which("jackd"):
        return "needs jackd (jackd2; Tests/install-test-deps.sh installs it)"
    if jack is None:
        return "needs python3-jack-client (Tests/install-test-deps.sh installs it)"
    return None


class JackServer:
    def __init__(self):
        # libjack's complaints while the server is still starting are expected, not news.
        jack.set_error_function(lambda message: None)
        jack.set_info_function(lambda message: None)
        self.name = f"imager-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        # A period of 128 frames at 48 kHz: a cycle every 2.7 ms. A client may take up to 10 s
        # for a cycle before the server gives up on it (500 ms by default): a test machine
        # under load (the Debian 13 stages beside these) can hold a client, Python's above all,
        # for longer than that, and a client given up on hears nothing more.
        self.process = subprocess.Popen(["jackd", "--no-realtime", "--timeout", "10000", "-n", self.name,
                                         "-d", "dummy", "-r", "48000", "-p", "128"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 10
        while True:
            try:
                client = jack.Client("probe", servername=self.name, no_start_server=True)
                client.close()
                return
            except jack.JackError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise AssertionError(f"jackd did not start: {self.process.stderr.read().decode(errors='replace')[-800:]}")
                time.sleep(0.1)

    def env(self, base):
        return dict(base, JACK_DEFAULT_SERVER=self.name, JACK_NO_AUDIO_RESERVATION="1")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class MidiPeer:
    """A JACK client with MIDI ports of its own: `send` queues a message on an output port
    for the next cycle; whatever reaches an input port is kept as (port, bytes) in `received`."""

    def __init__(self, server, name="peer"):
        self.client = jack.Client(name, servername=server.name, no_start_server=True)
        self.outgoing = queue.Queue()
        self.received = queue.Queue()
        self.inputs = []
        self.outputs = {}

        @self.client.set_process_callback
        def process(frames):
            for port in self.outputs.values():
                port.clear_buffer()
            while True:
                try:
                    port, data = self.outgoing.get_nowait()
                except queue.Empty:
                    break
                self.outputs[port].write_midi_event(0, data)
            for port in self.inputs:
                for _, data in port.incoming_midi_events():
                    self.received.put((port.shortname, bytes(data)))

        self.client.activate()

    def add_output(self, name):
        self.outputs[name] = self.client.midi_outports.register(name)
        return self.outputs[name].name

    def add_input(self, name, physical=False):
        port = self.client.midi_inports.register(name, is_physical=physical)
        self.inputs.append(port)
        return port.name

    def send(self, port, *data):
        self.outgoing.put((port, bytes(data)))

    def connections(self, port_name):
        return [port.name for port in self.client.get_all_connections(port_name)]

    def take(self, count, timeout=5):
        """The next `count` messages received, or fewer if the time runs out."""
        got = []
        deadline = time.monotonic() + timeout
        while len(got) < count:
            try:
                got.append(self.received.get(timeout=max(0.01, deadline - time.monotonic())))
            except queue.Empty:
                break
        return got

    def close(self):
        self.client.deactivate()
        self.client.close()
