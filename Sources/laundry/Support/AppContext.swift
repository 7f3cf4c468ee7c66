import FoundationEssentials
import LaundryActions
import LaundryControl
import LaundryRendering

/// What a command needs, from the environment: the way in, where output goes, where the daemon keeps its runtime files.
struct AppContext {
    let laundry: Laundry
    let terminal: Terminal
    let runtime: RuntimePaths
    let environment: [String: String]

    static func make(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> AppContext {
        AppContext(
            laundry: try Laundry.open(environment: environment), terminal: Terminal(environment: environment),
            runtime: RuntimePaths.resolve(environment: environment), environment: environment)
    }

    var style: Style { terminal.style }

    /// Warnings met on the way (corrupt files set aside, a daemon that would not start), one line each.
    func reportWarnings() {
        for warning in laundry.warnings {
            Terminal.printError("laundry: warning: \(ErrorText.line(for: warning))")
        }
    }

    /// Lines as they are: tables and cards fit the terminal themselves; a sentence is left to the terminal's own
    /// wrapping, so a command in it copies as one line.
    func print(_ lines: [String]) {
        for line in lines { Swift.print(line) }
    }
}
