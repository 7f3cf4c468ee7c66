// The GLib, GIO, GObject and libnotify functions laundry calls, loaded at run time.
//
// Linking those libraries (DT_NEEDED) costs every command 2–2.6 ms of start-up for 19 shared
// libraries, though only `laundry daemon run`, `notify-test` and `doctor` use them. So nothing
// links them: each function declared in shim.h is defined below under its own name and forwards
// to the real one, found with dlsym in libnotify.so.4 (whose dependencies are GLib, GIO and
// GObject), opened the first time any of them is called; each is looked up once. A function the
// Swift code calls that is missing here is an undefined symbol at link time.
//
// The definitions are hidden: the executable exports its symbols (--export-dynamic), and a visible
// `g_free` here would be found before GLib's own by every library loaded later, GLib included.
//
// Without the library: the calls that can answer "nothing here" do so (notify_init and
// notify_is_initted give FALSE, g_bus_get_sync gives NULL and no GError, the server queries
// FALSE and NULL; frees and unrefs do nothing), so `doctor` and `notify-test` report no
// notification server; the rest (the main loop, its sources, GVariant, D-Bus calls) print why on
// stderr, which is the daemon's log, and exit with status 1.

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "shim.h"

#define LAUNDRY_LIBNOTIFY "libnotify.so.4"
#define HIDDEN __attribute__((visibility("hidden")))

static void *handle;
static char load_error[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    handle = dlopen(LAUNDRY_LIBNOTIFY, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : LAUNDRY_LIBNOTIFY ": not found");
        fprintf(stderr, "laundry: desktop notifications unavailable: %s (install libnotify4)\n", load_error);
    }
}

/// The real function `name`, or NULL (soft) when the library or the symbol is missing; exits when
/// the caller cannot go on without it.
static void *symbol(const char *name, int required) {
    pthread_once(&load_once, load);
    void *function = handle != NULL ? dlsym(handle, name) : NULL;
    if (function == NULL && required) {
        if (handle != NULL) snprintf(load_error, sizeof load_error, "%s: no symbol %s", LAUNDRY_LIBNOTIFY, name);
        fprintf(stderr, "laundry: cannot call %s: %s\n", name, load_error);
        exit(1);
    }
    return function;
}

