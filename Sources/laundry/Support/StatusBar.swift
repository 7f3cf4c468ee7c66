import FoundationEssentials
import LaundryCore
import LaundryRendering

/// `status --format`: a status bar's output, computed afresh from the files for each moment.
struct StatusBar {
    let context: AppContext
    let format: BarFormat
    let template: BarTemplate?
    /// Only this pet, when one was named.
    let pet: String?

    func load() throws -> [PetState] {
        try pet.map { [try context.laundry.pet($0)] } ?? context.laundry.pets()
    }

    /// The output for now (no newline) and when it may next change by itself; `states`: pets already loaded, else read.
    func render(_ states: [PetState]? = nil, streaming: Bool) throws -> (text: String, next: Date) {
        let laundry = context.laundry
        let states = try states ?? load()
        let now = laundry.now
        let views = PetListing.views(states, laundry, loadIDs: format == .json)
        let status = BarStatus(views: views, now: now)
        let text: String
        if format == .json, pet != nil, let view = views.first {
            // One pet named: its object, as `status <pet> --json` prints it.
            text = try JSONOutput.text(PetJSON(view), pretty: !streaming)
        } else {
            text = format.render(status, text: template?.render(status, escape: format.escaped), streaming: streaming)
        }
        // A template without a countdown or a progress changes at most each minute.
        let countsSeconds = template.map { !$0.fields.isDisjoint(with: [.left, .percentage]) } ?? true
        return (text, BarRefresh.next(status, countsSeconds: countsSeconds))
    }

    func printOnce() throws {
        Terminal.write(try render(streaming: false).text + "\n")
    }
}
