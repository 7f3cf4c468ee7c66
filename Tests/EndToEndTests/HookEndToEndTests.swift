import Foundation
import LaundryTestSupport
import XCTest

/// The hook for real: programs spawned by the daemon, a local HTTP receiver standing in for
/// ntfy and for Apprise's targets.
final class HookEndToEndTests: DaemonTestCase {
    private func config(hook: [String], extra: String = "") throws {
        let words = String(data: try JSONSerialization.data(withJSONObject: hook), encoding: .utf8)!
        try home.writeConfig(#"{"sound": false, "headsUpMinutes": 0, "hook": "# + words + extra + "}")
        home.logsJSON()
    }

    /// The daemon's log lines about hook runs that have every one of `fields`.
    private func hookRuns(_ fields: [String: String] = [:]) -> [[String: String]] {
        home.daemonEvents(fields.merging(["surface": "hook"]) { $1 })
    }

    func test_theHookGetsTheEventInItsEnvironmentAndOnStdin() throws {
        let out = home.path + "/hook-out"
        try config(hook: [
            "sh", "-c",
            "[ \"$LAUNDRY_EVENT\" = washDone ] || exit 0; "
                + "{ env | grep '^LAUNDRY_' | grep -v -e LAUNDRY_HOME -e LAUNDRY_BIN -e LAUNDRY_DUNST "
                + "-e LAUNDRY_NOTIFY -e LAUNDRY_LOG_FORMAT "
                + "-e LAUNDRY_SOUND -e LAUNDRY_IN_PRIVATE -e LAUNDRY_MAN | sort; echo; cat; } > \(out).tmp; "
                + "mv \(out).tmp \(out)",
        ])
        let name = "Hooked \(marker) 'quoted'"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1s")
        XCTAssertTrue(waitUntil(6) { FileManager.default.fileExists(atPath: out) }, log)
        let received = try String(contentsOfFile: out, encoding: .utf8)
        let id = try XCTUnwrap(home.pet(name)["id"] as? String)
        let history = try XCTUnwrap(home.json("history", name) as? [[String: Any]])
        let load = try XCTUnwrap(history.first { $0["event"] as? String == "washStarted" }?["loadId"] as? String)
        let lines = received.components(separatedBy: "\n\n").first?.split(separator: "\n") ?? []
        let ends = try XCTUnwrap(lines.first { $0.hasPrefix("LAUNDRY_ENDS_AT_UNIX=") }?.dropFirst(21))
        let endsAt = Date(timeIntervalSince1970: try XCTUnwrap(Double(ends)))
        XCTAssertEqual(
            received.components(separatedBy: "\n\n").first,
            """
            LAUNDRY_BODY=\(name) is ready for the dryer!
            LAUNDRY_COMMAND=laundry dry 'Hooked \(marker) '\\''quoted'\\'''
            LAUNDRY_DRYER_BUSY=0
            LAUNDRY_ENDS_AT=\(ISO8601DateFormatter().string(from: endsAt))
            LAUNDRY_ENDS_AT_UNIX=\(ends)
            LAUNDRY_EVENT=washDone
            LAUNDRY_LOAD_ID=\(load)
            LAUNDRY_PET_ID=\(id)
            LAUNDRY_PET_NAME=\(name)
            LAUNDRY_QUIET=0
            LAUNDRY_SUMMARY=🫧 Wash Complete!
            LAUNDRY_TIMER_ID=\(load)
            """)
        let json = try XCTUnwrap(received.components(separatedBy: "\n\n").last)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(object["event"] as? String, "washDone")
        XCTAssertEqual(object["petId"] as? String, id)
        XCTAssertEqual(object["petName"] as? String, name)
        XCTAssertEqual(object["summary"] as? String, "🫧 Wash Complete!")
        XCTAssertEqual(object["loadId"] as? String, load, "as history and loads name it")
        XCTAssertEqual(object["timerId"] as? String, load, "a wash's run has its load's id")
        XCTAssertEqual(object["dryerBusy"] as? Bool, false, "no load in the dryer")
        XCTAssertTrue(object["dryerFreeAt"] is NSNull, "null spelled out")
        XCTAssertTrue(waitUntil(3) { self.hookRuns(["event": "washDone", "pet": name, "exit": "0"]).count == 1 }, log)
    }

    func test_aHangingHookIsKilledAndTheNextNotificationIsOnTime() throws {
        // A length no other process runs, so pgrep finds only the hook's.
        let nap = "sleep \(Int.random(in: 600...999))"
        try config(hook: ["sh", "-c", "echo hanging >&2; \(nap)"], extra: #", "hookTimeoutSeconds": 1"#)
        home.ok("adopt", "First \(marker)")
        home.ok("adopt", "Second \(marker)")
        home.ok("wash", "First \(marker)", "--for", "1s")
        home.ok("wash", "Second \(marker)", "--for", "2s")
        let started = Date().timeIntervalSince1970
        XCTAssertTrue(waitUntil(6) { NotifyLog.calls(mentioning: marker).count == 2 }, log)
        let second = try XCTUnwrap(NotifyLog.calls(mentioning: marker).last)
        XCTAssertLessThan(second.time - started, 2.6, "the second load is announced on time")
        XCTAssertTrue(
            waitUntil(4) {
                // Each load's start and its finish: four hooks, each killed.
                self.hookRuns(["timedOut": "1.0", "stderr": "hanging", "level": "error"]).count == 4
            }, log)
        let survivors = home.runProgram("/usr/bin/pgrep", ["-f", nap]).stdout
        XCTAssertEqual(survivors, "", "the whole process group is gone")
    }

    func test_aFailingHookIsLoggedAndTheNotificationStillGoesOut() throws {
        try config(hook: ["sh", "-c", "echo 'no route to phone' >&2; exit 7"])
        home.ok("adopt", "Fail \(marker)")
        home.ok("wash", "Fail \(marker)", "--for", "1s")
        XCTAssertTrue(
            waitUntil(6) {
                self.hookRuns(["event": "washDone", "pet": "Fail \(self.marker)", "exit": "7", "level": "error"])
                    .first?["stderr"] == "no route to phone"
            }, log)
        // The popup went out before the hook ran, but the bus monitor that records it may lag behind
        // the daemon's log (the test before this one leaves dunst busy): wait for the record.
        XCTAssertTrue(waitUntil(10) { !NotifyLog.calls(mentioning: self.marker).isEmpty }, log)
        XCTAssertEqual(NotifyLog.calls(mentioning: marker).count, 1)
        try config(hook: ["/no/such/program"])
        home.ok("daemon", "stop")
        home.ok("adopt", "Missing \(marker)")
        home.ok("wash", "Missing \(marker)", "--for", "1s")
        XCTAssertTrue(
            waitUntil(6) { !self.hookRuns(["notStarted": "/no/such/program", "level": "error"]).isEmpty }, log)
    }

    func test_aBurstOfFiftyRunsHooksSideBySideAtMostEightAtOnce() throws {
        let out = home.path + "/burst"
        try config(hook: [
            "sh", "-c",
            "[ \"$LAUNDRY_EVENT\" = washDone ] || exit 0; "
                + "echo \"start $(date +%s.%N)\" >> \(out); sleep 0.2; echo \"end $(date +%s.%N)\" >> \(out)",
        ])
        for index in 0..<50 { home.ok("adopt", "Burst \(index) \(marker)") }
        home.ok("daemon", "start")
        for index in 0..<50 { home.ok("wash", "Burst \(index) \(marker)", "--for", "2s") }
        XCTAssertTrue(waitUntil(20) { self.hookRuns(["event": "washDone"]).count == 50 }, log)
        let events = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            return parts.count == 2 ? (parts[0] == "start" ? 1 : -1, Double(parts[1]) ?? 0) : nil
        }.sorted { $0.1 < $1.1 }
        XCTAssertEqual(events.filter { $0.0 == 1 }.count, 50, "every hook ran")
        var running = 0
        var most = 0
        for (change, _) in events {
            running += change
            most = max(most, running)
        }
        XCTAssertLessThanOrEqual(most, 8)
        XCTAssertGreaterThanOrEqual(most, 3, "they do run side by side")
        // The popups go out a few at a time (a window of calls in flight), and may follow the hooks.
        XCTAssertTrue(waitUntil(20) { NotifyLog.calls(mentioning: self.marker).count == 50 }, log)
    }

    /// One pet's hooks run one at a time, in the order of its events, however slow each is: a push
    /// scheduled for a load's start must reach ntfy before the change that withdraws it. Another
    /// pet's hooks do not wait for them.
    func test_onePetsHooksRunInOrderOneAtATimeWhileAnothersRunBeside() throws {
        let out = home.path + "/order"
        try config(hook: [
            "sh", "-c",
            "echo \"start $LAUNDRY_PET_NAME $LAUNDRY_EVENT${LAUNDRY_CHANGE:+.$LAUNDRY_CHANGE}\" >> \(out); "
                + "[ \"$LAUNDRY_PET_NAME\" = \"Slow \(marker)\" ] && sleep 0.4; "
                + "echo \"end $LAUNDRY_PET_NAME\" >> \(out)",
        ])
        let slow = "Slow \(marker)"
        let quick = "Quick \(marker)"
        home.ok("adopt", slow)
        home.ok("adopt", quick)
        home.ok("daemon", "start")
        home.ok("wash", slow, "--for", "1h")
        XCTAssertTrue(waitUntil(10) { !self.hookRuns(["event": "loadStarted", "pet": slow]).isEmpty }, log)
        // Each change read by the daemon before the next, faster than the slow pet's hooks run: the
        // daemon draws a load's live card again as it reads a change, the change's hook queued by then.
        let cards = { NotifyLog.cards(mentioning: self.marker).count }
        XCTAssertTrue(waitUntil(10) { cards() > 0 }, "the slow pet's card")
        for change in [
            ["extend", slow, "--by", "5m"], ["pause", slow], ["resume", slow], ["wash", quick, "--for", "1h"],
        ] {
            let drawn = cards()
            XCTAssertEqual(home.run(change).status, 0)
            XCTAssertTrue(waitUntil(10) { cards() > drawn }, "\(change) read: \(log)")
        }
        home.ok("cancel", slow)
        XCTAssertTrue(waitUntil(10) { !self.hookRuns(["event": "loadStopped", "pet": slow]).isEmpty }, log)
        XCTAssertTrue(waitUntil(5) { !self.hookRuns(["event": "loadStarted", "pet": quick]).isEmpty }, log)
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init)
        let slowLines = lines.filter { $0.contains(slow) }
        XCTAssertEqual(
            slowLines,
            [
                "loadStarted", "loadChanged.moved", "loadChanged.paused", "loadChanged.moved", "loadStopped",
            ].flatMap { ["start \(slow) \($0)", "end \(slow)"] }, "in order, one at a time")
        // The quick pet's start ran while the slow pet's queue was still being worked through.
        let quickStart = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("start \(quick)") })
        let lastSlowEnd = try XCTUnwrap(lines.lastIndex(of: "end \(slow)"))
        XCTAssertLessThan(quickStart, lastSlowEnd, lines.joined(separator: "\n"))
    }

    // MARK: The hooks laundry ships (data/hooks), as README gives them

    /// An HTTP server on a free local port that writes each request (method, path, the headers
    /// ntfy reads, body) to a file.
    private func receiver() throws -> (url: String, requests: String, stop: () -> Void) {
        let requests = home.path + "/requests"
        let script = home.path + "/receiver.py"
        try """
        import http.server, json, sys
        class Handler(http.server.BaseHTTPRequestHandler):
            def record(self):
                body = self.rfile.read(int(self.headers.get('Content-Length', 0))).decode()
                headers = {name: self.headers.get(name) for name in ['Title', 'At', 'X-Sequence-ID', 'Priority']}
                with open(sys.argv[1], 'a') as out:
                    entry = {'method': self.command, 'path': self.path, 'body': body}
                    # http.server reads headers as Latin-1; curl sent UTF-8, as ntfy reads it.
                    entry.update({k: v.encode('latin-1').decode() for k, v in headers.items() if v is not None})
                    out.write(json.dumps(entry) + '\\n')
                self.send_response(200)
                self.end_headers()
            do_POST = do_PUT = do_DELETE = record
            def log_message(self, *args):
                pass
        server = http.server.HTTPServer(('127.0.0.1', 0), Handler)
        print(server.server_port, flush=True)
        server.serve_forever()
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, requests]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let port = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).trimmed
        return ("127.0.0.1:\(port)", requests, { process.terminate() })
    }

    private func received(_ file: String) -> [[String: String]] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?.compactMapValues {
                $0 as? String
            }
        }
    }

    private static let hooks = SourceTree.root + "/data/hooks/"

    /// The ntfy hook: a load is scheduled on the server for its end when it starts (so the phone
    /// rings even if this computer sleeps), its finish replaces that push by the load's id, one
    /// whose end moves is scheduled again, and a load that pauses or stops early has it deleted.
    func test_theNtfyHookSchedulesTheEndReplacesItWithTheFinishAndDeletesItOnAStop() throws {
        let server = try receiver()
        defer { server.stop() }
        try config(hook: [Self.hooks + "ntfy", "http://\(server.url)/TOPIC"])
        let name = "Phone \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "2s")
        XCTAssertTrue(waitUntil(8) { self.received(server.requests).count >= 2 }, log)
        let scheduled = received(server.requests)[0]
        let load = try XCTUnwrap(scheduled["X-Sequence-ID"])
        XCTAssertEqual(scheduled["method"], "POST")
        XCTAssertEqual(scheduled["path"], "/TOPIC")
        XCTAssertEqual(scheduled["Title"], "🫧 Wash Complete!", "what the finish will say")
        XCTAssertEqual(scheduled["body"], "\(name) is ready for the dryer!")
        let at = try XCTUnwrap(scheduled["At"].flatMap(Double.init))
        let history = try XCTUnwrap(home.json("history", name) as? [[String: Any]])
        XCTAssertEqual(
            history.first { $0["event"] as? String == "washStarted" }?["timerId"] as? String, load, "the run's id")
        let finish = received(server.requests)[1]
        XCTAssertEqual(finish["X-Sequence-ID"], load, "the finish replaces the scheduled push")
        XCTAssertEqual(finish["Title"], "🫧 Wash Complete!")
        XCTAssertNil(finish["At"], "the finish goes out now")
        XCTAssertEqual(at, Date().timeIntervalSince1970, accuracy: 5, "scheduled for the load's end")

        home.ok("dry", name, "--for", "1h")
        XCTAssertTrue(waitUntil(5) { self.received(server.requests).count >= 4 }, log)
        // The wash, dealt with, leaves the phone; the dryer is scheduled (two hooks, in either order).
        let afterDry = Array(received(server.requests)[2..<4])
        XCTAssertTrue(
            afterDry.contains { $0["method"] == "DELETE" && $0["path"] == "/TOPIC/\(load)" }, "\(afterDry)")
        let dryerStart = try XCTUnwrap(afterDry.first { $0["At"] != nil })
        let dryer = try XCTUnwrap(dryerStart["X-Sequence-ID"])
        XCTAssertNotEqual(dryer, load)
        // The machine needs longer: the push for the old end goes, one for the new end comes.
        let dryerEnd = try XCTUnwrap(dryerStart["At"].flatMap(Double.init))
        home.ok("extend", name, "--by", "12m")
        XCTAssertTrue(waitUntil(5) { self.received(server.requests).count >= 6 }, log)
        var requests = received(server.requests)
        guard requests.count >= 6 else { return }
        XCTAssertEqual(requests[4]["method"], "DELETE")
        XCTAssertEqual(requests[4]["path"], "/TOPIC/\(dryer)")
        XCTAssertEqual(requests[5]["X-Sequence-ID"], dryer, "the same load")
        XCTAssertEqual(try XCTUnwrap(requests[5]["At"].flatMap(Double.init)), dryerEnd + 720, accuracy: 1)
        XCTAssertEqual(requests[5]["Title"], "🌬️ Dry Complete!")
        // Paused, it has no end: the push goes and none comes.
        home.ok("pause", name)
        XCTAssertTrue(waitUntil(5) { self.received(server.requests).count >= 7 }, log)
        requests = received(server.requests)
        guard requests.count >= 7 else { return }
        XCTAssertEqual(requests[6]["method"], "DELETE")
        XCTAssertEqual(requests[6]["path"], "/TOPIC/\(dryer)")
        home.ok("cancel", name)
        // Cancelled while paused: deleted again (nothing is left to delete; the hook cannot know).
        XCTAssertTrue(waitUntil(5) { self.received(server.requests).count >= 8 }, log)
        let stop = try XCTUnwrap(received(server.requests).dropFirst(7).first)
        XCTAssertEqual(stop["method"], "DELETE")
        XCTAssertEqual(stop["path"], "/TOPIC/\(dryer)")
        XCTAssertTrue(
            waitUntil(3) { self.hookRuns().filter { $0["event"]?.hasPrefix("load") == true }.count == 6 }, log)
        XCTAssertEqual(received(server.requests).count, 8, "nothing more")
        XCTAssertEqual(hookRuns().filter { $0["exit"] != "0" }.count, 0, "curl saw no HTTP error: \(log)")
    }

    func test_theAppriseHookTellsEveryNotificationAndNoLoadEvents() throws {
        let server = try receiver()
        defer { server.stop() }
        try config(hook: [Self.hooks + "apprise", "json://\(server.url)/laundry"])
        home.ok("adopt", "Apprise \(marker)")
        home.ok("wash", "Apprise \(marker)", "--for", "1s")
        XCTAssertTrue(waitUntil(15) { !self.received(server.requests).isEmpty }, log)
        XCTAssertTrue(
            waitUntil(5) {
                self.hookRuns(["event": "washDone", "pet": "Apprise \(self.marker)", "exit": "0"]).count == 1
            },
            log)
        let requests = received(server.requests)
        XCTAssertEqual(requests.count, 1, "the load's start is not sent: \(requests)")
        let payload = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data((requests[0]["body"] ?? "").utf8)) as? [String: Any])
        XCTAssertEqual(payload["title"] as? String, "🫧 Wash Complete!")
        XCTAssertEqual(payload["message"] as? String, "Apprise \(marker) is ready for the dryer!")
    }
}
