#ifndef LAUNDRY_ALSA_LOG_H
#define LAUNDRY_ALSA_LOG_H

/// One line of libasound's, without a newline; called on whichever thread libasound reported from.
typedef void (*laundry_alsa_line)(const char *line);

/// Sends libasound's error messages (by default printed on stderr: the daemon's log, or the terminal that started it)
/// to `sink` instead, one line each; NULL drops them. Call it before any sound is played.
void laundry_alsa_errors_to(laundry_alsa_line sink);

#endif
