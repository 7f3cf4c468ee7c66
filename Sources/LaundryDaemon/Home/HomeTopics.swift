import FoundationEssentials
import LaundryCore

/// Where everything lives on the broker, from config.json's two prefixes and this machine's id.
public struct HomeTopics: Equatable, Sendable {
    public let discovery: String
    public let prefix: String
    public let device: String

    public init(_ settings: BrokerSettings, device: String) {
        discovery = settings.discoveryPrefix
        prefix = settings.topicPrefix
        self.device = device
    }

    /// Home Assistant says `online` here when it (re)starts: the configs are sent again.
    public var homeAssistantStatus: String { "\(discovery)/status" }
    /// Retained: which machine of the household bridges (`{"device": …, "host": …, "pets": […]}`).
    public var bridgeMarker: String { "\(prefix)/bridge" }
    /// `online`, or `offline` (this machine's Last Will); every entity's availability.
    public func availability(of device: String) -> String { "\(prefix)/availability/\(device)" }
    public var ownAvailability: String { availability(of: device) }
    public var anyAvailability: String { "\(prefix)/availability/+" }
    public func state(_ pet: UUID) -> String { "\(prefix)/\(pet.lowercasedText)/state" }
    /// Retained, always a timestamp (Home Assistant before 2024.10 warns on any other); "none" is via availability.
    public func timestamp(_ pet: UUID, _ object: String) -> String { "\(prefix)/\(pet.lowercasedText)/\(object)" }
    public func event(_ pet: UUID) -> String { "\(prefix)/\(pet.lowercasedText)/event" }
    public func press(_ pet: UUID) -> String { "\(prefix)/\(pet.lowercasedText)/press" }
    public var anyPress: String { "\(prefix)/+/press" }

    /// The pet a press topic names, or nil for a topic that is not one.
    public func pet(pressedAt topic: String) -> String? {
        let parts = topic.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let own = prefix.split(separator: "/", omittingEmptySubsequences: false).count
        guard parts.count == own + 2, parts.prefix(own).joined(separator: "/") == prefix, parts.last == "press"
        else { return nil }
        return parts[own]
    }

    public func config(_ component: String, pet: UUID, object: String) -> String {
        "\(discovery)/\(component)/laundry_\(Self.node(pet))/\(object)/config"
    }

    /// A pet's id as Home Assistant's node ids and unique ids allow: letters, digits, `_`.
    public static func node(_ pet: UUID) -> String { String(pet.lowercasedText.filter { $0 != "-" }) }
}
