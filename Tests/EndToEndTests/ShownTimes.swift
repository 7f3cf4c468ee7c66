import Foundation

/// The clock times a text shows (`02:30`, `Sun 01:00`, `3:17 PM`), not the words around them nor a
/// countdown of hours (`2:00:00`): the fact a test of local time is about, in any wording or language.
func shownTimes(_ text: String) -> [String] {
    let pattern = try! NSRegularExpression(
        pattern: #"(?<![\d:])(?:[A-Z][a-z]{1,2}\.? )?\d{1,2}:\d{2}(?!\d|:\d)(?: [AP]M)?"#)
    return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
        String(text[Range($0.range, in: text)!])
    }
}
