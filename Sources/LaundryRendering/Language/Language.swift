import CGettext
@preconcurrency import Glibc
import LaundryCore
import LaundryStore

/// The person's language, the GNU gettext way: the locale from `LC_ALL`, `LC_MESSAGES` and `LANG` (`LANGUAGE` gettext
/// reads itself), the text domain `laundry`, its catalogues `<folder>/<lang>/LC_MESSAGES/laundry.mo`.
public enum Language {
    static let domain = "laundry"

    /// Binds locale and catalogues once, before any text; LC_NUMERIC stays C: no decimal comma in files or `--json`
    /// (`Numbers` reads the locale's marks beside it for what a person reads).
    public static func start(environment: [String: String]) { start { environment[$0] } }

    /// The same from a lookup of one variable at a time (`getenv`).
    public static func start(variable: (String) -> String?) {
        // Only what laundry uses of the locale: its characters, messages and clock. Loading all of it
        // (collation, money, paper…) cost 0.3 ms of `laundry status` under de_DE (make bench).
        for category in [LC_CTYPE, LC_MESSAGES, LC_TIME] { setlocale(category, "") }
        // The C locale (no LANG, or one not installed) is English and 24 hours, and gettext ignores LANGUAGE there.
        ClockFace.use(locale: !isPlain(LC_TIME), cycle: nil)
        Numbers.use(locale: true)
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
    public static func text(_ english: String) -> String { translation(of: english) ?? english }

    /// The person's words for `english` where the same English means something else elsewhere (gettext's msgctxt):
    /// `text("fold", context: "a move: cannot … {name}")`.
    public static func text(_ english: String, context: String) -> String {
        translation(of: context + "\u{04}" + english) ?? english
    }

    /// The person's words for `english`, with its `{placeholders}` filled; a name that starts with a vowel takes the
    /// catalogue's variant for it where the language has one (`NameVariant`).
    public static func text(_ english: String, _ values: [String: String]) -> String {
        for context in NameVariant.contexts(english, values) {
            if let variant = translation(of: context + "\u{04}" + english) { return TextTemplate.fill(variant, values) }
        }
        return TextTemplate.fill(text(english), values)
    }

    /// The catalogue's variant of `english` for `context`, or nil when it has none (`MessageCatalog` keeps them).
    static func variant(of english: String, context: String) -> String? {
        translation(of: context + "\u{04}" + english)
    }

    /// gettext's answer for `key`, or nil when the catalogue has none.
    private static func translation(of key: String) -> String? {
        // gettext's answer for "" is the catalogue's header.
        guard !key.isEmpty else { return nil }
        // Untranslated, gettext returns our own pointer: a temporary copy, gone after the call, so compared, not read.
        return key.withCString { pointer in
            guard let found = dgettext(Language.domain, pointer), found != UnsafeMutablePointer(mutating: pointer)
            else { return nil }
            return String(cString: found)
        }
    }

    /// A message depending on a number, in the person's plural form (Polish has three); `{count}` is the number.
    public static func count(
        _ number: Int, _ singular: String, _ plural: String, _ values: [String: String] = [:]
    ) -> String {
        var all = values
        all["count"] = Numbers.integer(number)
        for context in NameVariant.contexts(singular + plural, values) {
            if let form = pluralForm(number, context + "\u{04}" + singular, plural) {
                return TextTemplate.fill(form, all)
            }
        }
        let form = pluralForm(number, singular, plural) ?? (number == 1 ? singular : plural)
        return TextTemplate.fill(form, all)
    }

    private static func pluralForm(_ number: Int, _ singular: String, _ plural: String) -> String? {
        singular.withCString { one in
            plural.withCString { other in
                guard let found = dngettext(Language.domain, one, other, UInt(max(0, number))),
                    found != UnsafeMutablePointer(mutating: one), found != UnsafeMutablePointer(mutating: other)
                else { return nil }
                return String(cString: found)
            }
        }
    }
}

/// How a name joins the word before it is the catalogue's to say: a message with a name in it has a variant under
/// the context `{name} starts with a vowel` (French writes `au tour d'Ana`, not `au tour de Ana`), which a language
/// translates where it needs one and leaves empty elsewhere; the plain message is the fallback. `make pot` adds the
/// variants (scripts/extract-messages.py's `NAME_KEYS` are `keys`).
public enum NameVariant {
    /// The placeholders that hold a name: a pet's, a person's.
    static let keys = ["name", "person", "pet"]

    /// The context of the variant for a name in `key` that starts with a vowel.
    public static func vowelContext(_ key: String) -> String { "{\(key)} starts with a vowel" }

    /// The variants' contexts to try for these values, in order: each name in `english` that starts with a vowel.
    static func contexts(_ english: String, _ values: [String: String]) -> [String] {
        keys.compactMap { key in
            guard let value = values[key], startsWithVowel(value), english.contains("{\(key)}") else { return nil }
            return vowelContext(key)
        }
    }

    /// Whether `name`'s first character is a vowel (with or without its accent; not `y` or `h`, which French
    /// elides before some names and not others).
    public static func startsWithVowel(_ name: String) -> Bool {
        guard let first = name.first else { return false }
        return first.lowercased().unicodeScalars.first.map { vowels.contains($0) } ?? false
    }

    private static let vowels = Set(
        [
            "aàáâãäåāăąæ", "eèéêëēĕėęě", "iìíîïĩīĭįı",
            "oòóôõöøōŏőœ", "uùúûüũūŭůűų",
        ].joined().unicodeScalars)
}
