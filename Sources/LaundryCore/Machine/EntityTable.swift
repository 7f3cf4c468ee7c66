import FoundationEssentials

/// The whole state of each entity laundry follows, kept up to date by `subscribe_entities`'s events (which send only
/// what changed), so that whoever follows an entity is always handed its whole new state.
public struct EntityTable: Equatable, Sendable {
    public let followed: Set<String>
    public private(set) var states: [String: EntityState] = [:]

    public init(following entityIDs: some Sequence<String>) {
        followed = Set(entityIDs)
    }

    /// Lays `event` over the states held; returns the followed entities whose state or attributes changed, whole, by
    /// entity id. A removed entity becomes `unavailable`. After a subscription's first event (`first`), a followed
    /// entity Home Assistant did not send does not exist there: it is `unavailable` too. A change to an entity whose
    /// whole state never came cannot be laid over anything, and is left out; entities not followed are ignored.
    public mutating func apply(_ event: EntityEvent, first: Bool = false) -> [EntityState] {
        var touched: [String: EntityState] = [:]
        for (entityID, state) in event.added where followed.contains(entityID) {
            touched[entityID] = state
        }
        for (entityID, change) in event.changed where followed.contains(entityID) {
            guard let held = touched[entityID] ?? states[entityID] else { continue }
            touched[entityID] = change.applied(to: held)
        }
        for entityID in event.removed where followed.contains(entityID) {
            touched[entityID] = Self.unavailable(entityID)
        }
        if first {
            for entityID in followed where touched[entityID] == nil && event.added[entityID] == nil {
                touched[entityID] = Self.unavailable(entityID)
            }
        }
        var news: [EntityState] = []
        for (entityID, state) in touched.sorted(by: { $0.key < $1.key }) {
            let before = states[entityID]
            states[entityID] = state
            if before?.state != state.state || before?.attributes != state.attributes { news.append(state) }
        }
        return news
    }

    /// The connection is gone: nothing held is known any more, and a new subscription's first event sends it all.
    public mutating func forget() {
        states = [:]
    }

    private static func unavailable(_ entityID: String) -> EntityState {
        EntityState(entityID: entityID, state: "unavailable")
    }
}
