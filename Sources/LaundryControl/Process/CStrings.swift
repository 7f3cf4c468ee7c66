@preconcurrency import Glibc

/// Words as the NUL-terminated list `posix_spawn` and `execv` take (argv, or `KEY=value`), freed when `body` returns.
enum CStrings {
    static func with<Result>(
        _ words: [String], _ body: ([UnsafeMutablePointer<CChar>?]) throws -> Result
    ) rethrows -> Result {
        let list: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer {
            for word in list { free(word) }
        }
        return try body(list)
    }

    static func environment(_ variables: [String: String]) -> [String] {
        variables.map { "\($0.key)=\($0.value)" }
    }
}
