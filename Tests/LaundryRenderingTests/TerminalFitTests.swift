import Foundation
import LaundryActions
import LaundryCore
import LaundryRendering
import LaundryStore
import LaundryTestSupport
import XCTest

/// Tables and cards fit the terminal: at 80 and 60 columns by leaving out or cutting their least important
/// columns, narrower by breaking lines between words; into a pipe, every column as before.
final class TerminalFitTests: XCTestCase {
    override func setUp() { setenv("TZ", "UTC", 1) }

    func test_everyViewFits80And60ColumnsInEveryLanguage() throws {
        for language in ["en"] + Speaking.languages {
            try Speaking.in(language) {
                let household = try Household()
                for width in [80, 60] {
                    for (view, text) in household.views(width: width) {
                        for line in text.split(separator: "\n") {
                            XCTAssertLessThanOrEqual(
                                TextFit.columns(String(line)), width, "\(language) \(view) at \(width):\n\(text)")
                        }
                    }
                }
            }
        }
    }

    func test_noWordIsSplitAcrossLinesAt80_60Or40() throws {
        for language in ["en"] + Speaking.languages {
            try Speaking.in(language) {
                let household = try Household()
                let whole = Set(household.views(width: nil).flatMap { Self.words($0.text) })
                for width in [80, 60, 40] {
                    for (view, text) in household.views(width: width) {
                        for word in Self.words(text) where !whole.contains(word) {
                            // A cell cut with an ellipsis is the start of a word, not a piece of a split one.
                            let start = word.hasSuffix("…") ? String(word.dropLast()) : nil
                            XCTAssertTrue(
                                start.map { start in whole.contains { $0.hasPrefix(start) } } ?? false,
                                "\(language) \(view) at \(width): '\(word)' is no word of\n\(text)")
                        }
                    }
                }
            }
        }
    }

    func test_at40ColumnsLinesBreakBetweenWords() throws {
        let household = try Household()
        for (view, text) in household.views(width: 40) {
            let wider = text.split(separator: "\n").filter { TextFit.columns(String($0)) > 40 }
            // Only a single word wider than the terminal may stay wider.
            XCTAssertTrue(
                wider.allSatisfy { !$0.trimmingCharacters(in: .whitespaces).contains(" ") }, "\(view):\n\(text)")
        }
    }

    func test_at120ColumnsWhatFitsIsAsIsAndTheDoctorOnlyBreaksLines() throws {
        let household = try Household()
        let whole = household.views(width: nil)
        let at120 = household.views(width: 120)
        for ((view, text), (_, fitted)) in zip(whole, at120) where Self.widest(text) <= 120 {
            XCTAssertEqual(fitted, text, view)
        }
        let doctor = { (width: Int?) in Household.doctor(Style(enabled: false, width: width)).lines }
        XCTAssertGreaterThan(Self.widest(doctor(nil).joined(separator: "\n")), 120)
        XCTAssertEqual(Self.words(doctor(120).joined(separator: " ")), Self.words(doctor(nil).joined(separator: " ")))
        // Ordinary names and no snooze: every column of `status` at 120.
        let ordinary = household.petViews.filter { $0.name.count < 20 && $0.snoozedUntil == nil }
        XCTAssertEqual(
            PetTable(views: ordinary, style: Style(enabled: false, width: 120)).render(),
            PetTable(views: ordinary, style: Style(enabled: false)).render())
    }

    func test_intoAPipeEveryColumnIsKept() throws {
        let household = try Household()
        let pipe = Terminal(environment: ["COLUMNS": "60", "TERM": "xterm"], stdoutIsTerminal: false)
        XCTAssertNil(pipe.width, "a pipe keeps every column, whatever COLUMNS says")
        XCTAssertEqual(household.views(style: pipe.style).map(\.text), household.views(width: nil).map(\.text))
    }

    func test_theStatusTableKeepsNameStageAndTimeLeftAndLeavesOutTheMoodFirst() throws {
        let household = try Household()
        let table = { (width: Int?) in
            PetTable(views: household.petViews, style: Style(enabled: false, width: width)).render()
        }
        let header = { (width: Int?) in String(table(width).prefix { $0 != "\n" }) }
        XCTAssertTrue(header(nil).contains(Words.text("MOOD")))
        for width in [80, 60] {
            XCTAssertFalse(header(width).contains(Words.text("MOOD")), table(width))
            for column in ["NAME", "STAGE", "TIME LEFT"] {
                XCTAssertTrue(header(width).contains(Words.text(column)), "\(column) at \(width):\n\(table(width))")
            }
            for view in household.petViews {
                XCTAssertTrue(table(width).contains(view.name.prefix(8)), "\(view.name) at \(width):\n\(table(width))")
            }
        }
    }

