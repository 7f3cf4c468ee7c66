import CCalendarHTTP
import Dispatch
import FoundationEssentials
import LaundryControl
import LaundryCore
import Logging
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Writes each running load to the CalDAV calendar config.json names, on a queue of its own (a
/// slow or absent server never holds up a popup): the latest wish for each entry wins, each write
/// says which version it replaces (`If-Match`, or `If-None-Match: *` for a new one), a 412 reads
/// the server's version and writes again on it, and a server that cannot be reached is retried
/// with back-off, logged once until it answers again.
final class CalendarSync: Sendable {
    enum Wish: Equatable, Sendable {
        case put(String)
        case delete
    }

    private struct State {
        var wishes: [String: Wish] = [:]
        var order: [String] = []
        var running = false
        var problem: CalendarProblem?
        var etags: [String: String] = [:]
        var backoff = 1.0
    }

    let settings: CalendarSettings
    private let username: String?
    private let password: String?
    private let logger: Logger
    private let queue = DispatchQueue(label: "laundry.calendar")
    private let state = Mutex(State())
    /// Seconds a request may take.
    private static let timeout = 10

    init(settings: CalendarSettings, password: String?, logger: Logger) {
        self.settings = settings
        username = settings.username
        self.password = password
        self.logger = logger
        laundry_http_start()
    }

    /// What keeps it from writing now (for `daemon.json` and `doctor`); nil while it writes.
    var problem: CalendarProblem? { state.withLock { $0.problem } }

    /// The entry `uid` should become: the latest wish replaces one not yet written.
    func want(_ uid: String, _ wish: Wish) {
        let start = state.withLock { state -> Bool in
            if state.wishes[uid] == nil { state.order.append(uid) }
            state.wishes[uid] = wish
            guard !state.running else { return false }
            state.running = true
            return true
        }
        if start { queue.async { self.drain() } }
    }

    private func drain() {
        while let (uid, wish) = next() {
            if let problem = write(uid, wish) {
                let (delay, first) = state.withLock { state -> (Double, Bool) in
                    // Put back, unless a newer wish came meanwhile.
                    if state.wishes[uid] == nil {
                        state.wishes[uid] = wish
                        state.order.insert(uid, at: 0)
                    }
                    let first = state.problem == nil
                    state.problem = problem
                    let delay = state.backoff
                    state.backoff = min(60, state.backoff * 2)
                    return (delay, first)
                }
                if first { logger.info("caldav: \(Self.words(problem)); the changes wait and are tried again") }
                queue.asyncAfter(deadline: .now() + delay) { self.drain() }
                return
            }
            let recovered = state.withLock { state -> Bool in
                state.backoff = 1
                defer { state.problem = nil }
                return state.problem != nil
            }
            if recovered { logger.info("caldav: \(settings.url) answers again; the waiting changes are written") }
        }
        state.withLock { $0.running = false }
        // A wish that came after the last look, before `running` went false.
        let more = state.withLock { state -> Bool in
            guard !state.order.isEmpty, !state.running else { return false }
            state.running = true
            return true
        }
        if more { drain() }
    }

    private func next() -> (String, Wish)? {
        state.withLock { state in
            guard !state.order.isEmpty else { return nil }
            let uid = state.order.removeFirst()
            guard let wish = state.wishes.removeValue(forKey: uid) else { return nil }
            return (uid, wish)
        }
    }

    /// One wish written; the problem when it could not be.
    private func write(_ uid: String, _ wish: Wish) -> CalendarProblem? {
        let url = settings.entryURL(uid)
        // A 412 means another writer changed it since this one looked: read its version, write on it.
        for _ in 0..<3 {
            let etag = state.withLock { $0.etags[uid] }
            var headers = ["User-Agent: laundry"]
            switch wish {
            case .put:
                headers.append("Content-Type: text/calendar; charset=utf-8")
                headers.append(etag.map { "If-Match: \($0)" } ?? "If-None-Match: *")
            case .delete:
                if let etag { headers.append("If-Match: \(etag)") }
            }
            let body: String? = if case .put(let text) = wish { text } else { nil }
            let reply = request(wish == .delete ? "DELETE" : "PUT", url, body: body, headers: headers)
            guard let status = reply.status else { return .unreachable(reason: reply.error) }
            switch status {
            case 200..<300:
                state.withLock { $0.etags[uid] = wish == .delete ? nil : reply.etag }
                return nil
            case 404 where wish == .delete:
                state.withLock { $0.etags[uid] = nil }
                return nil
            case 412:
                let current = request("GET", url, body: nil, headers: ["User-Agent: laundry"])
                guard let found = current.status else { return .unreachable(reason: current.error) }
                state.withLock { $0.etags[uid] = found == 200 ? current.etag : nil }
                logger.info("caldav: \(uid).ics was changed by another writer; written again on its version")
                if found == 404, wish == .delete { return nil }
            default:
                return .refused(status: status)
            }
        }
        return .refused(status: 412)
    }

    private struct Reply {
        var status: Int?
        var etag: String?
        var error = ""
    }

    private func request(_ method: String, _ url: String, body: String?, headers: [String]) -> Reply {
        var reply = laundry_http_reply()
        let bytes = body.map { Array($0.utf8) + [0] }
        let cHeaders = headers.map { strdup($0) }
        defer {
            for header in cHeaders { free(header) }
            laundry_http_free(&reply)
        }
        let pointers: [UnsafePointer<CChar>?] = cHeaders.map { $0.map { UnsafePointer($0) } }
        let result = pointers.withUnsafeBufferPointer { list in
            bytes.withUnsafeBufferPointerOrNil { text in
                laundry_http(
                    method, url, username, password, text, max(0, (bytes?.count ?? 1) - 1), list.baseAddress,
                    Int32(list.count), Self.timeout, &reply)
            }
        }
        guard result == 0 else {
            let error = withUnsafeBytes(of: reply.error) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return Reply(error: error)
        }
        return Reply(status: reply.status, etag: reply.etag.map { String(cString: $0) })
    }

    static func words(_ problem: CalendarProblem) -> String {
        switch problem {
        case .unreachable(let reason): return "the calendar cannot be reached (\(reason))"
        case .refused(let status): return "the calendar server answered HTTP \(status)"
        case .passwordUnreadable(let path): return "\(path) cannot be read"
        case .passwordOpenToOthers(let path, let mode):
            return "\(path) is readable by others (mode \(String(mode, radix: 8)))"
        }
    }
}

extension Optional where Wrapped == [UInt8] {
    fileprivate func withUnsafeBufferPointerOrNil<Result>(
        _ body: (UnsafePointer<CChar>?) -> Result
    ) -> Result {
        guard let bytes = self else { return body(nil) }
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress) }
        }
    }
}
