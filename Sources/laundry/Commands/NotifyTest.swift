import ArgumentParser
import LaundryControl
import LaundryRendering

extension LaundryCommand {
    struct NotifyTest: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "notify-test",
            abstract:
                "Post a test notification and report the notification server's name, version and capabilities; "
                + "run the hook from config.json, if there is one."
        )

        @Flag(help: "Also play the alarm sound once (the sound theme's 'complete', through GSound).")
        var sound = false

        func run() throws {
            let context = try AppContext.make()
            let report = try NotifyTrialReport.run(sound: sound, environment: context.environment)
            if let failure = report.soundFailure {
                throw CommandError.soundFailed(
                    reason: failure, advice: ErrorText.soundFix(SoundCheck.probe(environment: context.environment)))
            }
            if sound { print(Words.text("Played the alarm sound.")) }
            guard let server = report.server else {
                throw CommandError.noNotificationServer(advice: ErrorText.missingServer(context.environment))
            }
            guard report.posted else { throw CommandError.notificationRefused(server: server.name) }
            print(Words.text("Posted a test notification."))
            print(
                Words.text(
                    "Server:       {name} {version} by {vendor} (spec {spec})",
                    [
                        "name": server.name, "version": server.version, "vendor": server.vendor,
                        "spec": server.specVersion,
                    ]))
            print(Words.text("Capabilities: {list}", ["list": server.capabilities.joined(separator: ", ")]))
            if !server.hasActions {
                print(Words.text("This server shows no buttons: notifications will name the command to type instead."))
            }
            if let outcome = report.hook {
                print(Words.text("Hook:         {outcome}", ["outcome": HookOutcomeText.line(outcome)]))
            }
        }
    }
}
