/*
 * CGdkPixbuf: gdk-pixbuf alone, for decoding and writing pictures without GTK (the command
 * line, the window's worker threads). No application logic lives here.
 */
#ifndef IMAGER_CGDKPIXBUF_SHIM_H
#define IMAGER_CGDKPIXBUF_SHIM_H

#include <gdk-pixbuf/gdk-pixbuf.h>

#endif
