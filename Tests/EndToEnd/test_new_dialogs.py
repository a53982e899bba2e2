"""The file and colour dialogs: GtkFileDialog and GtkColorDialog from GTK 4.10, the GTK 4.8
dialogs before (no portal here: both fall back to GTK's own chooser, which the tests type
into); and the chordset's colours the chord editor offers itself, on every GTK."""
import json
import os
import shutil
import subprocess
import tempfile
import time

import pyatspi

from harness import click, extents, gtk_version, has_role, move_pointer, screenshot, type_path_in_chooser, wait_for, xdotool
from suite import test
from test_editor_and_perform import open_editor, pixels, shoot
from test_walk_findings import dialog_named
from test_window_details import AppIn, fresh, menu_item, read_field, x_window_named
from window_steps import find_named

NEW_DIALOGS = gtk_version() >= (4, 10)


def chord_cell(app, slot):
    """The main window's cell of chord SLOT (from 1) of the first row, Warm: its name says its
    colour in words and in hex ("Chord 3: orange, #E99057")."""
    return wait_for(lambda: find_named(app.node, "push button", f"Chord {slot}: "), 5, f"chord {slot}'s cell")


def described(app, slot):
    """("orange", "#E99057"): chord SLOT's colour as its cell names it."""
    words, hex_colour = chord_cell(app, slot).name.split(": ", 1)[1].rsplit(", ", 1)
    return words, hex_colour


def swatch_name(hex_colour):
    """The name GTK's colour chooser gives a swatch of HEX_COLOUR."""
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "Color: Red {}%, Green {}%, Blue {}%".format(*(round(v / 255 * 100) for v in (r, g, b)))


def radio_names(node, found=None):
    found = [] if found is None else found
    for child in node:
        if child is None:
            continue
        if has_role(child, "radio button"):
            found.append(child.name)
        radio_names(child, found)
    return found


def find_in(node, role, name, depth=0):
    if node is None or depth > 40:
        return None
    for child in node:
        if child is None:
            continue
        if has_role(child, role) and child.name == name:
            return child
        found = find_in(child, role, name, depth + 1)
        if found is not None:
            return found
    return None


