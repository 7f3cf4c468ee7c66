import Foundation
import LaundryTestSupport

/// `make test` runs a small version of each stress test; `make stress` sets LAUNDRY_STRESS=full.
enum StressScale {
    static var isFull: Bool { ProcessInfo.processInfo.environment["LAUNDRY_STRESS"] == "full" }

    /// `small` in `make test`, `full` in `make stress`.
    static func pick(small: Int, full: Int) -> Int { isFull ? full : small }

    /// A stress test's seed: LAUNDRY_STRESS_SEED (decimal or `0x…`) to repeat a failing run, else a fresh one.
    static func seed() -> UInt64 {
        ProcessInfo.processInfo.environment["LAUNDRY_STRESS_SEED"].flatMap(SplitMix64.parseSeed)
            ?? UInt64.random(in: 1...UInt64.max)
    }

    /// How a failure names its seed and the way to run it again.
    static func context(seed: UInt64) -> String {
        let text = SplitMix64.seedText(seed)
        return "seed \(text) (rerun with LAUNDRY_STRESS_SEED=\(text))"
    }
}
