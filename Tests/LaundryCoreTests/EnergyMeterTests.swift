import Foundation
import XCTest

@testable import LaundryCore

/// A plug's readings into watt-hours and money: trapezoids between close readings, the earlier
/// reading held across a gap (to the staleness bound), each stretch at the price in force.
final class EnergyMeterTests: XCTestCase {
    private let utc = LocalZone(TimeZone(secondsFromGMT: 0)!)
    /// 2027-01-15 06:00 UTC.
    private let six = Date(
        timeIntervalSince1970: 1_800_000_000 - 1_800_000_000.truncatingRemainder(dividingBy: 86_400) + 6 * 3600)

    private func flat(_ price: Double?) -> PriceBook { PriceBook(flat: price, currency: "EUR", zone: utc) }

    func test_readingsASecondApartAreJoinedByStraightLines() {
        var meter = EnergyMeter()
        let readings: [(Double, Double)] = [(0, 100), (1, 300), (2, 300), (4, 0), (5, 1000)]
        for (seconds, watts) in readings {
            meter.read(watts: watts, at: six.addingTimeInterval(seconds), staleAfter: 600, prices: flat(0.3))
        }
        // (100+300)/2·1 + 300·1 + (300+0)/2·2 + (0+1000)/2·1 = 200 + 300 + 300 + 500 watt-seconds
        XCTAssertEqual(meter.wattHours, 1300.0 / 3600, accuracy: 1e-12)
        XCTAssertEqual(meter.cost, 1300.0 / 3600 / 1000 * 0.3, accuracy: 1e-15)
        XCTAssertFalse(meter.unpriced)
    }

    func test_aLongGapHoldsTheEarlierReadingUpToTheStalenessBound() {
        var meter = EnergyMeter()
        meter.read(watts: 2000, at: six, staleAfter: 600, prices: flat(nil))
        meter.read(watts: 50, at: six.addingTimeInterval(300), staleAfter: 600, prices: flat(nil))
        XCTAssertEqual(meter.wattHours, 2000 * 300 / 3600, accuracy: 1e-9, "2 kW held for 5 min, not a slope")
        meter.read(watts: 0, at: six.addingTimeInterval(300 + 3600), staleAfter: 600, prices: flat(nil))
        XCTAssertEqual(meter.wattHours, (2000 * 300 + 50 * 600) / 3600, accuracy: 1e-9, "50 W for 10 min only")
        XCTAssertTrue(meter.unpriced)
        XCTAssertEqual(meter.cost, 0)
    }

    func test_pricesChangingEveryMinuteDoNotKeepASilentPlugsReadingAlive() {
        var meter = EnergyMeter()
        meter.read(watts: 2000, at: six, staleAfter: 600, prices: flat(0.3))
        // A price topic speaks each minute for two hours; the plug says nothing more.
        for minute in 1...120 {
            meter.hold(until: six.addingTimeInterval(Double(minute) * 60), staleAfter: 600, prices: flat(0.3))
        }
        XCTAssertEqual(meter.wattHours, 2000 * 600 / 3600, accuracy: 1e-9, "ten minutes of 2 kW, then nothing")
        XCTAssertNil(meter.last, "the reading is not believed any more")
    }

    func test_heldToTheEndOfARun() {
        var meter = EnergyMeter()
        meter.read(watts: 600, at: six, staleAfter: 600, prices: flat(0.2))
        meter.hold(until: six.addingTimeInterval(120), staleAfter: 600, prices: flat(0.2))
        XCTAssertEqual(meter.wattHours, 20, accuracy: 1e-9)
        meter.hold(until: six.addingTimeInterval(120), staleAfter: 600, prices: flat(0.2))
        XCTAssertEqual(meter.wattHours, 20, accuracy: 1e-9, "held twice to the same moment counts once")
    }

    func test_aStretchAcrossATariffBoundaryIsPricedOnEachSide() throws {
        let night = try XCTUnwrap(TimeOfDay("23:00"))
        let morning = try XCTUnwrap(TimeOfDay("07:00"))
        let prices = PriceBook(
            flat: 0.4, currency: "EUR",
            tariff: [
                TariffSlot(from: night, to: morning, perKWh: 0.15), TariffSlot(from: morning, to: night, perKWh: 0.30),
            ], zone: utc)
        var meter = EnergyMeter()
        // 1 kW from 06:30 to 07:30, one reading at each end (held across the gap).
        meter.read(watts: 1000, at: six.addingTimeInterval(1800), staleAfter: 7200, prices: prices)
        meter.read(watts: 1000, at: six.addingTimeInterval(5400), staleAfter: 7200, prices: prices)
        XCTAssertEqual(meter.wattHours, 1000, accuracy: 1e-9)
        XCTAssertEqual(meter.cost, 0.5 * 0.15 + 0.5 * 0.30, accuracy: 1e-12)
    }

