import FoundationEssentials

/// The one JSON dialect of every file: sorted keys, dates as ISO 8601 UTC with milliseconds.
public enum JSONCoding {
    public static func encoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.format(date))
        }
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Timestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
            }
            return date
        }
        return decoder
    }

    /// A short reason for a decoding failure, for messages: never the raw `DecodingError` dump.
    public static func reason(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return "it is not valid JSON" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "" : " at '\(keys.joined(separator: "."))'"
        }
        switch decodingError {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "it is not valid JSON" : "a value\(path(context)) is malformed"
        case .keyNotFound(let key, let context):
            return "the field '\(key.stringValue)'\(path(context)) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "a value\(path(context)) has the wrong type"
        @unknown default:
            return "it is not valid JSON"
        }
    }
}
