import Foundation
import LaundryTestSupport
import XCTest

/// The tray icon in real panels (scripts/tray_host.py): waybar's tray in a headless sway, and GNOME Shell with the
/// AppIndicator extension. What the host sees is read as a host reads it (scripts/tray_read.py: the watcher's items,
/// their properties, the menu's layout, a click through DBusMenu's `Event`) and on its screen (grim).
final class TrayEndToEndTests: DaemonTestCase {
    private var hostStarted = false

    override func setUpWithError() throws {
        try super.setUpWithError()
        home.logsJSON()
        // The icons where `make install` puts them, for the panel to find by name.
        let apps = home.path + "/share/icons/hicolor/scalable/apps"
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        for icon in ["laundry", "laundry-attention"] {
            try FileManager.default.copyItem(
                atPath: SourceTree.root + "/data/icons/\(icon).svg", toPath: apps + "/\(icon).svg")
        }
        home.environment["XDG_DATA_HOME"] = home.path + "/share"
        try home.writeConfig(#"{"sound": false, "headsUpMinutes": 0}"#)
    }

    override func tearDown() {
        super.tearDown()
        if hostStarted { _ = script("tray_host.py", "stop") }
    }

    @discardableResult
    private func script(_ name: String, _ arguments: String...) -> [String: Any] {
        let result = home.runProgram("/usr/bin/python3", [SourceTree.root + "/scripts/" + name] + arguments)
        XCTAssertEqual(result.status, 0, "\(name) \(arguments.joined(separator: " ")): \(result.stderr)")
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) as? [String: Any] ?? [:]
    }

    private func startPanel(_ desktop: String = "waybar") {
        script("tray_host.py", "start", "--desktop", desktop)
        hostStarted = true
    }

    private var tray: [String: Any] { home.daemonStatus["tray"] as? [String: Any] ?? [:] }

    /// The item's properties once `property` says `value` (the host is told by signal; the wait is on them).
    private func item(until property: String, is value: String) -> [String: Any] {
        script("tray_read.py", "item", "--until", "\(property)=\(value)")["properties"] as? [String: Any] ?? [:]
    }

    /// The menu's entries, in order.
    private func entries() -> [[String: Any]] {
        let layout = script("tray_read.py", "menu")["layout"] as? [String: Any]
        return layout?["children"] as? [[String: Any]] ?? []
    }

    private func action(_ entry: [String: Any]) -> String? {
        (entry["properties"] as? [String: Any])?["x-laundry-action"] as? String
    }

    private func clickAction(_ key: String) throws {
        let entry = try XCTUnwrap(entries().first { action($0) == key }, "no \(key) in \(entries())")
        script("tray_read.py", "click", "--id", "\(try XCTUnwrap(entry["id"] as? Int))")
    }

    /// A pet, waybar's tray, and the daemon's item registered in it (within the issue's 5 s).
    private func petInWaybar(_ name: String) {
        startPanel()
        home.ok("adopt", name)
        home.ok("daemon", "start")
        script("tray_read.py", "items", "--count", "1", "--timeout", "5")
    }

    func test_aWashShowsInWaybarsTrayAndTheMenuStartsTheDryerAfterItsFinish() throws {
        let name = "Tom_\(marker)"
        petInWaybar(name)
        XCTAssertTrue(waitUntil(5) { self.tray["state"] as? String == "shown" }, "\(tray)")
        XCTAssertTrue(waitUntil(5) { self.tray["watcher"] as? String == "waybar" }, "\(tray)")
        XCTAssertEqual(item(until: "Status", is: "Passive")["ItemIsMenu"] as? Bool, true)
        home.ok("wash", name)
        let running = item(until: "Status", is: "Active")
        XCTAssertEqual(running["IconName"] as? String, "laundry")
        XCTAssertEqual(running["AttentionIconName"] as? String, "laundry-attention")
        XCTAssertFalse((running["XAyatanaLabel"] as? String ?? "").isEmpty, "\(running)")
        // The heading names the pet as written: its underscore doubled, so no host takes it for a mnemonic.
        XCTAssertTrue(
            waitUntil(2) {
                self.entries().contains { ($0["label"] as? String)?.contains("Tom__\(self.marker)") == true }
            },
            "\(entries())")
        XCTAssertEqual(entries().compactMap(action), ["extend", "pause", "finish"])
        let shot = script("tray_host.py", "screenshot", screenshot("waybar-washing"), "--icons", "1")
        XCTAssertEqual((shot["icons"] as? [Any])?.count, 1, "the icon is drawn in the bar: \(shot)")
        try clickAction("finish")
        XCTAssertTrue(waitUntil(5) { self.home.pet(name)["stage"] as? String == "washed" }, log)
        XCTAssertEqual(item(until: "Status", is: "NeedsAttention")["Status"] as? String, "NeedsAttention")
        let attention = script(
            "tray_host.py", "screenshot", screenshot("waybar-finished"), "--icons", "1", "--attention", "1")
        XCTAssertEqual(
            (attention["icons"] as? [[String: Any]])?.first?["needs_attention"] as? Bool, true, "\(attention)")
        XCTAssertEqual(entries().compactMap(action), ["dry", "air-dry", "snooze", "default"])
        let stale = try XCTUnwrap(entries().first { action($0) == "dry" }?["id"] as? Int)
        try clickAction("dry")
        XCTAssertTrue(waitUntil(5) { self.home.pet(name)["stage"] as? String == "drying" }, log)
        XCTAssertEqual(item(until: "Status", is: "Active")["Status"] as? String, "Active")
        // The finish's "Start dryer", clicked again from a menu drawn before: its id is gone, nothing happens.
        XCTAssertFalse(entries().contains { $0["id"] as? Int == stale })
        _ = home.runProgram(
            "/usr/bin/python3", [SourceTree.root + "/scripts/tray_read.py", "click", "--id", "\(stale)"])
        XCTAssertEqual(home.pet(name)["stage"] as? String, "drying")
        XCTAssertEqual(logged(["surface": "button", "button": "dry"]), 1, log)
    }

