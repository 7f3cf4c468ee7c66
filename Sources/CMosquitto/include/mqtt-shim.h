// A connection to an MQTT broker through libmosquitto, loaded with dlopen only by the daemon that
// needs it. libmosquitto runs the connection in its own thread (reading, writing, keep-alive, and
// reconnecting with back-off), so the daemon's GLib loop never waits on the network: what arrives
// is queued here and the loop is woken through an eventfd.
#ifndef LAUNDRY_MQTT_SHIM_H
#define LAUNDRY_MQTT_SHIM_H

#include <stdbool.h>
#include <stddef.h>

typedef struct laundry_mqtt laundry_mqtt;

typedef enum {
    LAUNDRY_MQTT_CONNECTED = 1,
    /// The broker refused the connection (`code`: the CONNACK's reason, such as a bad login).
    LAUNDRY_MQTT_REFUSED = 2,
    LAUNDRY_MQTT_DISCONNECTED = 3,
    LAUNDRY_MQTT_MESSAGE = 4,
    /// Connecting failed (`code`: libmosquitto's error); tried again after a pause.
    LAUNDRY_MQTT_FAILED = 5,
} laundry_mqtt_kind;

typedef struct laundry_mqtt_event {
    laundry_mqtt_kind kind;
    int code;
    char *topic;
    /// A message's payload (NUL-terminated as well), or the reason of a state change in words.
    char *payload;
    int payload_length;
    bool retained;
    struct laundry_mqtt_event *next;
} laundry_mqtt_event;

/// NULL when libmosquitto.so.1 loaded, else why not (for the log and doctor).
const char *laundry_mqtt_load(void);

/// A client that has not connected yet; NULL when the library is missing or out of memory.
laundry_mqtt *laundry_mqtt_new(const char *client_id);
/// Readable when events wait in the queue.
int laundry_mqtt_event_fd(const laundry_mqtt *client);
int laundry_mqtt_login(laundry_mqtt *client, const char *username, const char *password);
/// TLS with the broker's certificate checked against `ca_file` (or the system's CAs in `ca_path`)
/// and its name verified; a client certificate when both `cert_file` and `key_file` are given.
int laundry_mqtt_tls(laundry_mqtt *client, const char *ca_file, const char *ca_path, const char *cert_file,
                     const char *key_file);
int laundry_mqtt_will(laundry_mqtt *client, const char *topic, const char *payload, bool retained);
/// Starts the connection thread; it keeps reconnecting (1 s, doubling up to 60 s) until stopped.
int laundry_mqtt_start(laundry_mqtt *client, const char *host, int port, int keepalive_seconds);
int laundry_mqtt_publish(laundry_mqtt *client, const char *topic, const char *payload, int length, bool retained);
/// `retain_as_published`: a retained message keeps its flag even when it arrives live (MQTT 5).
int laundry_mqtt_subscribe(laundry_mqtt *client, const char *pattern, bool retain_as_published);
/// The oldest event not yet taken, or NULL; free it with laundry_mqtt_event_free.
laundry_mqtt_event *laundry_mqtt_next(laundry_mqtt *client);
void laundry_mqtt_event_free(laundry_mqtt_event *event);
/// Disconnects cleanly (so the broker does not send the Last Will), stops the thread, frees.
void laundry_mqtt_stop(laundry_mqtt *client);

#endif
