#ifndef LAUNDRY_CDBUSMENU_SHIM_H
#define LAUNDRY_CDBUSMENU_SHIM_H

// libdbusmenu-glib: the tray icon's menu over com.canonical.dbusmenu, served from laundryd's GLib loop with no GTK.
#include <libdbusmenu-glib/server.h>
#include <libdbusmenu-glib/menuitem.h>

#endif
