/*
 * CLo: liblo, the OSC library, for decoding the OSC messages Imager receives. Swift cannot
 * read lo_arg (a C union) by type tag on its own terms, so the one accessor that does lives
 * here. No application logic lives here.
 */
#ifndef IMAGER_CLO_SHIM_H
#define IMAGER_CLO_SHIM_H

#include <lo/lo.h>
#include <math.h>

/* What the number at `index` of `message` is: 1 with *value set for an int, a float, a
 * 64-bit int, a double or true/false; 0 for anything else (a string, a blob, nil...). */
static inline int clo_message_number(lo_message message, int index, double *value, int *is_integer) {
    const char *types = lo_message_get_types(message);
    lo_arg **argv = lo_message_get_argv(message);
    if (!types || !argv || index < 0 || index >= lo_message_get_argc(message)) return 0;
    lo_arg *arg = argv[index];
    *is_integer = 0;
    switch (types[index]) {
    case LO_INT32: *value = arg->i; *is_integer = 1; return 1;
    case LO_INT64: *value = (double)arg->h; *is_integer = 1; return 1;
    case LO_FLOAT: *value = arg->f; return 1;
    case LO_DOUBLE: *value = arg->d; return 1;
    case LO_TRUE: *value = 1; *is_integer = 1; return 1;
    case LO_FALSE: *value = 0; *is_integer = 1; return 1;
    default: return 0;
    }
}

#endif
