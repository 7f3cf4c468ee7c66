import FoundationEssentials
@preconcurrency import Glibc
import LaundryActions
import LaundryControl
import LaundryCore
import LaundryDaemon
import LaundryRendering
import Logging

/// `laundryd [run]`, `laundryd probe`, `laundryd notify-test [--sound]`, `laundryd --version`.
enum DaemonMain {
    static let usage =
        "usage: laundryd [run] [--log-format text|json] | probe | notify-test [--sound] | --version | --help"

    static func run(_ arguments: [String]) -> Int32 {
        let variable = { (name: String) in getenv(name).map { String(cString: $0) } }
        Language.start(variable: variable)
        let environment = ProcessInfo.processInfo.environment
        do {
            if let (format, rest) = runArguments(arguments, environment: environment) {
                guard rest.isEmpty || rest == ["run"] else {
                    Terminal.printError("laundryd: error: --log-format is for the service (run); \(usage)")
                    return 64
                }
                guard let format else {
                    Terminal.printError(
                        "laundryd: error: the log format is text or json (--log-format or LAUNDRY_LOG_FORMAT)")
                    return 64
                }
                // `LAUNDRY_LOG_TIMINGS=1`: how long each tick and each batch of deadlines took, for `make bench`.
                let level: Logger.Level = environment["LAUNDRY_LOG_TIMINGS"] == "1" ? .debug : .info
                try DaemonRunner.run(
                    environment: environment, version: LaundryVersion.current,
                    logger: DaemonLogHandler.logger(level: level, format: format))
                return 0
            }
            switch arguments {
            case ["probe"]:
                try printJSON(DesktopProbe.findings())
            case ["notify-test"], ["notify-test", "--sound"]:
                let context = try Laundry.open(
                    environment: environment, clock: try LaundryClock.from(environment), startsDaemon: false)
                try printJSON(DesktopProbe.notifyTrial(context, sound: arguments.count == 2))
            case ["--version"]:
                print("laundryd \(LaundryVersion.current)")
            case ["--help"], ["-h"]:
                print(usage)
                print("The laundry daemon; `laundry daemon start|stop|status|install` manage it (see laundryd(1)).")
            default:
                Terminal.printError(
                    "laundryd: error: \(UnsafeText.escaped(arguments.joined(separator: " "))); \(usage)")
                return 64
            }
            return 0
        } catch {
            Terminal.printError("laundryd: error: \(ErrorText.line(for: error) ?? "\(error)")")
            return 1
        }
    }

    /// The service's arguments (`[run] [--log-format F]`): the log format asked for (nil: one laundryd does not
    /// know) and what is left; nil for another command. `--log-format` wins over `LAUNDRY_LOG_FORMAT`.
    private static func runArguments(_ arguments: [String], environment: [String: String])
        -> (DaemonLogHandler.Format?, [String])?
    {
        var rest = arguments
        var name = environment["LAUNDRY_LOG_FORMAT"] ?? DaemonLogHandler.Format.text.rawValue
        if let index = rest.firstIndex(where: { $0 == "--log-format" || $0.hasPrefix("--log-format=") }) {
            let flag = rest.remove(at: index)
            name =
                flag == "--log-format" ? (index < rest.count ? rest.remove(at: index) : "") : String(flag.dropFirst(13))
        } else if !(rest.isEmpty || rest == ["run"]) {
            return nil
        }
        return (DaemonLogHandler.Format(rawValue: name), rest)
    }

    private static func printJSON<Answer: Encodable>(_ answer: Answer) throws {
        let data = try JSONCoding.encoder(pretty: false).encode(answer)
        print(String(decoding: data, as: UTF8.self))
    }
}
