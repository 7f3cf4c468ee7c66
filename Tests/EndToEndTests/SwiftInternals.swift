/// Whether a text shows Swift's own words where laundry's belong: a decoding error's dump, a trap's
/// message, a type's module prefix. Spelled as the runtime spells them, here only.
func showsSwiftInternals(_ text: String) -> Bool {
    ["DecodingError", "Fatal error", "Swift."].contains { text.contains($0) }
}
