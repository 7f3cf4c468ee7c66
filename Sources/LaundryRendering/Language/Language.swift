import CGettext
@preconcurrency import Glibc
import LaundryCore
import LaundryStore

/// The person's language, the GNU gettext way: the locale from `LC_ALL`, `LC_MESSAGES` and `LANG` (`LANGUAGE` gettext
/// reads itself), the text domain `laundry`, its catalogues `<folder>/<lang>/LC_MESSAGES/laundry.mo`.
public enum Language {
    static let domain = "laundry"

    /// Binds locale and catalogues once, before any text; LC_NUMERIC stays C: no decimal comma in files or `--json`.
    public static func start(environment: [String: String]) { start { environment[$0] } }

    /// The same from a lookup of one variable at a time (`getenv`).
    public static func start(variable: (String) -> String?) {
        // Only what laundry uses of the locale: its characters, messages and clock. Loading all of it
        // (collation, money, paper…) cost 0.3 ms of `laundry status` under de_DE (make bench).
        for category in [LC_CTYPE, LC_MESSAGES, LC_TIME] { setlocale(category, "") }
        // The C locale (no LANG, or one not installed) is English and 24 hours, and gettext ignores LANGUAGE there.
        ClockFace.use(locale: !isPlain(LC_TIME), cycle: nil)
        guard !isPlain(LC_MESSAGES) else { return }
        let folder = catalogueFolder(variable: variable, executable: DataDirectory.currentExecutable())
        guard let folder else { return }
        bindtextdomain(domain, folder)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    private static func isPlain(_ category: Int32) -> Bool {
        guard let name = setlocale(category, nil) else { return true }
        return ["C", "POSIX"].contains(String(cString: name))
    }

    /// 12 or 24 hours whatever the locale says (`"clock"` in config.json, the desktop's setting); nil: the locale's.
    public static func useClock(_ cycle: HourCycle?) {
        ClockFace.use(locale: !isPlain(LC_TIME), cycle: cycle)
    }

    /// Compiled catalogues: `LAUNDRY_LOCALE_DIR`, else by the binary (`<prefix>/share/locale` for
    /// `<prefix>/bin/laundry`, `.build/locale` for `.build/<triple>/<config>/laundry`), the first with a `laundry.mo`.
    static func catalogueFolder(variable: (String) -> String?, executable: String?) -> String? {
        if let folder = variable("LAUNDRY_LOCALE_DIR"), !folder.isEmpty { return folder }
        guard let executable, let slash = executable.lastIndex(of: "/") else { return nil }
        let bin = String(executable[..<slash])
        for candidate in [bin + "/../share/locale", bin + "/../../locale"] where holdsCatalogues(candidate) {
            return candidate
        }
        return nil
    }

    private static func holdsCatalogues(_ folder: String) -> Bool {
        PosixFile.listFolder(folder).contains { access("\(folder)/\($0)/LC_MESSAGES/\(domain).mo", R_OK) == 0 }
    }
}

/// The catalogue's one door: all text people read, English with movable `{placeholders}` (`make pot` finds the calls).
public enum Words {
    /// The person's words for `english`.
    public static func text(_ english: String) -> String {
        // gettext's answer for "" is the catalogue's header.
        guard !english.isEmpty else { return english }
        // Untranslated, gettext returns our own pointer: a temporary copy, gone after the call, so compared, not read.
        return english.withCString { key in
            guard let found = dgettext(Language.domain, key), found != UnsafeMutablePointer(mutating: key) else {
                return english
            }
            return String(cString: found)
        }
    }

    /// The person's words for `english`, with its `{placeholders}` filled.
    public static func text(_ english: String, _ values: [String: String]) -> String {
        TextTemplate.fill(text(english), values)
    }

    /// A message depending on a number, in the person's plural form (Polish has three); `{count}` is the number.
    public static func count(
        _ number: Int, _ singular: String, _ plural: String, _ values: [String: String] = [:]
    ) -> String {
        let form = singular.withCString { one in
            plural.withCString { other in
                guard let found = dngettext(Language.domain, one, other, UInt(max(0, number))),
                    found != UnsafeMutablePointer(mutating: one), found != UnsafeMutablePointer(mutating: other)
                else { return number == 1 ? singular : plural }
                return String(cString: found)
            }
        }
        var all = values
        all["count"] = String(number)
        return TextTemplate.fill(form, all)
    }
}
