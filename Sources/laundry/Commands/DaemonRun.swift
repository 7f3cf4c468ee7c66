import ArgumentParser
import FoundationEssentials
import LaundryControl

extension LaundryCommand.Daemon {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run", abstract: "Run the service (laundryd) in the foreground, logging to stderr.")

        func run() throws {
            try DaemonProgram.exec(["run"], environment: ProcessInfo.processInfo.environment)
        }
    }
}
