import Foundation
import LaundryCore
import LaundryRendering
import XCTest

final class PetTableTests: XCTestCase {
    private let now = RenderingFixtures.now

    private func views(_ states: [PetState]) -> [PetView] {
        states.map { PetView(state: $0, kinds: RenderingFixtures.kinds, now: now) }
    }

    func test_plainTableLinesUpColumns() {
        let table = PetTable(
            views: views([
                RenderingFixtures.state("Socks", washingFor: 45),
                RenderingFixtures.state("Bed sheets", kind: RenderingFixtures.sheets, createdHoursAgo: 24 * 10),
            ]), style: Style(enabled: false)
        ).render()
        XCTAssertEqual(
            table,
            """
                NAME        MOOD      HEALTH          STAGE    TIME LEFT          NEXT DUE
            👕  Socks       😊 happy  ████████░░ 80%  washing  \
            🌰 ▰▱▱▱▱▱▱▱▱▱ 40m  in 4d
            🛏️  Bed sheets  😟 sad    ██░░░░░░░░ 29%  idle     —                  in 4d
            """)
    }

    func test_wideAndCombiningNamesKeepTheColumnsStraight() {
        let table = PetTable(
            views: views([
                RenderingFixtures.state("洗濯物"),
                RenderingFixtures.state("Cafe\u{301}"),
            ]), style: Style(enabled: false)
        ).render()
        let lines = table.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3)
        let moodColumns = lines.map { line -> Int in
            let prefix = line.components(separatedBy: "😊")[0].components(separatedBy: "MOOD")[0]
            return TextWidth.of(prefix)
        }
        XCTAssertEqual(Set(moodColumns).count, 1, "the mood column starts at one column on every line: \(lines)")
        XCTAssertEqual(TextWidth.of("洗濯物"), 6)
        XCTAssertEqual(TextWidth.of("Cafe\u{301}"), 4)
    }

    func test_hostileNamesCannotMoveTheCursorOrBreakALine() {
        var state = RenderingFixtures.state("Evil")
        state.pet.identity.name = "Ev\u{1B}[2Jil\nx\u{202E}y"
        let table = PetTable(views: views([state]), style: Style(enabled: false)).render()
        XCTAssertFalse(table.contains("\u{1B}"), table)
        XCTAssertFalse(table.contains("\u{202E}"), table)
        XCTAssertEqual(table.split(separator: "\n").count, 2, table)
        XCTAssertTrue(table.contains("Ev\u{FFFD}[2Jil\u{FFFD}xy"), table)
    }

    func test_colourOnlyWhenEnabled() {
        let state = RenderingFixtures.state("Socks")
        let coloured = PetTable(views: views([state]), style: Style(enabled: true)).render()
        let plain = PetTable(views: views([state]), style: Style(enabled: false)).render()
        XCTAssertTrue(coloured.contains("\u{1B}[32m"), "a happy pet is green")
        XCTAssertFalse(plain.contains("\u{1B}"))
    }
}