    func test_anAcknowledgementByCommandEndsTheAttention() throws {
        let name = "Ack \(marker)"
        petInWaybar(name)
        home.ok("wash", name)
        XCTAssertEqual(item(until: "Status", is: "Active")["Status"] as? String, "Active")
        home.ok("finish", name)
        XCTAssertEqual(item(until: "Status", is: "NeedsAttention")["Status"] as? String, "NeedsAttention")
        // Snoozed from the terminal: dealt with for now, nothing runs, so the icon asks for nothing.
        home.ok("snooze", name)
        XCTAssertEqual(item(until: "Status", is: "Passive")["Status"] as? String, "Passive")
        XCTAssertEqual(home.pet(name)["stage"] as? String, "washed")
    }

    func test_theIconIsRegisteredAgainWhenThePanelRestartsAndNothingIsOnTheBusWithoutOne() throws {
        home.ok("adopt", "Socks \(marker)")
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(5) { self.tray["state"] as? String == "noWatcher" }, "\(tray)")
        XCTAssertEqual(busNames().filter { $0.hasPrefix("org.kde.StatusNotifierItem") }, [], "nothing exported")
        // A panel started after the daemon: the item comes within 5 s.
        startPanel()
        script("tray_read.py", "items", "--count", "1", "--timeout", "5")
        XCTAssertTrue(waitUntil(5) { self.tray["state"] as? String == "shown" }, "\(tray)")
        script("tray_host.py", "stop-bar")
        XCTAssertTrue(waitUntil(5) { self.tray["state"] as? String == "noWatcher" }, "\(tray)")
        XCTAssertEqual(busNames().filter { $0.hasPrefix("org.kde.StatusNotifierItem") }, [], "taken down")
        script("tray_host.py", "start-bar")
        script("tray_read.py", "items", "--count", "1", "--timeout", "5")
        XCTAssertTrue(waitUntil(5) { self.tray["state"] as? String == "shown" }, "\(tray)")
        XCTAssertEqual(logged(["surface": "tray", "event": "registered"]), 2, log)
    }

    func test_trayFalseExportsNothingAndDaemonStatusSaysSo() throws {
        try home.writeConfig(#"{"sound": false, "headsUpMinutes": 0, "tray": false}"#)
        startPanel()
        home.ok("daemon", "start")
        XCTAssertTrue(waitUntil(5) { self.tray["state"] as? String == "off" }, "\(tray)")
        XCTAssertEqual((script("tray_read.py", "items")["items"] as? [Any])?.count, 0)
    }

    func test_gnomeShellsAppIndicatorShowsTheSoonestLoadsTimeLeftAsItsLabel() throws {
        startPanel("gnome")
        home.ok("adopt", "Late \(marker)")
        home.ok("adopt", "Soon \(marker)")
        home.ok("daemon", "start")
        // The item registers within 5 s of the daemon's start (the watcher's answer is awaited, not assumed).
        script("tray_read.py", "items", "--count", "1", "--timeout", "5")
        home.ok("wash", "Late \(marker)")
        XCTAssertEqual(item(until: "Status", is: "Active")["Status"] as? String, "Active")
        // Shown by the extension (an item that is Passive it hides), then a second load that ends sooner.
        script("tray_host.py", "screenshot", screenshot("gnome-washing"), "--icons", "1", "--timeout", "10")
        home.ok("wash", "Soon \(marker)", "--for", "20m")
        XCTAssertTrue(waitUntil(5) { self.item(until: "Status", is: "Active")["XAyatanaLabel"] as? String == "20m" })
        let label = "20m"  // the soonest load's time left, not the first started's
        XCTAssertTrue(waitUntil(5) { self.tray["watcher"] as? String == "gnome-shell" }, "\(tray)")
        // The extension redraws on the item's signal: what it shows is read until it says the label (5 s at most).
        var shown: [String: Any] = [:]
        let drawn = waitUntil(5) {
            let shot = self.script("tray_host.py", "screenshot", self.screenshot("gnome-washing"), "--icons", "1")
            shown = (shot["icons"] as? [[String: Any]])?.first ?? [:]
            return shown["label"] as? String == label
        }
        XCTAssertTrue(drawn, "the extension shows the item's label: \(shown)")
        XCTAssertEqual(shown["visible"] as? Bool, true)
    }

    private func busNames() -> [String] {
        let result = home.runProgram(
            "/usr/bin/dbus-send",
            [
                "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                "org.freedesktop.DBus.ListNames",
            ])
        return result.stdout.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\"")
            return line.contains("string \"") && parts.count >= 2 ? String(parts[1]) : nil
        }
    }

    /// Where a screenshot goes: kept under .build for a person to look at (README's comes from here).
    private func screenshot(_ name: String) -> String {
        let folder = SourceTree.root + "/.build/tray-e2e"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/\(name).png"
    }
}
