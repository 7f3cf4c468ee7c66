import ArgumentParser
import LaundryCore
import LaundryRendering

extension LaundryCommand {
    struct Nudge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "nudge",
            abstract: "Pop up (and ring once) on one person's machines about a pet: at most once an hour a load.",
            discussion: """
                Without a pet: the one whose load has waited longest, else the one most in need of a wash. \
                A second nudge about the same load within the hour is refused, with the time the next is allowed.
                """)

        @Argument(
            help: ArgumentHelp("The person, as their machine names them (laundry household).", valueName: "person"))
        var person: String

        @Argument(
            help: ArgumentHelp("The pet (else the one most in need).", valueName: "pet"),
            completion: .custom(ShellCompletion.petNames))
        var pet: String?

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            let (pet, nudge) = try context.laundry.nudge(person, about: pet)
            context.print([CommandReport.nudged(pet, nudge)])
        }
    }
}
