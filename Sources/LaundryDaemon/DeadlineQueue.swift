import FoundationEssentials
import HeapModule

/// The earliest deadline first: one deadline per pet, in swift-collections' `Heap`. Replacing or
/// removing a pet's deadline leaves its old heap entry behind, recognised as stale when it
/// surfaces, so every operation stays O(log n) even with 10,000 pets.
public struct DeadlineQueue: Sendable {
    private struct Entry: Comparable, Sendable {
        let deadline: Date
        let id: UUID
        let generation: UInt64

        static func < (left: Entry, right: Entry) -> Bool { left.deadline < right.deadline }
        static func == (left: Entry, right: Entry) -> Bool { left.deadline == right.deadline }
    }

    private var heap = Heap<Entry>()
    private var current: [UUID: (deadline: Date, generation: UInt64)] = [:]
    private var nextGeneration: UInt64 = 0

    public init() {}

    public var count: Int { current.count }

    /// Sets (or with nil, clears) the pet's deadline.
    public mutating func set(_ deadline: Date?, for id: UUID) {
        guard let deadline else {
            current[id] = nil
            return
        }
        if current[id]?.deadline == deadline { return }
        nextGeneration += 1
        current[id] = (deadline, nextGeneration)
        heap.insert(Entry(deadline: deadline, id: id, generation: nextGeneration))
        // Stale entries are dropped as they surface; rebuild when they outnumber the live ones.
        if heap.count > 2 * current.count + 64 { compact() }
    }

    /// Rebuilds the heap from the live deadlines, with no stale entry and no room to spare: after
    /// every pet was scheduled at start its storage had grown by doubling (20 bytes per armed
    /// timer of 10,000; bench row "bytes per armed timer").
    public mutating func compact() {
        heap = Heap(current.map { Entry(deadline: $0.value.deadline, id: $0.key, generation: $0.value.generation) })
    }

    /// The earliest deadline, if any.
    public mutating func earliest() -> Date? {
        dropStale()
        return heap.min?.deadline
    }

    /// Removes and returns every pet whose deadline is at or before `now`, earliest first.
    public mutating func popDue(at now: Date) -> [UUID] {
        var due: [UUID] = []
        while true {
            dropStale()
            guard let top = heap.min, top.deadline <= now else { break }
            heap.removeMin()
            current[top.id] = nil
            due.append(top.id)
        }
        return due
    }

    private func isLive(_ entry: Entry) -> Bool { current[entry.id]?.generation == entry.generation }

    private mutating func dropStale() {
        while let top = heap.min, !isLive(top) { heap.removeMin() }
    }
}
