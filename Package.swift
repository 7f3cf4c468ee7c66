// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "laundry",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "laundry", targets: ["laundry"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Pure domain: pets, stages, timers, health, parsing. No I/O; the clock is injected.
        .target(name: "LaundryCore"),
        // Per-pet files: XDG paths, atomic writes, flocks, history log, data folder.
        .target(name: "LaundryStore", dependencies: ["LaundryCore", "CFileSpace"]),
        // fallocate, to reserve the history's room before a change is written.
        .target(name: "CFileSpace"),
        // The operations every entry point shares: commands and notification buttons.
        .target(name: "LaundryActions", dependencies: ["LaundryCore", "LaundryStore"]),
        // libnotify, GLib's main loop, timerfd and inotify, for the notification service.
        .systemLibrary(name: "CLibNotify", pkgConfig: "libnotify", providers: [.apt(["libnotify-dev"])]),
        // The notification service: deadlines, per-pet services, health tick, notifiers.
        .target(name: "LaundryDaemon", dependencies: ["LaundryCore", "LaundryStore", "LaundryActions", "CLibNotify"]),
        .executableTarget(
            name: "laundry",
            dependencies: [
                "LaundryCore", "LaundryStore", "LaundryActions", "LaundryDaemon",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // What several test targets share: the seeded generator, polling, posix_spawn, fixtures.
        .target(name: "LaundryTestSupport", dependencies: ["LaundryCore"], path: "Tests/LaundryTestSupport"),
        .testTarget(name: "LaundryCoreTests", dependencies: ["LaundryCore", "LaundryTestSupport"]),
        .testTarget(name: "LaundryStoreTests", dependencies: ["LaundryCore", "LaundryStore", "LaundryTestSupport"]),
        .testTarget(
            name: "LaundryDaemonTests",
            dependencies: ["LaundryCore", "LaundryStore", "LaundryActions", "LaundryDaemon", "LaundryTestSupport"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["LaundryCore", "LaundryTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
