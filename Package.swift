// swift-tools-version: 6.0
import PackageDescription

// The module map (docs/ARCHITECTURE.md): data flows command → LaundryActions → Core decides →
// Store writes → the daemon's watch sees it. `make lint` checks who may import whom.
let package = Package(
    name: "laundry",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "laundry", targets: ["laundry"]),
        .executable(name: "laundryd", targets: ["laundryd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The domain, pure, in feature folders: the pet and its stages, the household, loads and
        // history, energy and plans, Home Assistant's and the plugs' settings, the calendar, config.json,
        // text and time. No I/O; the clock is injected.
        .target(name: "LaundryCore"),
        // Where laundry keeps what it knows: the LaundryStorage protocol, its file and in-memory
        // implementations, and the files (paths, atomic writes, locks, the folder watch, this machine's
        // own files, prices, config.json). No stage rules.
        .target(name: "LaundryStore", dependencies: ["LaundryCore", "CFileSpace"]),
        // fallocate, to reserve the history's room before a change is written.
        .target(name: "CFileSpace"),
        // The daemon seen from outside, without GLib: runtime paths, the lock probe, the launcher,
        // daemon.json, the unit file, and the install, sound, broker and calendar checks doctor runs.
        .target(name: "LaundryControl", dependencies: ["LaundryCore", "LaundryStore"]),
        // THE way in: every operation a command, a button or the daemon performs.
        .target(name: "LaundryActions", dependencies: ["LaundryCore", "LaundryStore", "LaundryControl"]),
        // Everything people read, in feature folders: tables, cards, JSON shapes, bars, reports,
        // notification texts, every error's words, the language.
        .target(
            name: "LaundryRendering",
            dependencies: ["LaundryCore", "LaundryStore", "LaundryActions", "LaundryControl", "CGettext"]
        ),
        // glibc's gettext (libintl.h), which Swift's Glibc module leaves out.
        .target(name: "CGettext"),
        // The daemon's system libraries, linked the ordinary way (pkg-config over the system
        // headers). Only LaundryDaemon imports them, and only laundryd links LaundryDaemon.
        .systemLibrary(name: "CGLib", pkgConfig: "gio-unix-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CGSound", pkgConfig: "gsound", providers: [.apt(["libgsound-dev"])]),
        .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
        // HTTP for the daemon: Home Assistant's WebSocket API and the CalDAV calendar (libsoup 3 does the framing;
        // glib-networking the TLS).
        .systemLibrary(name: "CSoup", pkgConfig: "libsoup-3.0", providers: [.apt(["libsoup-3.0-dev"])]),
        // The tray icon's menu (com.canonical.dbusmenu), served without GTK.
        .systemLibrary(
            name: "CDbusmenu", pkgConfig: "dbusmenu-glib-0.4", providers: [.apt(["libdbusmenu-glib-dev"])]),
        // The notification service: the engine and the events it tells its observers (the hook, live
        // cards, Plasma's jobs, Home Assistant, the calendar), notifications, the desktop, sound.
        .target(
            name: "LaundryDaemon",
            dependencies: [
                "LaundryCore", "LaundryStore", "LaundryActions", "LaundryControl", "LaundryRendering", "CGLib",
                "CGSound", "CMosquitto", "CSoup", "CDbusmenu", "CAlsaLog",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // libasound's error handler (variadic, as Swift cannot write one): its chatter to the daemon's log.
        .target(name: "CAlsaLog", linkerSettings: [.linkedLibrary("asound")]),
        // `laundry doctor`'s decisions: every check of the set-up, worded with its fix; the command
        // prints them.
        .target(
            name: "LaundryDoctor",
            dependencies: ["LaundryCore", "LaundryActions", "LaundryControl", "LaundryRendering"]),
        // The command: argument declarations and one call each. It links no GLib: what needs the
        // desktop (the daemon, notify-test, doctor's live checks) it asks laundryd for.
        .executableTarget(
            name: "laundry",
            dependencies: [
                "LaundryCore", "LaundryActions", "LaundryControl", "LaundryRendering", "LaundryDoctor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The daemon: start-up, its probe mode for the command, and the main loop.
        .executableTarget(
            name: "laundryd",
            dependencies: [
                "LaundryCore", "LaundryActions", "LaundryControl", "LaundryRendering", "LaundryDaemon",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What several test targets share: the seeded generator, polling, running programs, fixtures.
        .target(
            name: "LaundryTestSupport",
            dependencies: ["LaundryCore", "LaundryStore", "LaundryControl", "LaundryActions", "LaundryRendering"],
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
                "LaundryTestSupport", "CGLib", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["LaundryCore", "LaundryRendering", "LaundryTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
