import FoundationEssentials

/// The earliest deadline first: one deadline per pet, in a binary heap. Replacing or removing a
/// pet's deadline leaves its old heap entry behind, recognised as stale when it surfaces, so every
/// operation stays O(log n) even with 10,000 pets.
public struct DeadlineQueue: Sendable {
    private struct Entry: Sendable {
        let deadline: Date
        let id: UUID
        let generation: UInt64
    }

    private var heap: [Entry] = []
    private var current: [UUID: (deadline: Date, generation: UInt64)] = [:]
    private var nextGeneration: UInt64 = 0

    public init() {}

    public var count: Int { current.count }

    public func deadline(for id: UUID) -> Date? { current[id]?.deadline }

    /// Sets (or with nil, clears) the pet's deadline.
    public mutating func set(_ deadline: Date?, for id: UUID) {
        guard let deadline else {
            current[id] = nil
            return
        }
        if current[id]?.deadline == deadline { return }
        nextGeneration += 1
        current[id] = (deadline, nextGeneration)
        push(Entry(deadline: deadline, id: id, generation: nextGeneration))
        // Stale entries are dropped as they surface; rebuild when they outnumber the live ones.
        if heap.count > 2 * current.count + 64 { rebuild() }
    }

    /// The earliest deadline, if any.
    public mutating func earliest() -> Date? {
        dropStale()
        return heap.first?.deadline
    }

    /// Removes and returns every pet whose deadline is at or before `now`, earliest first.
    public mutating func popDue(at now: Date) -> [UUID] {
        var due: [UUID] = []
        while true {
            dropStale()
            guard let top = heap.first, top.deadline <= now else { break }
            pop()
            current[top.id] = nil
            due.append(top.id)
        }
        return due
    }

    private func isLive(_ entry: Entry) -> Bool { current[entry.id]?.generation == entry.generation }

    private mutating func dropStale() {
        while let top = heap.first, !isLive(top) { pop() }
    }

    private mutating func rebuild() {
        heap = current.map { Entry(deadline: $0.value.deadline, id: $0.key, generation: $0.value.generation) }
        heap.sort { $0.deadline < $1.deadline }
    }

    private mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].deadline < heap[parent].deadline else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func pop() {
        heap.swapAt(0, heap.count - 1)
        heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count && heap[left].deadline < heap[smallest].deadline { smallest = left }
            if right < heap.count && heap[right].deadline < heap[smallest].deadline { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
