import FoundationEssentials
import LaundryCore
import LaundryRendering

/// The live cards on screen, one per running load: what each last said (resent only on new words), which were closed.
struct LiveCards {
    struct Card {
        let loadID: UUID
        /// The words last sent (`words(of:)`); nil once closed by the person or dropped by a server that left. Only
        /// the words, not the whole content: a card kept whole here was about 400 B a load (heaptrack, 1,010 loads).
        var shown: String?
        var closedByPerson = false
    }

    private(set) var cards: [UUID: Card] = [:]

    enum Change {
        case none
        case show(NotificationContent)
        case withdraw
    }

    /// Whether a card is on screen for a load still counting down.
    var anyShown: Bool { cards.values.contains { $0.shown != nil } }

    /// The card for `wanted` (nil: none), as shown; one the person closed stays closed for its load, not the next.
    mutating func update(_ pet: UUID, to wanted: NotificationContent?) -> Change {
        guard let wanted, let loadID = wanted.loadID else {
            guard let card = cards.removeValue(forKey: pet) else { return .none }
            return card.shown == nil ? .none : .withdraw
        }
        var card = cards[pet].flatMap { $0.loadID == loadID ? $0 : nil } ?? Card(loadID: loadID)
        guard !card.closedByPerson else {
            cards[pet] = card
            return .none
        }
        // The words decide: the bar alone moving sends nothing; it goes with the next minute's update.
        let words = Self.words(of: wanted)
        guard card.shown != words else { return .none }
        card.shown = words
        cards[pet] = card
        return .show(wanted)
    }

    /// The person closed the pet's card: it stays closed until its load ends.
    mutating func closedByPerson(_ pet: UUID) {
        cards[pet]?.closedByPerson = true
        cards[pet]?.shown = nil
    }

    /// The server that showed the cards left: none is on screen any more.
    mutating func forgetShown() {
        for pet in cards.keys { cards[pet]?.shown = nil }
    }

    /// The pet's card did not reach the screen: it goes again at its next change.
    mutating func forgetShown(of pet: UUID) {
        cards[pet]?.shown = nil
    }

    /// What a person reads on a card: its summary, body and buttons, in one string. D-Bus strings cannot hold NUL, so
    /// it separates the parts without ambiguity.
    private static func words(of card: NotificationContent) -> String {
        ([card.summary, card.body] + card.actions.flatMap { [$0.key, $0.label] }).joined(separator: "\0")
    }
}
