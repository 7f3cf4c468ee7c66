// The start-up floor `make bench` holds laundry to: a Swift program built as laundry is (static
// standard library, -Osize, stripped) that does the least any laundry command does — imports
// FoundationEssentials, decodes one JSON object with JSONDecoder, reads the clock, prints a line.
import FoundationEssentials

struct Probe: Decodable {
    let name: String
    let count: Int
}

let probe = try JSONDecoder().decode(Probe.self, from: Data(#"{"name":"laundry","count":1}"#.utf8))
print(probe.name, probe.count, Date().timeIntervalSince1970 > 0)
