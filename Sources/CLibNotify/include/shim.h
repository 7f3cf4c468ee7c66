#ifndef LAUNDRY_CLIBNOTIFY_SHIM_H
#define LAUNDRY_CLIBNOTIFY_SHIM_H

// The part of libnotify, GLib, GObject and GIO the daemon uses, declared here exactly as their
// headers declare it (GLib 2.74, libnotify 0.8 on x86_64 and aarch64 Linux), plus timerfd and inotify.
//
// The functions themselves are listed once, in glib-functions.def, which this header reads to
// declare them and glib-loader.c reads to define them. Nothing links those libraries: each
// definition loads libnotify.so.4 (and through it GLib, GIO and GObject) with dlopen the first time
// one is called, so no command but the daemon's pays for their 19 libraries at start-up. Their headers are not
// included because every module importing LaundryDaemon (the executable, the tests) would then
// need GLib's include paths, which only pkg-config knows and SwiftPM's pkgConfig passes with a
// refused `-pthread`.
//
// To use another function: add its line to glib-functions.def (and here any type it needs).

#include <stddef.h>

// unistd.h with _GNU_SOURCE, which Swift's Glibc module does not give
int pipe2(int pipefd[2], int flags);
#include <sys/inotify.h>
#include <sys/timerfd.h>

// glib/gtypes.h, glibconfig.h (LP64)
typedef char gchar;
typedef int gint;
typedef gint gboolean;
typedef unsigned int guint;
typedef unsigned long gulong;
typedef unsigned char guint8;
typedef signed int gint32;
typedef unsigned int guint32;
typedef signed long gssize;
typedef unsigned long gsize;
typedef void *gpointer;
typedef guint32 GQuark;
typedef const void *gconstpointer;
typedef void (*GDestroyNotify)(gpointer data);
typedef int GPid;

#ifndef FALSE
#define FALSE (0)
#endif
#ifndef TRUE
#define TRUE (!FALSE)
#endif

// glib/glist.h, glib/gerror.h
typedef struct _GList GList;
struct _GList {
    gpointer data;
    GList *next;
    GList *prev;
};
typedef struct _GError GError;
struct _GError {
    GQuark domain;
    gint code;
    gchar *message;
};

// glib/gmain.h, glib-unix.h
typedef enum /*< flags >*/
{
    G_IO_IN = 1,
    G_IO_OUT = 4,
    G_IO_PRI = 2,
    G_IO_ERR = 8,
    G_IO_HUP = 16,
    G_IO_NVAL = 32
} GIOCondition;

#define G_PRIORITY_HIGH -100
#define G_PRIORITY_DEFAULT 0

typedef struct _GMainContext GMainContext;
typedef struct _GMainLoop GMainLoop;
typedef gboolean (*GSourceFunc)(gpointer user_data);
typedef gboolean (*GUnixFDSourceFunc)(gint fd, GIOCondition condition, gpointer user_data);

typedef void (*GChildWatchFunc)(GPid pid, gint wait_status, gpointer user_data);

// glib/ghash.h
typedef struct _GHashTable GHashTable;
typedef guint (*GHashFunc)(gconstpointer key);
typedef gboolean (*GEqualFunc)(gconstpointer a, gconstpointer b);

// gobject/gtype.h, gobject/gobject.h, gobject/gsignal.h
typedef gulong GType;
typedef struct _GTypeClass GTypeClass;
struct _GTypeClass {
    GType g_type;
};
typedef struct _GTypeInstance GTypeInstance;
struct _GTypeInstance {
    GTypeClass *g_class;
};
typedef struct _GData GData;
typedef struct _GObject GObject;
struct _GObject {
    GTypeInstance g_type_instance;
    guint ref_count;
    GData *qdata;
};

// glib/gvariant.h, glib/gvarianttype.h
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;

// gio/gioenums.h, gio/giotypes.h, gio/gdbusconnection.h
typedef enum {
    G_BUS_TYPE_STARTER = -1,
    G_BUS_TYPE_NONE = 0,
    G_BUS_TYPE_SYSTEM = 1,
    G_BUS_TYPE_SESSION = 2
} GBusType;
typedef enum {
    G_DBUS_CALL_FLAGS_NONE = 0,
    G_DBUS_CALL_FLAGS_NO_AUTO_START = (1 << 0),
    G_DBUS_CALL_FLAGS_ALLOW_INTERACTIVE_AUTHORIZATION = (1 << 1)
} GDBusCallFlags;
typedef enum /*< flags >*/
{
    G_DBUS_SIGNAL_FLAGS_NONE = 0,
    G_DBUS_SIGNAL_FLAGS_NO_MATCH_RULE = (1 << 0),
    G_DBUS_SIGNAL_FLAGS_MATCH_ARG0_NAMESPACE = (1 << 1),
    G_DBUS_SIGNAL_FLAGS_MATCH_ARG0_PATH = (1 << 2)
} GDBusSignalFlags;

typedef struct _GCancellable GCancellable;
typedef struct _GAsyncResult GAsyncResult;
typedef struct _GDBusConnection GDBusConnection;
typedef void (*GAsyncReadyCallback)(GObject *source_object, GAsyncResult *res, gpointer user_data);
typedef void (*GDBusSignalCallback)(GDBusConnection *connection, const gchar *sender_name, const gchar *object_path,
                                    const gchar *interface_name, const gchar *signal_name, GVariant *parameters,
                                    gpointer user_data);

// gio/gunixfdlist.h, for a call that returns a file descriptor (logind's Inhibit)
typedef struct _GUnixFDList GUnixFDList;

// gsound-context.h (GSound 1.0), loaded from libgsound.so.0 on first use
typedef struct _GSoundContext GSoundContext;


// Every function, declared from the one list.
#define LAUNDRY_CALL(policy, fallback, type, name, parameters, arguments) type name parameters;
#include "glib-functions.def"
#undef LAUNDRY_CALL

#endif
