import Foundation
import LaundryTestSupport
import XCTest

/// The real binary in other languages: the locales of scripts/make-test-locales.sh, the catalogues
/// `make locales` compiles into .build/locale (beside the binary, where it looks for them).
final class LanguageEndToEndTests: XCTestCase {
    static let now = "2026-11-24T14:32:00Z"

    private func home() -> LaundryHome {
        let home = LaundryHome()
        home.environment["LAUNDRY_FAKE_NOW"] = Self.now
        home.ok("adopt", "Socks")
        return home
    }

    /// The translation of `english` in po/<language>.po, as the catalogue holds it (its plain form, no variant).
    static func translation(of english: String, in language: String) throws -> String {
        let message = try Catalogue("\(language).po").messages.first { $0.english == english && $0.context == nil }
        return try XCTUnwrap(message?.translations.first, "'\(english)' in \(language).po")
    }

    func test_aMoveIsReportedInThePersonsLanguage() throws {
        for (language, locale) in [
            ("de", "de_DE.UTF-8"), ("fr", "fr_FR.UTF-8"), ("es", "es_ES.UTF-8"), ("pl", "pl_PL.UTF-8"),
        ] {
            let home = home()
            let said = home.ok("wash", "Socks", "--for", "45m", environment: ["LANG": locale]).stdout
            let template = try Self.translation(of: "{icon} Washing {name} for {length}, done at {ends}.", in: language)
            let expected = template.replacingOccurrences(of: "{icon}", with: "🫧")
                .replacingOccurrences(of: "{name}", with: "Socks").replacingOccurrences(of: "{length}", with: "45m")
                .replacingOccurrences(of: "{ends}", with: "15:17")
            XCTAssertEqual(said, expected + "\n", language)
        }
    }

    /// A scripted session in each language (every command, the refusals and errors of issue 47, a running daemon with
    /// no session bus, a released history's loads and numbers) says no English word of laundry's own: no word of a
    /// message's English that the language's catalogue never says itself. What is typed as written in every language
    /// (commands, options, config.json's keys, the words `--last-washed` takes), README's section names, paths, names
    /// and the locale's own month and day names are not laundry's words.
    func test_aScriptedSessionSaysNoEnglishWordOfLaundrysOwn() throws {
        let english = Set(
            try Catalogue("laundry.pot").messages.flatMap {
                Catalogue.words(Catalogue.withoutInput($0.english + " " + ($0.englishPlural ?? "")))
            }.filter { $0.count >= 3 }.map { $0.lowercased() })
        for (language, locale) in [
            ("de", "de_DE.UTF-8"), ("fr", "fr_FR.UTF-8"), ("es", "es_ES.UTF-8"), ("pl", "pl_PL.UTF-8"),
        ] {
            let own = Set(
                try Catalogue("\(language).po").messages.flatMap(\.translations).flatMap {
                    Catalogue.words(Catalogue.withoutInput($0))
                }.map { $0.lowercased() })
            // The locale's month and day names (Spanish "ago" is August).
            let calendar = Spawn.run(
                "/usr/bin/locale", ["abmon", "abday", "mon", "day"],
                environment: ["LC_ALL": locale, "LOCPATH": SourceTree.root + "/.build/test-locales"])
            let locales = Set(Catalogue.words(calendar.stdout).map { $0.lowercased() })
            let foreign = english.subtracting(own).subtracting(locales)
            for (arguments, output) in try session(locale: locale) {
                var text = output
                for pattern in Self.notLaundrysWords {
                    text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
                }
                let said = Catalogue.words(text).filter { foreign.contains($0.lowercased()) }
                XCTAssertEqual(said, [], "\(language): laundry \(arguments.joined(separator: " ")): \(output)")
            }
        }
    }

