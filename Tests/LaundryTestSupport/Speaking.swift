import Foundation
import LaundryCore
import LaundryRendering

/// Runs rendering code in another language, in this process: the locale from the test locales
/// `make test` generates (`.build/test-locales`, read through LOCPATH), the catalogues `make
/// locales` compiles (`.build/locale`); English again afterwards.
public enum Speaking {
    public static let languages = ["de", "fr", "es", "pl"]
    public static let locales = [
        "de": "de_DE.UTF-8", "fr": "fr_FR.UTF-8", "es": "es_ES.UTF-8", "pl": "pl_PL.UTF-8",
        "en@pseudo": "en_US.UTF-8", "en_US": "en_US.UTF-8", "en_GB": "en_GB.UTF-8",
    ]

    public static func `in`<Value>(_ language: String, _ body: () throws -> Value) rethrows -> Value {
        setenv("LOCPATH", SourceTree.root + "/.build/test-locales", 1)
        setenv("LC_ALL", locales[language] ?? language, 1)
        setenv("LANGUAGE", language.contains("_") ? "" : language, 1)
        Language.start(environment: ["LAUNDRY_LOCALE_DIR": SourceTree.root + "/.build/locale"])
        defer {
            unsetenv("LC_ALL")
            unsetenv("LANGUAGE")
            setlocale(LC_ALL, "C")
            Language.useClock(nil)
            Numbers.use(locale: false)
        }
        return try body()
    }
}
