import FoundationEssentials

/// A load as an iCalendar (RFC 5545) VEVENT (start to end) or VTODO (due at end), VALARM while running; UID: load id.
public struct CalendarEntry: Equatable, Sendable {
    public var uid: String
    /// "Move Socks to the dryer": the title, and what the alarm says.
    public var summary: String
    public var description: String
    public var start: Date
    public var end: Date
    /// Rings at the end; off while paused and once acknowledged.
    public var alarm: Bool
    /// A task done (acknowledged): `STATUS:COMPLETED`.
    public var completedAt: Date?

    public init(
        uid: String, summary: String, description: String, start: Date, end: Date, alarm: Bool,
        completedAt: Date? = nil
    ) {
        self.uid = uid
        self.summary = summary
        self.description = description
        self.start = start
        self.end = end
        self.alarm = alarm
        self.completedAt = completedAt
    }

    /// The whole object, lines ended by CRLF and folded at 75 octets.
    public func text(as form: CalendarSettings.Form, stamp: Date) -> String {
        let laterEnd = max(end, start.addingTimeInterval(1))
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//laundry//laundry//EN", "CALSCALE:GREGORIAN"]
        lines.append(form == .event ? "BEGIN:VEVENT" : "BEGIN:VTODO")
        lines += [
            "UID:\(Self.escaped(uid))", "DTSTAMP:\(Self.time(stamp))", "DTSTART:\(Self.time(start))",
            // RFC 5545 wants the end after the start: a load finished the moment it began lasts a second.
            form == .event ? "DTEND:\(Self.time(laterEnd))" : "DUE:\(Self.time(laterEnd))",
            "SUMMARY:\(Self.escaped(summary))", "DESCRIPTION:\(Self.escaped(description))",
        ]
        if form == .task {
            if let completedAt {
                lines += ["STATUS:COMPLETED", "COMPLETED:\(Self.time(completedAt))", "PERCENT-COMPLETE:100"]
            } else {
                lines.append("STATUS:NEEDS-ACTION")
            }
        }
        if alarm {
            lines += [
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:\(Self.escaped(summary))",
                "TRIGGER;VALUE=DATE-TIME:\(Self.time(end))", "END:VALARM",
            ]
        }
        lines.append(form == .event ? "END:VEVENT" : "END:VTODO")
        lines.append("END:VCALENDAR")
        return lines.map(Self.folded).joined(separator: "\r\n") + "\r\n"
    }

    /// A TEXT value as RFC 5545 3.3.11 wants it: backslash, semicolon, comma and newline escaped.
    public static func escaped(_ text: String) -> String {
        // By scalar: a ";" followed by a combining mark is one Character, and must still be escaped.
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\\": out.append(contentsOf: #"\\"#.unicodeScalars)
            case ";": out.append(contentsOf: #"\;"#.unicodeScalars)
            case ",": out.append(contentsOf: #"\,"#.unicodeScalars)
            // CRLF is one line break.
            case "\n" where previous == "\r": break
            case "\n", "\r": out.append(contentsOf: #"\n"#.unicodeScalars)
            default:
                // Other control characters have no place in a content line.
                if scalar.value >= 0x20 && scalar.value != 0x7F { out.append(scalar) }
            }
        }
        return String(out)
    }

    /// Lines over 75 octets go on in lines starting with a space, never inside a UTF-8 character (RFC 5545 3.1).
    static func folded(_ line: String) -> String {
        var pieces: [String] = []
        var current = ""
        var octets = 0
        for character in line {
            let size = String(character).utf8.count
            if octets + size > (pieces.isEmpty ? 75 : 74) {
                pieces.append(current)
                (current, octets) = ("", 0)
            }
            current.append(character)
            octets += size
        }
        pieces.append(current)
        return pieces.joined(separator: "\r\n ")
    }

    /// `20261127T203000Z`: UTC, to the second.
    static func time(_ date: Date) -> String {
        let text = Timestamp.formatSeconds(date)  // 2026-11-27T20:30:00Z
        return text.filter { $0 != "-" && $0 != ":" }
    }
}
