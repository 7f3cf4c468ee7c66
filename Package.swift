// swift-tools-version: 6.0
import PackageDescription

// The module map (docs/ARCHITECTURE.md): data flows command → LaundryActions → Core decides →
// Store writes → the daemon's watch sees it. `make lint` checks who may import whom.
let package = Package(
    name: "laundry",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "laundry", targets: ["laundry"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        // Pure domain: pets, stages, timers, health, parsing, buttons. No I/O; the clock is injected.
        .target(name: "LaundryCore"),
        // Per-pet files only: XDG paths, atomic writes, flocks, history log, data folder. No stage rules.
        .target(name: "LaundryStore", dependencies: ["LaundryCore", "CFileSpace"]),
        // fallocate, to reserve the history's room before a change is written.
        .target(name: "CFileSpace"),
        // Daemon control without GLib: runtime paths, the lock probe, the launcher, the status file.
        .target(name: "LaundryControl", dependencies: ["LaundryCore", "LaundryStore"]),
        // THE way in: every operation a command, a button or the daemon performs.
        .target(name: "LaundryActions", dependencies: ["LaundryCore", "LaundryStore", "LaundryControl"]),
        // Everything people read: tables, cards, JSON shapes, watch frames, calendar, messages.
        .target(
            name: "LaundryRendering",
            dependencies: ["LaundryCore", "LaundryStore", "LaundryActions", "LaundryControl", "CGettext"]
        ),
        // glibc's gettext (libintl.h), which Swift's Glibc module leaves out.
        .target(name: "CGettext"),
        // libnotify, GLib's main loop, timerfd and inotify, for the notification service. Not linked:
        // loaded with dlopen on first use, so no command but the daemon's pays for the 19 libraries.
        .target(name: "CLibNotify"),
        // libmosquitto, loaded with dlopen by a daemon whose config.json names a broker, driven
        // from a thread of its own so the daemon's loop never waits on the network.
        .target(name: "CMosquitto"),
        // The notification service: deadlines, per-pet services, health tick, notifiers.
        .target(
            name: "LaundryDaemon",
            dependencies: [
                "LaundryCore", "LaundryStore", "LaundryActions", "LaundryControl", "LaundryRendering", "CLibNotify",
                "CMosquitto", .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        .executableTarget(
            name: "laundry",
            dependencies: [
                "LaundryCore", "LaundryActions", "LaundryControl", "LaundryRendering", "LaundryDaemon",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What several test targets share: the seeded generator, polling, posix_spawn, fixtures.
        .target(
            name: "LaundryTestSupport", dependencies: ["LaundryCore", "LaundryStore"],
            path: "Tests/LaundryTestSupport"),
        .testTarget(name: "LaundryCoreTests", dependencies: ["LaundryCore", "LaundryTestSupport"]),
        .testTarget(name: "LaundryStoreTests", dependencies: ["LaundryCore", "LaundryStore", "LaundryTestSupport"]),
        .testTarget(
            name: "LaundryControlTests", dependencies: ["LaundryCore", "LaundryControl", "LaundryTestSupport"]),
        .testTarget(
            name: "LaundryActionsTests", dependencies: ["LaundryCore", "LaundryActions", "LaundryTestSupport"]),
        .testTarget(
            name: "LaundryRenderingTests",
            dependencies: [
                "LaundryCore", "LaundryStore", "LaundryActions", "LaundryControl", "LaundryRendering",
                "LaundryTestSupport",
            ]
        ),
        .testTarget(
            name: "LaundryDaemonTests",
            dependencies: [
                "LaundryCore", "LaundryActions", "LaundryControl", "LaundryRendering", "LaundryDaemon",
                "LaundryTestSupport",
            ]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["LaundryCore", "LaundryRendering", "LaundryTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
