import Foundation
import LaundryTestSupport

/// `po/glossary.tsv`: for each of laundry's terms, its English forms and, per language, the one word to use and the
/// synonyms not to use (patterns: whole words, any case, `*` for any letters).
struct Glossary {
    struct Term {
        var name: String
        var english: Set<String>
        /// Per language: the patterns of its word, and of the words it avoids.
        var words: [String: (use: [String], avoid: [String])]
    }

    var terms: [Term]
    var languages: Set<String>

    static func read() throws -> Glossary {
        try Glossary(text: String(contentsOfFile: SourceTree.root + "/po/glossary.tsv", encoding: .utf8))
    }

    init(text: String) {
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        let header = rows.first ?? []
        let languages = header.dropFirst(2).filter { !$0.hasSuffix(" avoid") }
        self.languages = Set(languages)
        terms = rows.dropFirst().map { row in
            func column(_ name: String) -> [String] {
                guard let index = header.firstIndex(of: name), index < row.count else { return [] }
                return row[index].split(separator: " ").map(String.init)
            }
            return Term(
                name: row[0], english: Set(column("english").map { $0.lowercased() }),
                words: Dictionary(uniqueKeysWithValues: languages.map { ($0, (column($0), column($0 + " avoid"))) }))
        }
    }

    /// Each message of `catalogue` (in `language`) whose English has a term and whose translation lacks the term's
    /// word or uses a word to avoid, with why.
    func problems(in catalogue: Catalogue, language: String) -> [String] {
        var problems: [String] = []
        for message in catalogue.messages {
            let english = Set(
                Catalogue.words(Catalogue.withoutInput(message.english + " " + (message.englishPlural ?? "")))
                    .map { $0.lowercased() })
            for term in terms where !english.isDisjoint(with: term.english) {
                guard let (use, avoid) = term.words[language] else { continue }
                for translation in message.translations where !translation.isEmpty {
                    let words = Catalogue.words(Catalogue.withoutInput(translation))
                    if !use.isEmpty, !words.contains(where: { Self.matches($0, any: use) }) {
                        problems.append(
                            "\(language) \(term.name): '\(translation)' lacks \(use) ('\(message.english)')")
                    }
                    let avoided = words.filter { Self.matches($0, any: avoid) }
                    if !avoided.isEmpty {
                        problems.append(
                            "\(language) \(term.name): '\(translation)' uses \(avoided) ('\(message.english)')")
                    }
                }
            }
        }
        return problems
    }

    /// Whether `word` is one of `patterns` (whole, any case; `*`: any letters).
    static func matches(_ word: String, any patterns: [String]) -> Bool {
        let word = Array(word.lowercased())
        return patterns.contains { glob(Array($0.lowercased())[...], word[...]) }
    }

    private static func glob(_ pattern: ArraySlice<Character>, _ word: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return word.isEmpty }
        if first == "*" {
            return (0...word.count).contains { glob(pattern.dropFirst(), word.dropFirst($0)) }
        }
        return word.first == first && glob(pattern.dropFirst(), word.dropFirst())
    }
}
