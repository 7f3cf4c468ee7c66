#ifndef LAUNDRY_CLIBNOTIFY_SHIM_H
#define LAUNDRY_CLIBNOTIFY_SHIM_H

// libnotify, linked by laundryd only.
#include <libnotify/notify.h>

#endif
