import FoundationEssentials
import LaundryCore

/// A running load drawn as something growing, one glyph per stage: a seed, a sprout, a herb, a potted plant, a tree.
public enum GrowthGlyph {
    public static let stages = ["🌰", "🌱", "🌿", "🪴", "🌳"]

    /// The glyph of a load's growth stage (1 … 5).
    public static func of(_ stage: Int) -> String { stages[min(max(stage, 1), 5) - 1] }

    /// The glyph of the pet's load now; empty without one.
    public static func of(_ timer: Load?, at now: Date) -> String {
        timer.map { of($0.growthStage(at: now)) } ?? ""
    }
}
