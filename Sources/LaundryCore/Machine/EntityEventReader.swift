import FoundationEssentials

/// Reads a `subscribe_entities` event's compressed states (`as_compressed_state` and `_state_diff` in Home Assistant):
/// `s` the state, `a` the attributes, `lc` when the state last changed (seconds since 1970, a fraction), `lu` and `c`
/// (when it was last written, and why) not needed. A field of the wrong type refuses the whole event.
enum EntityEventReader {
    typealias Problem = HomeAssistantFrameProblem

    static func read(_ value: JSONTree?) throws(Problem) -> EntityEvent {
        guard case .object(let members)? = value, members["a"] != nil || members["c"] != nil || members["r"] != nil
        else { throw .badEntityEvent(entityID: nil, field: "event") }
        var event = EntityEvent()
        if let added = members["a"] {
            for (entityID, state) in try object(added, entityID: nil, field: "a") {
                event.added[entityID] = try whole(state, entityID: entityID)
            }
        }
        if let changed = members["c"] {
            for (entityID, change) in try object(changed, entityID: nil, field: "c") {
                event.changed[entityID] = try self.change(change, entityID: entityID)
            }
        }
        if let removed = members["r"] {
            event.removed = try strings(removed, entityID: nil, field: "r")
        }
        return event
    }

    /// `{"s": state, "a": {attributes}, "c": context, "lc": 1710000000.123, "lu": …}`.
    private static func whole(_ value: JSONTree, entityID: String) throws(Problem) -> EntityState {
        let members = try object(value, entityID: entityID, field: entityID)
        guard case .string(let state)? = members["s"] else { throw .badEntityEvent(entityID: entityID, field: "s") }
        var attributes: [String: JSONTree] = [:]
        if let tree = members["a"] { attributes = try object(tree, entityID: entityID, field: "a") }
        return EntityState(
            entityID: entityID, state: state, attributes: attributes,
            lastChanged: try time(members["lc"], entityID: entityID))
    }

    /// `{"+": {"s", "a" (changed or new attributes), "lc" (when the state changed), "lu", "c"}, "-": {"a": [keys]}}`.
    private static func change(_ value: JSONTree, entityID: String) throws(Problem) -> EntityChange {
        let members = try object(value, entityID: entityID, field: entityID)
        var change = EntityChange()
        if let additions = members["+"] {
            let fields = try object(additions, entityID: entityID, field: "+")
            if let state = fields["s"] {
                guard case .string(let text) = state else { throw .badEntityEvent(entityID: entityID, field: "s") }
                change.state = text
            }
            if let attributes = fields["a"] {
                change.attributes = try object(attributes, entityID: entityID, field: "a")
            }
            change.lastChanged = try time(fields["lc"], entityID: entityID)
        }
        if let removals = members["-"] {
            let fields = try object(removals, entityID: entityID, field: "-")
            if let keys = fields["a"] { change.removedAttributes = try strings(keys, entityID: entityID, field: "-") }
        }
        return change
    }

    private static func object(
        _ value: JSONTree, entityID: String?, field: String
    ) throws(Problem) -> [String: JSONTree] {
        guard case .object(let members) = value else { throw .badEntityEvent(entityID: entityID, field: field) }
        return members
    }

    private static func strings(_ value: JSONTree, entityID: String?, field: String) throws(Problem) -> [String] {
        guard case .array(let items) = value else { throw .badEntityEvent(entityID: entityID, field: field) }
        var texts: [String] = []
        for item in items {
            guard case .string(let text) = item else { throw .badEntityEvent(entityID: entityID, field: field) }
            texts.append(text)
        }
        return texts
    }

    /// A time Home Assistant gives as seconds since 1970; absent is nil, anything but a plausible number a problem.
    private static func time(_ value: JSONTree?, entityID: String) throws(Problem) -> Date? {
        guard let value else { return nil }
        // Years 1970 to about 5138: a larger number is no time at all.
        guard case .number(let seconds) = value, seconds.isFinite, seconds >= 0, seconds < 1e11 else {
            throw .badEntityEvent(entityID: entityID, field: "lc")
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
