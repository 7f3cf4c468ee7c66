// The GLib, GIO, GObject and libnotify functions laundry calls, loaded at run time.
//
// Linking those libraries (DT_NEEDED) costs every command 2–2.6 ms of start-up for 19 shared
// libraries, though only `laundry daemon run`, `notify-test` and `doctor` use them. So nothing
// links them: each function of glib-functions.def (the one list, which shim.h declares) is defined
// below under its own name and forwards to the real one, found with dlsym in libnotify.so.4 (whose
// dependencies are GLib, GIO and GObject), opened the first time any of them is called; each is
// looked up once. A function the Swift code calls that is missing from the list is an undefined
// symbol at link time.
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

#define FORWARD_REQUIRED(fallback, type, name, parameters, arguments) FORWARD(type, name, parameters, arguments)
#define FORWARD_OPTIONAL FORWARD_OR
#define FORWARD_VOID_REQUIRED(fallback, type, name, parameters, arguments) FORWARD_VOID(name, parameters, arguments, 1)
#define FORWARD_VOID_OPTIONAL(fallback, type, name, parameters, arguments) FORWARD_VOID(name, parameters, arguments, 0)

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

// A missing GSound gives no GError: the caller reports the missing library.
#define FORWARD_SOUND(fallback, type, name, parameters, arguments)                \
    HIDDEN type name parameters {                                                 \
        __typeof__(&name) real = (__typeof__(&name))gsound_symbol(#name);         \
        return real != NULL ? real arguments : fallback;                          \
    }
#define FORWARD_SOUND_VOID(fallback, type, name, parameters, arguments)           \
    HIDDEN void name parameters {                                                 \
        __typeof__(&name) real = (__typeof__(&name))gsound_symbol(#name);         \
        if (real != NULL) real arguments;                                         \
    }

// Every function of the list, defined.
#define LAUNDRY_CALL(policy, fallback, type, name, parameters, arguments) \
    FORWARD_##policy(fallback, type, name, parameters, arguments)
#include "glib-functions.def"
#undef LAUNDRY_CALL
