// libmosquitto, loaded at run time and driven from a thread of our own.
//
// Only `laundry daemon run` with "mqtt" in config.json needs it, so nothing links it: the package
// recommends libmosquitto1 and a daemon without it says so once. The thread is ours rather than
// mosquitto_loop_start's because libmosquitto's own loop gives up for good after a name that does
// not resolve yet (a laptop at boot) or a failed TLS handshake; ours waits (1 s, doubling to 60 s)
// and tries again until the daemon stops.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

#include "mqtt-shim.h"

#define LAUNDRY_LIBMOSQUITTO "libmosquitto.so.1"
#define MOSQ_ERR_ERRNO 14
#define MOSQ_OPT_PROTOCOL_VERSION 1
#define MQTT_PROTOCOL_V5 5
#define MQTT_SUB_OPT_RETAIN_AS_PUBLISHED 0x08

struct mosquitto;
struct mosquitto_message {
    int mid;
    char *topic;
    void *payload;
    int payloadlen;
    int qos;
    bool retain;
};

typedef void (*connect_callback)(struct mosquitto *, void *, int);
typedef void (*message_callback)(struct mosquitto *, void *, const struct mosquitto_message *);

static struct {
    int (*lib_init)(void);
    struct mosquitto *(*new_client)(const char *, bool, void *);
    void (*destroy)(struct mosquitto *);
    int (*threaded_set)(struct mosquitto *, bool);
    int (*username_pw_set)(struct mosquitto *, const char *, const char *);
    int (*tls_set)(struct mosquitto *, const char *, const char *, const char *, const char *,
                   int (*)(char *, int, int, void *));
    int (*will_set)(struct mosquitto *, const char *, int, const void *, int, bool);
    int (*reconnect_delay_set)(struct mosquitto *, unsigned int, unsigned int, bool);
    int (*connect)(struct mosquitto *, const char *, int, int);
    int (*reconnect)(struct mosquitto *);
    int (*disconnect)(struct mosquitto *);
    int (*loop_forever)(struct mosquitto *, int, int);
    int (*publish)(struct mosquitto *, int *, const char *, int, const void *, int, bool);
    int (*subscribe_v5)(struct mosquitto *, int *, const char *, int, int, const void *);
    int (*int_option)(struct mosquitto *, int, int);
    void (*connect_callback_set)(struct mosquitto *, connect_callback);
    void (*disconnect_callback_set)(struct mosquitto *, connect_callback);
    void (*message_callback_set)(struct mosquitto *, message_callback);
    const char *(*strerror)(int);
    /// MQTT 5's reason codes in words (a refused login says "Not authorized").
    const char *(*reason_string)(int);
} api;

static char load_error[512];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

#define FIND(field, name)                                                                       \
    do {                                                                                        \
        *(void **)&api.field = dlsym(handle, name);                                             \
        if (api.field == NULL) {                                                                \
            snprintf(load_error, sizeof load_error, "%s has no %s", LAUNDRY_LIBMOSQUITTO, name); \
            return;                                                                             \
        }                                                                                       \
    } while (0)

static void load(void) {
    void *handle = dlopen(LAUNDRY_LIBMOSQUITTO, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason != NULL ? reason : LAUNDRY_LIBMOSQUITTO);
        return;
    }
    FIND(lib_init, "mosquitto_lib_init");
    FIND(new_client, "mosquitto_new");
    FIND(destroy, "mosquitto_destroy");
    FIND(threaded_set, "mosquitto_threaded_set");
    FIND(username_pw_set, "mosquitto_username_pw_set");
    FIND(tls_set, "mosquitto_tls_set");
    FIND(will_set, "mosquitto_will_set");
    FIND(reconnect_delay_set, "mosquitto_reconnect_delay_set");
    FIND(connect, "mosquitto_connect");
    FIND(reconnect, "mosquitto_reconnect");
    FIND(disconnect, "mosquitto_disconnect");
    FIND(loop_forever, "mosquitto_loop_forever");
    FIND(publish, "mosquitto_publish");
    FIND(subscribe_v5, "mosquitto_subscribe_v5");
    FIND(int_option, "mosquitto_int_option");
    FIND(connect_callback_set, "mosquitto_connect_callback_set");
    FIND(disconnect_callback_set, "mosquitto_disconnect_callback_set");
    FIND(message_callback_set, "mosquitto_message_callback_set");
    FIND(strerror, "mosquitto_strerror");
    FIND(reason_string, "mosquitto_reason_string");
    api.lib_init();
}

