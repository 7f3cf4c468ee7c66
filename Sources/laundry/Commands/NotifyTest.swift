import ArgumentParser
import Foundation
import LaundryCore
import LaundryDaemon

struct NotifyTest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify-test",
        abstract: "Post a test notification and report the notification server's name, version and capabilities."
    )

    func run() throws {
        let context = try AppContext.make()
        let notifier = LibNotifyNotifier(iconPath: context.data.path + "/icons/laundry.svg")
        guard let server = notifier.refreshServer() else {
            throw UserFacingError(NotificationServerCheck.missingServerAdvice(context.environment))
        }
        let writer = AnnouncementWriter(messages: try context.data.loadMessages())
        let content = writer.content(for: Announcement(petID: UUID(), petName: "laundry", health: 100, reason: .test),
                                     markup: server.hasBodyMarkup, buttons: false)
        guard notifier.show(content) == .posted else {
            throw UserFacingError("the notification server \(server.name) refused the test notification")
        }
        notifier.flush()
        print("Posted a test notification.")
        print("Server:       \(server.name) \(server.version) by \(server.vendor) (spec \(server.specVersion))")
        print("Capabilities: \(server.capabilities.joined(separator: ", "))")
        if !server.hasActions {
            print("This server shows no buttons: notifications will name the command to type instead.")
        }
    }
}

/// What to say when no notification server answers.
enum NotificationServerCheck {
    static func missingServerAdvice(_ environment: [String: String]) -> String {
        guard let bus = environment["DBUS_SESSION_BUS_ADDRESS"], !bus.isEmpty else {
            return "no session bus (DBUS_SESSION_BUS_ADDRESS is not set); run laundry inside your desktop session"
        }
        return "no notification server answers on the session bus (\(bus)); start one (your desktop's, dunst or mako) — until then notifications go to the daemon's log"
    }
}
