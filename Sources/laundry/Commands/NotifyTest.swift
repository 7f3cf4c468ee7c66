import ArgumentParser
import FoundationEssentials
import LaundryDaemon

extension LaundryCommand {
    struct NotifyTest: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "notify-test",
            abstract: "Post a test notification and report the notification server's name, version and capabilities."
        )

        func run() throws {
            let context = try AppContext.make()
            let server = try Desktop.postTestNotification(context.laundry, environment: context.environment)
            print("Posted a test notification.")
            print("Server:       \(server.name) \(server.version) by \(server.vendor) (spec \(server.specVersion))")
            print("Capabilities: \(server.capabilities.joined(separator: ", "))")
            if !server.hasActions {
                print("This server shows no buttons: notifications will name the command to type instead.")
            }
        }
    }
}
