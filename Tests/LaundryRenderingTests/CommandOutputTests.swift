import Foundation
import LaundryActions
import LaundryCore
import LaundryRendering
import LaundryStore
import LaundryTestSupport
import XCTest

/// What the commands print, rendered in this process as they render it, for one household on a fixed
/// clock: `Tests/Golden/outputs.txt` and `outputs.<lang>.txt`. The sentences the end-to-end tests
/// used to look for by phrase are compared here word for word, in every language; those tests
/// assert the facts (JSON, exit codes, files) instead.
final class CommandOutputTests: XCTestCase {
    override func setUp() { setenv("TZ", "UTC", 1) }

    func test_whatCommandsPrintMatchesItsGoldenText() throws {
        XCTAssertNil(Golden.difference(try transcript(), "outputs.txt"))
    }

    func test_whatCommandsPrintInEveryLanguage() throws {
        let english = try transcript()
        for language in Speaking.languages {
            let text = try Speaking.in(language) { try transcript() }
            XCTAssertNil(Golden.difference(text, "outputs.\(language).txt"))
            XCTAssertNotEqual(text, english, "\(language) is not English")
        }
    }

    /// What `--json` prints at the story's end answers to its schema in `data/schema/` (the end-to-end tests hold the
    /// binary's every output to them too).
    func test_theStorysJSONAnswersToItsSchemas() throws {
        var story = Story()
        try story.tell()
        let laundry = try XCTUnwrap(story.laundry)
        let zone = LocalZone(TimeZone(identifier: "UTC")!)
        let stats = laundry.statistics(weeks: 2, zone: zone)
        let outputs: [(String, any Encodable)] = [
            ("list", story.views().map(PetJSON.init)),
            ("loads", try laundry.loads(nil).map { LoadJSON(pet: $0.pet, load: $0.load, now: laundry.now) }),
            (
                "history",
                try laundry.history(nil, limit: nil).map {
                    HistoryEntryJSON(pet: $0.pet, event: $0.event, load: $0.load)
                }
            ),
            ("stats", StatsJSON(stats, zone: zone)), ("people", stats.people.map(PersonJSON.init)),
            ("household", HouseholdJSON(laundry.household())),
        ]
        for (schema, value) in outputs {
            XCTAssertNil(SchemaCheck.problems(try JSONOutput.text(value), against: schema), schema)
        }
    }

    /// The household's story, command by command, each output under the command that printed it.
    private func transcript() throws -> String {
        var story = Story()
        try story.tell()
        return story.lines.joined(separator: "\n") + "\n"
    }
}

/// One household on a manual clock from Saturday 2026-11-21 10:00 UTC: this machine's person is Ana.
private struct Story {
    var lines: [String] = []
    let clock = ManualClock(Fixtures.start)
    let storage = InMemoryStorage(deviceID: "aaaa000000000001")
    let style = Style(enabled: false)
    let zone = LocalZone(TimeZone(identifier: "UTC")!)
    var laundry: Laundry!
    /// Every pet's and load's id, in the order first seen.
    var ids: [String] = []
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("laundry-outputs-\(UUID().uuidString)")

    static let tariff =
        #"{"person": "Ana", "price": {"perKWh": 0.35, "currency": "EUR"}, "tariff": [{"from": "23:00", "to": "06:00", "#
        + #""perKWh": 0.15}, {"from": "06:00", "to": "23:00", "perKWh": 0.35}]}"#

