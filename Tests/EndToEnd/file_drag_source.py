"""A stand-in for a file manager in the end-to-end tests: a small GTK 4 window whose label
can be dragged, offering one file as a file list (text/uri-list), as Files does.

usage: /usr/bin/python3 file_drag_source.py PATH   (needs gir1.2-gtk-4.0)"""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, Gio, GLib, GObject, Gtk  # noqa: E402


def main():
    path = sys.argv[1]
    app = Gtk.Application(application_id="org.example.ImagerTestFileSource",
                          flags=Gio.ApplicationFlags.NON_UNIQUE)

    def activate(application):
        window = Gtk.ApplicationWindow(application=application, title="File source")
        label = Gtk.Label(label="Drag this file")
        label.set_size_request(200, 120)
        source = Gtk.DragSource(actions=Gdk.DragAction.COPY)

        def prepare(*_):
            files = Gdk.FileList.new_from_list([Gio.File.new_for_path(path)])
            return Gdk.ContentProvider.new_for_value(GObject.Value(Gdk.FileList, files))
        source.connect("prepare", prepare)
        label.add_controller(source)
        window.set_child(label)
        window.present()

    app.connect("activate", activate)
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, 15, app.quit)
    app.run([sys.argv[0]])


if __name__ == "__main__":
    main()
