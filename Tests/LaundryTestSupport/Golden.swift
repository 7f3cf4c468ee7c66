import Foundation

/// Text compared with a file committed under `Tests/Golden/`, so a review reads every message or
/// help page at once and a change to one shows in the diff. `LAUNDRY_UPDATE_GOLDEN=1 swift test`
/// writes the files instead of comparing.
public enum Golden {
    public static func path(_ name: String) -> String { SourceTree.root + "/Tests/Golden/" + name }

    /// Nil when `text` is the file's content; else what differs first, and how to accept it.
    public static func difference(_ text: String, _ name: String) -> String? {
        let file = path(name)
        if ProcessInfo.processInfo.environment["LAUNDRY_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? text.write(toFile: file, atomically: true, encoding: .utf8)
            return nil
        }
        guard let expected = try? String(contentsOfFile: file, encoding: .utf8) else {
            return "no golden file \(file): write it with LAUNDRY_UPDATE_GOLDEN=1 swift test"
        }
        guard text != expected else { return nil }
        let got = text.components(separatedBy: "\n")
        let wanted = expected.components(separatedBy: "\n")
        let line =
            zip(got, wanted).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, wanted.count)
        let gotLine = line < got.count ? got[line] : "(end)"
        let wantedLine = line < wanted.count ? wanted[line] : "(end)"
        return "\(name) differs at line \(line + 1):\n  now:    \(gotLine)\n  golden: \(wantedLine)\n"
            + "if the change is meant, run LAUNDRY_UPDATE_GOLDEN=1 swift test and commit the file"
    }
}
