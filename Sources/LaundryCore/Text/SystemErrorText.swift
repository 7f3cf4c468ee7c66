@preconcurrency import Glibc

/// `strerror` in lower case, as the middle of a sentence.
public enum SystemErrorText {
    public static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let message = String(cString: text)
        return message.prefix(1).lowercased() + message.dropFirst()
    }
}
