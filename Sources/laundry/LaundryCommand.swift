import ArgumentParser
@preconcurrency import Glibc
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryRendering

@main
struct LaundryCommand: ParsableCommand {
    static let version = LaundryVersion.current

    static let configuration = CommandConfiguration(
        commandName: "laundry",
        abstract: "Keep your laundry loads as pets: timers for washer and dryer, and a pet that is sad when neglected.",
        discussion: """
            Adopt a pet for each load (laundry adopt socks), start its wash (laundry wash socks), and see \
            every pet at a glance (laundry status). A <pet> is its name in any case, a unique prefix of the \
            name, or 8 or more hex digits of its id.

            A <duration> is \(DurationHelp.forms). laundry prints a length the same way (44m59s, \
            1h2m3s), so what you read you can type back; only a countdown that ticks (laundry watch, a \
            status bar) shows a clock, 44:59.

            Files live in $LAUNDRY_HOME, else $XDG_DATA_HOME/laundry (~/.local/share/laundry).
            """,
        version: "laundry \(version)",
        subcommands: [
            Adopt.self, List.self, Status.self,
            Wash.self, Dry.self, MoreDry.self, Fold.self, Cancel.self, Pause.self, Resume.self, Extend.self,
            Finish.self,
            Set.self, Release.self, History.self, Loads.self, Stats.self, Plan.self, Watch.self,
            Snooze.self, Nudge.self, Household.self, Daemon.self, NotifyTest.self, Doctor.self,
        ]
    )

    /// The command-line edge: every failure is one line on stderr, never a stack trace; usage errors exit 64, others 1.
    static func main() {
        setvbuf(stdout, nil, _IOLBF, 0)
        // The few variables the language and clock need, read one by one: the environment as a dictionary costs 0.67 M
        // instructions and a dictionary type's first use 0.28 M, more than `laundry --version` but parsing (callgrind).
        let variable = { (name: String) in getenv(name).map { String(cString: $0) } }
        Language.start(variable: variable)
        if let clock = Laundry.clockSetting(variable: variable) { Language.useClock(clock) }
        do {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if try FastPath.run(arguments) { return }
            if let typo = CommandTypo.unknownCommand(in: arguments) {
                fail(typo, code: ExitCode.validationFailure.rawValue)
            }
            var command = try parseAsRoot(CompletionRequestRepair.repaired(arguments))
            try command.run()
        } catch let code as ExitCode {
            // The command already said why (doctor, daemon status).
            fflush(stdout)
            Glibc.exit(code.rawValue)
        } catch {
            if let line = ErrorText.line(for: error) { fail(line) }
            let code = exitCode(for: error)
            // Help, --version and completion requests are "errors" that print and exit 0.
            guard code != .success else { exit(withError: error) }
            if code == .validationFailure,
                let hint = CommandTypo.lengthHint(for: Array(CommandLine.arguments.dropFirst()))
            {
                fail(hint, code: code.rawValue)
            }
            fail(usageMessage(for: error), code: code.rawValue)
        }
    }

    private static func fail(_ message: String, code: Int32 = 1) -> Never {
        fflush(stdout)
        Terminal.printError("laundry: error: \(message)")
        Glibc.exit(code)
    }

    /// swift-argument-parser's brief message, on one line, pointing at the right help page.
    private static func usageMessage(for error: any Error) -> String {
        let brief = UsageText.reworded(
            message(for: error)
                .split(whereSeparator: \.isNewline).map { String($0).trimming(\.isSpaceOrTab) }
                .filter { !$0.isEmpty }.joined(separator: "; "))
        let arguments = CommandLine.arguments.dropFirst()
        var help = "laundry --help"
        if let first = arguments.first {
            for command in configuration.subcommands {
                let names = [command.configuration.commandName].compactMap { $0 } + command.configuration.aliases
                if names.contains(first), let name = names.first { help = "laundry \(name) --help" }
            }
        }
        return UnsafeText.escaped(brief) + " " + Words.text("(see: {command})", ["command": help])
    }
}
