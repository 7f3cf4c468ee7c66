#ifndef LAUNDRY_CLIBNOTIFY_SHIM_H
#define LAUNDRY_CLIBNOTIFY_SHIM_H

// The part of libnotify, GLib, GObject and GIO the daemon uses, declared here exactly as their
// headers declare it (GLib 2.74, libnotify 0.8 on x86_64 and aarch64 Linux), plus timerfd and inotify.
//
// Nothing links those libraries: glib-loader.c defines every function below and loads
// libnotify.so.4 (and through it GLib, GIO and GObject) with dlopen the first time one is called,
// so no command but the daemon's pays for their 19 libraries at start-up. Their headers are not
// included because every module importing LaundryDaemon (the executable, the tests) would then
// need GLib's include paths, which only pkg-config knows and SwiftPM's pkgConfig passes with a
// refused `-pthread`.
//
// To use another function: declare it here as GLib's header does, and forward it in glib-loader.c.

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

void g_free(gpointer mem);
void g_list_free_full(GList *list, GDestroyNotify free_func);
void g_error_free(GError *error);

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

GMainLoop *g_main_loop_new(GMainContext *context, gboolean is_running);
void g_main_loop_run(GMainLoop *loop);
void g_main_loop_quit(GMainLoop *loop);
void g_main_loop_unref(GMainLoop *loop);
guint g_timeout_add_seconds_full(gint priority, guint interval, GSourceFunc function, gpointer data,
                                 GDestroyNotify notify);
guint g_unix_fd_add_full(gint priority, gint fd, GIOCondition condition, GUnixFDSourceFunc function,
                         gpointer user_data, GDestroyNotify notify);
guint g_unix_signal_add_full(gint priority, gint signum, GSourceFunc handler, gpointer user_data,
                             GDestroyNotify notify);
guint g_timeout_add_full(gint priority, guint interval, GSourceFunc function, gpointer data, GDestroyNotify notify);
typedef void (*GChildWatchFunc)(GPid pid, gint wait_status, gpointer user_data);
guint g_child_watch_add_full(gint priority, GPid pid, GChildWatchFunc function, gpointer data, GDestroyNotify notify);
gboolean g_source_remove(guint tag);

// glib/ghash.h
typedef struct _GHashTable GHashTable;
typedef guint (*GHashFunc)(gconstpointer key);
typedef gboolean (*GEqualFunc)(gconstpointer a, gconstpointer b);
GHashTable *g_hash_table_new_full(GHashFunc hash_func, GEqualFunc key_equal_func, GDestroyNotify key_destroy_func,
                                  GDestroyNotify value_destroy_func);
gboolean g_hash_table_insert(GHashTable *hash_table, gpointer key, gpointer value);
void g_hash_table_unref(GHashTable *hash_table);
guint g_str_hash(gconstpointer v);
gboolean g_str_equal(gconstpointer v1, gconstpointer v2);

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
void g_object_unref(gpointer object);

// glib/gvariant.h, glib/gvarianttype.h
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;

GVariantType *g_variant_type_new(const gchar *type_string);
void g_variant_type_free(GVariantType *type);
void g_variant_unref(GVariant *value);
GVariant *g_variant_new_string(const gchar *string);
GVariant *g_variant_new_strv(const gchar *const *strv, gssize length);
GVariant *g_variant_new_byte(guint8 value);
GVariant *g_variant_new_boolean(gboolean value);
GVariant *g_variant_new_int32(gint32 value);
GVariant *g_variant_new_uint32(guint32 value);
GVariant *g_variant_new_variant(GVariant *value);
GVariant *g_variant_new_dict_entry(GVariant *key, GVariant *value);
GVariant *g_variant_new_tuple(GVariant *const *children, gsize n_children);
GVariant *g_variant_new_array(const GVariantType *child_type, GVariant *const *children, gsize n_children);
gsize g_variant_n_children(GVariant *value);
GVariant *g_variant_get_child_value(GVariant *value, gsize index_);
gboolean g_variant_get_boolean(GVariant *value);
guint32 g_variant_get_uint32(GVariant *value);
const gchar *g_variant_get_string(GVariant *value, gsize *length);
const gchar *g_variant_get_type_string(GVariant *value);

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

GCancellable *g_cancellable_new(void);
void g_cancellable_cancel(GCancellable *cancellable);

GDBusConnection *g_bus_get_sync(GBusType bus_type, GCancellable *cancellable, GError **error);
void g_dbus_connection_call(GDBusConnection *connection, const gchar *bus_name, const gchar *object_path,
                            const gchar *interface_name, const gchar *method_name, GVariant *parameters,
                            const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec,
                            GCancellable *cancellable, GAsyncReadyCallback callback, gpointer user_data);
GVariant *g_dbus_connection_call_finish(GDBusConnection *connection, GAsyncResult *res, GError **error);
GVariant *g_dbus_connection_call_sync(GDBusConnection *connection, const gchar *bus_name, const gchar *object_path,
                                      const gchar *interface_name, const gchar *method_name, GVariant *parameters,
                                      const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec,
                                      GCancellable *cancellable, GError **error);
gboolean g_dbus_connection_flush_sync(GDBusConnection *connection, GCancellable *cancellable, GError **error);
guint g_dbus_connection_signal_subscribe(GDBusConnection *connection, const gchar *sender,
                                         const gchar *interface_name, const gchar *member, const gchar *object_path,
                                         const gchar *arg0, GDBusSignalFlags flags, GDBusSignalCallback callback,
                                         gpointer user_data, GDestroyNotify user_data_free_func);
void g_dbus_connection_signal_unsubscribe(GDBusConnection *connection, guint subscription_id);

// gio/gunixfdlist.h, for a call that returns a file descriptor (logind's Inhibit)
typedef struct _GUnixFDList GUnixFDList;
GVariant *g_dbus_connection_call_with_unix_fd_list_sync(
    GDBusConnection *connection, const gchar *bus_name, const gchar *object_path, const gchar *interface_name,
    const gchar *method_name, GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags,
    gint timeout_msec, GUnixFDList *fd_list, GUnixFDList **out_fd_list, GCancellable *cancellable, GError **error);
gint g_unix_fd_list_get(GUnixFDList *list, gint index_, GError **error);
gint32 g_variant_get_handle(GVariant *value);

// gio/gdbuserror.h
gchar *g_dbus_error_get_remote_error(const GError *error);
gboolean g_dbus_error_strip_remote_error(GError *error);

// libnotify/notify.h
gboolean notify_init(const char *app_name);
gboolean notify_is_initted(void);
GList *notify_get_server_caps(void);
gboolean notify_get_server_info(char **ret_name, char **ret_vendor, char **ret_version, char **ret_spec_version);

// gsound-context.h (GSound 1.0), loaded from libgsound.so.0 on first use
typedef struct _GSoundContext GSoundContext;
GSoundContext *gsound_context_new(GCancellable *cancellable, GError **error);
void gsound_context_play_fullv(GSoundContext *context, GHashTable *attrs, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data);
gboolean gsound_context_play_full_finish(GSoundContext *context, GAsyncResult *result, GError **error);

#endif
