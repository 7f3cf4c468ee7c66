import Foundation
import LaundryCore
import LaundryRendering
import LaundryTestSupport
import XCTest

/// `status --format`: each bar's output for fixed pets at a fixed moment (UTC), golden strings.
final class StatusBarTests: XCTestCase {
    private let now = RenderingFixtures.now

    override func setUp() { setenv("TZ", "UTC", 1) }

    private func status(_ states: [PetState], at moment: Date? = nil) -> BarStatus {
        let moment = moment ?? now
        return BarStatus(
            views: states.map {
                PetView(state: $0, kinds: RenderingFixtures.kinds, now: moment)
            }, now: moment)
    }

    /// Socks washing (40:00 of 45 min left), Towels washed 15 min ago, Sheets neglected (21 %).
    private var household: [PetState] {
        var towels = RenderingFixtures.state("Towels", washingFor: 45, startedMinutesAgo: 60)
        _ = StageMachine.settle(&towels, at: now)
        return [
            RenderingFixtures.state("Sheets", kind: RenderingFixtures.sheets, createdHoursAgo: 24 * 11),
            RenderingFixtures.state("Socks", washingFor: 45),
            towels,
        ]
    }

    private static func object(_ line: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
    }

    /// A tooltip line's icon and pet: what comes before its first colon.
    private static func pet(_ line: String) -> String { line.components(separatedBy: ":")[0] }

    private func paused(_ name: String, minutes: Int) throws -> PetState {
        var state = RenderingFixtures.state(name, washingFor: minutes, startedMinutesAgo: 10)
        _ = try StageMachine.pause(&state, at: now.addingTimeInterval(-120))
        return state
    }

