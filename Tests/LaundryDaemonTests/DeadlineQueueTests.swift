import Foundation
import LaundryDaemon
import XCTest

final class DeadlineQueueTests: XCTestCase {
    private let base = Date(timeIntervalSince1970: 1_800_000_000)

    func test_popsInDeadlineOrderAndOnlyWhatIsDue() {
        var queue = DeadlineQueue()
        let ids = (0..<3).map { _ in UUID() }
        queue.set(base + 30, for: ids[2])
        queue.set(base + 10, for: ids[0])
        queue.set(base + 20, for: ids[1])
        XCTAssertEqual(queue.earliest(), base + 10)
        XCTAssertEqual(queue.popDue(at: base + 20), [ids[0], ids[1]])
        XCTAssertEqual(queue.count, 1)
        XCTAssertEqual(queue.earliest(), base + 30)
    }

    func test_replacingAndClearingADeadline() {
        var queue = DeadlineQueue()
        let a = UUID()
        let b = UUID()
        queue.set(base + 10, for: a)
        queue.set(base + 20, for: b)
        queue.set(base + 30, for: a)
        XCTAssertEqual(queue.earliest(), base + 20, "the old deadline of a is gone")
        queue.set(nil, for: b)
        XCTAssertEqual(queue.popDue(at: base + 100), [a])
        XCTAssertNil(queue.earliest())
    }

    func test_tenThousandRandomUpdatesMatchASortedList() {
        var queue = DeadlineQueue()
        var truth: [UUID: Date] = [:]
        let ids = (0..<2000).map { _ in UUID() }
        for _ in 0..<10_000 {
            let id = ids.randomElement()!
            let deadline: Date? = Int.random(in: 0..<5) == 0 ? nil : base + Double.random(in: 0..<10_000)
            queue.set(deadline, for: id)
            truth[id] = deadline
        }
        XCTAssertEqual(queue.count, truth.count)
        let due = queue.popDue(at: base + 5000)
        let expected = truth.filter { $0.value <= base + 5000 }.sorted { $0.value < $1.value }.map(\.key)
        XCTAssertEqual(due, expected)
    }
}
