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

    /// What was wrong with a JSON file, for messages: never the raw `DecodingError` dump.
    public static func problem(_ error: any Error) -> JSONProblem {
        guard let decodingError = error as? DecodingError else { return .notJSON }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        }
        switch decodingError {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? .notJSON : .malformedValue(at: path(context))
        case .keyNotFound(let key, let context):
            return .missingField(key.stringValue, at: path(context))
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return .wrongType(at: path(context))
        @unknown default:
            return .notJSON
        }
    }
}
