import Foundation
import LaundryActions
import LaundryCore
import XCTest

/// Steps the tests of the way in share: a config.json of their own, whole cycles, the error a call throws.
extension LaundryTestCase {
    /// `laundry` again, on the same storage and clock, reading `json` as its config.json (a temporary file).
    func useConfig(_ json: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "laundry-actions-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        laundry = Laundry(
            storage: storage, dataFolder: Self.dataFolder, kinds: try Self.kinds(), clock: clock, configPath: path)
    }

    /// A wash of `minutes` that runs out, then folded off the line; the clock ends at the fold.
    func washAndFold(_ name: String, minutes: Int) throws {
        _ = try laundry.perform(.wash(.minutes(minutes)), on: name)
        clock.advance(by: Double(minutes * 60))
        _ = try laundry.perform(.fold, on: name)
    }

    /// The pet's load, running, paused or waiting; a failure when it has none.
    func currentLoad(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Load {
        try XCTUnwrap(try laundry.pet(name).load, "no load", file: file, line: line)
    }

    /// The newest event of the pet's history of `kind`.
    func newest(_ kind: HistoryEvent.Kind, of name: String) throws -> HistoryEvent? {
        try laundry.history(name, limit: nil).first { $0.event.event == kind }?.event
    }

    /// The error `body` throws; a failure, and nil, when it throws none.
    func thrownError<T>(
        file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> T
    ) -> (any Error)? {
        do {
            _ = try body()
        } catch {
            return error
        }
        XCTFail("nothing was thrown", file: file, line: line)
        return nil
    }
}
