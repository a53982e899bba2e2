"""The keyboard-first checks of the end-to-end suite: where the focus is, read
through AT-SPI the way a screen reader reads it."""
import time

import pyatspi

from harness import focused, has_role, wait_for, xdotool  # noqa: F401 (focused: the tests import it from here)


def describe(node):
    return "nothing" if node is None else f"{node.getRoleName()} {node.name!r}"


def is_control(node, role, name):
    """Whether NODE is the control with ROLE and NAME, or the part of it that takes the focus:
    GTK 4.10+'s menu button is a "button" whose "toggle button" of the same name is focused."""
    if node is None or node.name != name:
        return False
    if has_role(node, role):
        return True
    parent = node.parent
    return parent is not None and parent.name == name and has_role(parent, role)


def press(app, key, role, name, seconds=3):
    """Presses KEY and waits until the focus is on the control with ROLE and NAME."""
    xdotool("key", key)
    def arrived():
        node = focused(app.node)
        return node if is_control(node, role, name) else None
    try:
        return wait_for(arrived, seconds, f"{role} {name!r}")
    except AssertionError:
        raise AssertionError(f"after {key} the focus is on {describe(focused(app.node))}, not {role} {name!r}")


def selected_rows(app):
    listing = app.find("list", "Chordsets")
    return [item.name for item in listing if item.getState().contains(pyatspi.STATE_SELECTED)]


def settle():
    time.sleep(0.3)
