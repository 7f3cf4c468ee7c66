// libasound's error handler is variadic, which Swift can neither write nor call: this is it.
#include "CAlsaLog.h"

#include <alsa/asoundlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static laundry_alsa_line line_sink;

/// The line libasound's own handler would print, `confmisc.c:855:(parse_card) cannot find card '0'`, to the sink.
static void to_sink(const char *file, int line, const char *function, int err, const char *format, ...) {
    laundry_alsa_line sink = line_sink;
    if (sink == NULL) return;
    char text[1024];
    int used = snprintf(text, sizeof text, "%s:%d:(%s) ", file, line, function);
    if (used < 0 || (size_t)used >= sizeof text) used = 0;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(text + used, sizeof text - (size_t)used, format, arguments);
    va_end(arguments);
    if (err != 0) {
        size_t length = strlen(text);
        snprintf(text + length, sizeof text - length, ": %s", snd_strerror(err));
    }
    sink(text);
}

void laundry_alsa_errors_to(laundry_alsa_line sink) {
    line_sink = sink;
    snd_lib_error_set_handler(to_sink);
}
