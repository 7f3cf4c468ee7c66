/// A pet's history as all read it: each machine's events once (by id), what the view derives (an end, a death), and
/// changes lost to a later one of the same part that never saw them. Pure: same files, same history, in any order.
public enum PetHistory {
    /// `histories`: each machine's events; `merged`: the pet merged (nil: none read); `derived`: what settling adds.
    public static func compose(
        _ histories: [[HistoryEvent]], merged: MergedPet?, derived: [HistoryEvent] = []
    ) -> [HistoryEvent] {
        let events = union(histories + [derived])
        guard let merged else { return events }
        let lost = superseded(in: events, merged: merged)
        return lost.isEmpty ? events : union([events, lost])
    }

    /// Every event once (by id), in time order; one instant's events in their machine's order, machines by device id.
    public static func union(_ histories: [[HistoryEvent]]) -> [HistoryEvent] {
        let total = histories.reduce(0) { $0 + $1.count }
        var index = [String: Int](minimumCapacity: total)
        var all: [HistoryEvent] = []
        all.reserveCapacity(total)
        for history in histories {
            for event in history {
                guard let known = index[event.id] else {
                    index[event.id] = all.count
                    all.append(event)
                    continue
                }
                // One id, two contents (a hand edit, an older wording): one choice on every machine.
                if PetRecord.encoded(event) < PetRecord.encoded(all[known]) { all[known] = event }
            }
        }
        return all.enumerated().sorted { left, right in
            let (one, other) = (left.element, right.element)
            if one.at != other.at { return one.at < other.at }
            if one.device != other.device { return (one.device ?? "") < (other.device ?? "") }
            if one.device == nil, one.id != other.id { return one.id < other.id }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// Per part, the changes off the chain back from the winning version (each names the version it was made on): they
    /// lost to a change that never saw them. Where the chain breaks (a history not here yet), nothing older is judged.
    static func superseded(in events: [HistoryEvent], merged: MergedPet) -> [HistoryEvent] {
        var lost: [HistoryEvent] = []
        for part in PetPart.allCases {
            let changes = events.filter { $0.changed?.contains { $0.part == part } == true && $0.stamp != nil }
            guard !changes.isEmpty else { continue }
            var byStamp: [PartStamp: HistoryEvent] = [:]
            for change in changes { byStamp[change.stamp!] = change }
            // A release that a later change outlived lost, all of it.
            if part == .release, !merged.isReleased {
                lost += changes.map { supersededEvent($0, part: part) }
                continue
            }
            var onChain = Set<PartStamp>()
            var cursor = merged.stamps[part]
            var complete = false
            while let stamp = cursor, !onChain.contains(stamp) {
                guard let change = byStamp[stamp] else { break }
                onChain.insert(stamp)
                cursor = change.changed?.first { $0.part == part }?.after
                if cursor == nil { complete = true }
            }
            // The winner's own change not here yet: nothing can be judged.
            guard !onChain.isEmpty else { continue }
            // Judged: everything when the chain reached the first version, else only what is newer than its oldest.
            let judgedFrom = complete ? nil : onChain.min()
            for change in changes where !onChain.contains(change.stamp!) {
                if let judgedFrom, change.stamp! < judgedFrom { continue }
                lost.append(supersededEvent(change, part: part))
            }
        }
        return lost
    }

    /// Worded from the lost change alone: the same event whichever files meet first.
    private static func supersededEvent(_ change: HistoryEvent, part: PetPart) -> HistoryEvent {
        let stamp = change.stamp!
        return HistoryEvent(
            at: stamp.at, event: .superseded, petID: change.petID, loadID: change.loadID,
            detail: .lost(event: change.event, part: part),
            id: EventID.derived(
                from: "superseded \(change.petID.lowercasedText) \(part.rawValue) \(Timestamp.format(stamp.at)) "
                    + stamp.device),
            device: stamp.device)
    }
}
