import Foundation

/// Holds a `--json` output to its JSON Schema in `data/schema/` (draft 2020-12), through Debian's
/// python3-jsonschema (`make check` installs it): the schemas are the contract scripts read, so every
/// output the tests see is checked against them.
public enum SchemaCheck {
    /// The schema a command's `--json` answers to, from its arguments; nil for what prints none.
    public static func schema(for arguments: [String]) -> String? {
        // After `--` every word is a pet's name (a pet may be called `--json`), not an option.
        let options = arguments.prefix { $0 != "--" }
        guard options.contains("--json"), let command = arguments.first else { return nil }
        switch command {
        case "status", "loads", "history", "plan": return command
        case "list", "ls": return "list"
        case "stats": return options.contains("--people") ? "people" : "stats"
        case "household": return options.contains("turns") ? nil : "household"
        default: return nil
        }
    }

    /// Nil when `json` is valid under `data/schema/<schema>.schema.json`, else the first few errors, each with
    /// where it is (`$[0].petID: …`).
    public static func problems(_ json: String, against schema: String) -> String? {
        lock.withLock { validator.problems(json, against: schema) }
    }

    /// One python3 for the whole test run, asked a line at a time: a python3 and jsonschema started for each
    /// output cost 0.2 s, and end-to-end tests that poll `status --json` ran a minute longer for it.
    private static let lock = NSLock()
    nonisolated(unsafe) private static let validator = Validator()

    private final class Validator {
        private var process: Process?
        private var input: FileHandle?
        private var output: FileHandle?
        private var pending = Data()

        func problems(_ json: String, against schema: String) -> String? {
            guard let request = try? JSONSerialization.data(withJSONObject: ["schema": schema, "text": json]) else {
                return "could not send the output to the schema check"
            }
            guard let (input, output) = running() else { return "needs /usr/bin/python3" }
            input.write(request + Data("\n".utf8))
            while !pending.contains(UInt8(ascii: "\n")) {
                let more = output.availableData
                guard !more.isEmpty else {
                    process = nil
                    return "the schema check stopped: " + String(decoding: pending, as: UTF8.self)
                }
                pending += more
            }
            let end = pending.firstIndex(of: UInt8(ascii: "\n"))!
            let answer = String(decoding: pending[..<end], as: UTF8.self)
            pending = Data(pending[(end + 1)...])
            return answer.isEmpty ? nil : answer.replacingOccurrences(of: "\t", with: "\n")
        }

        private func running() -> (FileHandle, FileHandle)? {
            if let process, process.isRunning, let input, let output { return (input, output) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", SchemaCheck.script, SourceTree.root + "/data/schema"]
            process.environment = ["PATH": "/usr/bin:/bin"]
            let (toPython, fromPython) = (Pipe(), Pipe())
            process.standardInput = toPython
            process.standardOutput = fromPython
            process.standardError = fromPython
            guard (try? process.run()) != nil else { return nil }
            (self.process, input, output, pending) = (
                process, toPython.fileHandleForWriting, fromPython.fileHandleForReading, Data()
            )
            return (toPython.fileHandleForWriting, fromPython.fileHandleForReading)
        }
    }

    /// Every schema of the folder is known by its `$id`, so `status` may use `list`'s pet. RefResolver is what
    /// Debian 12's jsonschema (4.10) has. A request per line (`{"schema", "text"}`), an answer per line: empty
    /// when valid, else the first few errors joined by tabs.
    private static let script = """
        import json, pathlib, sys
        try:
            import jsonschema
        except ImportError:
            print("needs python3-jsonschema: make check installs it", flush=True)
            sys.exit(1)
        folder = pathlib.Path(sys.argv[1])
        schemas = {s["$id"]: s for s in (json.loads(p.read_text()) for p in folder.glob("*.schema.json"))}
        validators = {}
        for line in sys.stdin:
            request = json.loads(line)
            name = request["schema"]
            if name not in validators:
                schema = json.loads((folder / (name + ".schema.json")).read_text())
                jsonschema.Draft202012Validator.check_schema(schema)
                resolver = jsonschema.RefResolver.from_schema(schema, store=schemas)
                validators[name] = jsonschema.Draft202012Validator(schema, resolver=resolver)
            try:
                document = json.loads(request["text"])
            except ValueError as error:
                print(f"not JSON: {error}", flush=True)
                continue
            errors = sorted(validators[name].iter_errors(document), key=lambda e: list(e.absolute_path))
            lines = []
            for error in errors[:5]:
                error = jsonschema.exceptions.best_match([error])
                path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
                lines.append(f"${path}: {error.message}".replace("\\n", " ").replace("\\t", " "))
            print("\\t".join(lines), flush=True)
        """
}
