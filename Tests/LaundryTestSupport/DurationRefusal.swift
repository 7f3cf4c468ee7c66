import LaundryCore

/// Why `DurationParser` refuses `typed`, or nil when it reads it: for tests that word the refusals it really makes.
public func durationRefusal(_ typed: String) -> DurationError? {
    do {
        _ = try DurationParser.parse(typed)
        return nil
    } catch { return error }
}
