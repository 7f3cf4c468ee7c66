import ArgumentParser
import FoundationEssentials
import LaundryCore
import LaundryDaemon
import LaundryRendering

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

extension LaundryCommand.Daemon {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run", abstract: "Run the service in the foreground, logging to stderr.")

        func run() throws {
            try Desktop.runDaemon(environment: ProcessInfo.processInfo.environment, version: LaundryCommand.version) {
                line in
                Terminal.printError("\(Timestamp.format(SystemClock().now())) laundry[\(getpid())]: \(line)")
            }
        }
    }
}
