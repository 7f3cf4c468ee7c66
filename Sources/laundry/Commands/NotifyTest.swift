import ArgumentParser
import FoundationEssentials
import LaundryControl
import LaundryDaemon
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
            if sound {
                if let failure = Desktop.playTestSound() {
                    throw CommandError.soundFailed(
                        reason: failure, advice: ErrorText.soundFix(SoundCheck.probe(environment: context.environment))
                    )
                }
                print(Words.text("Played the alarm sound."))
            }
            let server = try Desktop.postTestNotification(context.laundry, environment: context.environment)
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
            if let outcome = try Desktop.runTestHook(context.laundry, config: context.laundry.loadConfig()) {
                print(Words.text("Hook:         {outcome}", ["outcome": outcome]))
            }
        }
    }
}
