import Dispatch
import FoundationEssentials

extension Array where Element: Sendable {
    /// `map` on every core when there are enough elements to pay for the threads (at least
    /// `perThread` each), in order. Reading the pets' records or histories is most of a command's
    /// time, and every pet is read on its own (bench rows "`laundry status`, 1000 pets" and
    /// "`laundry history --limit 20`, 20 pets with ten years of weekly loads, the first time":
    /// 121 → 90 ms with a pet per core on two).
    /// - Parameter cores: the cores to use; nil: as many as this process may run on (asked only
    ///   when there is enough to share: asking costs 28,000 instructions, on every command).
    public func concurrentMap<Result: Sendable>(
        perThread: Int, cores: Int? = nil, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let enough = count / Swift.max(1, perThread)
        guard enough > 1 else { return map(transform) }
        let threads = Swift.min(cores ?? ProcessInfo.processInfo.activeProcessorCount, enough)
        guard threads > 1 else { return map(transform) }
        // Each thread writes only its own slots.
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Result>.allocate(capacity: count)
        defer { results.deallocate() }
        // More pieces than threads: a thread that finishes early takes the next, so one slow file
        // does not hold the others back.
        let pieces = Swift.min(count, threads * 8)
        let chunk = (count + pieces - 1) / pieces
        DispatchQueue.concurrentPerform(iterations: pieces) { piece in
            for index in Swift.min(count, piece * chunk)..<Swift.min(count, (piece + 1) * chunk) {
                (results.baseAddress! + index).initialize(to: transform(self[index]))
            }
        }
        let all = [Result](results)
        _ = results.baseAddress.map { $0.deinitialize(count: count) }
        return all
    }
}
