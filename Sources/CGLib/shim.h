/*
 * CGLib: GLib, GObject and GIO alone, for the glue every layer shares (signals, main-loop
 * sources, object references) without GTK. No application logic lives here.
 */
#ifndef IMAGER_CGLIB_SHIM_H
#define IMAGER_CGLIB_SHIM_H

#include <glib.h>
#include <glib-object.h>
#include <glib-unix.h>
#include <gio/gio.h>

#endif