    /// What a session's output may hold that is not laundry's words: README's section names (README is English),
    /// URLs, file names, paths, commands, options, environment variables, config.json's keys, `--last-washed`'s words,
    /// units, the kinds' ids listed for `--kind`, quoted keys and commands, this session's names and typos, and the
    /// notification server's capabilities.
    private static let notLaundrysWords = [
        #"README: [^)]*"#, #"\b[a-z]+s?://[^\s"')]*"#, #"\b[\w-]+\.(json|desktop|service|log)\b"#, #"/[^\s,;:)']*"#,
        #"laundry: (error|warning):"#, #"\blaundry( [a-z][a-z-]*){0,2}"#, #"--[a-z-]+"#, #"<[a-z-]+>"#,
        #"\b[A-Z]+(_[A-Z]+)+\b"#, #"\b[a-z]+([A-Z][a-z0-9]*|\.[a-z][a-zA-Z0-9]*)+\b"#,
        #"'(today|yesterday|3 days ago)'"#, #"\bkWh\b"#,
        // Quoted: a config.json key ("person") and a command offered for a typo ('status').
        #""[a-zA-Z]+""#, #"'[a-z][a-z-]*'"#,
        #"\b(clothes|sheets|towels|delicates)( \([^)]*\))?(, (clothes|sheets|towels|delicates)( \([^)]*\))?)+"#,
        #"\b(Socken|Sockn|Ana|Zeta2?|demain|weekly|jeans|Ben)\b"#,
        // The notification server's own capabilities, as `daemon status` lists them ("icon-static").
        #"\(actions, body[^)]*\)"#,
    ]

    /// Each command of the session, with all it printed.
    private func session(locale: String) throws -> [([String], String)] {
        let home = LaundryHome()
        home.environment["LAUNDRY_FAKE_NOW"] = Self.now
        home.environment["LANG"] = locale
        var said: [([String], String)] = []
        func run(_ arguments: [String]) {
            let result = home.run(arguments)
            said.append((arguments, result.stdout + result.stderr))
        }
        for arguments in [
            ["adopt", "Socken"], ["adopt", "Ana", "--kind", "towels"], ["wash", "Socken", "--for", "45m"],
            ["fold", "Socken"], ["dry", "Socken"], ["status"], ["status", "Socken"], ["list"], ["pause", "Socken"],
            ["fold", "Socken"], ["pause", "Socken"], ["resume", "Socken"], ["resume", "Socken"], ["finish", "Socken"],
            ["dry", "Socken"], ["cancel", "Socken"], ["cancel", "Ana"],
            ["set", "Ana", "--every", "3", "--kind", "sheets"],
            ["set", "Ana", "--last-washed", "demain"], ["set", "Ana", "--last-washed", "1960-01-01"],
            ["history", "--since", "demain"], ["history"], ["loads"], ["stats"], ["doctor"], ["snooze", "Ana"],
            ["household"], ["daemon", "status"], ["wash", "Sockn"], ["wash"], ["adopt", "Socken"],
            ["adopt", "Zeta", "--kind", "jeans"], ["set", "Ana", "--every", "weekly"], ["status", "--format"],
            ["history", "--limit", "x"], ["release", "Ana", "--yes"],
            // A wash as typed by default (no --for), the length refusals, command typos and a bare length.
            ["adopt", "Zeta", "--kind", "delicates"], ["wash", "Zeta"], ["status", "Zeta"], ["cancel", "Zeta"],
            ["wash", "Zeta", "--for", "99x"], ["wash", "Zeta", "--for", "1:99"], ["wash", "Zeta", "5m"], ["stauts"],
            ["help", "nonsense"], ["snooze", "Zeta", "--off"], ["set", "Zeta", "--name", "Zeta2", "--wash", "50m"],
            ["plan", "Zeta2", "--finish-by", "22:00"], ["stats", "--people"], ["household", "turns", "Ana", "Ben"],
            ["nudge", "Ben", "Zeta2"],
        ] {
            run(arguments)
        }
        // config.json's mistakes as doctor names them: a missing key, wrong types, and bad JSON.
        for config in [
            #"{"quietHours": {"from": "22:00"}}"#, #"{"nagLimit": "many", "person": 7}"#, #"{"person": "Ana""#,
        ] {
            try home.writeConfig(config)
            run(["doctor"])
        }
        // The daemon's report with a load running and no session bus to keep this computer awake through.
        let daemon = LaundryHome()
        try daemon.allowDaemon()
        daemon.environment["LANG"] = locale
        daemon.environment["DBUS_SESSION_BUS_ADDRESS"] = nil
        daemon.ok("adopt", "Socken")
        defer { daemon.run(["daemon", "stop"]) }
        daemon.ok("wash", "Socken", "--for", "1h")
        XCTAssertTrue(
            waitUntil(10) { (daemon.daemonStatus["awake"] as? [String: Any])?["why"] != nil }, daemon.daemonLog)
        let status = daemon.run(["daemon", "status"])
        said.append((["daemon", "status"], status.stdout + status.stderr))
        // A released history: loads, numbers and people.
        let fixture = SourceTree.root + "/Tests/Fixtures/0.1.0"
        let released = LaundryHome(shared: true)
        try FileManager.default.removeItem(atPath: released.data)
        try FileManager.default.copyItem(atPath: fixture + "/home", toPath: released.data)
        released.environment["LAUNDRY_FAKE_NOW"] = "2026-11-05T12:00:00Z"
        released.environment["LANG"] = locale
        // Its pets are named in English (Towels, Sheets): names, so taken out here and only here, where the English
        // kinds' names would not be.
        let names = #"\b(Towels|Socks|Bedding|Sheets|Wool|Gone|Ana|Ben|eco|quick)\b"#
        for arguments in [["history"], ["loads"], ["stats"], ["stats", "--people"], ["household"]] {
            let result = released.run(arguments)
            let output = (result.stdout + result.stderr).replacingOccurrences(
                of: names, with: " ", options: .regularExpression)
            said.append((arguments, output))
        }
        return said
    }

