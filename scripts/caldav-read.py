#!/usr/bin/python3
"""Reads a CalDAV calendar back as a client would, for CalendarEndToEndTests: every object through
the caldav library, each parsed and validated by icalendar, printed as one JSON list.

Usage: caldav-read.py URL USERNAME PASSWORD
"""
import json
import sys

import caldav
import icalendar


def when(value):
    return value.dt.isoformat() if value is not None else None


def main():
    url, username, password = sys.argv[1:4]
    client = caldav.DAVClient(url=url, username=username, password=password)
    calendar = caldav.Calendar(client=client, url=url)
    found = []
    for item in calendar.objects(load_objects=True):
        text = item.data
        if not text:
            # A deleted object, as a sync report lists it: gone.
            continue
        parsed = icalendar.Calendar.from_ical(text)  # raises on what is not iCalendar
        for component in parsed.walk():
            if component.name not in ("VEVENT", "VTODO"):
                continue
            alarms = [when(alarm.get("TRIGGER")) for alarm in component.walk("VALARM")]
            found.append({
                "kind": component.name, "uid": str(component.get("UID")), "summary": str(component.get("SUMMARY")),
                "description": str(component.get("DESCRIPTION")) if component.get("DESCRIPTION") else None, "start": when(component.get("DTSTART")),
                "end": when(component.get("DTEND") or component.get("DUE")),
                "status": str(component.get("STATUS")) if component.get("STATUS") else None,
                "alarms": alarms, "etag": item.props.get("{DAV:}getetag") if hasattr(item, "props") else None,
                "raw": text if isinstance(text, str) else text.decode(),
            })
    print(json.dumps(found))


if __name__ == "__main__":
    main()
