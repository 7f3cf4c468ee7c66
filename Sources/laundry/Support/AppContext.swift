import Foundation
import LaundryActions
import LaundryCore
import LaundryDaemon
import LaundryStore

/// What a command needs to do its work, built from the environment: where the files are, where the
/// data folder is, and which clock to trust.
struct AppContext {
    let laundry: Laundry
    let terminal: Terminal
    let data: DataDirectory
    let runtime: RuntimePaths
    let environment: [String: String]

    static func make(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AppContext {
        let data = try DataDirectory.locate(environment: environment)
        let kinds = try data.loadKinds()
        let store = PetStore(paths: LaundryPaths.resolve(environment: environment))
        let laundry = Laundry(store: store, kinds: kinds, clock: try clock(environment))
        return AppContext(laundry: laundry, terminal: Terminal(environment: environment), data: data,
                          runtime: RuntimePaths.resolve(environment: environment), environment: environment)
    }

    /// `LAUNDRY_FAKE_NOW` (an ISO 8601 date-time) starts the clock at that moment, for tests and
    /// demos that need to be days ahead; time still flows from there.
    static func clock(_ environment: [String: String]) throws -> any WallClock {
        guard let fake = environment["LAUNDRY_FAKE_NOW"], !fake.isEmpty else { return SystemClock() }
        guard let start = Timestamp.parse(fake) else {
            throw UserFacingError("LAUNDRY_FAKE_NOW='\(fake)' is not an ISO 8601 date-time such as 2026-11-21T10:00:00Z; unset it to use the real clock")
        }
        return ShiftedClock(startingAt: start)
    }

    var now: Date { laundry.clock.now() }

    /// Commands that start a timer make sure the notification service runs, unless
    /// `LAUNDRY_NO_AUTOSTART=1`. A failure to start it is a warning: the timer itself is saved.
    func ensureDaemonRunning() {
        guard environment["LAUNDRY_NO_AUTOSTART"] != "1", !DaemonLock.isHeld(paths: runtime) else { return }
        do {
            guard let executable = DataDirectory.currentExecutable() else { return }
            try DaemonLauncher.start(executable: executable, runtime: runtime, environment: environment)
        } catch {
            Terminal.printError("laundry: warning: could not start the notification service (\(error)); run: laundry daemon start")
        }
    }

    /// Warnings found on the way (corrupt files set aside, orphaned timers), one line each on stderr.
    func reportProblems() {
        for problem in laundry.problems {
            Terminal.printError("laundry: warning: \(TerminalText.sanitize(problem.description))")
        }
    }
}

/// An error whose message is already written for the user.
struct UserFacingError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
