import Foundation
import LaundryCore

/// The settings `adopt` and `set` take, already parsed and checked; nil means "not given".
public struct PetSettings: Sendable {
    public var name: PetName?
    public var kind: String?
    public var washDuration: LaundryDuration?
    public var dryDuration: LaundryDuration?
    public var cycleDays: Double?
    public var lastWashed: Date?

    public init(name: PetName? = nil, kind: String? = nil, washDuration: LaundryDuration? = nil,
                dryDuration: LaundryDuration? = nil, cycleDays: Double? = nil, lastWashed: Date? = nil) {
        self.name = name
        self.kind = kind
        self.washDuration = washDuration
        self.dryDuration = dryDuration
        self.cycleDays = cycleDays
        self.lastWashed = lastWashed
    }

    public var isEmpty: Bool {
        name == nil && kind == nil && washDuration == nil && dryDuration == nil && cycleDays == nil && lastWashed == nil
    }
}