    func test_theRunningTimerThatEndsSoonestIsShownInEveryFormat() throws {
        let household = household
        let bar = status([household[0], household[1]])
        let waybar = try Self.object(BarFormat.waybar.render(bar))
        let expected: [String: Any] = ["class": "running", "percentage": 11, "text": "🫧 Socks 40:00"]
        XCTAssertNil(JSONDifference.first(waybar.filter { $0.key != "tooltip" }, expected))
        // A line a pet, its facts (the words: Tests/Golden/outputs*.txt).
        let tooltip = (waybar["tooltip"] as? String ?? "").components(separatedBy: "\n")
        XCTAssertEqual(tooltip.map(Self.pet), ["😭 Sheets", "🫧 Socks"])
        XCTAssertTrue(tooltip[0].contains(" 21%"), tooltip[0])
        // The bar's text ticks as a clock (40:00); its tooltip's sentence says the length, as --for reads it.
        XCTAssertTrue(tooltip[1].contains(" 40m ") && tooltip[1].hasSuffix(" 10:40"), tooltip[1])
        XCTAssertEqual(BarFormat.i3blocks.render(bar), "🫧 Socks 40:00\n🫧 40:00\n#61afef")
        XCTAssertEqual(
            BarFormat.i3blocks.render(bar, streaming: true),
            ##"{"color":"#61afef","full_text":"🫧 Socks 40:00","short_text":"🫧 40:00"}"##)
        XCTAssertEqual(BarFormat.polybar.render(bar), "%{F#61afef}🫧 Socks 40:00%{F-}")
        XCTAssertEqual(BarFormat.tmux.render(bar), "#[fg=blue]🫧 Socks 40:00#[fg=default]")
        XCTAssertEqual(BarFormat.plain.render(bar), "🫧 Socks 40:00")
        XCTAssertEqual(bar.count, 2)
    }

    /// A finished load rings until someone moves it: it comes before any countdown.
    func test_aLoadWaitingToBeMovedComesFirstThenACountdownThenAPausedOneThenAnUnhappyPet() throws {
        let household = household
        let waiting = status(household + [try paused("Quilt", minutes: 30)])
        XCTAssertEqual(BarFormat.plain.render(waiting), "🧺 Towels")
        XCTAssertEqual(BarFormat.polybar.render(waiting), "%{F#e5c07b}🧺 Towels%{F-}")
        let waybar = try Self.object(BarFormat.waybar.render(waiting))
        XCTAssertNil(
            JSONDifference.first(
                waybar.filter { $0.key != "tooltip" }, ["class": "waiting", "percentage": 100, "text": "🧺 Towels"]))
        let tooltip = (waybar["tooltip"] as? String ?? "").components(separatedBy: "\n")
        XCTAssertEqual(tooltip.map(Self.pet), ["😭 Sheets", "🫧 Socks", "🧺 Towels", "⏸ Quilt"])
        XCTAssertTrue(tooltip[3].contains(" 22m"), "the time a paused load has left: \(tooltip[3])")
        XCTAssertEqual(waiting.attention, .waiting)
        XCTAssertEqual(waiting.percentage, 100)
        XCTAssertEqual(waiting.count, 4)

        let pausedOnly = status([household[0], try paused("Quilt", minutes: 30)])
        XCTAssertEqual(BarFormat.plain.render(pausedOnly), "⏸ Quilt 22:00")
        XCTAssertEqual(pausedOnly.attention, .running)
        XCTAssertEqual(pausedOnly.value(of: .ends), "", "a paused timer has no end yet")

        let unhappy = status([household[0], RenderingFixtures.state("Socks")])
        XCTAssertEqual(BarFormat.tmux.render(unhappy), "#[fg=red]😭 Sheets 21%#[fg=default]")
        XCTAssertEqual(
            BarFormat.i3blocks.render(unhappy), "😭 Sheets 21%\n😭 Sheets\n#e06c75")
        XCTAssertEqual(unhappy.attention, .warning)
    }

    /// A dryer cancelled (paused first or not) leaves its pet washed without a finished load: it rings not, and a load
    /// that finished and rings is shown before it, however long ago either pet was adopted.
    func test_aPetWhoseDryerWasCancelledComesAfterALoadThatFinished() throws {
        let alpha = RenderingFixtures.state("Alpha", washingFor: 45, startedMinutesAgo: 60)
        var beta = RenderingFixtures.state("Beta", createdHoursAgo: 24 * 30, washingFor: 45, startedMinutesAgo: 50)
        _ = StageMachine.settle(&beta, at: now.addingTimeInterval(-3 * 60))
        _ = try StageMachine.dry(&beta, for: .minutes(60), at: now.addingTimeInterval(-3 * 60))
        _ = try StageMachine.pause(&beta, at: now.addingTimeInterval(-2 * 60))
        _ = try StageMachine.cancel(&beta, at: now.addingTimeInterval(-60))
        XCTAssertEqual(beta.pet.cycle.stage, .washed)
        for states in [[alpha, beta], [beta, alpha]] {
            var states = states
            for index in states.indices { _ = StageMachine.settle(&states[index], at: now) }
            XCTAssertEqual(BarFormat.plain.render(status(states)), "🧺 Alpha")
        }
        XCTAssertEqual(BarFormat.plain.render(status([beta])), "🧺 Beta", "alone, it is still shown")
    }

    func test_whenNoPetNeedsAttentionEveryBarPrintsAnEmptyLineAndJSONStillListsThePets() {
        var snoozed = RenderingFixtures.state("Sheets", kind: RenderingFixtures.sheets, createdHoursAgo: 24 * 11)
        _ = StageMachine.snooze(&snoozed, for: .minutes(120), at: now)
        for states in [[], [RenderingFixtures.state("Socks")], [snoozed]] {
            let bar = status(states)
            for format in BarFormat.allCases where format != .json {
                XCTAssertEqual(format.render(bar), "", "\(format) with \(states.map(\.pet.identity.name))")
                // i3blocks reads an empty line in its JSON stream as a closed pipe and keeps the last text.
                XCTAssertEqual(
                    format.render(bar, streaming: true), format == .i3blocks ? #"{"full_text":""}"# : "",
                    "\(format) streaming")
            }
            XCTAssertEqual(bar.attention, .idle)
        }
        let idle = status([RenderingFixtures.state("Socks")])
        let listed = try? JSONSerialization.jsonObject(with: Data(BarFormat.json.render(idle).utf8)) as? [[String: Any]]
        XCTAssertEqual(listed?.first?["name"] as? String, "Socks")
        XCTAssertFalse(BarFormat.json.render(idle, streaming: true).contains("\n"), "one line a change")
    }

    func test_aTemplateThatComesOutEmptyHidesTheBlockToo() throws {
        let bar = status(household)
        let empty = try BarTemplate("{ends}")
        let waiting = status([household[2]])
        XCTAssertEqual(empty.render(waiting), "", "a waiting load has no end time")
        XCTAssertEqual(
            BarFormat.i3blocks.render(waiting, text: empty.render(waiting), streaming: true), #"{"full_text":""}"#)
        XCTAssertEqual(BarFormat.polybar.render(waiting, text: empty.render(waiting)), "")
        XCTAssertNotEqual(BarFormat.i3blocks.render(bar, streaming: true), #"{"full_text":""}"#)
    }

    func test_aSnoozeShowsInTheTooltip() {
        var snoozed = RenderingFixtures.state("Sheets", kind: RenderingFixtures.sheets, createdHoursAgo: 24 * 11)
        _ = StageMachine.snooze(&snoozed, for: .minutes(50), at: now)
        let bar = status([snoozed, RenderingFixtures.state("Socks", washingFor: 45)])
        let lines = bar.tooltipLines
        XCTAssertEqual(lines.map(Self.pet), ["😭 Sheets", "🫧 Socks"])
        XCTAssertTrue(lines[0].hasSuffix(" 10:50"), "snoozed until then: \(lines[0])")
        XCTAssertTrue(lines[1].hasSuffix(" 10:40"), lines[1])
    }

    func test_waybarGetsExactlyTheKeysItReads() throws {
        let line = BarFormat.waybar.render(status(household))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["text", "tooltip", "class", "percentage"])
        XCTAssertTrue(object["percentage"] is Int, "waybar reads a number, not a string")
        XCTAssertFalse(line.contains("\n"), "one line")
    }

    func test_namesCannotBreakABarsMarkup() {
        let name = "Tom & <Jerry> #1 %{x} ##[b]"
        let bar = status([RenderingFixtures.state(name, washingFor: 45)])
        XCTAssertEqual(
            BarFormat.waybar.render(bar),
            #"{"class":"running","percentage":11,"text":"🫧 Tom &amp; &lt;Jerry&gt; #1 %{x} ##[b] 40:00","#
                + #""tooltip":"🫧 Tom &amp; &lt;Jerry&gt; #1 %{x} ##[b]: washing, 40m left, done at 10:40"}"#)
        XCTAssertEqual(
            BarFormat.polybar.render(bar), "%{F#61afef}🫧 Tom & <Jerry> #1 %%{O0}{x} ##[b] 40:00%{F-}")
        // tmux expands `##` to `#`, then draws `##` as `#`: four for a `#`, two before `[`.
        XCTAssertEqual(
            BarFormat.tmux.render(bar), "#[fg=blue]🫧 Tom & <Jerry> ####1 %{x} ####[b] 40:00#[fg=default]")
    }

    func test_aTemplateFillsEveryField() throws {
        let template = try BarTemplate(
            "{{{icon}}} {name}|{left}|{ends}|{stage}|{health}|{mood}|{class}|{percentage}|{count}")
        let bar = status([household[0], household[1]])
        XCTAssertEqual(template.render(bar), "{🫧} Socks|40:00|10:40|washing|80|happy|running|11|2")
        XCTAssertEqual(
            BarFormat.polybar.render(bar, text: template.render(bar)),
            "%{F#61afef}{🫧} Socks|40:00|10:40|washing|80|happy|running|11|2%{F-}")
        XCTAssertEqual(template.render(status([])), "", "empty when nothing needs attention")
        XCTAssertEqual(Set(BarField.allCases.map(\.rawValue)).count, BarField.allCases.count)
        for field in BarField.allCases {
            XCTAssertTrue(BarField.helpList.contains("{\(field.rawValue)} "), "\(field) is documented")
        }
    }

    func test_aTemplateKeepsItsOwnMarkupAndEscapesOnlyTheFields() throws {
        let bar = status([RenderingFixtures.state("Tom & <J> #1 %{x}", washingFor: 45)])
        let tmux = try BarTemplate("#[bold]{name}#[nobold]")
        XCTAssertEqual(
            BarFormat.tmux.render(bar, text: tmux.render(bar, escape: BarFormat.tmux.escaped)),
            "#[fg=blue]#[bold]Tom & <J> ####1 %{x}#[nobold]#[fg=default]")
        let waybar = try BarTemplate("<b>{name}</b>")
        let line = BarFormat.waybar.render(bar, text: waybar.render(bar, escape: BarFormat.waybar.escaped))
        XCTAssertTrue(line.contains(#""text":"<b>Tom &amp; &lt;J&gt; #1 %{x}</b>""#), line)
        let polybar = try BarTemplate("%{{u#f00}}{name}%{{u-}}")
        XCTAssertEqual(
            polybar.render(bar, escape: BarFormat.polybar.escaped), "%{u#f00}Tom & <J> #1 %%{O0}{x}%{u-}")
    }

    func test_aBadTemplateNamesTheProblemAndTheFix() {
        XCTAssertThrowsError(try BarTemplate("{icon} {nme}")) { error in
            XCTAssertEqual(error as? BarTemplate.Problem, .unknownField("nme"))
            // Its words: Tests/Golden/messages*.txt; here, the field typed and every field there is.
            let line = ErrorText.line(for: BarTemplate.Problem.unknownField("nme")) ?? ""
            XCTAssertTrue(line.hasPrefix("--template ") && line.contains("{nme}"), line)
            XCTAssertTrue(line.hasSuffix(BarField.allCases.map { "{\($0.rawValue)}" }.joined(separator: " ")), line)
        }
        XCTAssertThrowsError(try BarTemplate("{icon")) { XCTAssertEqual($0 as? BarTemplate.Problem, .unclosedBrace) }
        XCTAssertThrowsError(try BarTemplate("a}b")) {
            XCTAssertEqual($0 as? BarTemplate.Problem, .strayClosingBrace)
        }
    }

    func test_aStreamLooksAgainWhenTheCountdownTurnsOverOrAtTheNextMinute() throws {
        let idle = status([RenderingFixtures.state("Socks")], at: now.addingTimeInterval(12.25))
        XCTAssertEqual(
            BarRefresh.next(idle, countsSeconds: true), now.addingTimeInterval(60),
            "nothing counts: the next whole minute")

        // 40:00 left at `now`; 0.25 s later 39:59.75 shows as 40:00 until 0.75 s more have passed.
        let running = status([RenderingFixtures.state("Socks", washingFor: 45)], at: now.addingTimeInterval(0.25))
        let turnOver = BarRefresh.next(running, countsSeconds: true)
        XCTAssertEqual(turnOver.timeIntervalSince(now), 1.001, accuracy: 0.000_1)
        XCTAssertEqual(
            BarRefresh.next(running, countsSeconds: false),
            now.addingTimeInterval(60), "a template without seconds looks each minute")

        let endsSoon = status([RenderingFixtures.state("Socks", washingFor: 45, startedMinutesAgo: 44.99)])
        let end = try XCTUnwrap(endsSoon.focus?.load?.endsAt)
        XCTAssertEqual(
            BarRefresh.next(endsSoon, countsSeconds: false).timeIntervalSince(end), 0.001,
            accuracy: 0.000_1, "the moment the load ends, even without seconds")

        let pausedOnly = status([try paused("Quilt", minutes: 30)])
        XCTAssertEqual(
            BarRefresh.next(pausedOnly, countsSeconds: true), now.addingTimeInterval(60),
            "a paused countdown does not move")
    }
}
