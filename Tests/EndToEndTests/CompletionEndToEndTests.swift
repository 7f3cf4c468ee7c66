import Foundation
import LaundryTestSupport
import XCTest

/// Shell completion in the real shells, with pets named `Socks`, `Sock Drawer` and `Bed Sheets`.
final class CompletionEndToEndTests: XCTestCase {
    private var home: LaundryHome!
    private let completions = SourceTree.root + "/completions"
    /// The folder of the binary goes first on PATH: the scripts call `laundry` back for pet names.
    private var path: String { (LaundryHome.binary as NSString).deletingLastPathComponent + ":/usr/bin:/bin" }

    override func setUp() {
        home = LaundryHome()
        for name in ["Socks", "Sock Drawer", "Bed Sheets"] { home.ok("adopt", name) }
    }

    func test_committedScriptsMatchWhatTheBinaryGenerates() throws {
        for (shell, file) in [("bash", "laundry.bash"), ("zsh", "_laundry"), ("fish", "laundry.fish")] {
            let generated = home.ok("--generate-completion-script", shell).stdout
            let committed = try String(contentsOfFile: "\(completions)/\(file)", encoding: .utf8)
            XCTAssertTrue(
                generated == committed, "completions/\(file) is out of date: run `make completions` and commit it")
        }
    }

    /// What fish offers for a command line, first column only. `--interactive` because fish 3 refuses
    /// `commandline` in scripts; the rest of fish's start-up is skipped.
    private func fishComplete(_ line: String) -> [String] {
        let result = home.runProgram(
            "/usr/bin/fish",
            [
                "--interactive", "--no-config", "-c",
                "source \(completions)/laundry.fish; complete -C '\(line)'",
            ],
            environment: ["PATH": path])
        XCTAssertEqual(result.stderr, "", "no error leaks into the prompt")
        return result.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
    }

    func test_fishCompletesPetNamesByPrefix() {
        XCTAssertEqual(fishComplete("laundry wash So").sorted(), ["Sock Drawer", "Socks"])
        XCTAssertEqual(fishComplete("laundry fold ").sorted(), ["Bed Sheets", "Sock Drawer", "Socks"])
    }

    func test_fishCompletesKinds() {
        XCTAssertEqual(fishComplete("laundry adopt X --kind ").sorted(), ["clothes", "delicates", "sheets", "towels"])
    }

