import Foundation
import LaundryTestSupport
import XCTest

/// A session bus of a test's own, whose notification server the test can stop and start again
/// (the shared session's dunst serves every other test). Nothing is activated on it: a server
/// runs only while the test runs one. Everything started here is stopped when it goes.
final class PrivateBus {
    let address: String
    let folder: String
    private let busPID: Int32
    private var server: Spawn.Running?
    private var others: [Spawn.Running] = []
    private var mocks: [String: Spawn.Running] = [:]
    private var restarts = 0
    /// Stands in for the system bus (logind's) instead of the session bus.
    let isSystem: Bool

    /// - Parameter activatable: the shell command the bus runs when someone calls the server's
    ///   name while none owns it (a service file), if any.
    /// - Parameter maxRepliesPerConnection: the bus's limit on replies one connection may wait for
    ///   (Debian's session.conf says 50,000; a bus without it uses dbus-daemon's much lower default).
    init(
        in folder: String, activatable command: String? = nil, system: Bool = false, maxRepliesPerConnection: Int? = nil
    ) throws {
        self.folder = folder
        isSystem = system
        let services = folder + "/services"
        try FileManager.default.createDirectory(atPath: services, withIntermediateDirectories: true)
        if let command {
            try """
            [D-BUS Service]
            Name=org.freedesktop.Notifications
            Exec=/bin/sh -c '\(command)'

            """.write(toFile: services + "/notifications.service", atomically: true, encoding: .utf8)
        }
        let standard = try String(contentsOfFile: "/usr/share/dbus-1/session.conf", encoding: .utf8)
        let config = folder + "/bus.conf"
        try standard.replacingOccurrences(
            of: "<standard_session_servicedirs />", with: "<servicedir>\(services)</servicedir>"
        )
        .replacingOccurrences(of: "<includedir>session.d</includedir>", with: "")
        .replacingOccurrences(
            of: #"<limit name="max_replies_per_connection">50000</limit>"#,
            with: #"<limit name="max_replies_per_connection">\#(maxRepliesPerConnection ?? 50000)</limit>"#
        )
        .write(toFile: config, atomically: true, encoding: .utf8)
        let bus = Spawn.run(
            "/usr/bin/dbus-daemon", ["--config-file=\(config)", "--fork", "--print-address=1", "--print-pid=1"],
            environment: ProcessInfo.processInfo.environment)
        let lines = bus.stdout.split(separator: "\n").map(String.init)
        guard lines.count == 2, let pid = Int32(lines[1]) else {
            throw XCTSkip("no private D-Bus session: \(bus.stderr)")
        }
        address = lines[0]
        busPID = pid
    }

