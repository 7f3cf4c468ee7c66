/// `NSString`'s path arithmetic (`deletingLastPathComponent` and co.) on plain strings: no full Foundation needed.
public enum PathText {
    /// `/a/b/c` → `/a/b`, `/a/b/` → `/a`, `/a` → `/`, `a` → ``, `/` → `/`.
    public static func parent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard trimmed != "/" else { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var end = slash
        while end > trimmed.startIndex, trimmed[trimmed.index(before: end)] == "/" { end = trimmed.index(before: end) }
        return end == trimmed.startIndex ? "/" : String(trimmed[..<end])
    }

    /// `/a/b/c` → `c`, `/a/b/` → `b`, `/` → `/`.
    public static func lastComponent(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard trimmed != "/" else { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `/a` + `b` → `/a/b`, `/a/` + `b` → `/a/b`, `` + `b` → `b`.
    public static func appending(_ component: String, to path: String) -> String {
        guard !path.isEmpty else { return component }
        guard !component.isEmpty else { return path }
        let base = trimmingTrailingSlashes(path)
        let tail = component.drop { $0 == "/" }
        return base == "/" ? "/" + tail : base + "/" + tail
    }

    /// Trailing slashes off, but `/` (or `///`) stays `/`.
    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.last == "/" { text.removeLast() }
        return String(text)
    }
}
