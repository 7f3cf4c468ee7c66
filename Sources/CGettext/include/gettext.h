#ifndef LAUNDRY_CGETTEXT_H
#define LAUNDRY_CGETTEXT_H

// GNU gettext as glibc carries it (no library to link): Swift's Glibc module leaves libintl.h out.
#include <libintl.h>

#endif
