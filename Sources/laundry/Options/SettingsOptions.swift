import ArgumentParser
import FoundationEssentials
import LaundryActions
import LaundryCore
import LaundryRendering

/// Settings `adopt` and `set` share; `--kind` differs (a new pet's defaults, or only the kind), so each declares it.
struct SettingsOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "How long a wash takes: " + DurationHelp.forms + ".",
            valueName: "duration"),
        transform: ArgumentParsing.duration)
    var wash: LaundryDuration?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How long drying takes, in the same forms as --wash.", valueName: "duration"),
        transform: ArgumentParsing.duration)
    var dry: LaundryDuration?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "How often it wants washing, in days between 0.01 and 365 (health falls to 0 over this time).",
            valueName: "days"),
        transform: ArgumentParsing.cycleDays)
    var every: Double?

    @Option(
        name: .customLong("last-washed"),
        help: ArgumentHelp(
            "When it was last washed: 2026-11-20, 2026-11-20T18:30 (local, or with a zone: 18:30Z, 18:30+01:00), "
                + "today, yesterday, '3 days ago' (this time of day, on the date 3 days before today's on the "
                + "calendar, whatever daylight saving did meanwhile).", valueName: "date")
    )
    var lastWashed: String?

    var isEmpty: Bool { wash == nil && dry == nil && every == nil && lastWashed == nil }

    /// The kind's id for what was typed (`KindCatalog.kind(typed:)`). Kinds come from the data folder, so they are
    /// checked once it is found; a wrong one is still a usage error, worded as the domain's refusal.
    static func kindID(_ typed: String?, in catalog: KindCatalog) throws -> String? {
        guard let typed else { return nil }
        if let kind = catalog.kind(typed: typed) { return kind.id }
        throw ValidationError(ErrorText.line(for: PetError.unknownKind(typed, known: catalog.kinds)) ?? typed)
    }

    func settings(name: PetName?, kind: String?, now: Date) throws -> PetSettings {
        var date: Date?
        if let lastWashed {
            do { date = try DateInputParser().parse(lastWashed, now: now) } catch {
                throw ValidationError("--last-washed: \(ErrorText.line(for: error) ?? "\(error)")")
            }
        }
        return PetSettings(
            name: name, kind: kind?.lowercased(), washDuration: wash, dryDuration: dry,
            cycleDays: every, lastWashed: date)
    }
}
