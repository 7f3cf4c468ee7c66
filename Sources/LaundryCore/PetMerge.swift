import FoundationEssentials

/// Merges the copies of one pet that machines wrote without seeing each other's (Syncthing's
/// conflict copies). Pure and symmetric: the same copies give the same result in any order, so
/// every machine reaches the same files.
public enum PetMerge {
    public struct Result: Equatable, Sendable {
        public var pet: Pet
        /// One event per change that lost to a later change of the same part made beside it.
        public var superseded: [HistoryEvent]
    }

    /// Per part, the copy with the latest stamp wins (a later time, then the greater device id;
    /// a copy with no stamps loses to any that has one). A losing copy whose latest stamp the
    /// winner had not seen was a change made beside the winning one: it is superseded.
    public static func merge(_ copies: [Pet]) -> Result {
        precondition(!copies.isEmpty, "nothing to merge")
        // The base (id, creation, version) from one copy chosen by content, not by order.
        let ordered = copies.sorted { canonical($0) < canonical($1) }
        var merged = ordered[0]
        var superseded: [HistoryEvent] = []
        for part in PetPart.allCases {
            let winner = ordered.max {
                precedes(($0.parts?.latest(part), part.content(of: $0)), ($1.parts?.latest(part), part.content(of: $1)))
            }!
            part.copy(from: winner, to: &merged)
            let lineage = winner.parts?[part] ?? []
            let seen = Set(lineage)
            // Older than every stamp the winner still keeps: it had seen it.
            let forgotten = lineage.count == PartStamps.kept ? lineage.first : nil
            var reported = Set<PartStamp>()
            for loser in ordered {
                // The loser's newest change by a person that the winner had not seen, if any.
                guard
                    let lost = (loser.parts?[part] ?? []).last(where: { stamp in
                        !stamp.isAuto && !seen.contains(stamp) && !(forgotten.map { stamp < $0 } ?? false)
                    }),
                    reported.insert(lost).inserted
                else { continue }
                // Worded from the losing copy alone: the same event whichever copies meet first.
                superseded.append(
                    HistoryEvent(
                        at: lost.at, event: .superseded, petID: merged.id,
                        detail: "\(part.rawValue) \(part.summary(of: loser)) on device \(lost.device) "
                            + "lost to a later change",
                        id: EventID.derived(
                            from: "superseded \(merged.id.lowercasedText) \(part.rawValue) "
                                + "\(Timestamp.format(lost.at)) \(lost.device)"),
                        device: lost.device))
            }
        }
        merged.schemaVersion = copies.map(\.schemaVersion).max()!
        return Result(pet: merged, superseded: superseded.sorted { ($0.at, $0.id ?? "") < ($1.at, $1.id ?? "") })
    }

    /// The version of the timer file that goes with the merged pet: its current load, as the
    /// winning cycle wrote it. None when the pet has no load (the other side's timer is a leftover).
    public static func timer(for pet: Pet, among versions: [LaundryTimer]) -> LaundryTimer? {
        var candidates = versions.filter { $0.petID == pet.id }
        if let loadID = pet.loadID {
            candidates = candidates.filter { $0.id == loadID }
        } else if pet.stage == .idle || pet.parts != nil {
            return nil
        }
        let cycle = pet.parts?.latest(.cycle)
        if let exact = candidates.filter({ $0.stamp != nil && $0.stamp == cycle }).min(by: { encoded($0) < encoded($1) }
        ) {
            return exact
        }
        return candidates.max { precedes(($0.stamp, encoded($0)), ($1.stamp, encoded($1))) }
    }

    /// Whether a timer file that is not the pet's current load is a leftover to clear: one from
    /// before the pet's last cycle change (the losing side of a merge, an interrupted command).
    /// A timer stamped later than the pet arrived ahead of the pet file that makes it current
    /// (a sync engine carries files one by one): it is kept.
    public static func isLeftover(_ timer: LaundryTimer, for pet: Pet) -> Bool {
        guard let stamp = timer.stamp, let latest = pet.parts?.latest(.cycle) else { return true }
        return !(latest < stamp)
    }

    /// Every event of every copy once (by id), in time order. Events of one instant keep the
    /// order their machine wrote them in (one move can write two), machines in device order, so
    /// the result does not depend on which copy came first.
    public static func history(_ copies: [[HistoryEvent]]) -> [HistoryEvent] {
        var index: [String: Int] = [:]
        var union: [(event: HistoryEvent, position: Int)] = []
        for event in copies.joined() {
            guard let known = index[event.id ?? ""] else {
                index[event.id ?? ""] = union.count
                union.append((event, union.count))
                continue
            }
            // One id, two contents (a hand edit, an older wording): one choice on every machine.
            if encoded(event) < encoded(union[known].event) { union[known].event = event }
        }
        return union.sorted { first, second in
            let (left, right) = (first.event, second.event)
            if left.at != right.at { return left.at < right.at }
            if left.device != right.device { return (left.device ?? "") < (right.device ?? "") }
            if left.device == nil { return (left.id ?? "") < (right.id ?? "") }
            return first.position < second.position
        }.map(\.event)
    }

    /// Orders by stamp (none first), then by content, so even a tie has one answer everywhere.
    private static func precedes(_ left: (PartStamp?, String), _ right: (PartStamp?, String)) -> Bool {
        switch (left.0, right.0) {
        case (nil, nil): return left.1 < right.1
        case (nil, _): return true
        case (_, nil): return false
        case (let first?, let second?): return first == second ? left.1 < right.1 : first < second
        }
    }

    private static func canonical(_ pet: Pet) -> String {
        PetPart.allCases.map { $0.content(of: pet) }.joined(separator: "\u{1E}") + pet.createdAt.description
    }

    private static func encoded<Value: Encodable>(_ value: Value) -> String {
        (try? JSONCoding.encoder(pretty: false).encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
