import FoundationEssentials

/// The speakers: one alarm sound at a time, rung for one or more pets. GSound in the daemon; a recorder in tests.
public protocol SoundPlayer: AnyObject {
    /// Plays the alarm sound once for these pets; if it is already playing they join it.
    func ring(for pets: Set<UUID>)
    /// The pet's alarm was acknowledged: a sound ringing only for acknowledged pets stops at once.
    func silence(_ pet: UUID)
}

/// For `"sound": false` and for engines built without speakers.
public final class NoSound: SoundPlayer {
    public init() {}
    public func ring(for pets: Set<UUID>) {}
    public func silence(_ pet: UUID) {}
}
