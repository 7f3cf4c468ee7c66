import FoundationEssentials
@preconcurrency import Glibc
import LaundryCore
import LaundryStore

extension Laundry {
    /// Who acts here, as steps name them: config.json's `person`, else the login name (not the full name: all see it).
    public var person: Person {
        if let person = cachedPerson { return person }
        let person = Person((try? loadConfig())?.person ?? Self.loginName())
        cachedPerson = person
        return person
    }

    /// The login name of the user running laundry ("someone" where the system has none).
    static func loginName() -> String {
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name {
            let text = String(cString: name)
            if !text.isEmpty { return text }
        }
        let environment = ProcessInfo.processInfo.environment
        return environment["USER"] ?? environment["LOGNAME"] ?? "someone"
    }
}