    func test_theWidthIsColumnsOnATerminalElseNone() {
        XCTAssertEqual(Terminal(environment: ["COLUMNS": "60"], stdoutIsTerminal: true).width, 60)
        XCTAssertEqual(Terminal(environment: ["COLUMNS": "60"], stdoutIsTerminal: true).style.width, 60)
        XCTAssertNil(Terminal(environment: ["COLUMNS": "60"], stdoutIsTerminal: false).width)
        XCTAssertNotEqual(Terminal(environment: ["COLUMNS": "0"], stdoutIsTerminal: true).width, 0)
        XCTAssertNotEqual(Terminal(environment: ["COLUMNS": "-5"], stdoutIsTerminal: true).width, -5)
    }

    func test_wrapBreaksBetweenWordsUnderAHangingIndentAndCountsColumnsAsATerminalDoes() {
        XCTAssertEqual(
            TextFit.wrap("Stage  washing until 14:50", width: 18, indent: 7), "Stage  washing\n       until 14:50")
        XCTAssertEqual(TextFit.wrap("a word", width: nil), "a word")
        XCTAssertEqual(TextFit.wrap("🛏️ 洗濯 x", width: 7, indent: 0), "🛏️ 洗濯\nx", "2 columns each")
        XCTAssertEqual(TextFit.wrap("Unbreakable", width: 4, indent: 2), "Unbreakable", "a word wider stays whole")
        XCTAssertEqual(TextFit.columns("\u{1B}[2mdim\u{1B}[0m e\u{301}"), 5, "colour takes none, an accent none")
        XCTAssertEqual(TextFit.shortened("Grandma's Wool", to: 8), "Grandma…")
        XCTAssertEqual(TextFit.shortened("Socks", to: 8), "Socks")
    }

    /// Words as a reader sees them: split at spaces (and slashes, where a long path may break).
    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "/" }).map(String.init)
    }

    private static func widest(_ text: String) -> Int {
        text.split(separator: "\n").map { TextFit.columns(String($0)) }.max() ?? 0
    }
}

/// A household on a fixed clock: six pets with long-ish names in every stage, one snoozed, a paused load, two
/// people who take turns, loads with energy and cost, a doctor's report with long lines.
private struct Household {
    let clock = ManualClock(Fixtures.start)
    let storage = InMemoryStorage(deviceID: "aaaa000000000001")
    let zone = LocalZone(TimeZone(identifier: "UTC")!)
    let laundry: Laundry

