/// Small horizontal bars for health and timer progress.
public enum Bars {
    public static let width = 10

    /// `███████░░░` for a health percentage 0…100.
    public static func health(_ percent: Int) -> String {
        bar(Double(percent) / 100, full: "█", empty: "░")
    }

    /// `▰▰▰▱▱▱▱▱▱▱` for a timer's progress 0…1.
    public static func progress(_ fraction: Double) -> String {
        bar(fraction, full: "▰", empty: "▱")
    }

    private static func bar(_ fraction: Double, full: Character, empty: Character) -> String {
        let clamped = min(1, max(0, fraction))
        var filled = Int((clamped * Double(width)).rounded(.down))
        // Anything above zero shows at least one cell, so "almost empty" never looks empty.
        if clamped > 0 && filled == 0 { filled = 1 }
        return String(repeating: full, count: filled) + String(repeating: empty, count: width - filled)
    }
}
