#ifndef LAUNDRY_CMOSQUITTO_SHIM_H
#define LAUNDRY_CMOSQUITTO_SHIM_H

// libmosquitto, linked by laundryd only; driven from laundryd's GLib loop (MQTTConnection).
#include <mosquitto.h>
#include <mqtt_protocol.h>

#endif