    init() throws {
        let data = SourceTree.root + "/data"
        let kinds = try JSONDecoder().decode(
            KindCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: data + "/kinds.json")))
        // This machine's person is Ana, whoever runs the tests.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("fit-\(UUID().uuidString).json")
        try Data(#"{"person": "Ana"}"#.utf8).write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        laundry = Laundry(storage: storage, dataFolder: data, kinds: kinds, clock: clock, configPath: config.path)
        try storage.writeMachineFile(
            MachineFile.here(device: "bbbb000000000002", person: "Benedykt"), device: "bbbb000000000002")
        let pets = [
            ("Grandma's Wool Jumpers", "clothes"), ("Bettwäsche für Gäste", "sheets"), ("Kitchen Towels", "towels"),
            ("Chemises de travail", "clothes"), ("Ręczniki kąpielowe", "towels"), ("Socks", "clothes"),
        ]
        for (name, kind) in pets { _ = try laundry.adopt(PetSettings(name: try PetName(name), kind: kind)) }
        // Loads that ended, with waits, people and what the plug measured.
        for name in ["Kitchen Towels", "Chemises de travail", "Grandma's Wool Jumpers"] {
            let pet = try laundry.pet(name).pet
            let started = clock.now()
            _ = try laundry.perform(.wash(.minutes(45)), onPet: pet.id, by: Person("Benedykt"))
            clock.advance(by: 95 * 60)
            _ = try laundry.perform(.dry(.minutes(60)), on: name)
            clock.advance(by: 70 * 60)
            _ = try laundry.perform(.fold, on: name)
            let use = HistoryDetail.EnergyUse(appliance: .washer, wattHours: 650, cost: 0.23, currency: "EUR")
            _ = try laundry.recordEnergy(.washer, from: started, to: started.addingTimeInterval(2640), use)
            clock.advance(by: 86_400)
        }
        _ = try laundry.perform(.wash(.minutes(30)), on: "Socks")
        clock.advance(by: 600)
        _ = try laundry.perform(.cancel, on: "Socks")
        _ = try laundry.setTurns(["Ana", "Benedykt"])
        // Now: one washing and snoozed, one paused, one washed, one drying, one dried, one idle.
        _ = try laundry.perform(.wash(.minutes(90)), on: "Bettwäsche")
        _ = try laundry.perform(.snooze(.minutes(45)), on: "Bettwäsche")
        _ = try laundry.perform(.wash(.minutes(45)), on: "Kitchen")
        _ = try laundry.perform(.pause, on: "Kitchen")
        _ = try laundry.perform(.wash(.minutes(5)), on: "Chemises")
        _ = try laundry.perform(.wash(.minutes(5)), on: "Ręczniki")
        _ = try laundry.perform(.wash(.minutes(5)), on: "Grandma")
        clock.advance(by: 600)
        _ = try laundry.perform(.dry(.minutes(60)), on: "Ręczniki")
        _ = try laundry.perform(.dry(.minutes(1)), on: "Grandma")
        clock.advance(by: 120)
    }

    var petViews: [PetView] { laundry.pets().map { PetView(state: $0, kinds: laundry.kinds, now: laundry.now) } }

    func views(width: Int?) -> [(view: String, text: String)] { views(style: Style(enabled: false, width: width)) }

    /// What `status`, `status <pet>`, `loads`, `stats`, `stats --people`, `household` and `doctor` print.
    func views(style: Style) -> [(view: String, text: String)] {
        let now = laundry.now
        let stats = laundry.statistics(weeks: 16, zone: zone)
        var views = [
            ("status", PetTable(views: petViews, style: style).render()),
            (
                "loads",
                (try? LoadsView(entries: laundry.loads(nil), kinds: laundry.kinds, style: style, now: now).table())
                    ?? ""
            ),
            ("stats", StatsView(stats: stats, style: style, zone: zone).render()),
            (
                "stats --weeks 104",
                StatsView(stats: laundry.statistics(weeks: 104, zone: zone), style: style, zone: zone).render()
            ),
            ("stats --people", PeopleView(people: stats.people, style: style).render()),
            (
                "household",
                HouseholdText.lines(laundry.household()).map { TextFit.wrap($0, width: style.width) }.joined(
                    separator: "\n")
            ),
            ("doctor", Self.doctor(style).lines.joined(separator: "\n")),
        ]
        for view in petViews {
            views.append(("status \(view.name)", PetCard(view: view, style: style).render()))
        }
        return views
    }

    /// Findings as `laundry doctor` words them, the longest ones among them.
    static func doctor(_ style: Style) -> DoctorReport {
        var report = DoctorReport(style: style)
        let home = "/home/ana/.local/share/laundry"
        report.ok(Words.text("data folder"), "/usr/share/laundry")
        report.ok("LAUNDRY_HOME", home + ": " + Words.count(6, "{count} pet", "{count} pets"))
        report.warning(
            Words.text("files"), Words.text("{file} was set aside as corrupt", ["file": home + "/pets/0b5e.json"]),
            fix: Words.text(
                "look at it; the pet's other parts are kept, and the next change made here writes a new one"))
        report.problem(
            Words.text("notifications"), Words.text("no notification server"),
            fix: ErrorText.missingServer(["XDG_CURRENT_DESKTOP": "sway"]))
        report.warning(
            Words.text("keep awake"),
            Words.text(
                "no desktop interface answers (portal, gnome-session, PowerManagement), as on a bare window manager"),
            fix: Words.text(
                "an idle suspend set up by hand (swayidle, xss-lock) is not held back: give it "
                    + "longer than a load, or let your phone ring instead (README: When this computer sleeps)"))
        report.warning(
            Words.text("desktop entry"),
            Words.text("{file} is in no applications folder the desktop reads", ["file": "laundry.desktop"]),
            fix: Words.text(
                "make install (GNOME then groups laundry's popups and lists it in its notification settings)"))
        return report
    }
}