def centre_colour(app, node, name):
    """The colour the screen shows at NODE's centre, as "#RRGGBB"."""
    x, y, w, h = extents(node)
    grid = pixels(shoot(app, name, x + w // 2 - 2, y + h // 2 - 2, 4, 4))
    r, g, b = grid[(2, 2)]
    return f"#{r:02X}{g:02X}{b:02X}"


def close_to(shown, expected, tolerance=6):
    return all(abs(int(shown[i:i + 2], 16) - int(expected[i:i + 2], 16)) <= tolerance for i in (1, 3, 5))


@test
def the_background_colour_dialog_is_the_running_gtks_and_the_colour_chosen_lands_in_the_chord(first):
    app = fresh(first)
    try:
        neighbours = [described(app, slot)[1] for slot in range(2, 9)]
        canvas, _ = open_editor(app)
        click(app.wait_for_control("push button", "Background"))
        dialog = dialog_named(app, "Background of Chord 1")
        time.sleep(0.5)
        screenshot("colour-dialog")
        offered = radio_names(dialog)
        of_the_chordset = [hex_colour for hex_colour in neighbours if swatch_name(hex_colour) in offered]
        if NEW_DIALOGS:
            # GtkColorDialog takes no colours of the app's own (the editor offers them instead):
            # GTK's 45 and its custom row, not the chordset's eight besides.
            assert not of_the_chordset and len(offered) < 45 + 8, \
                f"GTK {gtk_version()} shows GTK 4.8's dialog, with the chordset's colours: {offered}"
        else:
            assert of_the_chordset == neighbours, f"GTK 4.8's dialog offers {of_the_chordset} of the chordset's {neighbours}"
        # GTK's blue, #3584E4: named by its value under GTK 4.8, by its name from 4.10.
        blue = wait_for(lambda: find_in(dialog, "radio button", swatch_name("#3584E4")) or find_in(dialog, "radio button", "Blue"),
                        5, "GTK's blue swatch")
        click(blue)
        time.sleep(0.3)
        click(wait_for(lambda: find_in(dialog, "push button", "Select"), 5, "the dialog's Select button"))
        wait_for(lambda: described(app, 1)[1] == "#3584E4", 10, "chord 1 to become GTK's blue")
        wait_for(lambda: close_to(centre_colour(app, canvas, "background-chosen"), "#3584E4"), 5,
                 "the editor's canvas to show the blue")
    except Exception:
        screenshot("failed-colour-dialog")
        raise
    finally:
        app.cleanup()


@test
def the_chord_editor_gives_the_background_or_a_lumi_another_chords_colour_in_one_click(first):
    from test_editor_and_perform import tool_button
    app = fresh(first)
    try:
        words, third = described(app, 3)
        fifth_words, fifth = described(app, 5)
        canvas, _ = open_editor(app)
        screenshot("editor-chordset-colours")
        # Named for a screen reader by the chord and its colour, as the list's cells are.
        button = app.wait_for_control("push button", f"Background as chord 3: {words}, {third}")
        # Reached with the keyboard: Tab from the canvas to the Background… button, Tab again
        # to the row's first colour, then the arrows along the row.
        background = app.wait_for_control("push button", "Background")
        for _ in range(4):
            if background.getState().contains(pyatspi.STATE_FOCUSED):
                break
            xdotool("key", "Tab")
            time.sleep(0.2)
        assert background.getState().contains(pyatspi.STATE_FOCUSED), "Tab does not reach Background…"
        xdotool("key", "Tab")
        time.sleep(0.2)
        xdotool("key", "Right")
        time.sleep(0.2)
        xdotool("key", "Right")
        time.sleep(0.2)
        assert button.getState().contains(pyatspi.STATE_FOCUSED), "the keys do not reach chord 3's colour"
        xdotool("key", "space")
        wait_for(lambda: described(app, 1)[1] == third, 10, f"chord 1 to take chord 3's {third}")
        wait_for(lambda: close_to(centre_colour(app, canvas, "background-from-chord-3"), third), 5,
                 "the editor's canvas to show chord 3's colour")

        # A star, then chord 5's colour for it.
        click(tool_button(app, "Star"))
        x, y, w, h = extents(canvas)
        move_pointer(x + w // 2, y + h // 2)
        xdotool("click", 1)
        wait_for(lambda: find_named(app.node, "list item", "Star") or find_named(app.node, "label", "Star"), 5, "the star")
        click(app.wait_for_control("push button", f"Lumi colour as chord 5: {fifth_words}, {fifth}"))
        wait_for(lambda: find_named(app.node, "label", f"Star · {fifth_words} ·"), 5,
                 f"the star to be {fifth_words} in the lumi list")
        wait_for(lambda: close_to(centre_colour(app, canvas, "star-from-chord-5"), fifth, 12), 5,
                 "the star's centre to show chord 5's colour")
        screenshot("editor-star-from-chord-5")
    except Exception:
        screenshot("failed-editor-chordset-colours")
        raise
    finally:
        app.cleanup()


def open_export_palette(app):
    x, y, w, h = extents(app.wait_for_control("label", "Fireflies"))
    move_pointer(x + w + 150, y + h // 2)
    xdotool("click", 3)
    app.wait_for_control("menu item", "Export Palette…").queryAction().doAction(0)
    wait_for(lambda: x_window_named("Export Palette"), 10, "the Export Palette chooser")
    time.sleep(0.5)


def name_and_export(app, name):
    """Types NAME over the chooser's name field (which has the focus) and accepts."""
    xdotool("key", "ctrl+a")
    xdotool("type", "--delay", 20, name)
    time.sleep(0.3)
    xdotool("key", "Return")
    wait_for(lambda: not x_window_named("Export Palette"), 10, "the chooser to close")


@test
def on_gtk_4_10_export_palette_takes_its_format_from_the_names_extension(first):
    if not NEW_DIALOGS:
        print(f"    (GTK {'.'.join(map(str, gtk_version()))}: the filter chooses the format; see test_window_details)")
        return
    first.stop()
    folder = tempfile.mkdtemp(prefix="imager-e2e-palette-")
    app = AppIn(first.binary, folder).start()
    try:
        app.wait_for_control("panel", "Warm")
        app.focus()
        open_export_palette(app)
        screenshot("export-palette-file-dialog")
        name = app.wait_for_control("text", "Name:")
        wait_for(lambda: "Fireflies.gpl" in read_field(name), 5, "the suggested name")
        # No extension: the default format's, GIMP's, as the suggested name had.
        name_and_export(app, "Fireflies")
        written = os.path.join(folder, "Fireflies.gpl")
        wait_for(lambda: os.path.exists(written), 10, f"{written} (the folder holds {os.listdir(folder)})")
        with open(written) as f:
            assert f.readline().strip() == "GIMP Palette", "Fireflies.gpl is no GIMP palette"
        assert not os.path.exists(os.path.join(folder, "Fireflies")), os.listdir(folder)
        app.wait_for_control("label", "Exported “Fireflies” to “Fireflies.gpl”")

        app.focus()
        open_export_palette(app)
        name_and_export(app, "Fireflies.SVG")
        written = os.path.join(folder, "Fireflies.SVG")
        wait_for(lambda: os.path.exists(written), 10, f"{written} (the folder holds {os.listdir(folder)})")
        with open(written) as f:
            assert "<svg" in f.read(), "Fireflies.SVG is no SVG image"
        assert sorted(os.listdir(folder)) == ["Fireflies.SVG", "Fireflies.gpl"], os.listdir(folder)
    except Exception:
        screenshot("failed-export-palette-file-dialog")
        raise
    finally:
        app.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


@test
def export_writes_the_chordsets_to_the_file_chosen_and_import_reads_them_back(first):
    folder = tempfile.mkdtemp(prefix="imager-e2e-export-")
    app = fresh(first)
    try:
        path = os.path.join(folder, "All of them.json")
        menu_item(app, "Export…")
        wait_for(lambda: x_window_named("Export Chordsets"), 10, "the Export chooser")
        time.sleep(0.5)
        screenshot("export-file-dialog")
        type_path_in_chooser(path, "Export Chordsets")
        wait_for(lambda: os.path.exists(path), 10, f"{path} (the folder holds {os.listdir(folder)})")
        with open(path) as f:
            exported = json.load(f)
        titles = [chordset["title"] for chordset in exported["chordsets"]]
        assert titles[0] == "Warm" and "Fireflies" in titles, titles

        app.focus()
        menu_item(app, "Import…")
        wait_for(lambda: x_window_named("Import Chordsets"), 10, "the Import chooser")
        time.sleep(0.5)
        type_path_in_chooser(path, "Import Chordsets")
        app.wait_for_control("label", f"Imported {len(titles)} chordsets", seconds=10)
    except Exception:
        screenshot("failed-export-import")
        raise
    finally:
        app.cleanup()
        shutil.rmtree(folder, ignore_errors=True)


@test
def syncs_folder_is_chosen_in_the_folder_chooser(first):
    app = fresh(first)
    folder = os.path.join(app.home, "Shared chords")
    os.makedirs(folder)
    try:
        menu_item(app, "Sync…")
        click(app.wait_for_control("push button", "Choose Folder…"))
        wait_for(lambda: x_window_named("Choose the Sync Folder"), 10, "the folder chooser")
        time.sleep(0.5)
        screenshot("sync-folder-dialog")
        type_path_in_chooser(folder + "/", "Choose the Sync Folder")
        time.sleep(1)
        if x_window_named("Choose the Sync Folder"):
            # Return went into the folder: the accept button chooses it (GTK 4.8 names it
            # twice over, by its label and its text).
            click(wait_for(lambda: app.find("push button", "Choose") or app.find("push button", "_Choose Choose"), 5,
                           "the chooser's Choose button"))
        wait_for(lambda: not x_window_named("Choose the Sync Folder"), 10, "the chooser to close")
        app.wait_for_control("label", folder, seconds=10)
    except Exception:
        screenshot("failed-sync-folder-dialog")
        raise
    finally:
        app.cleanup()
