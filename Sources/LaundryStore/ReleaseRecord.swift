import FoundationEssentials
import LaundryCore

/// `released/<uuid>.json`: a pet was released, when and on which machine. It travels with the
/// folder, so the release reaches every machine; a change stamped after it (made where the
/// release had not arrived yet) keeps the pet.
public struct ReleaseRecord: Codable, Equatable, Sendable {
    public var petID: UUID
    public var name: String
    public var at: Date
    public var device: String

    public init(petID: UUID, name: String, at: Date, device: String) {
        self.petID = petID
        self.name = name
        self.at = at
        self.device = device
    }

    public var stamp: PartStamp { PartStamp(at: at, device: device) }

    /// Whether the release wins over the pet as it is: it does unless a person changed a part
    /// later than it (a timer's end is no one's change, so it keeps no released pet).
    public func wins(over pet: Pet) -> Bool {
        let changes = PetPart.allCases.compactMap { part in pet.parts?[part].last(where: { !$0.isAuto }) }
        guard let latest = changes.max() else { return true }
        return !(stamp < latest)
    }
}
