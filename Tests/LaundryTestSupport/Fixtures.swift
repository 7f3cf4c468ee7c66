import Foundation
import LaundryCore

/// Values several test targets build their pets from.
public enum Fixtures {
    /// The moment the tests' clocks start at, and their pets are adopted at.
    public static let start = Timestamp.parse("2026-11-21T10:00:00Z")!

    /// Clothes with data/kinds.json's times and cycle, for tests that do not load the data folder.
    public static let clothes = Kind(
        id: "clothes", name: "Clothes", emoji: "👕", washSeconds: 2700, drySeconds: 3600,
        cycleDays: 5)
}