    mutating func tell() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.json").path
        try Data(Self.tariff.utf8).write(to: URL(fileURLWithPath: config))
        let data = SourceTree.root + "/data"
        let kinds = try JSONDecoder().decode(
            KindCatalog.self, from: Data(contentsOf: URL(fileURLWithPath: data + "/kinds.json")))
        laundry = Laundry(storage: storage, dataFolder: data, kinds: kinds, clock: clock, configPath: config)
        try storage.writeMachineFile(
            MachineFile.here(device: "bbbb000000000002", person: "Ben"), device: "bbbb000000000002")
        try cycle()
        try plan()
        try snooze()
        try loads()
        try learning()
        try household()
        try stats()
        faults()
        try dryerWait()
        for entry in try laundry.loads(nil) { ids.append(entry.load.id.lowercasedText) }
        lines = lines.map(masked)
    }

    // MARK: - The stories

    /// wash, extend (later, earlier, too early), the card of a running load, finish, and finish again.
    mutating func cycle() throws {
        try adopt("Socks")
        try move(.wash(.minutes(45)), "Socks", "wash Socks --for 45m")
        clock.advance(by: 60)
        try move(.extend(seconds: 720), "Socks", "extend Socks --by 12m")
        try move(.extend(seconds: -7200), "Socks", "extend Socks --by=-2h")
        card("Socks")
        command("watch")
        lines += WatchFrame(states: laundry.pets(), kinds: laundry.kinds, now: laundry.now, style: style).lines()
        try move(.pause, "Socks", "pause Socks")
        card("Socks")
        try move(.resume, "Socks", "resume Socks")
        clock.advance(by: 60)
        try move(.finish, "Socks", "finish Socks")
        try move(.finish, "Socks", "finish Socks")
        try move(.pause, "Socks", "pause Socks")
        try move(.fold, "Socks", "fold Socks")
    }

    /// A snooze shows in the table, the card and a status bar while it holds.
    mutating func snooze() throws {
        try adopt("Sheets", kind: "sheets")
        try move(.wash(.minutes(45)), "Sheets", "wash Sheets --for 45m")
        clock.advance(by: 50 * 60)
        try move(.snooze(.minutes(30)), "Sheets", "snooze Sheets --for 30m")
        list()
        card("Sheets")
        let status = BarStatus(views: views(), now: laundry.now)
        command("status --format plain")
        lines.append(BarFormat.plain.render(status))
        command("status --format waybar")
        lines.append(BarFormat.waybar.render(status))
        clock.advance(by: 31 * 60)
        list()
        try move(.fold, "Sheets", "fold Sheets")
    }

    /// A wash done while another pet's load is in the dryer: the table and the card say it waits, and until when; a
    /// paused dryer, with no end known.
    mutating func dryerWait() throws {
        try adopt("Duvet", kind: "sheets")
        try adopt("Bibs")
        try move(.wash(.minutes(30)), "Duvet", "wash Duvet --for 30m")
        clock.advance(by: 30 * 60)
        try move(.dry(.minutes(90)), "Duvet", "dry Duvet --for 1h30m")
        try move(.wash(.minutes(30)), "Bibs", "wash Bibs --for 30m")
        clock.advance(by: 31 * 60)
        list()
        card("Bibs")
        try move(.pause, "Duvet", "pause Duvet")
        card("Bibs")
    }

    /// A full cycle with its waits (Ben started the wash), an air-dry, a cancelled wash and a release.
    mutating func loads() throws {
        let towels = try adopt("Towels", kind: "towels")
        command("wash Towels --for 45m    (Ben, on his machine)")
        lines += CommandReport.moved(
            .wash(.minutes(45)), try laundry.perform(.wash(.minutes(45)), onPet: towels.id, by: Person("Ben")),
            now: laundry.now)
        clock.advance(by: 55 * 60)
        try move(.dry(.minutes(60)), "Towels", "dry Towels --for 1h")
        clock.advance(by: 80 * 60)
        try move(.fold, "Towels", "fold Towels")
        try adopt("Shirts")
        try move(.wash(.minutes(45)), "Shirts", "wash Shirts --for 45m")
        clock.advance(by: 75 * 60)
        try move(.fold, "Shirts", "fold Shirts")
        try move(.wash(.minutes(45)), "Shirts", "wash Shirts --for 45m")
        clock.advance(by: 10 * 60)
        try move(.cancel, "Shirts", "cancel Shirts")
        try move(.wash(.minutes(30)), "Shirts", "wash Shirts --for 30m")
        clock.advance(by: 5 * 60)
        command("release Shirts --yes")
        lines.append(CommandReport.released(try laundry.release("Shirts")))
        clock.advance(by: 60)
        command("loads")
        lines.append(
            LoadsView(entries: try laundry.loads(nil), kinds: laundry.kinds, style: style, now: laundry.now).table())
        command("loads Towels --last")
        if let last = try laundry.loads("Towels", limit: 1).first {
            lines.append(LoadsView.timeline(last.pet, last.load, style: style, now: laundry.now))
        }
        command("history --limit 12")
        lines.append(
            HistoryView(entries: try laundry.history(nil, limit: 12), kinds: laundry.kinds, style: style).render())
    }

    /// Lengths learned from three washes, plain and by programme; a programme the pet lacks; learning off.
    mutating func learning() throws {
        clock.advance(by: 86_400)
        try adopt("Jeans")
        var programmes = PetSettings()
        programmes.programmes = ["eco": try LaundryDuration(seconds: 8100), "quick": .minutes(30)]
        command("set Jeans --programme eco=2h15m --programme quick=30m")
        let jeans = try laundry.configure("Jeans", programmes).pet
        lines += CommandReport.updated(jeans, kind: laundry.kinds.kindOrFallback(jeans.identity.kind), now: laundry.now)
        for (programme, minutes) in [("eco", 130), (nil, 30), ("eco", 120), (nil, 40), ("eco", 125), (nil, 35)] {
            _ = try laundry.perform(.wash(nil, programme: programme), on: "Jeans")
            clock.advance(by: Double(minutes * 60))
            _ = try laundry.perform(.finish, on: "Jeans")
            _ = try laundry.perform(.fold, on: "Jeans")
            clock.advance(by: 3600)
        }
        try move(.wash(nil, programme: "eco"), "Jeans", "wash Jeans --programme eco")
        try move(.cancel, "Jeans", "cancel Jeans")
        try move(.wash(nil), "Jeans", "wash Jeans")
        card("Jeans")
        try move(.cancel, "Jeans", "cancel Jeans")
        try move(.wash(nil, programme: "spin"), "Jeans", "wash Jeans --programme spin")
        var off = PetSettings()
        off.learns = false
        command("set Jeans --learn off")
        let learnsNot = try laundry.configure("Jeans", off).pet
        lines += CommandReport.updated(
            learnsNot, kind: laundry.kinds.kindOrFallback(learnsNot.identity.kind), now: laundry.now)
        card("Jeans")
    }

    /// A night tariff, nothing measured yet: the cheapest hours; a finish no start fits before.
    mutating func plan() throws {
        for finish in ["07:00", "10:30"] {
            command("plan Socks --finish-by \(finish)")
            do {
                let (pet, plan, currency) = try laundry.plan(
                    "Socks", finishBy: TimeOfDay(finish)!, maxWaitSeconds: LoadPlan.defaultMaxWaitSeconds, zone: zone)
                lines += PlanView.lines(pet, plan, currency: currency, now: laundry.now)
            } catch { failed(error) }
        }
        command(
            "plan Socks --finish-by …    (nothing measured, no price for the hours, a price; the wash alone "
                + "measured, the dryer alone, each with and without a price for now; a price without one for now)")
        lines += PlanViewTests.lines(laundry.now)
    }

    /// The rotation, whose turn is next, and a rotation that names a person twice.
    mutating func household() throws {
        command("household turns Ana Ben")
        lines += HouseholdText.lines(try laundry.setTurns(["Ana", "Ben"]))
        try move(.wash(.minutes(45)), "Socks", "wash Socks --for 45m")
        list()
        try move(.cancel, "Socks", "cancel Socks")
        command("household turns ana Ben Ana")
        do { _ = try laundry.setTurns(["ana", "Ben", "Ana"]) } catch { failed(error) }
        command("household turns Ana Zed")
        do { _ = try laundry.setTurns(["Ana", "Zed"]) } catch { failed(error) }
    }

    mutating func stats() throws {
        let stats = laundry.statistics(weeks: 2, zone: zone)
        command("stats --weeks 2")
        lines.append(StatsView(stats: stats, style: style, zone: zone).render())
        command("stats --people")
        lines.append(PeopleView(people: stats.people, style: style).render())
    }

    /// What is said of damaged files, and of a daemon not running.
    mutating func faults() {
        let path = "/home/me/.local/share/laundry/machines/aaaa000000000001/pets/0b5e.json"
        command("(warnings)")
        let warnings: [LaundryWarning] = [
            .store(.unreadable(path: path, problem: .json(.notJSON))),
            .store(.unreadable(path: path, problem: .loadOfAnotherPet)),
            .store(.newerSchema(path: path, version: 7)),
            .pricesUnreadable(.unreadable(path: "/home/me/.local/state/laundry/prices.json", problem: .json(.notJSON))),
        ]
        lines += warnings.map { "laundry: warning: " + ErrorText.line(for: $0) }
        command("daemon status")
        lines.append(DaemonStatusText.notRunning)
    }

    // MARK: - Steps

    @discardableResult
    mutating func adopt(_ name: String, kind: String? = nil) throws -> Pet {
        // A minute apart from every other pet's events: history orders a tie by id, new each run.
        clock.advance(by: 60)
        defer { clock.advance(by: 60) }
        let state = try laundry.adopt(PetSettings(name: try PetName(name), kind: kind))
        ids.append(state.pet.id.lowercasedText)
        command("adopt \(name)" + (kind.map { " --kind \($0)" } ?? ""))
        lines += CommandReport.adopted(
            state.pet, kind: laundry.kinds.kindOrFallback(state.pet.identity.kind), now: laundry.now)
        return state.pet
    }

    /// A move as `CycleMove` makes it: the report, and where a learned length was taken, whence.
    mutating func move(_ action: PetAction, _ pet: String, _ typed: String) throws {
        command(typed)
        do {
            let state = try laundry.perform(action, on: pet)
            lines += CommandReport.moved(action, state, now: laundry.now)
            guard let learned = laundry.lastLearned else { return }
            if case .wash(_, let programme) = action {
                lines.append(CommandReport.learned(learned, washes: true, programme: programme))
            }
        } catch { failed(error) }
    }

    /// `status <pet>`, as `Status` draws it.
    mutating func card(_ name: String) {
        command("status \(name)")
        guard let state = try? laundry.pet(name) else { return lines.append("(no pet \(name))") }
        var view = PetView(state: state, kinds: laundry.kinds, now: laundry.now)
        if case .busy(let busy) = laundry.dryer(for: [state])?.wait(for: state) { view.dryerBusy = busy }
        var card = PetCard(view: view, style: style)
        card.learned = laundry.learned(state.pet.id)
        card.learnedProgrammes = laundry.learnedProgrammes(state.pet.id, state.pet.settings.programmes.keys)
        // The kind's saying is picked by the pet's id, new each run.
        lines += card.render().split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasPrefix("   “") ? "   “(the kind's saying)”" : String($0)
        }
    }

    /// `status`, as `PetListing` draws it.
    mutating func list() {
        command("status")
        lines.append(PetTable(views: views(), style: style).render())
        if let next = laundry.nextTurn().next { lines.append(HouseholdText.nextLine(next)) }
    }

    /// As `PetListing.views` makes them: a washed pet with what it waits for in the dryer.
    func views() -> [PetView] {
        let states = laundry.pets()
        let dryer = laundry.dryer(for: states)
        return states.map {
            var view = PetView(state: $0, kinds: laundry.kinds, now: laundry.now)
            if case .busy(let busy) = dryer?.wait(for: $0) { view.dryerBusy = busy }
            return view
        }
    }

    mutating func command(_ typed: String) {
        lines += ["", "$ laundry \(typed)    # \(Timestamp.format(laundry.now))"]
    }

    mutating func failed(_ error: any Error) {
        lines.append("laundry: error: " + (ErrorText.line(for: error) ?? "\(error)"))
    }

    /// Ids are new each run: each becomes a fixed one of the same length, in the order first seen.
    func masked(_ line: String) -> String {
        var line = line
        for (index, id) in ids.enumerated() {
            let fixed = String(format: "%08x-0000-4000-8000-%012x", index + 1, index + 1)
            line = line.replacingOccurrences(of: id, with: fixed)
                .replacingOccurrences(of: String(id.prefix(8)), with: String(fixed.prefix(8)))
        }
        return line
    }
}
