#ifndef LAUNDRY_CLIBNOTIFY_SHIM_H
#define LAUNDRY_CLIBNOTIFY_SHIM_H

#include <libnotify/notify.h>
#include <glib.h>
#include <glib-unix.h>
#include <gio/gio.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>

// g_signal_connect is a macro, which Swift cannot call.
static inline gulong laundry_signal_connect(gpointer instance, const char *signal, GCallback handler, gpointer data) {
    return g_signal_connect_data(instance, signal, handler, data, NULL, (GConnectFlags)0);
}

#endif