    /// Calls bash's completion function the way bash does, and prints COMPREPLY one per line.
    private func bashComplete(_ line: String) -> [String] {
        let script = """
            source /usr/share/bash-completion/bash_completion
            source '\(completions)/laundry.bash'
            COMP_LINE='\(line)'
            COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<< "$COMP_LINE"
            [[ "$COMP_LINE" == *' ' ]] && COMP_WORDS+=('')
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _laundry laundry "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = home.runProgram("/bin/bash", ["-c", script], environment: ["PATH": path])
        XCTAssertEqual(result.stderr, "", "no error leaks into the prompt")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    func test_bashCompletesSubcommandsThenPetNames() {
        let subcommands = bashComplete("laundry ")
        for expected in ["adopt", "wash", "dry", "more-dry", "fold", "status", "watch"] {
            XCTAssertTrue(subcommands.contains(expected), "\(expected) in \(subcommands)")
        }
        XCTAssertEqual(bashComplete("laundry fold ").sorted(), ["Bed Sheets", "Sock Drawer", "Socks"])
        XCTAssertEqual(bashComplete("laundry dry Be"), ["Bed Sheets"])
    }

    func test_loadsCompletesPetNamesAndLoadIDs() throws {
        home.ok("wash", "Socks", "--for", "1h")
        let history = try XCTUnwrap(home.json("history", "Socks") as? [[String: Any]])
        let load = try XCTUnwrap(history.first { $0["event"] as? String == "washStarted" }?["loadId"] as? String)
        XCTAssertEqual(
            bashComplete("laundry loads ").sorted(),
            ["Bed Sheets", "Sock Drawer", "Socks", String(load.prefix(8))].sorted())
        XCTAssertEqual(bashComplete("laundry loads \(load.prefix(3))"), [String(load.prefix(8))])
        XCTAssertEqual(bashComplete("laundry loads So").sorted(), ["Sock Drawer", "Socks"], "no id starts with So")
    }

    func test_aReleasedPetIsNotOffered() {
        home.ok("release", "Sock Drawer", "--yes")
        XCTAssertEqual(bashComplete("laundry fold ").sorted(), ["Bed Sheets", "Socks"])
        home.ok("adopt", "Sock Drawer")
        XCTAssertEqual(bashComplete("laundry fold ").sorted(), ["Bed Sheets", "Sock Drawer", "Socks"], "a new one is")
    }

    func test_bashCompletesTheStatusBarFormats() {
        XCTAssertEqual(
            bashComplete("laundry status --format ").sorted(),
            ["i3blocks", "json", "plain", "polybar", "tmux", "waybar"])
        XCTAssertEqual(bashComplete("laundry status --format w"), ["waybar"])
        let options = bashComplete("laundry status --")
        for option in ["--format", "--template", "--follow"] { XCTAssertTrue(options.contains(option), "\(options)") }
    }

    func test_daemonCompletesItsSubcommands() {
        let offered = bashComplete("laundry daemon ")
        for expected in ["run", "start", "stop", "status", "install"] {
            XCTAssertTrue(offered.contains(expected), "\(expected) in \(offered)")
        }
        XCTAssertEqual(fishComplete("laundry daemon st").sorted(), ["start", "status", "stop"])
    }

    func test_noErrorInThePromptWhenTheStoreIsEmptyMissingOrCorrupt() throws {
        let pets = home.path + "/machines/\(try XCTUnwrap(home.device))/pets"
        try Data("{ corrupt".utf8).write(to: URL(fileURLWithPath: pets + "/\(UUID().uuidString.lowercased()).json"))
        XCTAssertEqual(bashComplete("laundry fold ").sorted(), ["Bed Sheets", "Sock Drawer", "Socks"])
        XCTAssertEqual(home.files(in: "pets").filter { $0.contains("corrupt-") }, [], "completion moves no file")
        try FileManager.default.removeItem(atPath: home.path)
        XCTAssertEqual(bashComplete("laundry fold "), [])
        XCTAssertFalse(FileManager.default.fileExists(atPath: home.path), "completion creates nothing")
    }

    /// `--programme` offers the programmes of the pet on the line, in all three shells.
    func test_everyShellCompletesThePetsProgrammes() throws {
        home.ok("set", "Socks", "--programme", "eco=2h15m", "--programme", "quick=30m")
        home.ok("set", "Sock Drawer", "--programme", "wool=40m")
        XCTAssertEqual(bashComplete("laundry wash Socks --programme "), ["eco", "quick"])
        XCTAssertEqual(bashComplete("laundry dry Socks --programme q"), ["quick"])
        XCTAssertEqual(fishComplete("laundry wash Socks --programme ").sorted(), ["eco", "quick"])
        XCTAssertEqual(fishComplete("laundry set Socks --remove-programme e"), ["eco"])
        XCTAssertEqual(fishComplete("laundry wash --programme ").sorted(), ["eco", "quick", "wool"], "no pet yet: all")

        let tmux = Tmux()
        defer { tmux("kill-server") }
        tmux("new-session", "-d", "-s", "z", "-x", "120", "-y", "20", try zshCommand())
        _ = tmux.waitForScreen("z") { $0.contains("%") }
        tmux("send-keys", "-t", "z", "laundry wash Socks --programme q", "Tab")
        let screen = tmux.waitForScreen("z") { Self.typed($0)?.hasSuffix("quick") == true }
        XCTAssertEqual(Self.typed(screen), "laundry wash Socks --programme quick", screen)
    }

    /// The command line at zsh's prompt (`% …`), as typed and completed.
    private static func typed(_ screen: String) -> String? {
        screen.split(separator: "\n").last { $0.hasPrefix("% ") }.map {
            String($0.dropFirst(2)).trimmingCharacters(in: .whitespaces)
        }
    }

    /// An interactive zsh with the completions on its function path, as a user sets it up.
    private func zshCommand() throws -> String {
        let zdotdir = home.path + "/zdotdir"
        try FileManager.default.createDirectory(atPath: zdotdir, withIntermediateDirectories: true)
        try """
        fpath=('\(completions)' $fpath)
        autoload -Uz compinit && compinit -u
        PROMPT='%% '
        """.write(toFile: zdotdir + "/.zshrc", atomically: true, encoding: .utf8)
        return "env ZDOTDIR='\(zdotdir)' LAUNDRY_HOME='\(home.path)' PATH='\(path)' zsh -i"
    }

    /// Every character of a name survives completion: quotes, a colon, a dollar sign, a backslash, braces.
    func test_everyShellOffersANameWhole() throws {
        let name = #"Gran's "W": $HOME \x {a,b}"#
        home.ok("adopt", name)
        XCTAssertEqual(bashComplete("laundry fold Gr"), [name])
        XCTAssertEqual(fishComplete("laundry fold Gr"), [name])

        let tmux = Tmux()
        defer { tmux("kill-server") }
        tmux("new-session", "-d", "-s", "z", "-x", "120", "-y", "20", try zshCommand())
        _ = tmux.waitForScreen("z") { $0.contains("%") }
        tmux("send-keys", "-t", "z", "laundry fold Gr", "Tab")
        let screen = tmux.waitForScreen("z") { Self.typed($0)?.hasSuffix("}") == true }
        let typed = try XCTUnwrap(Self.typed(screen), screen)
        let words = home.runProgram("/usr/bin/zsh", ["-c", #"print -rl -- ${(Q)${(z)1}}"#, "zsh", typed])
        XCTAssertEqual(words.stdout, "laundry\nfold\n\(name)\n", screen)
    }

    func test_zshTabCompletesANameWithASpace() throws {
        let tmux = Tmux()
        defer { tmux("kill-server") }
        tmux("new-session", "-d", "-s", "z", "-x", "120", "-y", "20", try zshCommand())
        _ = tmux.waitForScreen("z") { $0.contains("%") }
        tmux("send-keys", "-t", "z", "laundry dry B", "Tab")
        let completed = ["laundry dry Bed\\ Sheets", "laundry dry 'Bed Sheets'"]
        let screen = tmux.waitForScreen("z") { completed.contains(Self.typed($0) ?? "") }
        XCTAssertTrue(completed.contains(Self.typed(screen) ?? ""), screen)
    }
}
