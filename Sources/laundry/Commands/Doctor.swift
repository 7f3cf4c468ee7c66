import ArgumentParser
import FoundationEssentials
import LaundryDoctor

extension LaundryCommand {
    struct Doctor: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "doctor",
            abstract:
                "Check laundry's set-up and explain each problem found: data, files, daemon, notifications, clock."
        )

        func run() throws {
            let report = DoctorExamination.report(environment: ProcessInfo.processInfo.environment)
            report.print()
            if report.problems > 0 { throw ExitCode.failure }
        }
    }
}
