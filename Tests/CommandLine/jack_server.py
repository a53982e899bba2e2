"""A private JACK server (the dummy driver: no sound device needed) and a MIDI peer on it,
for the MIDI tests: the peer is another JACK client, as a controller bridged into JACK or
another program would be, that sends MIDI to Imager and reads what Imager sends back.

Each server has a name of its own (JACK_DEFAULT_SERVER), so tests running side by side never
share one, and Imager (which never starts a server) finds it through that variable."""

import fcntl
import functools
import json
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import types

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


def retried_after_an_xrun(test):
    """A unittest method that uses `self.peer` (a MidiPeer) and is run once more, from a fresh
    setUp, when it failed in a run in which the server reported an xrun: JACK drops or repeats
    MIDI in a cycle it skips, so such a run says nothing about Imager. A failure with no xrun,
    or a second one, fails the test."""
    @functools.wraps(test)
    def run(self):
        xruns = self.peer.xruns()
        try:
            return test(self)
        except AssertionError as failure:
            late = self.peer.xruns() - xruns
            if late == 0:
                raise
            print(f"\n    the JACK server skipped {late} cycle(s) while this ran ({failure}); once more: ",
                  end="", flush=True)
        self.doCleanups()
        self.setUp()
        return test(self)
    return run


# The test servers' names come from a pool (one lock file per name in /dev/shm, beside JACK's
# own files, held while the server runs) rather than being new each run: a jackd that dies
# keeps its place in JACK's registry of servers, which has eight places on a machine, until a
# server of the same name starts. A stopping jackd does die when a client closes as it hears
# the server stop (as Imager does): jackd writes the client one more notification and takes
# the SIGPIPE. So a test whose server stops under Imager leaves a place taken; with names
# from the pool the next run's server claims it back. JackTestServer (the GTK tests) shares
# the pool.
POOL_SIZE = 4


def claim_pool_name():
    """A free name of the pool, and the open lock file that keeps it ours until closed."""
    for index in range(POOL_SIZE):
        name = f"imager-test-{index}"
        lock = os.open(f"/dev/shm/{name}.lock", os.O_RDONLY | os.O_CREAT, 0o644)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(lock)
            continue
        try:
            # A server of that name running without the lock (left by a run that was killed)
            # keeps the name.
            jack.Client("probe", servername=name, no_start_server=True).close()
        except jack.JackError:
            return name, lock
        os.close(lock)
    raise AssertionError(f"all {POOL_SIZE} JACK test server names are taken (servers named imager-test-N are running)")


class JackServer:
    def __init__(self):
        # libjack's complaints while the server is still starting are expected, not news.
        jack.set_error_function(lambda message: None)
        jack.set_info_function(lambda message: None)
        self.name, self.lock = claim_pool_name()
        # A period of 1024 frames at 48 kHz: a cycle every 21 ms. These tests check what
        # arrives, not how soon (packaging/bench.sh measures that, at 128 frames); on a loaded
        # machine a client that is not woken within its cycle makes the server skip the graph
        # (an xrun), and MIDI written in that cycle is lost. At 2.7 ms a cycle, with the test
        # suite's other stages beside these, that happened hundreds of times a minute.
        # A client may take up to 10 s to answer the server (500 ms by default) before it is
        # given up on, and a client given up on hears nothing more.
        # Its messages go to a file, not a pipe: a pipe nobody reads while the server runs
        # fills with its xrun reports, and then the server blocks writing the next one.
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(["jackd", "--no-realtime", "--timeout", "10000", "-n", self.name,
                                         "-d", "dummy", "-r", "48000", "-p", "1024"],
                                        stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.monotonic() + 10
        while True:
            try:
                client = jack.Client("probe", servername=self.name, no_start_server=True)
                client.close()
                return
            except jack.JackError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise AssertionError(f"jackd did not start: {self._log_tail()}")
                time.sleep(0.1)

    def env(self, base):
        return dict(base, JACK_DEFAULT_SERVER=self.name, JACK_NO_AUDIO_RESERVATION="1")

    def stop(self):
        """Stops the server (as a user's Ctrl+C would) and gives its name back to the pool."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)  # long enough for a loaded machine
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.lock is not None:
            os.close(self.lock)
            self.lock = None

    def _log_tail(self):
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-800:]


class MidiPeer:
    """A JACK client with MIDI ports of its own, in a process of its own (jack_peer.py): `send`
    queues a message on an output port for the next cycle; whatever reaches an input port is
    kept as (port, bytes) and handed out by `take`; `xruns` counts the cycles the server
    reported late, in which JACK may drop or repeat MIDI."""

    def __init__(self, server, name="peer"):
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "jack_peer.py")
        self.process = subprocess.Popen([sys.executable, script, server.name, name],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.received = queue.Queue()
        self.replies = queue.Queue()
        ready = queue.Queue()
        # Lines that are not the peer's JSON (a library writing to standard output), kept
        # for the failure message rather than ending the reader.
        self.other_lines = []

        def read():
            for line in self.process.stdout:
                try:
                    message = json.loads(line)
                except ValueError:
                    self.other_lines.append(line.rstrip("\n"))
                    continue
                if "received" in message:
                    port, data = message["received"]
                    self.received.put((port, bytes(data)))
                elif "reply" in message:
                    self.replies.put(message["reply"])
                else:
                    ready.put(message["ready"])
            ready.put(None)
        threading.Thread(target=read, daemon=True).start()
        try:
            client_name = ready.get(timeout=10)
        except queue.Empty:
            client_name = None
        if client_name is None:
            self.close()
            raise AssertionError(f"the MIDI peer did not join the JACK server{self._other_output()}")
        self.client = types.SimpleNamespace(name=client_name)

    def _ask(self, **request):
        self.process.stdin.write(json.dumps(request) + "\n")
        try:
            return self.replies.get(timeout=10)
        except queue.Empty:
            raise AssertionError(f"the MIDI peer did not answer {request!r}{self._other_output()}") from None

    def _other_output(self):
        return f"; it printed {self.other_lines[-5:]!r}" if self.other_lines else ""

    def add_output(self, name):
        return self._ask(op="add_output", name=name)

    def add_input(self, name, physical=False):
        return self._ask(op="add_input", name=name, physical=physical)

    def send(self, port, *data):
        self.process.stdin.write(json.dumps({"op": "send", "port": port, "data": list(data)}) + "\n")

    def connections(self, port_name):
        return self._ask(op="connections", port=port_name)

    def xruns(self):
        return self._ask(op="xruns")

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
        if self.process.poll() is None:
            try:
                self.process.stdin.close()
            except OSError:
                pass
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
