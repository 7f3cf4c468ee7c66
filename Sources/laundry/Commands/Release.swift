import ArgumentParser
@preconcurrency import Glibc
import LaundryCore
import LaundryRendering

extension LaundryCommand {
    struct Release: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "release",
            abstract: "Release a pet: it leaves every machine's list, its timer stops, its name is free.",
            aliases: ["rm"]
        )

        @OptionGroup var target: PetArgument

        @Flag(name: [.short, .long], help: "Do not ask for confirmation.")
        var yes = false

        func run() throws {
            let context = try AppContext.make()
            defer { context.reportWarnings() }
            if !yes {
                let pet = try context.laundry.pet(target.pet).pet
                guard Terminal.isInputInteractive() else {
                    throw CommandError.releaseNeedsConfirmation(pet: pet.identity.name)
                }
                Terminal.write(CommandReport.releaseQuestion(pet), to: STDERR_FILENO)
                let answer = readLine()?.trimming(\.isSpaceOrTab).lowercased() ?? ""
                guard answer == "y" || answer == "yes" else { return print(CommandReport.kept(pet)) }
            }
            print(CommandReport.released(try context.laundry.release(target.pet)))
        }
    }
}
