import FoundationEssentials
import LaundryCore
import LaundryRendering

/// What the engine tells surfaces beyond popups and bell (hook, Home Assistant, calendar, cards, jobs): all they know.
public enum EngineEvent: Sendable {
    /// The pet now (settled): read at start, after its files changed (command, button, machine) or the daemon wrote.
    case seen(PetState)
    /// The pet is gone (released here or elsewhere, or its files removed).
    case gone(UUID)
    /// Something was said to the person (finish, reminder, warning, heads-up, nudge), worded once for every surface.
    case announced(AnnouncementWords)
    /// A load started (anywhere), changed (end moved, paused, resumed, ended now) or stopped early, per the files.
    case load(LoadChange, pet: PetReference)
    /// A finished load was dealt with, anywhere (button, dismissal, command, another machine): told once per load.
    case acknowledged(Load, pet: PetReference)
    /// This computer is about to sleep with these loads running (the last to end last).
    case goingToSleep(running: [(pet: PetReference, load: Load)])
}

/// A pet as an event names it: its id and its name when it happened.
public struct PetReference: Equatable, Sendable {
    public let id: UUID
    public let name: String
}

/// When an event is told, and what holds then.
public struct Moment: Sendable {
    public let now: Date
    /// Quiet hours are on: what makes a sound stays silent.
    public let quiet: Bool
    public let config: DaemonConfig
    public let zone: LocalZone
}

/// A surface the engine tells what happens, in order, after a finish's popup has gone out.
public protocol EngineObserver: AnyObject {
    func observe(_ event: EngineEvent, at moment: Moment)
    /// When it next needs waking with nothing having happened (a live card's minute), if ever.
    var nextWake: Date? { get }
    func wake(at moment: Moment)
}

extension EngineObserver {
    public var nextWake: Date? { nil }
    public func wake(at moment: Moment) {}
}
