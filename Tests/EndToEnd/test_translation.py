"""The window in another language."""
import os
import shutil
import subprocess
import tempfile

from harness import App, click, german, screenshot, xdotool
from keyboard import press
from suite import test

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@test
def in_german_the_header_the_menu_the_cells_and_the_toast_speak_german(first):
    first.stop()
    catalogues = tempfile.mkdtemp(prefix="imager-e2e-po-")
    subprocess.run([os.path.join(REPO, "po", "build.sh"), catalogues], check=True)
    app = App(first.binary)
    app.env.update(german(os.path.join(catalogues, "locale")))
    app.start()
    try:
        app.wait_for_control("push button", "Akkordsatz hinzufügen")
        app.wait_for_control("push button", "Akkord 1: leuchtend gelb, #F6D14E")
        app.focus()
        click(app.wait_for_control("push button", "Hauptmenü"))
        for item in ("Importieren …", "Exportieren …", "Alle Akkordsätze löschen …", "Tastenkürzel", "Info zu Imager"):
            app.wait_for_control("menu item", item)
        screenshot("german-menu")
        # The menu closes and the focus is back on its button before Tab: a Tab typed while
        # the menu is still closing goes to the menu.
        press(app, "Escape", "push button", "Hauptmenü")
        press(app, "Tab", "list item", "Warm")
        press(app, "Down", "list item", "Ocean")
        xdotool("key", "Delete")
        app.wait_for_control("label", "„Ocean“ gelöscht")
        app.wait_for_control("push button", "Rückgängig")
        screenshot("german-toast")
        # The main menu's Undo names the step, from the core's typed undo name.
        click(app.wait_for_control("push button", "Hauptmenü"))
        app.wait_for_control("menu item", "„Ocean“ löschen rückgängig machen")
        xdotool("key", "Escape")
    finally:
        app.cleanup()
        shutil.rmtree(catalogues, ignore_errors=True)
