import ArgumentParser
import LaundryControl
import LaundryRendering

extension LaundryCommand.Daemon {
    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "start",
            abstract: "Start the service in the background; it logs to $XDG_STATE_HOME/laundry/daemon.log.")

        func run() throws {
            let context = try AppContext.make()
            if DaemonLock.isHeld(paths: context.runtime) {
                let pid = DaemonStatus.read(from: context.runtime.status)?.pid
                return print(DaemonStatusText.alreadyRunning(pid: pid))
            }
            let pid = try DaemonLauncher.start(runtime: context.runtime, environment: context.environment)
            print(
                Words.text(
                    "Started the laundry daemon (pid {pid}); its log: {log}",
                    ["pid": String(pid), "log": context.runtime.log]))
        }
    }

    struct Stop: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop the background service.")

        func run() throws {
            let context = try AppContext.make()
            print(
                DaemonLauncher.stop(runtime: context.runtime)
                    ? Words.text("Stopped the laundry daemon.") : Words.text("The laundry daemon is not running."))
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show whether the service runs: pid, uptime, timers armed, next deadline, notification server.")

        func run() throws {
            let context = try AppContext.make()
            guard DaemonLock.isHeld(paths: context.runtime),
                let status = DaemonStatus.read(from: context.runtime.status)
            else {
                print(DaemonStatusText.notRunning)
                throw ExitCode.failure
            }
            print(
                DaemonStatusText.lines(status, runtime: context.runtime, now: context.laundry.now).joined(
                    separator: "\n"))

        }
    }

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Write a systemd user unit that runs the service, and say how to enable it.")

        func run() throws {
            let context = try AppContext.make()
            let unit = try UnitFile.install(
                template: context.laundry.dataDirectory.path + "/laundry.service",
                environment: context.environment)
            print(Words.text("Wrote {file}.", ["file": unit]))
            print(Words.text("Enable and start it with:  systemctl --user enable --now laundry.service"))
        }
    }
}
