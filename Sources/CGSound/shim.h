#ifndef LAUNDRY_CGSOUND_SHIM_H
#define LAUNDRY_CGSOUND_SHIM_H

// GSound (the sound theme through libcanberra), linked by laundryd only.
#include <gsound.h>

#endif