    func test_aPriceTopicWinsOverTheTariffWhichWinsOverTheFlatPrice() throws {
        let morning = try XCTUnwrap(TimeOfDay("07:00"))
        var prices = PriceBook(flat: 0.4, zone: utc)
        XCTAssertEqual(prices.perKWh(at: six), 0.4)
        prices.tariff = [TariffSlot(from: morning, to: morning, perKWh: 0.25)]
        XCTAssertEqual(prices.perKWh(at: six), 0.25, "a slot from a time to itself is the whole day")
        prices.topicPrice = 0.1
        XCTAssertEqual(prices.perKWh(at: six), 0.1)
        prices.series = [PriceSlot(start: six, end: six.addingTimeInterval(3600), perKWh: 0.05)]
        XCTAssertEqual(prices.perKWh(at: six.addingTimeInterval(60)), 0.05)
        XCTAssertEqual(prices.perKWh(at: six.addingTimeInterval(3600)), 0.1, "past the series: the topic's price")
        XCTAssertEqual(
            prices.changes(after: six.addingTimeInterval(-1), before: six.addingTimeInterval(4000)),
            [six, six.addingTimeInterval(3600)], "the series' edges, and the tariff's 07:00 once")
    }

    func test_priceMessages() throws {
        XCTAssertEqual(try PriceMessage.read(Array(" 0.312\n".utf8)), .now(0.312))
        XCTAssertEqual(try PriceMessage.read(Array(#"{"price": 0.2, "unit": "EUR/kWh"}"#.utf8)), .now(0.2))
        let series =
            #"[{"start": "2027-01-15T01:00:00Z", "end": "2027-01-15T02:00:00Z", "price": 0.11},"#
            + #" {"start": "2027-01-15T00:00:00Z", "end": "2027-01-15T01:00:00Z", "price": 0.09}]"#
        guard case .series(let slots) = try PriceMessage.read(Array(series.utf8)) else { return XCTFail() }
        XCTAssertEqual(slots.map(\.perKWh), [0.09, 0.11], "in order of their start")
        XCTAssertThrowsError(try PriceMessage.read(Array("cheap".utf8))) {
            XCTAssertEqual($0 as? PriceMessage.Problem, .notAPrice)
        }
        XCTAssertEqual(try PriceMessage.read(Array("-0.02".utf8)), .now(-0.02), "day-ahead prices go below zero")
        XCTAssertThrowsError(try PriceMessage.read(Array("nan".utf8))) {
            XCTAssertEqual($0 as? PriceMessage.Problem, .notFinite)
        }
        let backwards = #"[{"start": "2027-01-15T02:00:00Z", "end": "2027-01-15T01:00:00Z", "price": 0.1}]"#
        XCTAssertThrowsError(try PriceMessage.read(Array(backwards.utf8))) {
            XCTAssertEqual($0 as? PriceMessage.Problem, .badSlot(0))
        }
    }
}

/// What a plug that reports badly does to a watch: a tail of tumbles after the end, a standby draw,
/// a plug that goes silent.
final class ApplianceTailTests: XCTestCase {
    private var plug: ApplianceSettings {
        var plug = ApplianceSettings(powerTopic: "p")
        plug.newLoadAfterSeconds = 300
        plug.staleAfterSeconds = 600
        return plug
    }
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func ended() -> ApplianceWatch {
        var watch = ApplianceWatch()
        _ = watch.read(watts: 800, at: start, plug)
        _ = watch.read(watts: 1, at: start.addingTimeInterval(3000), plug)
        guard case .stopped = watch.check(at: start.addingTimeInterval(3120), plug) else {
            XCTFail("not stopped")
            return watch
        }
        return watch
    }

    func test_shortTumblesAfterTheEndKeepTheLoadEnded() {
        var watch = ended()
        for burst in stride(from: 3300.0, to: 7000, by: 240) {
            XCTAssertEqual(watch.read(watts: 180, at: start.addingTimeInterval(burst), plug), .none)
            XCTAssertTrue(watch.isTumbling)
            XCTAssertEqual(watch.check(at: start.addingTimeInterval(burst + 30), plug), .none)
            XCTAssertEqual(watch.read(watts: 0.5, at: start.addingTimeInterval(burst + 40), plug), .none)
            XCTAssertFalse(watch.isTumbling)
        }
        XCTAssertFalse(watch.isRunning)
    }

    func test_powerThatStaysUpAfterTheEndIsANewLoadFromWhenItRose() {
        var watch = ended()
        XCTAssertEqual(watch.read(watts: 2000, at: start.addingTimeInterval(4000), plug), .none)
        XCTAssertEqual(watch.nextChange(plug), start.addingTimeInterval(4300))
        // A plug that publishes only on change says nothing more: time alone makes it a load.
        XCTAssertEqual(
            watch.check(at: start.addingTimeInterval(4300), plug), .started(at: start.addingTimeInterval(4000)))
        XCTAssertTrue(watch.isRunning)
        _ = watch.read(watts: 2000, at: start.addingTimeInterval(4400), plug)
        XCTAssertEqual(watch.meter.wattHours, 2000 * 400 / 3600, accuracy: 1e-9, "counted from when it rose")
    }

    func test_aLoadStartedByHandEndsTheTail() {
        var watch = ended()
        watch.loadStarted()
        XCTAssertEqual(
            watch.read(watts: 2000, at: start.addingTimeInterval(4000), plug),
            .started(at: start.addingTimeInterval(4000)))
    }

    func test_aReadingThatComesAfterTheStopWasDueStopsTheLoadFirst() {
        var watch = ApplianceWatch()
        _ = watch.read(watts: 800, at: start, plug)
        _ = watch.read(watts: 1, at: start.addingTimeInterval(3000), plug)
        // The daemon slept through the stop; the first reading after is an anti-crease tumble.
        guard case .stopped(let since, _) = watch.read(watts: 180, at: start.addingTimeInterval(4000), plug) else {
            return XCTFail("\(watch.phase)")
        }
        XCTAssertEqual(since, start)
        XCTAssertTrue(watch.isTumbling)
        XCTAssertFalse(watch.isRunning)
    }

    func test_appliancesJSONFromBeforeTheMeterIsStillRead() throws {
        let old = #"{"phase": {"running": {"since": "2027-01-15T08:00:00.000Z"}}, "lastWatts": 2000}"#
        let watch = try JSONCoding.decoder().decode(ApplianceWatch.self, from: Data(old.utf8))
        XCTAssertTrue(watch.isRunning)
        XCTAssertEqual(watch.meter, EnergyMeter())
    }

    func test_aStandbyDrawBelowTheRunningThresholdNeverStartsALoad() {
        var watch = ApplianceWatch()
        for minute in 0..<240 {
            XCTAssertEqual(watch.read(watts: 4.5, at: start.addingTimeInterval(Double(minute) * 60), plug), .none)
        }
        XCTAssertFalse(watch.isRunning)
    }

    func test_aPlugSilentMidRunIsSilentButEndsNothing() {
        var watch = ApplianceWatch()
        _ = watch.read(watts: 1500, at: start, plug)
        XCTAssertEqual(watch.silentAt(plug), start.addingTimeInterval(600))
        XCTAssertFalse(watch.isSilent(at: start.addingTimeInterval(600), plug))
        XCTAssertTrue(watch.isSilent(at: start.addingTimeInterval(601), plug))
        XCTAssertEqual(watch.check(at: start.addingTimeInterval(7200), plug), .none)
        XCTAssertTrue(watch.isRunning)
    }
}

/// Energy events in a pet's history become each load's figures.
final class LoadEnergyTests: XCTestCase {
    private let pet = UUID()
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func event(_ kind: HistoryEvent.Kind, _ seconds: Double, _ timer: UUID?, _ detail: HistoryDetail? = nil)
        -> HistoryEvent
    {
        HistoryEvent(
            at: start.addingTimeInterval(seconds), event: kind, petID: pet, loadID: timer, detail: detail,
            id: UUID().uuidString)
    }

    func test_eachStagesEnergyAndTheCostOfTheLoad() {
        let wash = UUID()
        let dry = UUID()
        let history = [
            event(.washStarted, 0, wash), event(.washDone, 3000, wash, .stoppedBy(.washer)),
            event(
                .energyMeasured, 3000, wash,
                .energy(.init(appliance: .washer, wattHours: 812.5, cost: 0.26, currency: "EUR"))),
            event(.dryStarted, 3600, dry), event(.dryDone, 7200, dry), event(.folded, 7300, nil),
            // The dryer's plug stopped after the fold (its tail): still the load's.
            event(
                .energyMeasured, 7400, dry,
                .energy(.init(appliance: .dryer, wattHours: 2100, cost: 0.67, currency: "EUR"))),
        ]
        let load = LoadRecords.derive(history)[0]
        XCTAssertEqual(load.washEnergyWh, 812.5)
        XCTAssertEqual(load.dryEnergyWh, 2100)
        XCTAssertEqual(load.cost?.value ?? 0, 0.93, accuracy: 1e-12)
        XCTAssertEqual(load.cost?.currency, "EUR")
    }

    func test_noPlugNoFiguresAndAStageWithoutAPriceLeavesTheCostOut() {
        let wash = UUID()
        let plain = LoadRecords.derive([event(.washStarted, 0, wash), event(.washDone, 60, wash)])[0]
        XCTAssertNil(plain.washEnergyWh)
        XCTAssertNil(plain.dryEnergyWh)
        XCTAssertNil(plain.cost)
        let unpriced = LoadRecords.derive([
            event(.washStarted, 0, wash),
            event(.energyMeasured, 60, wash, .energy(.init(appliance: .washer, wattHours: 90))),
        ])[0]
        XCTAssertEqual(unpriced.washEnergyWh, 90)
        XCTAssertNil(unpriced.cost)
    }
}
