/// The pseudo-language's catalogue wraps every message in ⟦ ⟧.
public enum PseudoMarkers {
    /// `text` with every ⟦…⟧ (nested ones too) taken out: what did not come from the catalogue.
    public static func outside(_ text: String) -> String {
        var depth = 0
        var outside = ""
        for character in text {
            if character == "⟦" {
                depth += 1
            } else if character == "⟧" {
                depth = max(0, depth - 1)
            } else if depth == 0 {
                outside.append(character)
            }
        }
        return outside
    }
}
