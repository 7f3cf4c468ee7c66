import Foundation
import LaundryControl
import LaundryCore
import LaundryRendering
import LaundryTestSupport
import XCTest

/// The tray icon's view: its status, the soonest load's time left as its label (not the first started's), a tooltip
/// with every load, and a menu section per load with the buttons its popup or card offers. Words: `Tests/Golden/tray*`.
final class TrayViewTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private let zone = LocalZone(TimeZone(identifier: "UTC")!)

    override func setUp() { setenv("TZ", "UTC", 1) }

    private func load(_ kind: LoadKind, minutesLeft: Int, startedMinutesAgo: Int = 5) -> Load {
        Load(
            petID: UUID(), kind: kind, startedAt: now.addingTimeInterval(Double(-startedMinutesAgo * 60)),
            duration: .minutes(minutesLeft + startedMinutesAgo))
    }

    private func finish(_ name: String, _ kind: LoadKind = .wash) -> TrayView.Waiting {
        let ended = load(kind, minutesLeft: -3, startedMinutesAgo: 60)
        let popup = [
            NotificationContent.Action(key: "dry", label: Words.text("Start dryer")),
            NotificationContent.Action(key: "air-dry", label: Words.text("Air-dry")),
            NotificationContent.Action(key: "snooze", label: Words.text("Snooze 10 min")),
            NotificationContent.Action(key: "default", label: "Open"),
        ]
        return TrayView.Waiting(name: name, load: ended, buttons: kind == .wash ? popup : [])
    }

    func test_nothingRunningIsPassiveWithNoLabelAndNoSection() {
        let view = TrayView.of(running: [], waiting: [], at: now, zone: zone)
        XCTAssertEqual(view.status, .passive)
        XCTAssertEqual(view.label, "")
        XCTAssertEqual(view.sections, [])
    }

    func test_theLabelIsTheSoonestLoadsTimeLeftNotTheFirstStarted() {
        let first = load(.wash, minutesLeft: 50, startedMinutesAgo: 40)
        let soonest = load(.dry, minutesLeft: 12, startedMinutesAgo: 2)
        let view = TrayView.of(running: [("Socks", first), ("Towels", soonest)], waiting: [], at: now, zone: zone)
        XCTAssertEqual(view.status, .active)
        XCTAssertEqual(view.label, TrayView.of(running: [("Towels", soonest)], waiting: [], at: now, zone: zone).label)
        XCTAssertNotEqual(view.label, TrayView.of(running: [("Socks", first)], waiting: [], at: now, zone: zone).label)
        XCTAssertEqual(view.sections.map(\.loadID), [soonest.id, first.id], "the soonest first")
        XCTAssertEqual(view.sections[0].buttons.map(\.key), [.extend, .pause, .finish])
    }

    func test_aPausedLoadOffersResumeAndGivesNoLabel() {
        var paused = load(.wash, minutesLeft: 30)
        paused.pausedRemaining = 30 * 60
        paused.pausedAt = now
        let view = TrayView.of(running: [("Socks", paused)], waiting: [], at: now, zone: zone)
        XCTAssertEqual(view.status, .active)
        XCTAssertEqual(view.label, "", "only a load counting down is counted down in the panel")
        XCTAssertEqual(view.sections[0].buttons.map(\.key), [.extend, .resume, .finish])
    }

    func test_aFinishWaitingAsksForAttentionWithItsPopupsButtonsAndGotIt() {
        let running = load(.dry, minutesLeft: 20)
        let waiting = finish("Socks")
        let view = TrayView.of(running: [("Towels", running)], waiting: [waiting], at: now, zone: zone)
        XCTAssertEqual(view.status, .needsAttention)
        XCTAssertEqual(view.sections.map(\.loadID), [running.id, waiting.load.id], "running loads, then finishes")
        XCTAssertEqual(view.sections[1].buttons.map(\.key), [.dry, .airDry, .snooze, .click])
        XCTAssertEqual(view.sections[1].petID, waiting.load.petID)
    }

    func test_namesAreShownAsWrittenEscapedInTheTooltipAndWithUnderscoresDoubledInTheMenu() {
        let view = TrayView.of(
            running: [("<b>Tom_&_Jerry</b>", load(.wash, minutesLeft: 5))], waiting: [], at: now, zone: zone)
        XCTAssertTrue(view.tooltipBody.contains("&lt;b&gt;Tom_&amp;_Jerry&lt;/b&gt;"), view.tooltipBody)
        XCTAssertFalse(view.tooltipBody.contains("<b>"))
        XCTAssertTrue(view.sections[0].heading.contains("<b>Tom__&__Jerry</b>"), view.sections[0].heading)
    }

    func test_theTraysWordsMatchTheirGoldenTextInEveryLanguage() throws {
        XCTAssertNil(Golden.difference(transcript(), "tray.txt"))
        let english = transcript()
        for language in Speaking.languages {
            let text = Speaking.in(language) { transcript() }
            XCTAssertNil(Golden.difference(text, "tray.\(language).txt"))
            XCTAssertNotEqual(text, english, "\(language) is not English")
        }
    }

    /// Every state's words: nothing, two loads, a paused one, a finish waiting.
    private func transcript() -> String {
        var paused = load(.wash, minutesLeft: 30)
        paused.pausedRemaining = 30 * 60
        paused.pausedAt = now
        let views = [
            ("nothing", TrayView.of(running: [], waiting: [], at: now, zone: zone)),
            (
                "two running, one paused, one waiting",
                TrayView.of(
                    running: [
                        ("Socks", load(.wash, minutesLeft: 50)), ("Towels", load(.dry, minutesLeft: 75)),
                        ("Sheets", paused),
                    ],
                    waiting: [finish("Jeans")], at: now, zone: zone)
            ),
        ]
        return views.map { title, view in
            var lines = [
                "== \(title)", "status: \(view.status.rawValue)", "label: \(view.label)",
                "guide: \(view.labelGuide)", "tooltip: \(view.tooltipTitle)",
            ]
            lines += view.tooltipBody.split(separator: "\n").map { "  \($0)" }
            for section in view.sections {
                lines.append("menu: \(section.heading)")
                lines += section.buttons.map { "  [\($0.label)] \($0.key.rawValue)" }
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n") + "\n" + statusLines()
    }

    /// `daemon status`'s and doctor's tray line in each state.
    private func statusLines() -> String {
        let states = [
            DaemonStatus.Tray(state: .shown, watcher: "waybar"), DaemonStatus.Tray(state: .noWatcher),
            DaemonStatus.Tray(state: .refused, watcher: "waybar", problem: "org.freedesktop.DBus.Error.Failed"),
            DaemonStatus.Tray(state: .off),
        ]
        return "== the tray line\n"
            + states.map {
                "\($0.state.rawValue): \(TrayStatusText.line($0).text) (\(TrayStatusText.line($0).ok ? "ok" : "note"))"
            }
            .joined(separator: "\n") + "\n"
    }
}
