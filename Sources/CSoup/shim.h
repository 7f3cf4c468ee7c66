#ifndef LAUNDRY_CSOUP_SHIM_H
#define LAUNDRY_CSOUP_SHIM_H

// libsoup 3: the WebSocket client laundryd follows Home Assistant with (its own framing, TLS through
// glib-networking). Linked by laundryd only, driven from its GLib loop.
#include <libsoup/soup.h>

#endif
