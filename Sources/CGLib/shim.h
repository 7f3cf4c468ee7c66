#ifndef LAUNDRY_CGLIB_SHIM_H
#define LAUNDRY_CGLIB_SHIM_H

// GLib's main loop, GObject and GIO's D-Bus (with its Unix file-descriptor lists, for logind's delay lock), linked the
// ordinary way: only laundryd imports this module. Also timerfd, eventfd and pipe2, missing from Swift's Glibc module.
#include <gio/gio.h>
#include <gio/gunixfdlist.h>
#include <glib-unix.h>
#include <glib.h>
#include <sys/eventfd.h>
#include <sys/timerfd.h>
#include <malloc.h>
#include <unistd.h>

int pipe2(int pipefd[2], int flags);

#endif
