import Foundation
import LaundryCore
import LaundryStore
import Synchronization

/// A clock that only moves when told to. For tests of pure logic.
public final class ManualClock: WallClock, Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date) { current = Mutex(start) }

    public func now() -> Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) { current.withLock { $0 += seconds } }

    public func set(_ date: Date) { current.withLock { $0 = date } }
}

extension DeviceIdentity {
    /// A device id that is already made, kept in `folder/device-id` as the real one is.
    public static func fixed(_ id: String = "0000000000000000", in folder: String) -> DeviceIdentity {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/device-id", contents: Data((id + "\n").utf8))
        return DeviceIdentity(file: folder + "/device-id")
    }
}