    /// `--kind` takes the kind's name in the person's words as well as its id: the refusal lists both.
    func test_aKindIsTakenByItsNameInThePersonsLanguage() throws {
        let home = home()
        let german = ["LANG": "de_DE.UTF-8"]
        let towels = try Self.translation(of: "Towels", in: "de")
        home.ok("adopt", "Tuch", "--kind", towels.lowercased(), environment: german)
        XCTAssertEqual(home.pet("Tuch")["kind"] as? String, "towels")
        home.ok("set", "Tuch", "--kind", try Self.translation(of: "Sheets", in: "de"), environment: german)
        XCTAssertEqual(home.pet("Tuch")["kind"] as? String, "sheets")
        let refused = home.run(["adopt", "Jeans", "--kind", "jeans"], environment: german)
        XCTAssertEqual(refused.status, 64, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("towels (\(towels))"), refused.stderr)
    }

    func test_languageListAndLcMessagesAreHonouredAsGettextDoes() {
        let home = home()
        // The same refusal (no countdown in it) in English, German and French, only the language set.
        let refusal = { (environment: [String: String]) in
            home.run(["fold", "Socks"], environment: environment).stderr
        }
        let english = refusal(["LANG": "C.UTF-8"])
        let german = refusal(["LANG": "de_DE.UTF-8"])
        let french = refusal(["LANG": "fr_FR.UTF-8"])
        XCTAssertEqual(Set([english, german, french]).count, 3, "three languages: \(english)\(german)\(french)")
        XCTAssertEqual(
            refusal(["LANG": "en_US.UTF-8", "LANGUAGE": "de"]), german, "LANGUAGE=de wins over LANG=en_US")
        XCTAssertEqual(refusal(["LANG": "C.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]), french, "LC_MESSAGES=fr")
        XCTAssertEqual(
            refusal(["LANG": "de_DE.UTF-8", "LC_ALL": "C", "LANGUAGE": "de"]), english,
            "LC_ALL=C silences LANGUAGE, as gettext does")
    }

    func test_aLocaleNotInstalledOrALanguageWithoutACatalogueFallsBackToEnglishWithNoError() {
        let home = home()
        let english = home.ok("status").stdout
        XCTAssertNotEqual(english, home.ok("status", environment: ["LANG": "de_DE.UTF-8"]).stdout, "German is not")
        for environment in [["LANG": "nl_NL.UTF-8"], ["LANG": "it_IT.UTF-8", "LANGUAGE": "it"], ["LANG": "xx_YY"]] {
            let result = home.run(["status"], environment: environment)
            XCTAssertEqual(result.status, 0, "\(environment): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", "\(environment)")
            XCTAssertEqual(result.stdout, english, "\(environment): the English table")
        }
        // A locale that exists here but has no catalogue: English too.
        let british = home.run(["status"], environment: ["LANG": "en_GB.UTF-8"])
        XCTAssertEqual(british.stderr, "")
        XCTAssertEqual(british.stdout, english)
    }

    func test_jsonIsTheSameBytesUnderEveryLocale() {
        let home = home()
        home.ok("adopt", "Towels", "--kind", "towels")
        home.ok("wash", "Socks", "--for", "1s")
        // An hour on, the wash has ended: nothing in the output moves with the clock between runs.
        let later = ["LAUNDRY_FAKE_NOW": "2026-11-24T15:32:00Z"]
        let english = home.ok("status", "--json", environment: later).stdout
        let history = home.ok("history", "--json", environment: later).stdout
        XCTAssertTrue(english.contains("\"stage\" : \"washed\""), english)
        for locale in ["de_DE.UTF-8", "fr_FR.UTF-8", "es_ES.UTF-8", "pl_PL.UTF-8", "en_US.UTF-8"] {
            let environment = later.merging(["LANG": locale]) { $1 }
            XCTAssertEqual(home.ok("status", "--json", environment: environment).stdout, english, locale)
            XCTAssertEqual(home.ok("history", "--json", environment: environment).stdout, history, locale)
        }
    }

    func test_timesFollowTheLocalesClockAndTheClockSetting() throws {
        let home = home()
        let wash = { (locale: String) in
            shownTimes(home.ok("wash", "Socks", "--for", "45m", environment: ["LANG": locale]).stdout)
        }
        XCTAssertEqual(wash("en_US.UTF-8"), ["3:17 PM"], "en_US counts 12 hours")
        home.ok("cancel", "Socks")
        XCTAssertEqual(wash("en_GB.UTF-8"), ["15:17"], "en_GB counts 24")
        // The card's end: the last time on it, after the countdown.
        let card = { (locale: String) in
            shownTimes(home.ok("status", "Socks", environment: ["LANG": locale]).stdout).last
        }
        XCTAssertEqual(card("en_US.UTF-8"), "3:17 PM")
        try home.writeConfig(#"{"clock": "24h"}"#)
        XCTAssertEqual(card("en_US.UTF-8"), "15:17", "config.json's clock wins over the locale")
        try home.writeConfig(#"{"clock": "12h"}"#)
        XCTAssertEqual(card("de_DE.UTF-8")?.hasPrefix("3:17"), true, "and a 12-hour clock in German too")
    }
}

/// A real popup in German, through dunst, with its buttons; and the hook's words for a phone.
final class LanguagePopupEndToEndTests: DaemonTestCase {
    func test_aFinishedWashPopsUpInGermanWithItsButtons() throws {
        home.environment["LANG"] = "de_DE.UTF-8"
        let name = "Socken \(marker)"
        home.ok("adopt", name)
        home.ok("wash", name, "--for", "1s")
        XCTAssertTrue(waitUntil(8) { !NotifyLog.calls(mentioning: marker).isEmpty }, log)
        let popup = try XCTUnwrap(NotifyLog.calls(mentioning: marker).first)
        func german(_ english: String) throws -> String {
            try LanguageEndToEndTests.translation(of: english, in: "de")
        }
        XCTAssertEqual(popup.summary, try german("🫧 Wash Complete!"))
        XCTAssertEqual(
            popup.body, try german("{name} is ready for the dryer!").replacingOccurrences(of: "{name}", with: name))
        XCTAssertEqual(
            popup.actions,
            [
                "dry", try german("Start dryer"), "air-dry", try german("Air-dry"), "snooze",
                try german("Snooze 10 min"),
                "default", try german("Got it"),
            ])
        XCTAssertNotEqual(popup.summary, "🫧 Wash Complete!", "German, not English")
    }
}
