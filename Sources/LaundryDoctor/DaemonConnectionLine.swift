import LaundryControl
import LaundryRendering

extension DoctorReport {
    /// A connection the daemon keeps (the broker, the calendar) as `daemon.json` tells it: nil, with its line said,
    /// while no daemon runs or it runs with settings from before the connection was set (`startedBefore` words it).
    mutating func daemonsConnection<Connection>(
        _ area: String, url: String, status: DaemonStatus?, startedBefore: String,
        _ connection: (DaemonStatus) -> Connection?
    ) -> Connection? {
        guard let status else {
            ok(area, Words.text("{url}, when the daemon runs", ["url": url]))
            return nil
        }
        guard let found = connection(status) else {
            warning(area, startedBefore, fix: "laundry daemon stop && laundry daemon start")
            return nil
        }
        return found
    }
}
