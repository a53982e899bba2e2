"""A short model-based run of the real window over the keyboard and the mouse wheel: a seeded
random sequence of what a person does, and every few steps the rows drawn (read from the
screen by OCR) must be a run of what the next save stores, and the subtitle its count.

IMAGER_E2E_MODEL_SEED=N picks the sequence (a failure names its seed), IMAGER_E2E_MODEL_STEPS=N
its length; ListModelTests (in-process) runs the long sequences."""
import os
import random
import time

from harness import App, click, extents, screenshot, wait_for, xdotool
from keyboard import focused
from suite import test
from test_list_is_stored import contiguous_in, save_by_focusing_another_window, stored_titles, subtitle_count, \
    titles_on_screen


def title_field_focused(app):
    node = focused(app.node)
    return node is not None and node.getRoleName() == "text" and node.name == "Chordset title"


def title_field_within(app, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if title_field_focused(app):
            return True
        time.sleep(0.1)
    return False


def type_title(app, title):
    """Types into the title field, which must have the focus, as a person types at once after
    Ctrl+N or F2."""
    wait_for(lambda: title_field_focused(app), 2, "the title field to have the focus")
    xdotool("key", "ctrl+a")
    xdotool("type", "--delay", 20, title)
    xdotool("key", "Return")
    wait_for(lambda: not title_field_focused(app), 3, "Return to close the title field")


def check(app, label):
    app.focus()
    save_by_focusing_another_window(app)
    app.focus()
    dismiss = app.find("push button", "Dismiss")
    if dismiss is not None:
        dismiss.queryAction().doAction(0)
        wait_for(lambda: app.find("push button", "Dismiss") is None, 5, "the toast to go")
    time.sleep(0.4)
    stored = stored_titles(app.database)
    count = subtitle_count(app)
    drawn = titles_on_screen(app, sorted(set(stored)))
    assert count == len(stored), f"{label}: the window counts {count}, the database holds {len(stored)}: {stored}"
    assert drawn or not stored, f"{label}: no row read from the screen, {len(stored)} stored"
    assert contiguous_in(drawn, stored), f"{label}: the rows drawn {drawn} are not a run of the stored list {stored}"


@test
def a_random_sequence_of_keys_and_scrolls_keeps_the_screen_and_the_store_together(first):
    seed = int(os.environ.get("IMAGER_E2E_MODEL_SEED", "1"))
    steps = int(os.environ.get("IMAGER_E2E_MODEL_STEPS", "16"))
    rng = random.Random(seed)
    first.stop()
    app = App(first.binary).start()
    done = []
    try:
        app.focus()
        # A row with the focus, where the list's keys apply: a first click on a title selects it.
        click(app.wait_for_control("label", "Ocean"))
        wait_for(lambda: focused(app.node) is not None and "Ocean" in (focused(app.node).name or ""), 3,
                 "the click to put the focus on Ocean's row")
        actions = ["add", "rename", "delete", "undo", "undo", "redo", "duplicate", "move up", "move down",
                   "down", "up", "search", "scroll"]
        for step in range(1, steps + 1):
            action = rng.choice(actions)
            done.append(action)
            label = f"seed {seed}, step {step} (replay with IMAGER_E2E_MODEL_SEED={seed}); steps: {', '.join(done)}"
            if action == "add":
                xdotool("key", "ctrl+n")
                type_title(app, f"Typed {step}")
            elif action == "rename":
                xdotool("key", "F2")
                if title_field_within(app, 2):
                    type_title(app, f"Renamed {step}")
            elif action == "delete":
                xdotool("key", "Delete")
            elif action == "undo":
                xdotool("key", "ctrl+z")
            elif action == "redo":
                xdotool("key", "ctrl+shift+z")
            elif action == "duplicate":
                xdotool("key", "ctrl+d")
                if title_field_within(app, 2):
                    xdotool("key", "Return")
            elif action in ("move up", "move down"):
                xdotool("key", "alt+Up" if action == "move up" else "alt+Down")
            elif action in ("down", "up"):
                xdotool("key", "Down" if action == "down" else "Up")
            elif action == "search":
                xdotool("key", "ctrl+f")
                app.wait_for_control("entry", "Search chordsets")
                xdotool("type", "--delay", 60, rng.choice(["a", "e", "n", "Ty", "Re"]))
                time.sleep(0.6)
                xdotool("key", "Escape")
                wait_for(lambda: app.find("entry", "Search chordsets") is None, 5, "Escape to close the search")
            elif action == "scroll":
                x, y, w, h = extents(app.wait_for_control("list", "Chordsets"))
                xdotool("mousemove", x + w // 2, y + h // 2)
                xdotool("click", "--repeat", str(rng.randint(1, 8)), "--delay", "10", rng.choice(["4", "5"]))
            time.sleep(0.3)
            if step % 4 == 0 or step == steps:
                try:
                    check(app, label)
                except AssertionError:
                    screenshot(f"model-seed-{seed}-step-{step}")
                    raise
    finally:
        app.cleanup()
