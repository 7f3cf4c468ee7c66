import Dispatch

/// Work started on another thread now, its result taken later: what does not depend on the pets'
/// records (this machine's load cache) is read while they are.
public final class BackgroundWork<Result: Sendable>: @unchecked Sendable {
    // Written once, before `done` is left; read only after waiting on it.
    private var result: Result?
    private let done = DispatchGroup()

    public init(_ work: @escaping @Sendable () -> Result) {
        done.enter()
        DispatchQueue.global().async {
            self.result = work()
            self.done.leave()
        }
    }

    public func wait() -> Result {
        done.wait()
        return result!
    }
}
