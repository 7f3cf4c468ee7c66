import Foundation
import LaundryActions
import LaundryCore
import XCTest

/// What a pet's washer and dryer really take, learned from its measured runs (the median of the last five, once
/// there are three), taken by a wash or dryer started without a length; programmes learn apart.
final class LearningTests: LaundryTestCase {
    /// Washes of these lengths, each run out and folded.
    private func washes(_ minutes: [Int]) throws {
        for length in minutes { try washAndFold("socks", minutes: length) }
    }

    func test_untilThreeWashesAreMeasuredAWashWithoutForTakesTheTypedLength() throws {
        let pet = try adopt("Socks")
        try washes([20, 30])
        XCTAssertNil(laundry.learned(pet.id).wash)
        let state = try laundry.perform(.wash(nil), on: "socks")
        XCTAssertEqual(state.load?.plannedSeconds, 2700)
        XCTAssertNil(laundry.lastLearned)
    }

    func test_afterThreeMeasuredWashesAWashWithoutForTakesTheirMedian() throws {
        let pet = try adopt("Socks")
        try washes([20, 50, 30])
        XCTAssertEqual(laundry.learned(pet.id).wash?.seconds, 1800)
        XCTAssertEqual(laundry.learned(pet.id).wash?.runs, 3)
        let state = try laundry.perform(.wash(nil), on: "socks")
        XCTAssertEqual(state.load?.plannedSeconds, 1800)
        XCTAssertEqual(laundry.lastLearned?.runs, 3)
        XCTAssertEqual(try newest(.washStarted, of: "Socks")?.detail, .length(seconds: 1800, programme: nil))
    }

    func test_onlyTheLastFiveMeasuredWashesCount() throws {
        let pet = try adopt("Socks")
        try washes([90, 10, 10, 10, 60, 60])
        let learned = try XCTUnwrap(laundry.learned(pet.id).wash)
        XCTAssertEqual(learned.seconds, 600, "the 90 minutes are out")
        XCTAssertEqual(learned.runs, 5)
    }

    func test_aPetThatDoesNotLearnTakesTheTypedLength() throws {
        let pet = try adopt("Socks")
        try washes([20, 20, 20])
        _ = try laundry.configure("socks", PetSettings(learns: false))
        let state = try laundry.perform(.wash(nil), on: "socks")
        XCTAssertEqual(state.load?.plannedSeconds, 2700)
        XCTAssertNil(laundry.lastLearned)
        XCTAssertNotNil(laundry.learned(pet.id).wash, "learned still, just not taken")
    }

    func test_aWashForALengthIgnoresWhatWasLearned() throws {
        try adopt("Socks")
        try washes([20, 20, 20])
        let state = try laundry.perform(.wash(.minutes(10)), on: "socks")
        XCTAssertEqual(state.load?.plannedSeconds, 600)
        XCTAssertNil(laundry.lastLearned)
    }

    func test_pausesAreLeftOutOfAMeasuredWash() throws {
        let pet = try adopt("Socks")
        for _ in 0..<3 {
            _ = try laundry.perform(.wash(.minutes(20)), on: "socks")
            clock.advance(by: 300)
            _ = try laundry.perform(.pause, on: "socks")
            clock.advance(by: 900)
            _ = try laundry.perform(.resume, on: "socks")
            clock.advance(by: 900)
            _ = try laundry.perform(.fold, on: "socks")
        }
        XCTAssertEqual(laundry.learned(pet.id).wash?.seconds, 1200)
    }

    func test_aWashFinishedEarlyIsMeasuredAsItRan() throws {
        let pet = try adopt("Socks")
        for _ in 0..<3 {
            _ = try laundry.perform(.wash(.minutes(60)), on: "socks")
            clock.advance(by: 1500)
            _ = try laundry.perform(.finish, on: "socks")
            _ = try laundry.perform(.fold, on: "socks")
        }
        XCTAssertEqual(laundry.learned(pet.id).wash?.seconds, 1500)
    }

    func test_cancelledWashesAreNotLearnedFrom() throws {
        let pet = try adopt("Socks")
        for _ in 0..<3 {
            _ = try laundry.perform(.wash(.minutes(20)), on: "socks")
            clock.advance(by: 600)
            _ = try laundry.perform(.cancel, on: "socks")
        }
        XCTAssertNil(laundry.learned(pet.id).wash)
    }

    func test_theDryerLearnsApartFromTheWash() throws {
        let pet = try adopt("Socks")
        for _ in 0..<3 {
            _ = try laundry.perform(.wash(.minutes(10)), on: "socks")
            clock.advance(by: 600)
            _ = try laundry.perform(.dry(.minutes(40)), on: "socks")
            clock.advance(by: 2400)
            _ = try laundry.perform(.fold, on: "socks")
        }
        let learned = laundry.learned(pet.id)
        XCTAssertEqual(learned.wash?.seconds, 600)
        XCTAssertEqual(learned.dry?.seconds, 2400)
        _ = try laundry.perform(.wash(.minutes(1)), on: "socks")
        clock.advance(by: 60)
        XCTAssertEqual(try laundry.perform(.dry(nil), on: "socks").load?.plannedSeconds, 2400)
    }

    func test_aProgrammeWithoutForTakesItsTypedLength() throws {
        try adopt("Socks")
        var settings = PetSettings()
        settings.programmes = ["eco": .minutes(120)]
        _ = try laundry.configure("socks", settings)
        let state = try laundry.perform(.wash(nil, programme: "eco"), on: "socks")
        XCTAssertEqual(state.load?.plannedSeconds, 7200)
        XCTAssertEqual(try newest(.washStarted, of: "Socks")?.detail, .length(seconds: 7200, programme: "eco"))
    }

    func test_eachProgrammeLearnsFromItsOwnRuns() throws {
        let pet = try adopt("Socks")
        var settings = PetSettings()
        settings.programmes = ["eco": .minutes(120), "quick": .minutes(15)]
        _ = try laundry.configure("socks", settings)
        for _ in 0..<3 {
            _ = try laundry.perform(.wash(nil, programme: "eco"), on: "socks")
            clock.advance(by: 6000)
            _ = try laundry.perform(.finish, on: "socks")
            _ = try laundry.perform(.fold, on: "socks")
        }
        let learned = laundry.learnedProgrammes(pet.id, ["eco", "quick"])
        XCTAssertEqual(learned["eco"]?.wash?.seconds, 6000)
        XCTAssertNil(learned["quick"], "nothing learned: left out")
        XCTAssertNil(laundry.learned(pet.id).wash, "a programme's runs are not the plain wash's")
        XCTAssertEqual(try laundry.perform(.wash(nil, programme: "eco"), on: "socks").load?.plannedSeconds, 6000)
    }

    func test_anUnknownProgrammeIsRefusedWithTheKnownOnesAndWritesNothing() throws {
        try adopt("Socks")
        var settings = PetSettings()
        settings.programmes = ["eco": .minutes(120)]
        _ = try laundry.configure("socks", settings)
        let before = written()
        let error = thrownError { try laundry.perform(.wash(nil, programme: "turbo"), on: "socks") }
        guard case .unknownProgramme("turbo", _, let known)? = error as? PetError else {
            return XCTFail("\(String(describing: error))")
        }
        XCTAssertEqual(known, ["eco"])
        XCTAssertEqual(written(), before)
    }
}
