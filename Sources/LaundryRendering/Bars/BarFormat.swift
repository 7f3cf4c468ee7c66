import FoundationEssentials
import LaundryCore

/// `status --format` bars (`json` is `list --json`'s). Showing nothing, each prints what hides its module: an empty
/// line, or `{"full_text":""}` for i3blocks' JSON (1.4 takes an empty line for a closed pipe, keeping old text).
public enum BarFormat: String, CaseIterable, Sendable {
    case waybar, i3blocks, polybar, tmux, plain, json

    /// Colours by attention: a load under way, a load waiting to be moved, a pet in trouble.
    static func hexColour(_ attention: BarStatus.Attention) -> String? {
        switch attention {
        case .running: return "#61afef"
        case .waiting: return "#e5c07b"
        case .warning: return "#e06c75"
        case .idle: return nil
        }
    }

    static func tmuxColour(_ attention: BarStatus.Attention) -> String? {
        switch attention {
        case .running: return "blue"
        case .waiting: return "yellow"
        case .warning: return "red"
        case .idle: return nil
        }
    }

    /// Text from a pet, made harmless in this bar's markup (a template's own text may use the markup on purpose).
    public func escaped(_ text: String) -> String {
        switch self {
        case .waybar: return BarEscape.pango(text)
        case .polybar: return BarEscape.polybar(text)
        case .tmux: return BarEscape.tmux(text)
        case .i3blocks, .plain, .json: return text
        }
    }

    /// The output for one moment, no final newline. `text`: the line in this bar's markup (a rendered `--template`),
    /// else the status's own; `streaming` (`--follow`): one line per update (i3blocks speaks JSON, `json` is compact).
    public func render(_ status: BarStatus, text: String? = nil, streaming: Bool = false) -> String {
        if self == .json { return Self.json(status.views, compact: streaming) }
        let shown = status.focus == nil ? "" : text ?? escaped(status.text)
        if shown.isEmpty { return self == .i3blocks && streaming ? Self.oneLineJSON(I3BlocksLine.hidden) : "" }
        let colour = Self.hexColour(status.attention)
        switch self {
        case .waybar:
            return Self.oneLineJSON(
                WaybarLine(
                    text: shown, tooltip: escaped(status.tooltipLines.joined(separator: "\n")),
                    class: status.attention.rawValue, percentage: status.percentage))
        case .i3blocks:
            let short = text ?? status.shortText
            guard streaming else { return [shown, short, colour ?? ""].joined(separator: "\n") }
            return Self.oneLineJSON(I3BlocksLine(fullText: shown, shortText: short, color: colour))
        case .polybar:
            return colour.map { "%{F\($0)}\(shown)%{F-}" } ?? shown
        case .tmux:
            return Self.tmuxColour(status.attention).map { "#[fg=\($0)]\(shown)#[fg=default]" } ?? shown
        case .plain, .json:
            return shown
        }
    }

    private struct WaybarLine: Encodable {
        let text: String
        let tooltip: String
        let `class`: String
        let percentage: Int
    }

    private struct I3BlocksLine: Encodable {
        let fullText: String
        let shortText: String?
        let color: String?

        /// What hides the block.
        static let hidden = I3BlocksLine(fullText: "", shortText: nil, color: nil)

        enum CodingKeys: String, CodingKey {
            case fullText = "full_text"
            case shortText = "short_text"
            case color
        }
    }

    private static func oneLineJSON(_ value: some Encodable) -> String {
        let data = (try? JSONCoding.encoder(pretty: false).encode(value)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private static func json(_ views: [PetView], compact: Bool) -> String {
        (try? JSONOutput.text(views.map(PetJSON.init), pretty: !compact)) ?? ""
    }
}

/// Each bar's markup, made harmless in text that comes from a pet's name.
enum BarEscape {
    /// waybar shows text and tooltip as Pango markup: the notification body's escaping serves.
    static func pango(_ text: String) -> String { AnnouncementWriter.escapeMarkup(text) }

    /// polybar starts a tag at every `%{` with no escape (3.6; `%%` is open request polybar #2748). An empty offset tag
    /// between them, `%{O0}`, draws nothing: `%`, `%{O0}`, `{` shows as `%{` (seen in polybar 3.6.3).
    static func polybar(_ text: String) -> String {
        text.replacing("%{", with: "%%{O0}{")
    }

    /// tmux reads a `#()` job's output twice: as a format (`##` is one `#`), then as styles (a `#` run draws half). So
    /// a run of k `#` is written 4k times, or 2k before `[`, where the second pass must see `##[` to draw it literally.
    static func tmux(_ text: String) -> String {
        var escaped = ""
        var run = 0
        for character in text {
            if character == "#" {
                run += 1
                continue
            }
            if run > 0 { escaped += String(repeating: "#", count: run * (character == "[" ? 2 : 4)) }
            run = 0
            escaped.append(character)
        }
        if run > 0 { escaped += String(repeating: "#", count: run * 4) }
        return escaped
    }
}
