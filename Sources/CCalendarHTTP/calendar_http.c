// libcurl's easy interface in one call: Swift cannot call the variadic curl_easy_setopt, so calendar requests run here.
#include "calendar_http.h"

#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct {
    char *data;
    size_t length;
} buffer;

static size_t collect(char *pointer, size_t size, size_t count, void *context) {
    buffer *into = context;
    size_t bytes = size * count;
    // A calendar entry is small: a reply past 1 MiB is not read further.
    if (into->length + bytes > (1u << 20)) return 0;
    char *grown = realloc(into->data, into->length + bytes + 1);
    if (!grown) return 0;
    memcpy(grown + into->length, pointer, bytes);
    into->data = grown;
    into->length += bytes;
    into->data[into->length] = 0;
    return bytes;
}

static size_t header(char *pointer, size_t size, size_t count, void *context) {
    laundry_http_reply *reply = context;
    size_t bytes = size * count;
    if (bytes > 5 && strncasecmp(pointer, "ETag:", 5) == 0) {
        const char *start = pointer + 5;
        const char *end = pointer + bytes;
        while (start < end && (*start == ' ' || *start == '\t')) start++;
        while (end > start && (end[-1] == '\r' || end[-1] == '\n' || end[-1] == ' ')) end--;
        free(reply->etag);
        reply->etag = strndup(start, (size_t)(end - start));
    }
    return bytes;
}

int laundry_http(const char *method, const char *url, const char *username, const char *password,
                 const char *body, size_t body_length, const char *const *headers, int header_count,
                 long timeout_seconds, laundry_http_reply *reply) {
    memset(reply, 0, sizeof(*reply));
    CURL *curl = curl_easy_init();
    if (!curl) {
        strncpy(reply->error, "libcurl could not start", sizeof(reply->error) - 1);
        return -1;
    }
    buffer received = {0};
    struct curl_slist *list = NULL;
    for (int index = 0; index < header_count; index++) list = curl_slist_append(list, headers[index]);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, timeout_seconds);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, timeout_seconds);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    if (username) {
        curl_easy_setopt(curl, CURLOPT_USERNAME, username);
        curl_easy_setopt(curl, CURLOPT_PASSWORD, password ? password : "");
        curl_easy_setopt(curl, CURLOPT_HTTPAUTH, CURLAUTH_BASIC | CURLAUTH_DIGEST);
    }
    if (body) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
    } else if (strcmp(method, "GET") == 0) {
        curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    } else if (strcmp(method, "HEAD") == 0) {
        curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);
    }
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &received);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, reply);
    CURLcode code = curl_easy_perform(curl);
    int result = 0;
    if (code == CURLE_OK) {
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply->status);
        reply->body = received.data;
        reply->body_length = received.length;
    } else {
        strncpy(reply->error, curl_easy_strerror(code), sizeof(reply->error) - 1);
        free(received.data);
        result = -1;
    }
    curl_slist_free_all(list);
    curl_easy_cleanup(curl);
    return result;
}

void laundry_http_start(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

void laundry_http_free(laundry_http_reply *reply) {
    free(reply->etag);
    free(reply->body);
    reply->etag = NULL;
    reply->body = NULL;
}
