import Foundation
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering
import LaundryStore
import LaundryTestSupport
import XCTest

/// Every user-visible template, rendered once into `Tests/Golden/messages.txt`: the notification
/// texts in `data/messages.json`, what each command prints, and the whole error catalogue, all
/// about a pet whose name has an apostrophe, quotes, an emoji and a right-to-left mark.
final class MessageCatalogueTests: XCTestCase {
    static let name = "Tom's \"good\" 🧦\u{200F}x"
    static let path = "/home/me/.local/share/laundry/pets/0b5e…json"

    static let reasons: [Announcement.Reason] = [
        .finished(.wash, .onTime), .finished(.dry, .late(5400)), .finished(.extraDry, .onTime),
        .finished(.wash, .whileAsleep(1200)), .finished(.dry, .whileAsleep(20)),
        .healthWarning(25), .healthWarning(10), .healthWarning(5), .healthWarning(0),
        .neglected(.washed, waiting: 2700), .neglected(.dried, waiting: 90_000), .dryerFree(waiting: 2700),
        .headsUp(.wash, minutesLeft: 1),
        .headsUp(.dry, minutesLeft: 5), .test,
    ]

    override func setUp() { setenv("TZ", "UTC", 1) }

    func test_everyMessageMatchesItsGoldenText() throws {
        let lines = try allLines()
        let text = lines.joined(separator: "\n") + "\n"
        XCTAssertNil(Golden.difference(text, "messages.txt"))
        for line in lines {
            XCTAssertFalse(line.contains("\n"), "one line each: \(line)")
            XCTAssertNil(line.range(of: #"\b1 [a-z]+s\b"#, options: .regularExpression), "a plural after 1: \(line)")
            // Only a command to type or paste keeps the name as it is, so it still finds the pet.
            let shown = line.components(separatedBy: "Type: ")[0].components(separatedBy: "hook command: ")[0]
            XCTAssertFalse(shown.contains("\u{200F}"), "the right-to-left mark is shown, not obeyed: \(line)")
        }
    }

    /// The same messages in each language laundry has a catalogue for: `Tests/Golden/messages.<lang>.txt`.
    func test_everyMessageInEveryLanguage() throws {
        for language in Speaking.languages {
            let lines = try Speaking.in(language) { try allLines() }
            XCTAssertNil(Golden.difference(lines.joined(separator: "\n") + "\n", "messages.\(language).txt"))
            XCTAssertNotEqual(lines, try allLines(), "\(language) is not English")
            for line in lines { XCTAssertFalse(line.contains("\n"), "one line each: \(line)") }
        }
    }

    /// Under the pseudo-language every message comes back in ⟦ ⟧; a word outside them is text a
    /// person reads that bypassed the catalogue.
    func test_noTextBypassesTheCatalogue() throws {
        let pieces = try Speaking.in("en@pseudo") { try readablePieces() }
        XCTAssertGreaterThan(pieces.count, 150)
        for piece in pieces {
            XCTAssertTrue(piece.contains("⟦"), "not from the catalogue: \(piece)")
            XCTAssertNil(
                PseudoMarkers.outside(piece).range(of: "[A-Za-z]", options: .regularExpression),
                "words outside the catalogue in: \(piece)")
        }
    }

    /// Inside the markers too: the pseudo-language accents every letter of its own, so a plain word left in what the
    /// commands print, the state machine's refusals and a history's details (once the name, commands, lengths and
    /// ids are out) is an English id put into a sentence: a stage's, a move's, a kind's.
    func test_noIdIsPutIntoASentence() throws {
        let kinds = try kinds
        let pieces = Speaking.in("en@pseudo") {
            reports() + refusals() + Self.historyDetails.map { HistoryDetailText.words($0, device: nil, kinds: kinds) }
        }
        for piece in pieces {
            var plain = piece.replacingOccurrences(of: "⟦", with: " ").replacingOccurrences(of: "⟧", with: " ")
            for pattern in [
                #"^\[[a-z, ]+\] [a-z-]+: "#, #"Tom('\\''|')s "good" 🧦"#, "Tom's socks", "Socks", "Sox",
                #"\blaundry( [a-z][a-z-]*){0,2}"#, #"--[a-z-]+"#, #"\b\d+[dhms]\b"#, #"\b\d{1,2}:\d{2}( [AP]M)?"#,
                "notify-me",
            ] {
                plain = plain.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
            }
            XCTAssertNil(
                plain.range(of: "[A-Za-z]{2,}", options: .regularExpression), "an English id in: \(piece) (\(plain))")
        }
    }

    /// One word per meaning: each catalogue says each of po/glossary.tsv's terms with the language's one word, never
    /// with a synonym it avoids; and every language laundry has a catalogue for has its columns there.
    func test_everyCatalogueUsesTheGlossarysWords() throws {
        let glossary = try Glossary.read()
        let languages = try FileManager.default.contentsOfDirectory(atPath: SourceTree.root + "/po")
            .filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
        XCTAssertEqual(languages, Speaking.languages.sorted())
        XCTAssertGreaterThanOrEqual(glossary.terms.count, 10)
        for language in languages {
            XCTAssertTrue(glossary.languages.contains(language), "po/glossary.tsv has no column for \(language)")
            XCTAssertEqual(try glossary.problems(in: Catalogue("\(language).po"), language: language), [])
        }
    }

    /// The check finds a missing word and a synonym: German's "gefaltet" beside its "zusammengelegt".
    func test_theGlossaryFindsASynonym() throws {
        let catalogue = Catalogue(
            text: """
                msgid "Loads folded"
                msgstr "Gefaltete Ladungen"

                msgid "Fold {name}"
                msgstr "{name} zusammenlegen"

                msgid "all pets"
                msgstr "alle Tiere"

                msgid "Start its wash with: {command}"
                msgstr "Starte die Wäsche mit: {command}"
                """)
        let problems = try Glossary.read().problems(in: catalogue, language: "de")
        XCTAssertEqual(problems.count, 4, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("fold") && $0.contains("lacks") && $0.contains("Gefaltete") })
        XCTAssertTrue(problems.contains { $0.contains("fold") && $0.contains("uses [\"Gefaltete\"]") })
        XCTAssertTrue(problems.contains { $0.contains("pet") && $0.contains("uses [\"Tiere\"]") })
    }

    /// A name joins the word before it as the catalogue says: French elides before a vowel (`au tour d’Ana`, not `au
    /// tour de Ana`), with or without its accent, and not before a consonant, an `h` or an emoji; a language without
    /// the variant (German) and English say the plain message.
    func test_aNameJoinsTheWordBeforeItAsTheCatalogueSays() throws {
        let english = "Next load: {person} is up."
        let french = try Self.forms(of: english, in: "fr.po", variant: "{person} starts with a vowel")
        let german = try Self.forms(of: english, in: "de.po", variant: "{person} starts with a vowel")
        XCTAssertNotEqual(french.variant, "", "French elides: the variant is translated")
        XCTAssertEqual(german.variant, "", "German needs no variant")
        let next = { (name: String) in Words.text(english, ["person": name]) }
        let filled = { (template: String, name: String) in template.replacingOccurrences(of: "{person}", with: name) }
        let names = ["Ana", "Émile", "ours", "Ben", "Hugo", "🧦Ana"]
        XCTAssertEqual(
            Speaking.in("fr") { names.map(next) },
            ["Ana", "Émile", "ours"].map { filled(french.variant, $0) }
                + ["Ben", "Hugo", "🧦Ana"].map { filled(french.plain, $0) })
        XCTAssertEqual(Speaking.in("de") { next("Ana") }, filled(german.plain, "Ana"))
        XCTAssertEqual(next("Ana"), filled(english, "Ana"))
        // Only the name that starts with a vowel picks the variant: `{until}` is not a name.
        let snoozed = "💤 Snoozed the reminders for {name} until {until}."
        let snooze = try Self.forms(of: snoozed, in: "fr.po", variant: "{name} starts with a vowel")
        XCTAssertEqual(
            Speaking.in("fr") { ["Ana", "Ben"].map { Words.text(snoozed, ["name": $0, "until": "10:10"]) } },
            [snooze.variant, snooze.plain].enumerated().map { index, template in
                Self.fill(template, ["name": ["Ana", "Ben"][index], "until": "10:10"])
            })
        // Notifications' texts keep the variant through `MessageCatalog.translated()`.
        let said = try Speaking.in("fr") { () -> [String] in
            var catalog = try JSONDecoder().decode(
                MessageCatalog.self,
                from: Data(contentsOf: URL(fileURLWithPath: SourceTree.root + "/data/messages.json")))
            catalog.loadStarted.summary = "{icon} Washing {name} for {length}, done at {ends}."
            let translated = catalog.translated()
            return ["Ana", "Ben"].map {
                translated.fill(
                    translated.loadStarted.summary, ["icon": "🫧", "name": $0, "length": "45m", "ends": "10:45"])
            }
        }
        let started = try Self.forms(
            of: "{icon} Washing {name} for {length}, done at {ends}.", in: "fr.po",
            variant: "{name} starts with a vowel")
        XCTAssertEqual(
            said,
            [started.variant, started.plain].enumerated().map { index, template in
                Self.fill(template, ["icon": "🫧", "name": ["Ana", "Ben"][index], "length": "45m", "ends": "10:45"])
            })
    }

    /// `template` with each `{key}` replaced by its value.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        values.reduce(template) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
    }

