import ArgumentParser
import Foundation
import LaundryCore

struct Release: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Release a pet: delete its files, its timer and its history.",
        aliases: ["rm"]
    )

    @OptionGroup var target: PetArgument

    @Flag(name: [.short, .long], help: "Do not ask for confirmation.")
    var yes = false

    func run() throws {
        let context = try AppContext.make()
        defer { context.reportProblems() }
        if !yes {
            let state = try context.laundry.pet(target.pet)
            let name = TerminalText.sanitize(state.pet.name)
            guard Terminal.isInputInteractive() else { throw LaundryError.releaseNeedsConfirmation(pet: state.pet.name) }
            FileHandle.standardError.write(Data("Release \(name)? Its files and history will be deleted. [y/N] ".utf8))
            let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                print("Kept \(name).")
                return
            }
        }
        let pet = try context.laundry.release(target.pet)
        print("👋 Released \(TerminalText.sanitize(pet.name)).")
    }
}
