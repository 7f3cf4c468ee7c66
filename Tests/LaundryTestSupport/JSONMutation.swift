/// One random damage to a JSON document, for the tests that hold laundry's fast readers to
/// `JSONDecoder`: a byte removed, changed or made invalid UTF-8, a piece of JSON (or of the
/// document's own vocabulary, `extraPieces`) inserted, or a `null` after a colon.
public enum JSONMutation {
    public static func mutate(_ bytes: inout [UInt8], random: inout SplitMix64, extraPieces: [String] = []) {
        let position = random.below(bytes.count)
        let pieces =
            [" ", "\t", "\\n", "\\\"", ",", "}", "null", #""x":1,"#, #""id":"y","#, "\u{01}", "é", "0"]
            + extraPieces
        switch random.below(5) {
        case 0: bytes.remove(at: position)
        case 1: bytes[position] = UInt8(random.below(128))
        case 2: bytes.insert(contentsOf: Array(pieces[random.below(pieces.count)].utf8), at: position)
        case 3: bytes[position] = 0xFF
        default:
            if let colon = bytes.indices.filter({ bytes[$0] == UInt8(ascii: ":") }).randomElement(using: &random) {
                bytes.insert(contentsOf: Array(" null ".utf8), at: colon + 1)
            }
        }
    }
}
