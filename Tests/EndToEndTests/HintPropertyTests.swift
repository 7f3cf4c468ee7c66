import Foundation
import LaundryCore
import LaundryRendering
import LaundryTestSupport
import XCTest

/// Every hint works: each command, in every state a pet can be in, under a plain name, one that
/// needs quoting and ones that begin with a dash (typed after `--`, as a shell user must); wherever
/// laundry refuses and suggests a command, that exact command is run (by a shell, as pasted) on the
/// same state and must be accepted.
final class HintPropertyTests: XCTestCase {
    static let names = ["Socks", #"Tom's "good" socks 🧦"#, "--json", "-minus"]

    /// The pet as the last words of a command: after `--` when its name begins with a dash.
    static func pet(_ name: String) -> [String] { name.hasPrefix("-") ? ["--", name] : [name] }

    /// A state and how to reach it with real commands. `past` runs a command an hour or two ago.
    struct Situation {
        let label: String
        let steps: [(ago: TimeInterval?, arguments: [String])]
    }

    static func situations(_ name: String) -> [Situation] {
        let pet = Self.pet(name)
        let adopt: (TimeInterval?, [String]) = (7200, ["adopt"] + pet)
        let washed: [(TimeInterval?, [String])] = [adopt, (7200, ["wash", "--for", "1m"] + pet)]
        let dried = washed + [(3600, ["dry", "--for", "1m"] + pet)]
        return [
            Situation(label: "idle", steps: [adopt]),
            Situation(label: "washing", steps: [adopt, (nil, ["wash", "--for", "1h"] + pet)]),
            Situation(
                label: "washing, paused",
                steps: [adopt, (nil, ["wash", "--for", "1h"] + pet), (nil, ["pause"] + pet)]),
            Situation(label: "washed", steps: washed),
            Situation(label: "drying", steps: washed + [(nil, ["dry", "--for", "1h"] + pet)]),
            Situation(
                label: "drying, paused",
                steps: washed + [(nil, ["dry", "--for", "1h"] + pet), (nil, ["pause"] + pet)]),
            Situation(label: "dried", steps: dried),
            Situation(label: "extra-drying", steps: dried + [(nil, ["more-dry", "--for", "1h"] + pet)]),
            Situation(
                label: "extra-drying, paused",
                steps: dried + [(nil, ["more-dry", "--for", "1h"] + pet), (nil, ["pause"] + pet)]),
            Situation(label: "dead", steps: [(nil, ["adopt", "--every", "1", "--last-washed", "3 days ago"] + pet)]),
            Situation(label: "snoozed", steps: [adopt, (nil, ["snooze", "--for", "1h"] + pet)]),
        ]
    }

    /// Every command a person might try on the pet, right or wrong for its state.
    static func commands(_ name: String, in situation: String) -> [[String]] {
        let pet = Self.pet(name)
        // A bare length's hint fixes the line, not the move: it is tried where the move itself fits.
        let bareLengths = ["idle": ["wash"] + pet + ["5m"], "washing": ["extend"] + pet + ["5m"]]
        let moves = ["wash", "dry", "more-dry", "fold", "cancel", "pause", "resume", "snooze"].map { [$0] + pet }
        return moves + [
            ["release"] + pet, ["set"] + pet, ["adopt"] + pet, ["status"] + pet, ["history"] + pet,
            ["wash"] + Self.pet(String(name.prefix(3)) + "x"), ["wash", "--for", "0s"] + pet,
            ["history", "--limit", "0"], ["set", "--every", "0"] + pet, ["stats", "--weeks", "0"],
            ["wahs"] + pet, ["snooze", "--off"] + pet,
        ] + (bareLengths[situation].map { [$0] } ?? [])
    }

    private struct Failure: CustomStringConvertible {
        let situation: String
        let command: [String]
        let message: String
        let suggestion: String
        let result: Spawn.Result

        var description: String {
            "[\(situation)] laundry \(command.joined(separator: " "))\n    said: \(message)\n"
                + "    ran: \(suggestion)\n    → exit \(result.status): \(result.stderr)"
        }
    }

    func test_everySuggestedCommandIsAccepted() throws {
        try checkEverySuggestion(names: Self.names, environment: [:], or: " or ", atLeast: 100)
    }

    /// The same in German: a translation keeps every command it suggests runnable.
    func test_everySuggestedCommandIsAcceptedInGerman() throws {
        let or = try LanguageEndToEndTests.translation(of: " or ", in: "de")
        try checkEverySuggestion(names: [Self.names[1]], environment: ["LANG": "de_DE.UTF-8"], or: or, atLeast: 50)
    }

    private func checkEverySuggestion(names: [String], environment: [String: String], or: String, atLeast: Int) throws {
        var failures: [Failure] = []
        var refusals = 0
        var suggestionsRun = 0
        for name in names {
            for situation in Self.situations(name) {
                let template = try make(situation)
                for command in Self.commands(name, in: situation.label) {
                    let home = try copy(template)
                    let result = home.run(command, environment: environment)
                    guard result.status != 0 else { continue }
                    refusals += 1
                    XCTAssertEqual(result.stderrLines.count, 1, "one line: \(command) in \(situation.label)")
                    XCTAssertFalse(showsSwiftInternals(result.stderr), result.stderr)
                    for suggestion in Self.suggestions(in: result.stderr, or: or) {
                        suggestionsRun += 1
                        let fresh = try copy(template)
                        let outcome = fresh.runProgram("/bin/sh", ["-c", suggestion], stdin: "")
                        if outcome.status != 0 {
                            failures.append(
                                Failure(
                                    situation: situation.label + " (\(name))", command: command,
                                    message: result.stderr, suggestion: suggestion, result: outcome))
                        }
                    }
                }
            }
        }
        print("hints: \(refusals) refusals, \(suggestionsRun) suggested commands run, \(failures.count) refused")
        XCTAssertGreaterThan(suggestionsRun, atLeast, "the property met many hints")
        XCTAssertTrue(
            failures.isEmpty, "hints that do not work:\n" + failures.map(\.description).joined(separator: "\n"))
    }

    /// The "Type: …" line of a popup on a server without buttons, run in the state it is posted in.
    func test_theCommandANotificationTellsYouToTypeIsAccepted() throws {
        let catalog = try JSONDecoder().decode(
            MessageCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: SourceTree.root + "/data/messages.json")))
        let writer = AnnouncementWriter(messages: catalog)
        for name in Self.names {
            let states = Dictionary(uniqueKeysWithValues: Self.situations(name).map { ($0.label, $0) })
            let cases: [(Announcement.Reason, String)] = [
                (.finished(.wash, .onTime), "washed"), (.finished(.dry, .onTime), "dried"),
                (.finished(.extraDry, .onTime), "dried"), (.neglected(.washed, waiting: 3600), "washed"),
                (.dryerFree(waiting: 3600), "washed"),
                (.neglected(.dried, waiting: 3600), "dried"), (.healthWarning(25), "idle"),
                (.healthWarning(0), "dead"),
            ]
            for (reason, label) in cases {
                let situation = try XCTUnwrap(states[label])
                let announcement = Announcement(petID: UUID(), petName: name, health: 20, reason: reason)
                let body = writer.content(for: announcement, markup: false, buttons: false).body
                let typed = try XCTUnwrap(
                    body.split(separator: "\n").last(where: { $0.hasPrefix("Type: ") }), "\(reason): \(body)")
                let home = try copy(try make(situation))
                let outcome = home.runProgram("/bin/sh", ["-c", String(typed.dropFirst("Type: ".count))])
                XCTAssertEqual(outcome.status, 0, "\(reason) for \(name): '\(typed)' → \(outcome.stderr)")
            }
        }
    }

    // MARK: Reading hints

    /// The commands a message suggests: each `laundry …` after "with: ", "first: ", "next: ", " or ",
    /// "see: " or doctor's "→ ", up to a `;`, `)`, " (", ", " or " or " outside quotes, or the end.
    static func suggestions(in message: String, or: String = " or ") -> [String] {
        let text = Array(message.trimmingCharacters(in: .newlines))
        var found: [String] = []
        var index = 0
        let start = Array("laundry ")
        while index + start.count <= text.count {
            let before = String(text[..<index])
            let follows = [": ", "→ ", or.trimming { $0 == " " } + " "].contains { before.hasSuffix($0) }
            guard Array(text[index..<(index + start.count)]) == start, follows else {
                index += 1
                continue
            }
            var end = index
            var quoted = false
            while end < text.count {
                let character = text[end]
                // `\'` outside quotes is a quote in the name (ShellQuote's `'\''`).
                if !quoted && character == "\\" {
                    end += 2
                    continue
                }
                if character == "'" { quoted.toggle() }
                if !quoted && (character == ";" || character == ")") { break }
                let ahead = String(text[end..<min(text.count, end + or.count)])
                if !quoted && (ahead == or || ahead.hasPrefix(" (") || ahead.hasPrefix(", ")) { break }
                end += 1
            }
            found.append(String(text[index..<end]))
            index = end
        }
        return found
    }

    func test_hintsAreReadWhole() {
        XCTAssertEqual(
            Self.suggestions(
                in: "laundry: error: cannot pause Socks: it is idle (Ready); next: laundry wash 'Tom'\\''s (x)' "
                    + "or laundry fold Socks (see: laundry pause --help)\n"),
            ["laundry wash 'Tom'\\''s (x)'", "laundry fold Socks", "laundry pause --help"])
        XCTAssertEqual(Self.suggestions(in: "laundry: error: nothing to change"), [])
    }

    // MARK: Homes

    private var made: [String: LaundryHome] = [:]

    private struct Unreachable: Error, CustomStringConvertible {
        let description: String
    }

    /// The state, built once per test with real commands, those in the past on a shifted clock.
    func make(_ situation: Situation) throws -> LaundryHome {
        let key = situation.label + "|" + situation.steps.map { $0.arguments.joined(separator: " ") }.joined()
        if let home = made[key] { return home }
        let home = LaundryHome()
        for step in situation.steps {
            var extra: [String: String] = [:]
            if let ago = step.ago { extra["LAUNDRY_FAKE_NOW"] = Timestamp.format(Date().addingTimeInterval(-ago)) }
            let result = home.run(step.arguments, environment: extra)
            guard result.status == 0 else {
                throw Unreachable(
                    description: "cannot reach \(situation.label): \(step.arguments) → \(result.stderr)")
            }
        }
        made[key] = home
        return home
    }

    /// A copy of a home, so each command meets the state untouched.
    func copy(_ home: LaundryHome) throws -> LaundryHome {
        let copy = LaundryHome()
        try FileManager.default.removeItem(atPath: copy.path)
        try FileManager.default.copyItem(atPath: home.path, toPath: copy.path)
        copy.environment["PATH"] =
            URL(fileURLWithPath: LaundryHome.binary).deletingLastPathComponent().path + ":"
            + (copy.environment["PATH"] ?? "/usr/bin:/bin")
        return copy
    }
}
