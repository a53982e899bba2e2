"""Run inside Xvfb with a D-Bus session (test_window_start.py does that): starts imager, waits
for its window, reads the texts the accessibility bus shows, and prints what it saw as JSON.
Usage: window_probe.py IMAGER_BINARY"""

import json
import subprocess
import sys
import time


def visible_windows(name):
    out = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", name], capture_output=True, text=True)
    return out.stdout.split()


def window_name(window):
    return subprocess.run(["xdotool", "getwindowname", window], capture_output=True, text=True).stdout.strip()


def accessible_texts(pid):
    """Every name and text under imager's node on the accessibility bus."""
    try:
        import pyatspi
    except ImportError:
        return None
    texts = []

    def walk(node, depth):
        if node is None or depth > 40 or len(texts) > 5000:
            return
        try:
            if node.name:
                texts.append(node.name)
            try:
                text = node.queryText()
                texts.append(text.getText(0, text.characterCount))
            except Exception:
                pass
            for child in node:
                walk(child, depth + 1)
        except Exception:
            pass
    for app in pyatspi.Registry.getDesktop(0):
        try:
            if app is not None and app.get_process_id() == pid:
                walk(app, 0)
        except Exception:
            pass
    return texts


def main():
    process = subprocess.Popen([sys.argv[1]], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seen = {"window": False, "windows": [], "texts": None, "exited": None}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        if visible_windows("Imager"):
            seen["window"] = True
            break
        time.sleep(0.2)
    if seen["window"]:
        # The dialog comes up with the window; give it, and the accessibility bus, a moment.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            seen["texts"] = accessible_texts(process.pid)
            if seen["texts"] is None or any("moved to" in t for t in seen["texts"]):
                break
            time.sleep(0.3)
        seen["windows"] = [window_name(w) for w in visible_windows(".")]
    seen["exited"] = process.poll()
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
    seen["stderr"] = process.stderr.read()[-2000:]
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