// Resolved once per function, then cached; a race only looks the same symbol up twice.
#define RESOLVE(name, required)                                                \
    static __typeof__(&name) cached;                                           \
    __typeof__(&name) forward_to = __atomic_load_n(&cached, __ATOMIC_ACQUIRE); \
    if (forward_to == NULL) {                                                  \
        forward_to = (__typeof__(&name))symbol(#name, required);               \
        __atomic_store_n(&cached, forward_to, __ATOMIC_RELEASE);               \
    }

/// A function the caller cannot do without: exits when it is missing.
#define FORWARD(type, name, parameters, arguments) \
    HIDDEN type name parameters {                  \
        RESOLVE(name, 1)                           \
        return forward_to arguments;               \
    }

/// A function that answers `fallback` when it is missing.
#define FORWARD_OR(fallback, type, name, parameters, arguments) \
    HIDDEN type name parameters {                               \
        RESOLVE(name, 0)                                        \
        if (forward_to == NULL) return fallback;                \
        return forward_to arguments;                            \
    }

/// Returns nothing; a no-op when missing unless `required`.
#define FORWARD_VOID(name, parameters, arguments, required) \
    HIDDEN void name parameters {                           \
        RESOLVE(name, required)                             \
        if (forward_to != NULL) forward_to arguments;       \
    }

// libnotify
FORWARD_OR(FALSE, gboolean, notify_init, (const char *app_name), (app_name))
FORWARD_OR(FALSE, gboolean, notify_is_initted, (void), ())
FORWARD_OR(FALSE, gboolean, notify_get_server_info, (char **name, char **vendor, char **version, char **spec),
        (name, vendor, version, spec))
FORWARD_OR(NULL, GList *, notify_get_server_caps, (void), ())

// GLib: memory, lists, errors
FORWARD_VOID(g_free, (gpointer mem), (mem), 0)
FORWARD_VOID(g_list_free_full, (GList *list, GDestroyNotify free_func), (list, free_func), 0)
FORWARD_VOID(g_error_free, (GError *error), (error), 0)

// GLib: the main loop and its sources
FORWARD(GMainLoop *, g_main_loop_new, (GMainContext *context, gboolean is_running), (context, is_running))
FORWARD_VOID(g_main_loop_run, (GMainLoop *loop), (loop), 1)
FORWARD_VOID(g_main_loop_quit, (GMainLoop *loop), (loop), 1)
FORWARD_VOID(g_main_loop_unref, (GMainLoop *loop), (loop), 0)
FORWARD(guint, g_timeout_add_seconds_full,
        (gint priority, guint interval, GSourceFunc function, gpointer data, GDestroyNotify notify),
        (priority, interval, function, data, notify))
FORWARD(guint, g_unix_fd_add_full,
        (gint priority, gint fd, GIOCondition condition, GUnixFDSourceFunc function, gpointer user_data,
         GDestroyNotify notify),
        (priority, fd, condition, function, user_data, notify))
FORWARD(guint, g_unix_signal_add_full,
        (gint priority, gint signum, GSourceFunc handler, gpointer user_data, GDestroyNotify notify),
        (priority, signum, handler, user_data, notify))
FORWARD(guint, g_timeout_add_full,
        (gint priority, guint interval, GSourceFunc function, gpointer data, GDestroyNotify notify),
        (priority, interval, function, data, notify))
FORWARD(guint, g_child_watch_add_full,
        (gint priority, GPid pid, GChildWatchFunc function, gpointer data, GDestroyNotify notify),
        (priority, pid, function, data, notify))
FORWARD(gboolean, g_source_remove, (guint tag), (tag))

// GLib: hash tables (GSound's attributes)
FORWARD(GHashTable *, g_hash_table_new_full,
        (GHashFunc hash_func, GEqualFunc key_equal_func, GDestroyNotify key_destroy, GDestroyNotify value_destroy),
        (hash_func, key_equal_func, key_destroy, value_destroy))
FORWARD(gboolean, g_hash_table_insert, (GHashTable *hash_table, gpointer key, gpointer value),
        (hash_table, key, value))
FORWARD_VOID(g_hash_table_unref, (GHashTable *hash_table), (hash_table), 0)
FORWARD(guint, g_str_hash, (gconstpointer v), (v))
FORWARD(gboolean, g_str_equal, (gconstpointer v1, gconstpointer v2), (v1, v2))

// GIO: cancellation
FORWARD(GCancellable *, g_cancellable_new, (void), ())
FORWARD_VOID(g_cancellable_cancel, (GCancellable *cancellable), (cancellable), 0)

// GObject
FORWARD_VOID(g_object_unref, (gpointer object), (object), 0)

// GVariant
FORWARD(GVariantType *, g_variant_type_new, (const gchar *type_string), (type_string))
FORWARD_VOID(g_variant_type_free, (GVariantType *type), (type), 0)
FORWARD_VOID(g_variant_unref, (GVariant *value), (value), 0)
FORWARD(GVariant *, g_variant_new_string, (const gchar *string), (string))
FORWARD(GVariant *, g_variant_new_strv, (const gchar *const *strv, gssize length), (strv, length))
FORWARD(GVariant *, g_variant_new_byte, (guint8 value), (value))
FORWARD(GVariant *, g_variant_new_boolean, (gboolean value), (value))
FORWARD(GVariant *, g_variant_new_int32, (gint32 value), (value))
FORWARD(GVariant *, g_variant_new_uint32, (guint32 value), (value))
FORWARD(GVariant *, g_variant_new_variant, (GVariant *value), (value))
FORWARD(GVariant *, g_variant_new_dict_entry, (GVariant *key, GVariant *value), (key, value))
FORWARD(GVariant *, g_variant_new_tuple, (GVariant *const *children, gsize n_children), (children, n_children))
FORWARD(GVariant *, g_variant_new_array,
        (const GVariantType *child_type, GVariant *const *children, gsize n_children),
        (child_type, children, n_children))
FORWARD(gsize, g_variant_n_children, (GVariant *value), (value))
FORWARD(GVariant *, g_variant_get_child_value, (GVariant *value, gsize index_), (value, index_))
FORWARD(gboolean, g_variant_get_boolean, (GVariant *value), (value))
FORWARD(guint32, g_variant_get_uint32, (GVariant *value), (value))
FORWARD(const gchar *, g_variant_get_string, (GVariant *value, gsize *length), (value, length))
FORWARD(const gchar *, g_variant_get_type_string, (GVariant *value), (value))

// GIO: the session bus
FORWARD_OR(NULL, GDBusConnection *, g_bus_get_sync, (GBusType bus_type, GCancellable *cancellable, GError **error),
        (bus_type, cancellable, error))
FORWARD_VOID(g_dbus_connection_call,
             (GDBusConnection *connection, const gchar *bus_name, const gchar *object_path,
              const gchar *interface_name, const gchar *method_name, GVariant *parameters,
              const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec, GCancellable *cancellable,
              GAsyncReadyCallback callback, gpointer user_data),
             (connection, bus_name, object_path, interface_name, method_name, parameters, reply_type, flags,
              timeout_msec, cancellable, callback, user_data),
             1)
FORWARD(GVariant *, g_dbus_connection_call_finish, (GDBusConnection *connection, GAsyncResult *res, GError **error),
        (connection, res, error))
FORWARD(GVariant *, g_dbus_connection_call_sync,
        (GDBusConnection *connection, const gchar *bus_name, const gchar *object_path, const gchar *interface_name,
         const gchar *method_name, GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags,
         gint timeout_msec, GCancellable *cancellable, GError **error),
        (connection, bus_name, object_path, interface_name, method_name, parameters, reply_type, flags,
         timeout_msec, cancellable, error))
FORWARD(gboolean, g_dbus_connection_flush_sync, (GDBusConnection *connection, GCancellable *cancellable, GError **error),
        (connection, cancellable, error))
FORWARD(guint, g_dbus_connection_signal_subscribe,
        (GDBusConnection *connection, const gchar *sender, const gchar *interface_name, const gchar *member,
         const gchar *object_path, const gchar *arg0, GDBusSignalFlags flags, GDBusSignalCallback callback,
         gpointer user_data, GDestroyNotify user_data_free_func),
        (connection, sender, interface_name, member, object_path, arg0, flags, callback, user_data,
         user_data_free_func))
FORWARD_VOID(g_dbus_connection_signal_unsubscribe, (GDBusConnection *connection, guint subscription_id),
             (connection, subscription_id), 0)

FORWARD(GVariant *, g_dbus_connection_call_with_unix_fd_list_sync,
        (GDBusConnection *connection, const gchar *bus_name, const gchar *object_path, const gchar *interface_name,
         const gchar *method_name, GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags,
         gint timeout_msec, GUnixFDList *fd_list, GUnixFDList **out_fd_list, GCancellable *cancellable,
         GError **error),
        (connection, bus_name, object_path, interface_name, method_name, parameters, reply_type, flags,
         timeout_msec, fd_list, out_fd_list, cancellable, error))
FORWARD(gint, g_unix_fd_list_get, (GUnixFDList *list, gint index_, GError **error), (list, index_, error))
FORWARD(gint32, g_variant_get_handle, (GVariant *value), (value))
FORWARD_OR(NULL, gchar *, g_dbus_error_get_remote_error, (const GError *error), (error))
FORWARD_OR(FALSE, gboolean, g_dbus_error_strip_remote_error, (GError *error), (error))

// GSound, from its own library: missing, the daemon plays no sound and says so once.
#define LAUNDRY_GSOUND "libgsound.so.0"
static void *gsound_handle;
static pthread_once_t gsound_once = PTHREAD_ONCE_INIT;

static void load_gsound(void) {
    pthread_once(&load_once, load);  // GLib first, from libnotify's handle
    gsound_handle = dlopen(LAUNDRY_GSOUND, RTLD_NOW | RTLD_LOCAL);
}

static void *gsound_symbol(const char *name) {
    pthread_once(&gsound_once, load_gsound);
    return gsound_handle != NULL ? dlsym(gsound_handle, name) : NULL;
}

HIDDEN GSoundContext *gsound_context_new(GCancellable *cancellable, GError **error) {
    __typeof__(&gsound_context_new) real = (__typeof__(&gsound_context_new))gsound_symbol("gsound_context_new");
    if (real == NULL) return NULL;  // no GError: the caller reports the missing library
    return real(cancellable, error);
}

HIDDEN void gsound_context_play_fullv(GSoundContext *context, GHashTable *attrs, GCancellable *cancellable,
                                      GAsyncReadyCallback callback, gpointer user_data) {
    __typeof__(&gsound_context_play_fullv) real =
        (__typeof__(&gsound_context_play_fullv))gsound_symbol("gsound_context_play_fullv");
    if (real != NULL) real(context, attrs, cancellable, callback, user_data);
}

HIDDEN gboolean gsound_context_play_full_finish(GSoundContext *context, GAsyncResult *result, GError **error) {
    __typeof__(&gsound_context_play_full_finish) real =
        (__typeof__(&gsound_context_play_full_finish))gsound_symbol("gsound_context_play_full_finish");
    return real != NULL ? real(context, result, error) : FALSE;
}