    deinit {
        stopServer()
        for process in others + mocks.values {
            process.kill(SIGTERM)
            _ = process.wait()
        }
        kill(busPID, SIGTERM)
    }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment[variable] = address
        return environment
    }

    /// The variable that names this bus to a program.
    var variable: String { isSystem ? "DBUS_SYSTEM_BUS_ADDRESS" : "DBUS_SESSION_BUS_ADDRESS" }

    /// A python-dbusmock object on this bus (a template's, or `name path interface`), each call
    /// to it logged to the file returned.
    @discardableResult
    func startMock(_ arguments: [String], log name: String) throws -> String {
        let log = folder + "/" + name
        let bus = isSystem ? "--system" : "--session"
        let owned = arguments.first == "-t" ? "org.freedesktop.login1" : arguments[0]
        mocks[owned] = Spawn.start(
            "/usr/bin/python3", ["-m", "dbusmock", bus, "-l", log] + arguments, environment: environment)
        guard waitUntil(10, { self.owner(of: owned) != nil }) else {
            throw XCTSkip("python3-dbusmock did not take \(owned) (install python3-dbusmock): \(log)")
        }
        return log
    }

    /// KDE Plasma's job view server (V2) as python-dbusmock: each view it hands out is an object of
    /// its own, as Plasma's are, whose `update` and `terminate` calls go to the log returned.
    func startJobViewServer(log name: String = "jobs.log") throws -> String {
        let log = try startMock(
            ["org.kde.JobViewServer", "/JobViewServer", "org.kde.JobViewServerV2"], log: name)
        addMockMethod(
            "org.kde.JobViewServer", "/JobViewServer", interface: "org.kde.JobViewServerV2", method: "requestView",
            in: "sia{sv}", out: "o",
            code: """
                self.views = getattr(self, 'views', 0) + 1
                path = '/JobView_%d' % self.views
                self.AddObject(path, 'org.kde.JobViewV3', {}, \
                [('update', 'a{sv}', '', ''), ('terminate', 'usa{sv}', '', '')])
                ret = dbus.ObjectPath(path)
                """)
        return log
    }

    /// Stops the mock that owns `name`, and waits until the name is free.
    func stopMock(_ name: String) {
        guard let mock = mocks.removeValue(forKey: name) else { return }
        mock.kill(SIGTERM)
        _ = mock.wait()
        _ = waitUntil(5) { self.owner(of: name) == nil }
    }

    /// Adds a method to a mock object: its Python code runs with `args` and sets `ret`.
    func addMockMethod(
        _ name: String, _ path: String, interface: String, method: String, in inSignature: String,
        out outSignature: String, code: String
    ) {
        run(
            "/usr/bin/gdbus",
            [
                "call", isSystem ? "--system" : "--session", "-d", name, "-o", path, "-m",
                "org.freedesktop.DBus.Mock.AddMethod", interface, method, inSignature, outSignature, code,
            ])
    }

    /// `gdbus call` on this bus.
    @discardableResult
    func call(_ name: String, _ path: String, _ method: String, _ arguments: String...) -> Spawn.Result {
        run(
            "/usr/bin/gdbus",
            ["call", isSystem ? "--system" : "--session", "-d", name, "-o", path, "-m", method] + arguments)
    }

    /// The unique name that owns `name`, if any.
    func owner(of name: String) -> String? {
        let reply = call(
            "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.GetNameOwner", name)
        guard reply.status == 0 else { return nil }
        return reply.stdout.split(separator: "'").dropFirst().first.map(String.init)
    }

    /// Runs a program on this bus and waits for it.
    @discardableResult
    func run(_ executable: String, _ arguments: [String]) -> Spawn.Result {
        Spawn.run(executable, arguments, environment: environment)
    }

    /// Records every `Notify` and `CloseNotification` call on this bus (read with `NotifyLog`).
    func startMonitor() -> String {
        let log = folder + "/notify.log"
        others.append(
            Spawn.start(
                "/bin/sh",
                [
                    "-c",
                    "exec dbus-monitor --address \"$DBUS_SESSION_BUS_ADDRESS\" "
                        + "\"type='method_call',interface='org.freedesktop.Notifications'\" > '\(log)'",
                ], environment: environment))
        // What the bus carries before dbus-monitor has become a monitor is not in its log. Becoming one
        // costs it its own name: the bus's NameLost for that is logged once it monitors.
        XCTAssertTrue(
            waitUntil(10) { (try? String(contentsOfFile: log, encoding: .utf8))?.contains("member=NameLost") ?? false },
            "dbus-monitor became a monitor")
        return log
    }

    /// dunst on the session's X display, as a desktop runs it; every popup stays until closed.
    /// `global` adds lines to its `[global]` section.
    func startDunst(global: [String] = []) throws {
        let config = folder + "/dunstrc"
        try """
        [global]
            show_indicators = no
        \(global.map { "    " + $0 + "\n" }.joined())
        [urgency_low]
            timeout = 0
        [urgency_normal]
            timeout = 0
        [urgency_critical]
            timeout = 0

        """.write(toFile: config, atomically: true, encoding: .utf8)
        try start("/usr/bin/dunst", ["-config", config])
    }

    /// scripts/recording-server.py, optionally broadcasting its signals as mako and swaync do, and
    /// answering "no reply" to a popup whose body holds `noReplyTo`; its record of calls is
    /// `recordingLog`.
    func startRecordingServer(broadcast: Bool, noReplyTo: String? = nil, makoModes: String? = nil) throws {
        restarts += 1
        var arguments = [SourceTree.root + "/scripts/recording-server.py", folder + "/ready-\(restarts)"]
        arguments += ["--log", recordingLog] + (broadcast ? ["--broadcast"] : [])
        if let noReplyTo { arguments += ["--no-reply-to", noReplyTo] }
        if let makoModes { arguments += ["--mako-modes", makoModes] }
        try start("/usr/bin/python3", arguments)
    }

    var recordingLog: String { folder + "/calls.jsonl" }

    /// The calls the recording server logged.
    func recordedCalls() -> [[String: Any]] {
        let text = (try? String(contentsOfFile: recordingLog, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    private func start(_ executable: String, _ arguments: [String]) throws {
        stopServer()
        server = Spawn.start(executable, arguments, environment: environment)
        guard waitUntil(10, { self.serverOwner != nil }) else {
            throw XCTSkip("\(executable) did not take the notification server's name on the private bus")
        }
    }

    /// Stops the server (as a user reloading their config does) and waits until it left the bus.
    func stopServer() {
        guard let running = server else { return }
        running.kill(SIGTERM)
        _ = running.wait()
        server = nil
        _ = waitUntil(5) { self.serverOwner == nil }
    }

    /// The unique name that owns `org.freedesktop.Notifications`, if any.
    var serverOwner: String? { owner(of: "org.freedesktop.Notifications") }

    /// Another application's popup, as `notify-send` would post it; its id.
    func postOtherPopup(_ summary: String) -> UInt32? {
        let reply = run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "-d", "org.freedesktop.Notifications", "-o", "/org/freedesktop/Notifications",
                "-m", "org.freedesktop.Notifications.Notify", "calendar", "0", "", summary, "", "[]", "{}", "0",
            ])
        // `(uint32 7,)`
        return reply.stdout.split(separator: " ").last.flatMap { UInt32($0.filter(\.isNumber)) }
    }

    /// Calls the recording server's test interface (`Dismiss`, `Invoke`).
    func tellServer(_ method: String, _ arguments: String...) {
        run(
            "/usr/bin/gdbus",
            [
                "call", "--session", "-d", "org.freedesktop.Notifications", "-o", "/org/freedesktop/Notifications",
                "-m", "org.laundry.TestServer." + method,
            ] + arguments)
    }
}

extension PrivateBus {
    /// A private session bus for `home`'s programs, with python-dbusmock at hand to stand in for a
    /// desktop's services (without it the test is skipped).
    static func sessionWithMocks(for home: LaundryHome) throws -> PrivateBus {
        try XCTSkipUnless(
            FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock"),
            "needs python3-dbusmock: `make test`")
        let bus = try PrivateBus(in: home.path + "/session")
        home.environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        return bus
    }
}
