@preconcurrency import Glibc
import LaundryCore
import Synchronization

/// The locale's time-of-day conventions (12/24 hours, AM/PM, short weekday and month names), read once from `LC_TIME`.
struct ClockFace: Sendable {
    var cycle: HourCycle
    var am: String
    var pm: String
    /// Sunday first, as `tm_wday` counts.
    var weekdays: [String]
    /// January first.
    var months: [String]

    /// English, 24 hours: what tests and the C locale see.
    static let plain = ClockFace(
        cycle: .twentyFourHour, am: "AM", pm: "PM", weekdays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])

    static func ofLocale() -> ClockFace {
        func word(_ item: Int) -> String { String(cString: nl_langinfo(nl_item(item))) }
        let (am, pm) = (word(Int(AM_STR)), word(Int(PM_STR)))
        return ClockFace(
            cycle: HourCycle(timeFormat: word(Int(T_FMT))), am: am.isEmpty ? "AM" : am, pm: pm.isEmpty ? "PM" : pm,
            weekdays: (0..<7).map { word(Int(ABDAY_1) + $0) }, months: (0..<12).map { word(Int(ABMON_1) + $0) })
    }

    /// The face in use: `plain` until `Language.start` reads the locale.
    static var current: ClockFace { chosen.withLock { $0 } }
    private static let chosen = Mutex(ClockFace.plain)

    /// Reads the locale's conventions (`locale` false: the C locale's, `plain`); `cycle` (config, desktop) wins.
    static func use(locale: Bool, cycle: HourCycle?) {
        var face = locale ? ofLocale() : .plain
        if let cycle { face.cycle = cycle }
        chosen.withLock { $0 = face }
    }

    /// `14:32` or `2:32 PM`.
    func time(hour: Int, minute: Int) -> String {
        let minutes = DigitText.padded(minute, 2)
        guard cycle == .twelveHour else { return "\(DigitText.padded(hour, 2)):\(minutes)" }
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        return "\(twelve):\(minutes) \(hour < 12 ? am : pm)"
    }
}
