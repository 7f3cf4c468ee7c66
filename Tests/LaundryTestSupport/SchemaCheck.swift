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
        let result = Spawn.run(
            "/usr/bin/python3", ["-c", script, SourceTree.root + "/data/schema", schema],
            environment: ["PATH": "/usr/bin:/bin"], stdin: json)
        return result.status == 0 ? nil : (result.stdout + result.stderr).trimmingCharacters(in: .newlines)
    }

    /// Every schema of the folder is known by its `$id`, so `status` may use `list`'s pet. RefResolver is what
    /// Debian 12's jsonschema (4.10) has.
    private static let script = """
        import json, pathlib, sys
        try:
            import jsonschema
        except ImportError:
            sys.exit("needs python3-jsonschema: make check installs it")
        folder, name = pathlib.Path(sys.argv[1]), sys.argv[2]
        schemas = {s["$id"]: s for s in (json.loads(p.read_text()) for p in folder.glob("*.schema.json"))}
        schema = json.loads((folder / (name + ".schema.json")).read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
        resolver = jsonschema.RefResolver.from_schema(schema, store=schemas)
        validator = jsonschema.Draft202012Validator(schema, resolver=resolver)
        errors = sorted(validator.iter_errors(json.loads(sys.stdin.read())), key=lambda e: list(e.absolute_path))
        for error in errors[:5]:
            error = jsonschema.exceptions.best_match([error])
            path = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
            print(f"${path}: {error.message}")
        sys.exit(1 if errors else 0)
        """
}
