"""Two Syncthing daemons on 127.0.0.1, each with its own home and its own copy of one shared
folder, configured fully before their first start (see docs in ../../shared research:
adding the folder over REST to connected peers raced). Used by test_syncthing.py.

Where the machine allows it (root, and `unshare -n` works), both daemons run in a private
network namespace with only `lo` up, so the test never touches another network."""

import os
import shutil
import signal
import socket
import subprocess
import time
import xml.etree.ElementTree as ET

FOLDER_ID = "imager-test"
API_KEY = "imager-sync-test-api-key"


def syncthing_binary():
    return shutil.which("syncthing")


class PrivateNetwork:
    """A network namespace held open by a sleeping process; commands enter it with nsenter.
    `available` is False when the machine does not allow one (then loopback is shared)."""

    def __init__(self):
        self.holder = None
        if os.geteuid() != 0 or not shutil.which("unshare") or not shutil.which("nsenter"):
            return
        try:
            holder = subprocess.Popen(["unshare", "-n", "sleep", "3600"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        except OSError:
            return
        time.sleep(0.1)
        if holder.poll() is not None:
            return
        lo = subprocess.run(self.enter(["ip", "link", "set", "lo", "up"], holder.pid), capture_output=True)
        if lo.returncode != 0:
            holder.kill()
            holder.wait()
            return
        self.holder = holder

    @property
    def available(self):
        return self.holder is not None

    @staticmethod
    def enter(command, pid):
        return ["nsenter", "-t", str(pid), "-n", "--", *command]

    def wrap(self, command):
        return self.enter(command, self.holder.pid) if self.holder else command

    def close(self):
        if self.holder:
            self.holder.kill()
            self.holder.wait()
            self.holder = None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Daemon:
    def __init__(self, root, name):
        self.name = name
        self.home = os.path.join(root, f"syncthing-{name}")
        self.folder = os.path.join(root, f"folder-{name}")
        os.makedirs(os.path.join(self.folder, ".stfolder"))
        generated = subprocess.run([syncthing_binary(), "generate", f"--home={self.home}", "--no-default-folder",
                                    "--skip-port-probing"], capture_output=True, text=True, timeout=60)
        if generated.returncode != 0:
            raise RuntimeError(f"syncthing generate failed: {generated.stderr}")
        self.config = os.path.join(self.home, "config.xml")
        self.device_id = ET.parse(self.config).getroot().find("device").get("id")
        self.process = None
        self.log = None

    def configure(self, port, gui_port, peer):
        tree = ET.parse(self.config)
        root = tree.getroot()
        options = root.find("options")
        settings = {
            "listenAddress": f"tcp://127.0.0.1:{port}", "globalAnnounceEnabled": "false",
            "localAnnounceEnabled": "false", "relaysEnabled": "false", "natEnabled": "false",
            "crashReportingEnabled": "false", "startBrowser": "false", "urAccepted": "-1",
            "autoUpgradeIntervalH": "0", "reconnectionIntervalS": "1",
        }
        for key, value in settings.items():
            element = options.find(key)
            if element is None:
                element = ET.SubElement(options, key)
            element.text = value
        gui = root.find("gui")
        gui.find("address").text = f"127.0.0.1:{gui_port}"
        gui.find("apikey").text = API_KEY
        device = ET.SubElement(root, "device", id=peer.device_id, name=peer.name, compression="metadata",
                               introducer="false", skipIntroductionRemovals="false", introducedBy="")
        ET.SubElement(device, "address").text = f"tcp://127.0.0.1:{peer.port}"
        ET.SubElement(device, "paused").text = "false"
        ET.SubElement(device, "autoAcceptFolders").text = "false"
        folder = ET.SubElement(root, "folder", id=FOLDER_ID, label=FOLDER_ID, path=self.folder, type="sendreceive",
                               rescanIntervalS="60", fsWatcherEnabled="true", fsWatcherDelayS="1",
                               ignorePerms="false", autoNormalize="true")
        ET.SubElement(folder, "filesystemType").text = "basic"
        for member in (self.device_id, peer.device_id):
            ET.SubElement(ET.SubElement(folder, "device", id=member, introducedBy=""), "encryptionPassword").text = ""
        ET.SubElement(folder, "maxConflicts").text = "10"
        ET.SubElement(folder, "markerName").text = ".stfolder"
        ET.SubElement(folder, "paused").text = "false"
        tree.write(self.config)

    def start(self, network):
        self.log = open(os.path.join(self.home, "serve.log"), "wb")
        command = [syncthing_binary(), "serve", f"--home={self.home}", "--no-browser", "--no-restart", "--no-upgrade"]
        env = dict(os.environ, STNODEFAULTFOLDER="1", STNOUPGRADE="1")
        self.process = subprocess.Popen(network.wrap(command), stdout=self.log, stderr=subprocess.STDOUT, env=env,
                                        start_new_session=True)

    def log_tail(self):
        try:
            with open(os.path.join(self.home, "serve.log"), "rb") as f:
                return f.read()[-3000:].decode("utf-8", "replace")
        except OSError:
            return ""

    def stop(self):
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        if self.log:
            self.log.close()


class SyncthingPair:
    """Two daemons, A and B, sharing one folder; `a.folder` and `b.folder` are their copies."""

    def __init__(self, root):
        self.network = PrivateNetwork()
        self.a = Daemon(root, "a")
        self.b = Daemon(root, "b")
        for daemon in (self.a, self.b):
            daemon.port = free_port()
            daemon.gui_port = free_port()
        self.a.configure(self.a.port, self.a.gui_port, self.b)
        self.b.configure(self.b.port, self.b.gui_port, self.a)
        for daemon in (self.a, self.b):
            daemon.start(self.network)

    def close(self):
        for daemon in (self.a, self.b):
            daemon.stop()
        self.network.close()

    def wait_until(self, condition, timeout, what):
        """Polls `condition` every 0.1 s; raises with both daemons' logs when it never holds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return time.monotonic()
            for daemon in (self.a, self.b):
                if daemon.process.poll() is not None:
                    raise AssertionError(f"syncthing {daemon.name} exited:\n{daemon.log_tail()}")
            time.sleep(0.1)
        raise AssertionError(f"{what} did not happen within {timeout} s.\n"
                             f"syncthing a:\n{self.a.log_tail()}\nsyncthing b:\n{self.b.log_tail()}")


def tree_of(folder):
    """Every file under the folder's imager-sync directory, by relative path, with its bytes."""
    files = {}
    base = os.path.join(folder, "imager-sync")
    for directory, _, names in os.walk(base):
        for name in names:
            if name.startswith(".") or name.startswith("~"):
                continue
            path = os.path.join(directory, name)
            try:
                with open(path, "rb") as f:
                    files[os.path.relpath(path, base)] = f.read()
            except OSError:
                pass
    return files
