import Dispatch
import FoundationEssentials
@preconcurrency import Glibc
import LaundryControl
import LaundryCore
import LaundryStore
import Logging
import Synchronization

/// Writes running loads to config.json's CalDAV calendar on its own queue (a slow or absent server holds no popup): an
/// entry's latest wish wins, a write names the version it replaces (`If-Match`, or `If-None-Match: *` if new), a 412
/// rereads the server's version to write on, an unreachable server is backed off and logged once per outage.
final class CalendarSync: Sendable {
    enum Wish: Codable, Equatable, Sendable {
        case put(String)
        case delete
    }

    private enum Outcome {
        case written
        /// The server cannot be reached or answers 5xx: everything waits and is tried again.
        case retry(CalendarProblem)
        /// The server refuses this write for good (401, 403, 415, a 412 thrice): dropped, so it holds up no other.
        case refused(CalendarProblem)
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
    private let logger: Logger
    private let queue = DispatchQueue(label: "laundry.calendar")
    private let state = Mutex(State())
    /// Unwritten wishes survive restarts: a cancel during an outage must still remove its entry, or phones ring.
    private let pendingFile: String?
    private let http: CalendarHTTP

    init(settings: CalendarSettings, password: String?, pendingFile: String?, logger: Logger) {
        self.settings = settings
        self.pendingFile = pendingFile
        self.logger = logger
        http = CalendarHTTP(username: settings.username, password: password)
        // What a stopped daemon left unwritten, written first (a newer wish replaces it).
        if let pendingFile, let data = FileManager.default.contents(atPath: pendingFile),
            let saved = try? JSONDecoder().decode(VersionedFile<[String: Wish]>.self, from: data).content,
            !saved.isEmpty
        {
            for (uid, wish) in saved.sorted(by: { $0.key < $1.key }) { want(uid, wish) }
        }
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
        queue.async { self.savePending() }
        if start { queue.async { self.drain() } }
    }

    /// Called on the queue only: the file always says what is still to be written.
    private func savePending() {
        guard let pendingFile else { return }
        let wishes = state.withLock { $0.wishes }
        guard !wishes.isEmpty else {
            try? FileManager.default.removeItem(atPath: pendingFile)
            return
        }
        guard let data = try? JSONEncoder().encode(VersionedFile(wishes)) else { return }
        try? StoreFiles.writeAtomically(data, to: pendingFile)
    }

    private func drain() {
        while let (uid, wish) = next() {
            let outcome = write(uid, wish)
            if case .refused(let problem) = outcome {
                state.withLock { $0.problem = problem }
                logger.error(
                    "caldav: \(uid).ics: \(Self.words(problem)); this change is dropped",
                    metadata: Self.facts(problem, "dropped").merging(["entry": "\(uid)"]) { $1 })
                savePending()
                continue
            }
            if case .retry(let problem) = outcome {
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
                if first {
                    logger.warning(
                        "caldav: \(Self.words(problem)); the changes wait and are tried again",
                        metadata: Self.facts(problem, "waiting"))
                }
                savePending()
                queue.asyncAfter(deadline: .now() + delay) { self.drain() }
                return
            }
            savePending()
            let recovered = state.withLock { state -> Bool in
                state.backoff = 1
                defer { state.problem = nil }
                return state.problem != nil
            }
            if recovered {
                logger.info(
                    "caldav: \(settings.url) answers again; the waiting changes are written",
                    metadata: ["surface": "caldav", "event": "answersAgain"])
            }
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

    private func write(_ uid: String, _ wish: Wish) -> Outcome {
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
            let reply = http.request(wish == .delete ? "DELETE" : "PUT", url, body: body, headers: headers)
            guard let status = reply.status else { return .retry(.unreachable(reason: reply.error)) }
            switch status {
            case 200..<300:
                state.withLock { $0.etags[uid] = wish == .delete ? nil : reply.etag }
                return .written
            case 404 where wish == .delete:
                state.withLock { $0.etags[uid] = nil }
                return .written
            case 412:
                let current = http.request("GET", url, body: nil, headers: ["User-Agent: laundry"])
                guard let found = current.status else { return .retry(.unreachable(reason: current.error)) }
                state.withLock { $0.etags[uid] = found == 200 ? current.etag : nil }
                logger.info(
                    "caldav: \(uid).ics was changed by another writer; written again on its version",
                    metadata: ["surface": "caldav", "event": "rebased", "entry": "\(uid)"])
                if found == 404, wish == .delete { return .written }
            case 408, 429, 500...:
                return .retry(.refused(status: status))
            default:
                return .refused(.refused(status: status))
            }
        }
        return .refused(.refused(status: 412))
    }

    /// The problem as log facts (`problem`, and the HTTP `status` of a refusal), for tests and log shippers.
    static func facts(_ problem: CalendarProblem, _ event: String) -> Logger.Metadata {
        var facts: Logger.Metadata = ["surface": "caldav", "event": "\(event)", "problem": "\(caseName(problem))"]
        if case .refused(let status) = problem { facts["status"] = "\(status)" }
        return facts
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