    /// A message's plain translation and its translation under `variant` (a gettext context) in `po/<file>`.
    static func forms(of english: String, in file: String, variant: String) throws -> (plain: String, variant: String) {
        let messages = try Catalogue(file).messages.filter { $0.english == english }
        let plain = try XCTUnwrap(messages.first { $0.context == nil }?.translations.first, "\(english) in \(file)")
        let varied = messages.first { $0.context == variant }?.translations.first ?? ""
        return (plain, varied)
    }

    /// The variants come from the catalogue alone: a `variants` key in messages.json is not read, nor written back.
    func test_messagesJSONCannotSetTheVariants() throws {
        let file = try Data(contentsOf: URL(fileURLWithPath: SourceTree.root + "/data/messages.json"))
        var object = try XCTUnwrap(try JSONSerialization.jsonObject(with: file) as? [String: Any])
        object["variants"] = ["{name} starts with a vowel\u{04}{name} is up": "{name} won"]
        let catalog = try JSONDecoder().decode(
            MessageCatalog.self, from: try JSONSerialization.data(withJSONObject: object))
        XCTAssertNil(catalog.variants)
        var filled = catalog
        filled.variants = ["a": "b"]
        let written = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(filled)) as? [String: Any]
        XCTAssertNil(written?["variants"])
        XCTAssertNotNil(written?["washDone"], "the texts are written")
    }

    /// The names a variant is chosen by, in each message that has one in some language: the golden files' section.
    static let joinedNames = ["Ana", "Ben", "Émile", "Socks"]

    private func joinedNames() -> [String] {
        let now = RenderingFixtures.now
        var lines: [String] = []
        for name in Self.joinedNames {
            var state = PetState(pet: Pet(name: try! PetName(name), kind: RenderingFixtures.clothes, createdAt: now))
            _ = try? StageMachine.wash(&state, for: nil, at: now)
            lines += CommandReport.moved(.wash(nil), state, now: now)
            _ = StageMachine.snooze(&state, for: nil, at: now)
            lines += CommandReport.moved(.snooze(nil), state, now: now)
            lines.append(HouseholdText.nextLine(Person(name)))
        }
        return lines
    }

    /// The kinds of data/kinds.json.
    private var kinds: KindCatalog {
        get throws {
            try JSONDecoder().decode(
                KindCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: SourceTree.root + "/data/kinds.json")))
        }
    }

    /// What a person reads, piece by piece (without this test's own labels).
    private func readablePieces() throws -> [String] {
        let catalog = try JSONDecoder().decode(
            MessageCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: SourceTree.root + "/data/messages.json"))
        ).translated()
        let writer = AnnouncementWriter(messages: catalog)
        var pieces: [String] = []
        for reason in Self.reasons {
            let announcement = Announcement(petID: UUID(), petName: Self.name, health: 20, reason: reason)
            let content = writer.content(for: announcement, markup: false, buttons: true)
            pieces += [content.summary, content.body] + content.actions.map(\.label)
            pieces.append(writer.content(for: announcement, markup: true, buttons: false).body)
        }
        pieces += reports()
        // Not the advice and reasons this test makes up itself.
        pieces += errors().filter { !($0 is CommandError) || Self.isWordedHere($0) }.compactMap {
            ErrorText.line(for: $0)
        }
        pieces += refusals().map { $0.components(separatedBy: ": ").dropFirst().joined(separator: ": ") }
        pieces += warnings().map(ErrorText.line(for:))
        // A length alone is shown as a person types it (`1h5m`), in every language.
        pieces += Self.historyDetails.filter { if case .length = $0 { false } else { true } }.map { detail in
            // The names and kinds in a detail are the person's own: not from the catalogue.
            HistoryDetailText.words(detail, device: "⟦aaaa000000000001⟧").replacingOccurrences(
                of: "Socks", with: "⟦Socks⟧"
            )
            .replacingOccurrences(of: "Sox", with: "⟦Sox⟧").replacingOccurrences(of: "towels", with: "⟦towels⟧")
        }
        return pieces.filter { !$0.isEmpty }
    }

    private static func isWordedHere(_ error: any Error) -> Bool {
        switch error as? CommandError {
        case .noNotificationServer, .soundFailed: return false
        default: return true
        }
    }

    private func allLines() throws -> [String] {
        var lines: [String] = []
        func section(_ title: String) { lines += ["", "## " + title] }
        section("notifications (data/messages.json)")
        lines += try notifications()
        section("what commands print")
        lines += reports()
        section("errors")
        lines += errors().map { ErrorText.line(for: $0) ?? "(no line for \($0))" }
        section("refused moves: each move the state machine refuses, in each state")
        lines += refusals()
        section("warnings")
        lines += warnings().map(ErrorText.line(for:))
        section("input")
        lines += [DurationError.empty, .malformed("4x5"), .tooShort, .tooLong].compactMap(ErrorText.line(for:))
        // A field of 60 or more, each way it can be typed: the hint is worked out from the input.
        lines += ["1:99", "1h61m", "0:75", "1:30:75", "1m75s", "1:99:99", "23:99"].map { typed in
            durationRefusal(typed).flatMap(ErrorText.line(for:)) ?? "(\(typed) was not refused)"
        }
        lines += [DateInputError.empty, .malformed("18/11"), .inFuture("2099-01-01"), .tooEarly("1969-01-01")]
            .compactMap(ErrorText.line(for:))
        lines += [BarTemplate.Problem.unknownField("nmae"), .unclosedBrace, .strayClosingBrace]
            .compactMap(ErrorText.line(for:))
        section("history details")
        lines += Self.historyDetails.map { HistoryDetailText.words($0, device: "aaaa000000000001") }
        // With the kinds at hand (as `history` has them), a kind is named in the reader's words.
        let kinds = try kinds
        lines += Self.historyDetails.map { HistoryDetailText.words($0, device: "aaaa000000000001", kinds: kinds) }
            .filter { !lines.contains($0) }
        section("names joined by the language's rules")
        lines += joinedNames()
        return lines
    }

    /// A detail of every kind whose words come from the catalogue (a kind's id, a name and an old
    /// sentence are shown as they were written).
    static let historyDetails: [HistoryDetail] =
        [
            .length(seconds: 3900), .remaining(seconds: 2101, timer: nil), .remaining(seconds: 245, timer: .wash),
            .remaining(seconds: 245, timer: .dry), .remaining(seconds: 245, timer: .extraDry), .stoppedBy(.washer),
            .stoppedBy(.dryer), .cycle(12), .renamed(from: "Socks", to: "Sox"),
            .settings(
                .init(
                    kind: "towels", washSeconds: 3000, drySeconds: 3900, cycleDays: 3.5,
                    lastWashed: Date(timeIntervalSince1970: 1_763_452_800))),
            .lost(event: .released, part: .release),
        ] + PetPart.allCases.map { .lost(event: .renamed, part: $0) }

    private func notifications() throws -> [String] {
        let catalog = try JSONDecoder().decode(
            MessageCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: SourceTree.root + "/data/messages.json"))
        ).translated()
        let writer = AnnouncementWriter(messages: catalog)
        var lines: [String] = []
        for reason in Self.reasons {
            let announcement = Announcement(petID: UUID(), petName: Self.name, health: 20, reason: reason)
            for (markup, buttons) in [(true, true), (false, false)] {
                let content = writer.content(for: announcement, markup: markup, buttons: buttons)
                let actions = content.actions.map { "[\($0.label)]" }.joined(separator: " ")
                lines.append(
                    "\(reason.eventName) markup=\(markup) buttons=\(buttons): \(content.summary) | "
                        + content.body.replacingOccurrences(of: "\n", with: " ⏎ ")
                        + (actions.isEmpty ? "" : " " + actions))
            }
            let hook = writer.hookEvent(for: announcement)
            lines.append("\(reason.eventName) hook command: \(hook.command)")
        }
        // A finish the appliance's plug ended, and one whose timer ran out while the appliance still runs.
        for appliance in [Appliance.washer, .dryer] {
            var ended = Load(
                petID: UUID(), kind: appliance == .washer ? .wash : .dry, startedAt: RenderingFixtures.now,
                duration: .minutes(60))
            ended.stoppedBy = appliance
            let reason = Announcement.Reason.finished(ended.kind, .onTime)
            var running = Announcement(petID: UUID(), petName: Self.name, health: 20, reason: reason)
            running.stillRunning = appliance
            let byPlug = Announcement(petID: UUID(), petName: Self.name, health: 20, reason: reason, load: ended)
            for (what, announcement) in [("stopped by", byPlug), ("still running", running)] {
                let content = writer.content(for: announcement, markup: false, buttons: true)
                lines.append(
                    "\(reason.eventName), \(appliance.rawValue) \(what): \(content.summary) | "
                        + content.body.replacingOccurrences(of: "\n", with: " ⏎ "))
            }
        }
        // A wash done while another load is in the dryer: until a time today, tomorrow, or paused (no end known).
        let now = RenderingFixtures.now
        for until in [now + 1800, now + 86_000, nil] {
            let busy = Dryer.Busy(petID: UUID(), until: until, at: now)
            var finished = Announcement(
                petID: UUID(), petName: Self.name, health: 20, reason: .finished(.wash, .onTime))
            finished.dryer = .busy(busy)
            let content = writer.content(for: finished, markup: false, buttons: true)
            let body = content.body.replacingOccurrences(of: "\n", with: " ⏎ ")
            lines.append("washDone, dryer busy: \(content.summary) | \(body)")
            lines.append("status, dryer busy: \(DryerWords.waiting(busy))")
        }
        // An appliance started with no load of its kind: whose is it (buttons, or the command to type).
        for appliance in [Appliance.washer, .dryer] {
            for buttons in [true, false] {
                let content = ApplianceWords.whoseLoad(appliance, id: UUID(), pets: [], buttons: buttons)
                let actions = content.actions.map { "[\($0.label)]" }.joined(separator: " ")
                let words = "\(content.summary) | \(content.body) \(actions)"
                lines.append("whose load, \(appliance.rawValue), buttons=\(buttons): \(words)")
            }
        }
        // What only a hook (a phone) is told.
        let load = Load(
            petID: UUID(), kind: .dry, startedAt: RenderingFixtures.now, duration: .minutes(60))
        let stops: [LoadChange.Stop] = [.cancelled, .released, .replaced]
        let changes =
            [LoadChange.started(load)] + stops.map { LoadChange.stopped(load, $0) }
            + [LoadChange.Change.moved, .paused, .finished].map { LoadChange.changed(load, $0) }
        for change in changes {
            let hook = writer.hookEvent(for: change, petName: Self.name, ends: "11:00")
            lines.append("\(hook.event) hook: \(hook.summary) | \(hook.body)")
            if let due = hook.due { lines.append("\(hook.event) hook, due at the end: \(due.summary) | \(due.body)") }
        }
        for count in [1, 2] {
            let running = (0..<count).map { _ in
                HookEvent.Load(id: UUID(), petID: UUID(), petName: Self.name, endsAt: RenderingFixtures.now)
            }
            let hook = writer.sleepingHookEvent(running: running, lastEnds: "11:00")
            lines.append("sleeping hook: \(hook.summary) | \(hook.body)")
        }
        return lines
    }

    /// What the state machine really says, move by move, in each state it can be in.
    private func refusals() -> [String] {
        let now = RenderingFixtures.now
        let earlier = now.addingTimeInterval(-600)
        func state(_ steps: (inout PetState) throws -> Void) -> PetState {
            var state = PetState(
                pet: Pet(name: try! PetName("Socks"), kind: RenderingFixtures.clothes, createdAt: earlier))
            try? steps(&state)
            state.pet.identity.name = Self.name
            return state
        }
        let washing = { (state: inout PetState) in _ = try StageMachine.wash(&state, for: nil, at: earlier) }
        let washed = { (state: inout PetState) in
            _ = try StageMachine.wash(&state, for: .minutes(1), at: earlier)
            _ = StageMachine.settle(&state, at: now)
        }
        let drying = { (state: inout PetState) in
            try washed(&state)
            _ = try StageMachine.dry(&state, for: nil, at: now)
        }
        let dried = { (state: inout PetState) in
            _ = try StageMachine.wash(&state, for: .minutes(1), at: earlier)
            _ = StageMachine.settle(&state, at: earlier.addingTimeInterval(120))
            _ = try StageMachine.dry(&state, for: .minutes(1), at: earlier.addingTimeInterval(120))
            _ = StageMachine.settle(&state, at: now)
        }
        let situations: [(String, PetState)] = [
            ("idle", state { _ in }), ("washing", state(washing)),
            (
                "washing, paused",
                state {
                    try washing(&$0)
                    _ = try StageMachine.pause(&$0, at: now)
                }
            ),
            ("washed", state(washed)), ("drying", state(drying)),
            (
                "drying, paused",
                state {
                    try drying(&$0)
                    _ = try StageMachine.pause(&$0, at: now)
                }
            ),
            ("dried", state(dried)),
        ]
        var lines: [String] = []
        for (label, situation) in situations {
            for move in Move.allCases {
                var copy = situation
                do {
                    switch move {
                    case .wash: _ = try StageMachine.wash(&copy, for: nil, at: now)
                    case .dry: _ = try StageMachine.dry(&copy, for: nil, at: now)
                    case .moreDry: _ = try StageMachine.moreDry(&copy, for: nil, at: now)
                    case .fold: _ = try StageMachine.fold(&copy, at: now)
                    case .cancel: _ = try StageMachine.cancel(&copy, at: now)
                    case .pause: _ = try StageMachine.pause(&copy, at: now)
                    case .resume: _ = try StageMachine.resume(&copy, at: now)
                    case .snooze: _ = StageMachine.snooze(&copy, for: nil, at: now)
                    case .extend: _ = try StageMachine.extend(&copy, by: -7200, at: now)
                    case .finish: _ = try StageMachine.finish(&copy, at: now)
                    }
                } catch {
                    lines.append("[\(label)] \(move.rawValue): " + (ErrorText.line(for: error) ?? "\(error)"))
                }
            }
        }
        return lines
    }

    private func reports() -> [String] {
        let now = RenderingFixtures.now
        var state = PetState(
            pet: Pet(name: try! PetName("Tom's \"good\" 🧦"), kind: RenderingFixtures.clothes, createdAt: now))
        var lines = CommandReport.adopted(state.pet, kind: RenderingFixtures.clothes, now: now)
        lines += CommandReport.updated(state.pet, kind: RenderingFixtures.clothes, now: now)
        let moves: [(PetAction, (inout PetState) throws -> Void)] = [
            (.wash(nil), { _ = try StageMachine.wash(&$0, for: nil, at: now) }),
            (.pause, { _ = try StageMachine.pause(&$0, at: now) }),
            (.resume, { _ = try StageMachine.resume(&$0, at: now) }),
            (.cancel, { _ = try StageMachine.cancel(&$0, at: now) }),
            (.wash(.minutes(1)), { _ = try StageMachine.wash(&$0, for: .minutes(1), at: now) }),
            (
                .dry(nil),
                {
                    _ = StageMachine.settle(&$0, at: now.addingTimeInterval(120))
                    _ = try StageMachine.dry(&$0, for: nil, at: now.addingTimeInterval(120))
                }
            ),
            (
                .fold,
                {
                    _ = StageMachine.settle(&$0, at: now.addingTimeInterval(7200))
                    _ = try StageMachine.fold(&$0, at: now.addingTimeInterval(7200))
                }
            ),
            (.snooze(nil), { _ = StageMachine.snooze(&$0, for: nil, at: now) }),
        ]
        for (action, move) in moves {
            try? move(&state)
            lines += CommandReport.moved(action, state, now: now)
        }
        lines += [
            CommandReport.releaseQuestion(state.pet), CommandReport.released(state.pet), CommandReport.kept(state.pet),
            CommandReport.noPets,
        ]
        var quiet = DaemonConfig()
        quiet.notifications = false
        quiet.sound = false
        quiet.headsUpMinutes = 0
        quiet.keepAwake = false
        quiet.clock = .twentyFourHour
        quiet.hook = ["notify-me", "--now"]
        quiet.quietHours = QuietHours(from: TimeOfDay("22:00")!, to: TimeOfDay("07:00")!)
        lines += [ConfigSummary.line(DaemonConfig()), ConfigSummary.line(quiet)]
        return lines
    }

    private func errors() -> [any Error] {
        let name = Self.name
        let path = Self.path
        return [
            BrokerProblem.refused(reason: "⟦Not authorized⟧"),
            BrokerProblem.unreachable(reason: "⟦Connection refused⟧"),
            BrokerProblem.closed, BrokerProblem.passwordUnreadable(path: path),
            BrokerProblem.tlsFiles(reason: "⟦Error: unable to load CA certificates⟧"),
            BrokerProblem.setup(reason: "⟦eventfd: Too many open files⟧"),
            HookOutcome(.exited(status: 3), stderr: "⟦no route to host⟧"), HookOutcome(.killedBySignal(9)),
            HookOutcome(.timedOut(seconds: 2.5)),
            HookOutcome(.notStarted(program: "/⟦no⟧/⟦such⟧", errno: ENOENT)),
            PetError.unknownPet(name, suggestion: "Tom's socks"), PetError.unknownPet("sox", suggestion: nil),
            PetError.ambiguousPet("to", candidates: [name, "Towels"]), PetError.noPets,
            PetError.invalidName(name, .blank), PetError.invalidName(name, .tooLong(characters: 31, limit: 30)),
            PetError.invalidName(name, .invisible(0x200F)),
            PetError.unknownKind("jeans", known: RenderingFixtures.kinds.kinds), PetError.invalidCycleDays("weekly"),
            PetError.cycleDaysOutOfRange("400"), PetError.notPaused(pet: name), PetError.alreadyPaused(pet: name),
            StoreError.unwritable(path: path, problem: .system(ENOSPC)),
            StoreError.newerSchema(pet: name, path: path, version: 9), StoreError.nameTaken(name),
            StoreError.dataFolderMissing(
                searched: [.variable("/opt/laundry"), .folder("/usr/share/laundry"), .sourceTreeAbove("/usr/bin")]),
            StoreError.dataFileBroken(path: "/usr/share/laundry/kinds.json", problem: .listsNoKinds),
            StoreError.configBroken(path: "~/.config/laundry/config.json", problem: .system(EACCES)),
            ActionError.invalidFakeNow("tomorrow"),
            CommandError.releaseNeedsConfirmation(pet: name),
            CommandError.noNotificationServer(advice: "start dunst"),
            CommandError.notificationRefused(server: "dunst"),
            CommandError.soundFailed(reason: "no sound server", advice: "start PulseAudio"),
            CommandError.followedFolderGone(path: "/home/me/laundry/pets"),
            CommandError.followFailed(call: "poll", reason: "bad file descriptor"),
            CommandError.unknownCommand("stauts", in: "laundry", suggestion: "status"),
            CommandError.unknownCommand("nonsense", in: "laundry daemon", suggestion: nil),
            CommandError.lengthWithoutOption(option: "--for", fixed: "laundry wash Socks --for 5m"),
            DaemonError.system("inotify_init1", 24), DaemonError.alreadyRunning(pid: 4242),
            DaemonError.alreadyRunning(pid: nil), DaemonError.exitedAtOnce(log: "~/.local/state/laundry/daemon.log"),
            DaemonError.daemonProgramNotFound, DaemonError.daemonProgramFailed(program: "/usr/bin/laundryd"),
            DaemonError.unitTemplateMissing(path: "/usr/share/laundry/laundry.service"),
            DaemonError.folderUnusable(path: "/run/user/1000/laundry", problem: .runtimeFolderOfAnotherUser),
        ] + configProblems().map { StoreError.configInvalid(path: "~/.config/laundry/config.json", problem: $0) }
            + fileProblems().map { StoreError.unreadable(path: path, problem: $0) }
    }

    /// Every reason a file can be unusable, each `errno` the store words apart.
    private func fileProblems() -> [FileProblem] {
        [ENOSPC, EDQUOT, EACCES, EROFS, ENOTDIR, EISDIR, EIO].map(FileProblem.system) + [
            .symbolicLink, .notARegularFile, .tooLarge(bytes: 1, limit: 1_000_000),
            .tooLarge(bytes: 2_000_000, limit: 1_000_000), .grewWhileRead(limit: 1_000_000), .homeNotAFolder,
            .runtimeFolderNotAFolder, .runtimeFolderOfAnotherUser, .runtimeFolderOpenToOthers(mode: 0o777),
            .notEncodable, .notADeviceID, .idDoesNotMatchFileName, .loadOfAnotherPet,
            .implausible(field: "cycleDays"), .listsNoKinds, .missing,
            .unwatchable(call: "inotify_add_watch", code: ENOSPC), .json(.notJSON),
            .json(.malformedValue(at: "cycle.value.load.endsAt")), .json(.missingField("name", at: "")),
            .json(.missingField("endsAt", at: "cycle.value.load")), .json(.wrongType(at: "")),
            .json(.wrongType(at: "settings.value.cycleDays")),
        ]
    }

    private func configProblems() -> [ConfigProblem] {
        let values: [ConfigValue] = [
            .number, .wholeNumber, .boolean, .object, .objectLike(example: #"{"from": "22:00", "to": "07:00"}"#),
            .stringList(example: #"["notify-me", "--now"]"#), .timeOfDay(example: #""22:00""#), .userName,
            .filePath(example: #""~/.config/laundry/mqtt-password""#), .topic(example: #""laundry""#),
            .dottedPath(example: #""ENERGY.Power""#),
        ]
        return values.map { ConfigProblem.wrongType(key: "sound", expected: $0) } + [
            .notJSON(nil), .notAnObject, .unknownKey("nagIntervall", suggestion: "nagIntervalMinutes"),
            .unknownKey("colour", suggestion: nil),
            .outOfRange(key: "alarmRepeatSeconds", value: "0", allowed: .between(1, 3600)),
            .outOfRange(
                key: "appliances.washer.doneBelowWatts", value: "20",
                allowed: .atMost(key: "appliances.washer.runningAboveWatts", value: 10)),
            .outOfRange(key: "clock", value: "13h", allowed: .oneOf([#""12h""#, #""24h""#])),
            .outOfRange(key: "mqtt.topicPrefix", value: "laundry/#", allowed: .plainTopic(example: #""laundry""#)),
            .missingPartner("mqtt.keyFile", other: "mqtt.certFile"),
            .badTime(key: "quietHours.start", value: "25:00"), .emptyWindow("22:00"), .emptyHook,
            .missingKey("mqtt.url", example: #""mqtt://homeassistant.local:1883""#), .appliancesWithoutBroker,
            .several([.emptyHook, .missingKey("quietHours.to", example: #""07:00""#)]),
        ]
            + [
                .value, .key, .colon, .commaOrObjectEnd, .commaOrListEnd, .end, .closingQuote, .escape,
                .escapedControlCharacter, .utf8,
            ]
            .flatMap {
                expected in
                ["x", nil].map { ConfigProblem.notJSON(.init(line: 3, column: 7, found: $0, expected: expected)) }
            }
    }

    private func warnings() -> [LaundryWarning] {
        let name = Self.name
        let path = Self.path
        return [
            .store(.unreadable(path: path, problem: .system(EACCES))),
            .store(.newerSchema(path: path, version: 9)),
            .daemonNotStarted(.daemonProgramNotFound),
            .deviceRenewed(old: "aaaaaaaaaaaaaaaa", new: "bbbbbbbbbbbbbbbb", otherHost: name),
        ]
    }
}
