import Foundation
import LaundryTestSupport
import XCTest

/// A running load as a job in KDE Plasma's progress list: the job view server (V2) is
/// python-dbusmock here, each view it hands out an object whose calls it logs.
final class PlasmaJobEndToEndTests: DaemonTestCase {
    private var session: PrivateBus!
    private let server = "org.kde.JobViewServer"
    private var jobLog = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        session = try PrivateBus.sessionWithMocks(for: home)
        try session.startRecordingServer(broadcast: false)
        jobLog = try session.startJobViewServer()
    }

    override func tearDown() {
        super.tearDown()
        session = nil
    }

    private var calls: [String] {
        ((try? String(contentsOfFile: jobLog, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    private func emit(_ signal: String) {
        let result = session.call(
            server, "/JobView_1", "org.freedesktop.DBus.Mock.EmitSignal", "org.kde.JobViewV3", signal, "", "[]")
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// When the pet's load is done, as its clock shows it (the tests run in UTC).
    private func endsAt(_ name: String) -> String? {
        ((home.pet(name)["timer"] as? [String: Any])?["endsAt"] as? String).map { String($0.dropFirst(11).prefix(5)) }
    }

    /// An update of the job that shows the time left and the end (the words: Tests/Golden/messages.txt).
    private func updated(left: String, ends: String?) -> Bool {
        calls.contains { call in
            call.contains("update") && call.contains("\"percent\"") && call.contains(left)
                // An end after midnight is shown with its day ("Mon 00:19").
                && ends.map { end in shownTimes(call).contains { $0.hasSuffix(end) } } == true
        }
    }

    private func paused(_ name: String) -> Bool? {
        (home.pet(name)["timer"] as? [String: Any])?["paused"] as? Bool
    }

    func test_aRunningLoadIsAJobThatPausesResumesAndEndsWithIt() throws {
        try home.writeConfig(#"{"sound": false, "headsUpMinutes": 0}"#)
        let name = "Job \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        home.ok("wash", name, "--for", "45m")
        XCTAssertTrue(waitUntil(5) { self.calls.contains { $0.contains("update") && $0.contains(name) } }, log)
        let request = try XCTUnwrap(calls.first { $0.contains("requestView") })
        XCTAssertTrue(request.contains("\"laundry\" 2"), "laundry's entry, suspendable and not killable: \(request)")
        XCTAssertTrue(updated(left: "45m", ends: endsAt(name)), calls.joined())
        emit("suspendRequested")  // the pause button in Plasma's list
        XCTAssertTrue(waitUntil(5) { self.paused(name) == true }, log)
        XCTAssertTrue(
            waitUntil(3) { self.calls.contains { $0.contains("\"suspended\": True") } }, calls.joined(separator: "\n"))
        emit("resumeRequested")
        XCTAssertTrue(waitUntil(5) { self.paused(name) == false }, log)
        home.ok("finish", name)
        XCTAssertTrue(waitUntil(3) { self.calls.contains { $0.contains("terminate") } }, calls.joined(separator: "\n"))
        XCTAssertEqual(calls.filter { $0.contains("requestView") }.count, 1, "one job for the load")
    }

    /// Plasma restarting takes its jobs with it: each running load asks the new one for a job at
    /// its card's next update (here, at once: the load changes).
    func test_aRestartedJobServerGetsTheRunningLoadAgain() throws {
        try home.writeConfig(#"{"sound": false, "headsUpMinutes": 0}"#)
        let name = "Restart \(marker)"
        home.ok("adopt", name)
        home.ok("daemon", "start")
        home.ok("wash", name, "--for", "45m")
        XCTAssertTrue(waitUntil(5) { self.calls.contains { $0.contains("requestView") } }, log)
        session.stopMock(server)
        jobLog = try session.startJobViewServer(log: "jobs-again.log")
        home.ok("extend", name)
        XCTAssertTrue(
            waitUntil(5) { self.calls.contains { $0.contains("requestView") } }, "a new job on the new server: \(log)")
        let ends = endsAt(name)
        XCTAssertTrue(waitUntil(3) { self.updated(left: "55m", ends: ends) }, calls.joined(separator: "\n"))
    }
}
