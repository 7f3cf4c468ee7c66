import ArgumentParser

extension LaundryCommand {
    struct Daemon: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "daemon",
            abstract:
                "The notification service: desktop notifications when a load is done, reminders and health warnings.",
            discussion: "Commands that start a timer start it when it is not running, unless LAUNDRY_NO_AUTOSTART=1.",
            subcommands: [Run.self, Start.self, Stop.self, Status.self, Install.self]
        )
    }
}
