/*
 * CCairo: cairo alone, for the chord renderer (ImagerDrawing), which must not need GTK.
 * GTK's headers include the same cairo.h, so a file that imports both CGtk and CCairo
 * sees one set of cairo types.
 */
#ifndef IMAGER_CCAIRO_SHIM_H
#define IMAGER_CCAIRO_SHIM_H

#include <cairo.h>

#endif
