/* The floor for posting a burst: a C program that does nothing but make N Notify calls through
 * GDBus (as laundry's daemon does), at most WINDOW in flight at once (as laundryd sends them), and
 * waits for the replies. `make bench` compares laundry's lateness for 1,000 timers with how long
 * this takes to put 1,000 calls on the bus. Prints the wall-clock time of its first call, then the
 * wall and CPU milliseconds until the last reply.
 *
 *   bus-floor N WINDOW */
#include <gio/gio.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static int sent, answered, total;
static GMainLoop *loop;
static GDBusConnection *bus;
static void send_one(void);
static void done(GObject *src, GAsyncResult *res, gpointer data) {
    (void)data;
    GVariant *r = g_dbus_connection_call_finish(G_DBUS_CONNECTION(src), res, NULL);
    if (r) g_variant_unref(r);
    if (sent < total) send_one();
    if (++answered == total) g_main_loop_quit(loop);
}
static void send_one(void) {
    char body[64];
    snprintf(body, sizeof body, "Floor %05d is ready for the dryer!", sent++);
    const char *actions[] = {"dry", "Start dryer", "air-dry", "Air-dry", "snooze", "Snooze 10 min", NULL};
    GVariantBuilder hints;
    g_variant_builder_init(&hints, G_VARIANT_TYPE("a{sv}"));
    g_variant_builder_add(&hints, "{sv}", "urgency", g_variant_new_byte(2));
    g_variant_builder_add(&hints, "{sv}", "category", g_variant_new_string("x-laundry.done"));
    g_variant_builder_add(&hints, "{sv}", "desktop-entry", g_variant_new_string("laundry"));
    g_dbus_connection_call(bus, "org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                           "org.freedesktop.Notifications", "Notify",
                           g_variant_new("(susss^asa{sv}i)", "laundry", 0, "", "Wash Complete!", body, actions, &hints, -1),
                           G_VARIANT_TYPE("(u)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, done, NULL);
}
int main(int argc, char **argv) {
    total = argc > 1 ? atoi(argv[1]) : 1000;
    int window = argc > 2 ? atoi(argv[2]) : 8;
    bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, NULL);
    loop = g_main_loop_new(NULL, FALSE);
    struct timespec a, b, ca, cb;
    clock_gettime(CLOCK_REALTIME, &a);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ca);
    for (int i = 0; i < window && i < total; i++) send_one();
    g_main_loop_run(loop);
    clock_gettime(CLOCK_REALTIME, &b);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cb);
    printf("%ld.%06ld %.3f %.3f\n", (long)a.tv_sec, a.tv_nsec / 1000,
           (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6,
           (cb.tv_sec - ca.tv_sec) * 1e3 + (cb.tv_nsec - ca.tv_nsec) / 1e6);
    return 0;
}
