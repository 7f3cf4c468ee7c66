/// `2:32 PM` or `14:32`: the locale's (`LC_TIME`), or the desktop's clock setting; config.json's `"clock"` over both.
public enum HourCycle: String, CaseIterable, Sendable, Equatable {
    case twelveHour = "12h"
    case twentyFourHour = "24h"

    /// From a C time format (`nl_langinfo(T_FMT)`): `%r` (en_US), `%I` or `%l` mean 12 hours.
    public init(timeFormat: String) {
        self = ["%r", "%I", "%l"].contains(where: timeFormat.contains) ? .twelveHour : .twentyFourHour
    }
}
