#ifndef LAUNDRY_CALENDAR_HTTP_H
#define LAUNDRY_CALENDAR_HTTP_H

#include <stddef.h>

/// What one request brought back. `etag` and `body` are malloc'd (or NULL); free them with `laundry_http_free`.
typedef struct {
    long status;
    char *etag;
    char *body;
    size_t body_length;
    /// libcurl's reason when the request did not complete (no status), else empty.
    char error[256];
} laundry_http_reply;

/// One blocking libcurl HTTP request (on the daemon's calendar thread): `https` checked with system CAs, basic or
/// digest auth, `headers` as "Name: value" lines, a timeout (s). 0: a response came (any status).
int laundry_http(const char *method, const char *url, const char *username, const char *password,
                 const char *body, size_t body_length, const char *const *headers, int header_count,
                 long timeout_seconds, laundry_http_reply *reply);

void laundry_http_free(laundry_http_reply *reply);

/// libcurl's global set-up, once, before any thread makes a request.
void laundry_http_start(void);

#endif