const char *laundry_mqtt_load(void) {
    pthread_once(&load_once, load);
    return api.reason_string != NULL ? NULL : load_error;
}

struct laundry_mqtt {
    struct mosquitto *mosq;
    int event_fd;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    laundry_mqtt_event *first, *last;
    pthread_t thread;
    bool started, stopping;
    char *host;
    int port, keepalive;
};

static void push(laundry_mqtt *client, laundry_mqtt_event *event) {
    pthread_mutex_lock(&client->lock);
    if (client->last != NULL) client->last->next = event; else client->first = event;
    client->last = event;
    pthread_mutex_unlock(&client->lock);
    uint64_t one = 1;
    ssize_t written = write(client->event_fd, &one, sizeof one);
    (void)written;  // an eventfd that is already readable stays readable
}

/// An event with `reason` in words as its payload (what the log says).
static void push_state(laundry_mqtt *client, laundry_mqtt_kind kind, int code, const char *reason) {
    laundry_mqtt_event *event = calloc(1, sizeof *event);
    if (event == NULL) return;
    event->kind = kind;
    event->code = code;
    event->payload = strdup(reason != NULL ? reason : "");
    event->payload_length = event->payload != NULL ? (int)strlen(event->payload) : 0;
    push(client, event);
}

/// libmosquitto's error in words; errno is read here, in the thread that saw it.
static const char *error_words(int code) {
    return code == MOSQ_ERR_ERRNO ? strerror(errno) : api.strerror(code);
}

static void on_connect(struct mosquitto *mosq, void *data, int code) {
    (void)mosq;
    if (code == 0) push_state(data, LAUNDRY_MQTT_CONNECTED, 0, NULL);
    else push_state(data, LAUNDRY_MQTT_REFUSED, code, api.reason_string(code));
}

static void on_disconnect(struct mosquitto *mosq, void *data, int code) {
    (void)mosq;
    push_state(data, LAUNDRY_MQTT_DISCONNECTED, code, code == 0 ? "" : error_words(code));
}

static void on_message(struct mosquitto *mosq, void *data, const struct mosquitto_message *message) {
    (void)mosq;
    laundry_mqtt_event *event = calloc(1, sizeof *event);
    if (event == NULL) return;
    event->kind = LAUNDRY_MQTT_MESSAGE;
    event->topic = strdup(message->topic);
    event->payload = malloc((size_t)message->payloadlen + 1);
    if (event->topic == NULL || event->payload == NULL) {
        laundry_mqtt_event_free(event);
        return;
    }
    if (message->payloadlen > 0) memcpy(event->payload, message->payload, (size_t)message->payloadlen);
    event->payload[message->payloadlen] = '\0';
    event->payload_length = message->payloadlen;
    event->retained = message->retain;
    push(data, event);
}

laundry_mqtt *laundry_mqtt_new(const char *client_id) {
    if (laundry_mqtt_load() != NULL) return NULL;
    laundry_mqtt *client = calloc(1, sizeof *client);
    if (client == NULL) return NULL;
    client->event_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    client->mosq = api.new_client(client_id, true, client);
    if (client->event_fd < 0 || client->mosq == NULL) {
        if (client->event_fd >= 0) close(client->event_fd);
        free(client);
        return NULL;
    }
    pthread_mutex_init(&client->lock, NULL);
    pthread_cond_init(&client->wake, NULL);
    api.threaded_set(client->mosq, true);
    // MQTT 5, for "retain as published": a press someone left retained shows as retained even
    // when it arrives live, so it is never acted on.
    api.int_option(client->mosq, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5);
    api.reconnect_delay_set(client->mosq, 1, 60, true);
    api.connect_callback_set(client->mosq, on_connect);
    api.disconnect_callback_set(client->mosq, on_disconnect);
    api.message_callback_set(client->mosq, on_message);
    return client;
}

int laundry_mqtt_event_fd(const laundry_mqtt *client) { return client->event_fd; }

int laundry_mqtt_login(laundry_mqtt *client, const char *username, const char *password) {
    return api.username_pw_set(client->mosq, username, password);
}

