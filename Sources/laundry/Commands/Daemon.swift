import ArgumentParser
import Foundation
import LaundryCore
import LaundryDaemon
import LaundryStore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

struct Daemon: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "daemon",
        abstract: "The notification service: desktop notifications when a load is done, reminders and health warnings.",
        discussion: "Commands that start a timer start it when it is not running, unless LAUNDRY_NO_AUTOSTART=1.",
        subcommands: [Run.self, Start.self, Stop.self, Status.self, Install.self]
    )

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run", abstract: "Run the service in the foreground, logging to stderr.")

        func run() throws {
            let context = try AppContext.make()
            let log: (String) -> Void = { line in
                Terminal.printError("\(Timestamp.format(Date())) laundry[\(getpid())]: \(line)")
            }
            do {
                try DaemonRunner.run(laundry: context.laundry, data: context.data, runtime: context.runtime, log: log)
            } catch let error as DaemonError {
                throw UserFacingError(error.description)
            }
        }
    }

    struct Start: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "start", abstract: "Start the service in the background; it logs to $XDG_STATE_HOME/laundry/daemon.log.")

        func run() throws {
            let context = try AppContext.make()
            if DaemonLock.isHeld(paths: context.runtime) {
                print("The laundry daemon is already running\(DaemonStatus.read(from: context.runtime.status).map { " (pid \($0.pid))" } ?? "").")
                return
            }
            guard let executable = DataDirectory.currentExecutable() else { throw UserFacingError("cannot find the laundry binary to start") }
            let pid = try DaemonLauncher.start(executable: executable, runtime: context.runtime, environment: context.environment)
            print("Started the laundry daemon (pid \(pid)); its log: \(context.runtime.log)")
        }
    }

    struct Stop: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop the background service.")

        func run() throws {
            let context = try AppContext.make()
            guard DaemonLauncher.stop(runtime: context.runtime) else {
                print("The laundry daemon is not running.")
                return
            }
            print("Stopped the laundry daemon.")
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "status", abstract: "Show whether the service runs: pid, uptime, timers armed, next deadline, notification server.")

        func run() throws {
            let context = try AppContext.make()
            guard DaemonLock.isHeld(paths: context.runtime), let status = DaemonStatus.read(from: context.runtime.status) else {
                print("The laundry daemon is not running. Start it with: laundry daemon start")
                throw ExitCode.failure
            }
            let now = context.now
            print("The laundry daemon is running (pid \(status.pid), up \(DurationText.rough(now.timeIntervalSince(status.startedAt)))).")
            print("  home:          \(status.home)")
            print("  pets:          \(status.pets), timers armed: \(status.timersArmed)")
            if let next = status.nextDeadline {
                print("  next deadline: \(LocalTime.dateTime(next, seconds: true)) (in \(DurationText.countdown(next.timeIntervalSince(now))))")
            } else {
                print("  next deadline: none")
            }
            if let server = status.server {
                print("  notifications: \(server) (\(status.serverCapabilities.joined(separator: ", ")))")
            } else {
                print("  notifications: no notification server found; they go to \(context.runtime.log)")
            }
            print("  log:           \(context.runtime.log)")
        }
    }

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "install", abstract: "Write a systemd user unit that runs the service, and say how to enable it.")

        func run() throws {
            let context = try AppContext.make()
            let template = context.data.path + "/laundry.service"
            guard let text = try? String(contentsOfFile: template, encoding: .utf8) else {
                throw UserFacingError("cannot read \(template); reinstall laundry or set LAUNDRY_DATA_DIR")
            }
            guard let executable = DataDirectory.currentExecutable() else { throw UserFacingError("cannot find the laundry binary") }
            let configHome = context.environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? (context.environment["HOME"] ?? NSHomeDirectory()) + "/.config"
            let unit = configHome + "/systemd/user/laundry.service"
            let filled = text.replacingOccurrences(of: "@LAUNDRY_BINARY@", with: executable)
            try UnitFile.write(filled, to: unit)
            print("Wrote \(unit).")
            print("Enable and start it with:  systemctl --user enable --now laundry.service")
        }
    }
}
