/// config.json's `"caldav"`: the calendar each running load is written to, so every phone syncing it rings at the end.
public struct CalendarSettings: Equatable, Sendable {
    /// What each load becomes: an event (calendar apps) or a task (task apps).
    public enum Form: String, Sendable {
        case event, task
    }

    /// The calendar's collection, ending in `/`.
    public var url: String
    public var username: String?
    /// The file holding the password, readable only by its owner (`~` is the home folder).
    public var passwordFile: String?
    public var form: Form

    public init(url: String, username: String? = nil, passwordFile: String? = nil, form: Form = .event) {
        self.url = url.hasSuffix("/") ? url : url + "/"
        self.username = username
        self.passwordFile = passwordFile
        self.form = form
    }

    /// Plain `http` sends the password and pets' names in the clear: allowed (a server at home), `doctor` warns.
    public var isPlainHTTP: Bool { url.lowercased().hasPrefix("http://") }

    public func entryURL(_ uid: String) -> String { url + uid + ".ics" }
}
