import FoundationEssentials

/// Loads of many pets in the order they are shown, each pet and each pet's records held once:
/// copying a pet and a record into one array for each of 52,000 loads took 30 ms of `laundry
/// loads` (bench row "`laundry loads`, 20 pets with ten years of weekly loads, the second time",
/// 10,400 loads: 39–44 ms of its 60).
public struct LoadList: RandomAccessCollection, Sendable {
    public let pets: [Pet]
    // Inlinable below: a load is looked at for each of 52,000 rows, from another module.
    @usableFromInline let loadsOfPet: [[LoadRecord]]
    @usableFromInline let order: [Position]

    @usableFromInline struct Position: Sendable {
        @usableFromInline var pet: Int32
        @usableFromInline var load: Int32

        @usableFromInline init(pet: Int32, load: Int32) {
            self.pet = pet
            self.load = load
        }
    }

    /// - Parameter order: which pet's which load comes first, second, …
    public init(pets: [Pet], loads: [[LoadRecord]], order: [(pet: Int, load: Int)]) {
        self.pets = pets
        loadsOfPet = loads
        self.order = order.map { Position(pet: Int32($0.pet), load: Int32($0.load)) }
    }

    /// A few loads, as they are.
    public init(_ entries: [(pet: Pet, load: LoadRecord)]) {
        self.init(
            pets: entries.map(\.pet), loads: entries.map { [$0.load] },
            order: entries.indices.map { (pet: $0, load: 0) })
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { order.count }

    public subscript(position: Int) -> (pet: Pet, load: LoadRecord) { (pet(at: position), load(at: position)) }

    public func pet(at position: Int) -> Pet { pets[petIndex(at: position)] }
    /// Where in `pets` the pet of this load is.
    @inlinable public func petIndex(at position: Int) -> Int { Int(order[position].pet) }
    /// The record at `position` lent to `body`, not copied: a copy retains each of its texts and
    /// lists, which was a tenth of making 52,000 rows.
    @inlinable public func withLoad<Result>(at position: Int, _ body: (borrowing LoadRecord) -> Result) -> Result {
        body(loadsOfPet[Int(order[position].pet)][Int(order[position].load)])
    }

    @inlinable public func load(at position: Int) -> LoadRecord {
        loadsOfPet[Int(order[position].pet)][Int(order[position].load)]
    }
}