int laundry_mqtt_tls(laundry_mqtt *client, const char *ca_file, const char *ca_path, const char *cert_file,
                     const char *key_file) {
    // libmosquitto verifies the server's name unless told otherwise (mosquitto_tls_insecure_set).
    return api.tls_set(client->mosq, ca_file, ca_path, cert_file, key_file, NULL);
}

int laundry_mqtt_will(laundry_mqtt *client, const char *topic, const char *payload, bool retained) {
    return api.will_set(client->mosq, topic, (int)strlen(payload), payload, 1, retained);
}

/// Waits `seconds` unless the client is being stopped; true when it should go on.
static bool pause_unless_stopping(laundry_mqtt *client, unsigned seconds) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += seconds;
    pthread_mutex_lock(&client->lock);
    while (!client->stopping) {
        if (pthread_cond_timedwait(&client->wake, &client->lock, &until) == ETIMEDOUT) break;
    }
    bool go_on = !client->stopping;
    pthread_mutex_unlock(&client->lock);
    return go_on;
}

static bool is_stopping(laundry_mqtt *client) {
    pthread_mutex_lock(&client->lock);
    bool stopping = client->stopping;
    pthread_mutex_unlock(&client->lock);
    return stopping;
}

static void *run(void *data) {
    laundry_mqtt *client = data;
    unsigned delay = 1;
    bool connected_once = false;
    while (!is_stopping(client)) {
        int rc = connected_once ? api.reconnect(client->mosq)
                                : api.connect(client->mosq, client->host, client->port, client->keepalive);
        if (rc == 0) {
            connected_once = true;
            // Returns after a disconnect it could not mend by itself, or when stopped.
            rc = api.loop_forever(client->mosq, 1000, 1);
            if (is_stopping(client)) break;
            delay = 1;
        }
        if (rc != 0) push_state(client, LAUNDRY_MQTT_FAILED, rc, error_words(rc));
        if (!pause_unless_stopping(client, delay)) break;
        delay = delay >= 32 ? 60 : delay * 2;
    }
    return NULL;
}

int laundry_mqtt_start(laundry_mqtt *client, const char *host, int port, int keepalive_seconds) {
    client->host = strdup(host);
    client->port = port;
    client->keepalive = keepalive_seconds;
    if (client->host == NULL) return 1;
    int rc = pthread_create(&client->thread, NULL, run, client);
    client->started = rc == 0;
    return rc;
}

int laundry_mqtt_publish(laundry_mqtt *client, const char *topic, const char *payload, int length, bool retained) {
    return api.publish(client->mosq, NULL, topic, length, payload, 1, retained);
}

int laundry_mqtt_subscribe(laundry_mqtt *client, const char *pattern, bool retain_as_published) {
    return api.subscribe_v5(client->mosq, NULL, pattern, 1, retain_as_published ? MQTT_SUB_OPT_RETAIN_AS_PUBLISHED : 0,
                            NULL);
}

laundry_mqtt_event *laundry_mqtt_next(laundry_mqtt *client) {
    pthread_mutex_lock(&client->lock);
    laundry_mqtt_event *event = client->first;
    if (event != NULL) {
        client->first = event->next;
        if (client->first == NULL) client->last = NULL;
        event->next = NULL;
    } else {
        uint64_t count;
        ssize_t got = read(client->event_fd, &count, sizeof count);
        (void)got;  // emptied: the next push makes it readable again
    }
    pthread_mutex_unlock(&client->lock);
    return event;
}

void laundry_mqtt_event_free(laundry_mqtt_event *event) {
    if (event == NULL) return;
    free(event->topic);
    free(event->payload);
    free(event);
}

void laundry_mqtt_stop(laundry_mqtt *client) {
    if (client == NULL) return;
    pthread_mutex_lock(&client->lock);
    client->stopping = true;
    pthread_cond_broadcast(&client->wake);
    pthread_mutex_unlock(&client->lock);
    api.disconnect(client->mosq);
    if (client->started) {
        // A connect still waiting on an unreachable host may take its TCP timeout: the daemon
        // stops without it (the process is ending) rather than hang on SIGTERM.
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 2;
        if (pthread_timedjoin_np(client->thread, NULL, &until) != 0) return;
    }
    api.destroy(client->mosq);
    while (client->first != NULL) laundry_mqtt_event_free(laundry_mqtt_next(client));
    close(client->event_fd);
    pthread_mutex_destroy(&client->lock);
    pthread_cond_destroy(&client->wake);
    free(client->host);
    free(client);
}
