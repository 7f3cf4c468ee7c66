import FoundationEssentials

/// One event of Home Assistant's `subscribe_entities`, as its websocket_api sends it (`messages.py`): whole states
/// added (`a`: the first event of a subscription, or an entity that appeared), changes against the state sent before
/// (`c`), and entities removed (`r`).
public struct EntityEvent: Equatable, Sendable {
    /// `a`: each entity's whole state.
    public var added: [String: EntityState]
    /// `c`: what changed in each entity since the last state sent.
    public var changed: [String: EntityChange]
    /// `r`: entities that no longer exist.
    public var removed: [String]

    public init(added: [String: EntityState] = [:], changed: [String: EntityChange] = [:], removed: [String] = []) {
        self.added = added
        self.changed = changed
        self.removed = removed
    }
}

/// `_state_diff`'s change of one entity: `+` holds what is new (the state when it changed, each attribute whose value
/// changed or appeared, `lc` when the state changed), `-` the attributes that went.
public struct EntityChange: Equatable, Sendable {
    public var state: String?
    public var attributes: [String: JSONTree]
    public var removedAttributes: [String]
    public var lastChanged: Date?

    public init(
        state: String? = nil, attributes: [String: JSONTree] = [:], removedAttributes: [String] = [],
        lastChanged: Date? = nil
    ) {
        self.state = state
        self.attributes = attributes
        self.removedAttributes = removedAttributes
        self.lastChanged = lastChanged
    }

    /// `state` with this change laid over it.
    public func applied(to state: EntityState) -> EntityState {
        var next = state
        if let new = self.state { next.state = new }
        for (key, value) in attributes { next.attributes[key] = value }
        for key in removedAttributes { next.attributes[key] = nil }
        if let lastChanged { next.lastChanged = lastChanged }
        return next
    }
}
