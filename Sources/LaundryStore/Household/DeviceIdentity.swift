import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore

/// This machine's id among those sharing `LAUNDRY_HOME`: random, made at first change (not by reads), in the state
/// folder, not the shared one (all would read one) nor from `/etc/machine-id` or the host name (clones share those).
public final class DeviceIdentity: @unchecked Sendable {
    public let file: String
    private var cached: String?

    public init(file: String) {
        self.file = file
        cached = nil
    }

    /// `$XDG_STATE_HOME/laundry/device-id`, else `~/.local/state/laundry/device-id`.
    public static func path(environment: [String: String]) -> String {
        LaundryPaths.stateFolder(environment: environment) + "/device-id"
    }

    /// The id, made and saved if this machine has none yet.
    public func id() throws(StoreError) -> String {
        if let cached { return cached }
        if let existing = try Self.read(file) {
            cached = existing
            return existing
        }
        let made = EventID.random()
        try PosixFile.makeFolder(PathText.parent(file))
        // Written aside, then linked into place: two first commands at once agree on one id.
        let aside = "\(file).new-\(getpid())"
        try PosixFile.writeAtomically(Data((made + "\n").utf8), to: aside)
        let linked = link(aside, file) == 0
        let linkError = errno
        unlink(aside)
        guard linked || linkError == EEXIST else {
            throw .unwritable(path: file, problem: .system(linkError))
        }
        guard let kept = try Self.read(file) else {
            throw .unreadable(path: file, problem: .notADeviceID)
        }
        cached = kept
        return kept
    }

    /// Another machine writes under this id (a cloned disk or home): take a new one, setting the old file aside.
    public func renew() throws(StoreError) -> String {
        if PosixFile.exists(file) {
            let stamp = Timestamp.format(SystemClock().now()).replacing(":", with: "").replacing("-", with: "")
            guard rename(file, "\(file).cloned-\(stamp)") == 0 else {
                throw .unwritable(path: file, problem: .system(errno))
            }
        }
        cached = nil
        return try id()
    }

    /// The id in `file`, or nil if there is none yet.
    public static func read(_ file: String) throws(StoreError) -> String? {
        guard case .data(let data) = try PosixFile.read(file, limit: 256) else { return nil }
        let words = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        let text = words.count == 1 ? String(words[0]) : ""
        guard isValid(text) else {
            throw .unreadable(path: file, problem: .notADeviceID)
        }
        return text
    }

    /// 16 lower-case hex digits: safe as a file name, whatever another machine claims.
    public static func isValid(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
