import Foundation
import LaundryTestSupport
import XCTest

/// `kill -9` at random moments: of commands in the middle of their writes, and of the daemon while
/// loads end. No file is ever torn or empty, no timer is lost, and what ended while the daemon was
/// down is announced when it comes back — once.
final class CrashStressTests: XCTestCase {
    func test_commandsKilledMidWriteLeaveEveryFileWhole() throws {
        let home = LaundryHome()
        let pets = (0..<5).map { "Crash \($0)" }
        for pet in pets { home.ok("adopt", pet) }
        var random = SplitMix64(seed: StressScale.seed())
        let context = StressScale.context(seed: random.seed)
        var killed = 0
        for round in 0..<StressScale.pick(small: 40, full: 200) {
            let pet = pets.randomElement(using: &random)!
            let arguments: [[String]] = [
                ["wash", pet, "--for", "1h"], ["cancel", pet],
                ["set", pet, "--every", "\(Int.random(in: 1...30, using: &random))"],
                ["snooze", pet], ["adopt", "Extra \(round)"], ["release", "Extra \(round - 1)", "--yes"],
            ]
            let command = arguments.randomElement(using: &random)!
            let running = Spawn.start(LaundryHome.binary, command, environment: home.environment)
            // The kill lands at a random moment of the command's work.
            waitARandomMoment(upTo: 40_000, using: &random)
            running.kill(SIGKILL)
            if running.wait().status == 128 + SIGKILL { killed += 1 }

            home.assertEveryFileParses()
            let status = home.run(["status", "--json"])
            XCTAssertEqual(status.status, 0, "after `\(command.joined(separator: " "))` was killed — \(context)")
            XCTAssertEqual(status.stderr, "", "nothing to set aside or report — \(context)")
            for pet in (try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [[String: Any]]) ?? [] {
                let stage = pet["stage"] as? String ?? ""
                if ["washing", "drying"].contains(stage) {
                    XCTAssertNotNil(pet["timer"], "\(pet["name"] ?? "?") is \(stage) but lost its timer — \(context)")
                }
            }
        }
        XCTAssertGreaterThan(killed, 0, "some commands were killed before they finished")
        XCTAssertEqual(
            (home.files(in: "pets") + home.files(in: "history")).filter { $0.contains(".corrupt-") }, [],
            "nothing had to be set aside — \(context)")
        // What killed writers left behind is hidden, never read, and cleared by the next writer
        // once it is old (a reader changes nothing).
        var temporaries: [String] = []
        let device = try XCTUnwrap(home.device)
        for folder in ["pets", "history"] {
            let base = "\(home.data)/machines/\(device)/\(folder)"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? [] where name.hasPrefix(".") {
                XCTAssertNotNil(
                    name.range(of: #"^\.[0-9a-f-]{36}\.json\.tmp-\d+-\d+$"#, options: .regularExpression), name)
                try FileManager.default.setAttributes(
                    [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: base + "/" + name)
                temporaries.append(base + "/" + name)
            }
        }
        XCTAssertEqual(home.run(["status"]).stderr, "")
        home.ok("snooze", pets[0])
        XCTAssertEqual(
            temporaries.filter { FileManager.default.fileExists(atPath: $0) }, [],
            "an hour-old temporary of a dead writer is removed")
        print("crash (commands): \(killed) of the commands killed before they finished — \(context)")
    }

    func test_daemonKilledWhileLoadsEndAnnouncesEachOnceWhenItReturns() throws {
        try XCTSkipUnless(NotifyLog.path != nil, "needs a notification server: run through `make test`")
        let home = LaundryHome()
        try home.allowDaemon()
        home.environment["LAUNDRY_NO_AUTOSTART"] = "1"
        defer { home.run(["daemon", "stop"]) }
        let marker = String(UUID().uuidString.prefix(6))
        let pets = (0..<6).map { "Killed \(marker) \($0)" }
        for pet in pets { home.ok("adopt", pet) }
        var random = SplitMix64(seed: StressScale.seed())
        let context = StressScale.context(seed: random.seed)
        var kills: [Double] = []
        for _ in 0..<StressScale.pick(small: 6, full: 200) {
            for pet in pets {
                switch home.pet(pet)["stage"] as? String {
                case "idle": home.ok("wash", pet, "--for", "\(Int.random(in: 1...2, using: &random))s")
                case "washed" where timerNotified(home, pet): home.ok("fold", pet)
                default: break
                }
            }
            home.ok("daemon", "start")
            // The daemon is killed at a random moment, loads ending around it.
            waitARandomMoment(upTo: 1_200_000, using: &random)
            guard let pid = home.daemonPID else { continue }
            kill(pid, SIGKILL)
            kills.append(Date().timeIntervalSince1970)
            _ = waitUntil(10) { home.run(["daemon", "status"]).status != 0 }
        }
        // The last loads end while no daemon runs: every load in the records is past its end.
        let loads = home.endedLoads(now: .distantFuture).count
        XCTAssertTrue(waitUntil(20) { home.endedLoads().count == loads }, "the last loads end — \(context)")
        home.ok("daemon", "start")
        XCTAssertTrue(
            waitUntil(10) {
                pets.allSatisfy {
                    !["washing"].contains(home.pet($0)["stage"] as? String ?? "") && timerNotified(home, $0)
                }
            },
            "every load ended and was written down as announced — \(context)\n\(home.daemonLog.suffix(2000))")
        home.assertEveryFileParses()

        let calls = NotifyLog.calls(mentioning: marker)
        var postTimes: [String: [Double]] = [:]
        for call in calls {
            guard let timer = call.loadID else { continue }
            postTimes[timer, default: []].append(call.time)
        }
        let posts = postTimes.mapValues(\.count)
        // A load announced and killed before its notes reached the disk is announced again by the
        // next daemon: each repeat needs a kill between the post before it and itself (give or take
        // the monitor's lag in stamping what it saw).
        let repeated = postTimes.filter { _, times in
            zip(times, times.dropFirst()).contains { earlier, later in
                !kills.contains { $0 >= earlier - 0.1 && $0 <= later }
            }
        }.keys.sorted()
        XCTAssertEqual(repeated, [], "announced again with no kill in between — \(context)")
        var finished = 0
        var missing: [String] = []
        let seenHistory = (home.json("history") as? [[String: Any]] ?? []).reversed()
        for events in Dictionary(grouping: seenHistory, by: { ($0["petId"] as? String ?? "").lowercased() }).values {
            for event in events where (event["event"] as? String ?? "").hasSuffix("Done") {
                finished += 1
                if let timer = (event["timerId"] as? String)?.lowercased(), posts[timer] == nil {
                    missing.append(timer)
                }
            }
        }
        XCTAssertGreaterThan(finished, 0)
        XCTAssertEqual(missing, [], "finished but never announced — \(context)")
        let reannounced = posts.filter { $0.value > 1 }.count
        print(
            "crash (daemon): \(kills.count) kills, \(finished) loads finished, \(posts.count) announced, "
                + "\(reannounced) announced again after a kill between posting and writing — \(context)"
        )
    }

    /// Waits up to `microseconds`, picked by `random` (so a seed replays it).
    private func waitARandomMoment(upTo microseconds: UInt32, using random: inout SplitMix64) {
        // Real time: a kill at a random moment of a process's work is what these tests are about.
        usleep(UInt32.random(in: 0...microseconds, using: &random))
    }

    /// Whether the pet's load that ended was written down as announced (true when none ended).
    private func timerNotified(_ home: LaundryHome, _ pet: String) -> Bool {
        guard let id = home.petIDs()[pet] else { return false }
        guard let ended = home.endedLoads().first(where: { $0.pet == id }) else { return true }
        return home.announced(id, load: ended.load)
    }
}
