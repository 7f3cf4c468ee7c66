import Foundation
import LaundryTestSupport
import XCTest

/// One Syncthing instance from Debian's package, on loopback only: its own `--home` in a
/// temporary folder, no discovery, relays, NAT traversal or usage reporting, reconnecting every
/// second. Configured through its REST API (the `cli config` commands of 1.19 can crash).
final class SyncthingPeer {
    static let folderID = "laundry"

    let home: String
    /// The folder it keeps in step with the other peer.
    let folder: String
    let guiPort: Int
    let listenPort: Int
    let apiKey = "key-" + UUID().uuidString.prefix(8)
    private var process: Spawn.Running?
    private(set) var id = ""

    init(root: String, folder: String) throws {
        home = root
        self.folder = folder
        guiPort = try FreePort.find()
        listenPort = try FreePort.find()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let generated = Spawn.run(
            "/usr/bin/syncthing", ["generate", "--home=\(home)", "--no-default-folder", "--skip-port-probing"],
            environment: ["HOME": root, "PATH": "/usr/bin:/bin"])
        guard generated.status == 0 else { throw Failure("syncthing generate: \(generated.stderr)") }
        let configFile = home + "/config.xml"
        var config = try String(contentsOfFile: configFile, encoding: .utf8)
        let edits = [
            "<listenAddress>default</listenAddress>": "<listenAddress>tcp://127.0.0.1:\(listenPort)</listenAddress>",
            "<globalAnnounceEnabled>true": "<globalAnnounceEnabled>false",
            "<localAnnounceEnabled>true": "<localAnnounceEnabled>false",
            "<relaysEnabled>true": "<relaysEnabled>false", "<natEnabled>true": "<natEnabled>false",
            "<urAccepted>0": "<urAccepted>-1", "<reconnectionIntervalS>60": "<reconnectionIntervalS>1",
            "<startBrowser>true": "<startBrowser>false", "<crashReportingEnabled>true": "<crashReportingEnabled>false",
            "<autoUpgradeIntervalH>12": "<autoUpgradeIntervalH>0",
        ]
        for (from, to) in edits {
            guard config.contains(from) else { throw Failure("config.xml has no \(from)") }
            config = config.replacingOccurrences(of: from, with: to)
        }
        try config.write(toFile: configFile, atomically: true, encoding: .utf8)
    }

    func start() throws {
        process = Spawn.start(
            "/usr/bin/syncthing",
            [
                "serve", "--home=\(home)", "--no-browser", "--no-restart", "--no-upgrade",
                "--gui-address=127.0.0.1:\(guiPort)", "--gui-apikey=\(apiKey)", "--logfile=\(home)/syncthing.log",
            ],
            environment: ["HOME": home, "PATH": "/usr/bin:/bin", "STNOUPGRADE": "1"])
        guard waitUntil(20, every: 0.1, { self.rest("GET", "/rest/system/status").status == 200 }) else {
            throw Failure("syncthing did not answer on 127.0.0.1:\(guiPort)")
        }
        let status = try JSONSerialization.jsonObject(with: Data(rest("GET", "/rest/system/status").body.utf8))
        id = (status as? [String: Any])?["myID"] as? String ?? ""
    }

    func stop() {
        process?.kill(SIGTERM)
        _ = process?.wait()
        process = nil
    }

    @discardableResult
    func rest(_ method: String, _ path: String, _ body: String? = nil) -> (status: Int, body: String) {
        var arguments = [
            "-s", "-m", "10", "-w", "\n%{http_code}", "-H", "X-API-Key: \(apiKey)", "-X", method,
            "http://127.0.0.1:\(guiPort)\(path)",
        ]
        if let body { arguments += ["-H", "Content-Type: application/json", "--data-binary", body] }
        let result = Spawn.run("/usr/bin/curl", arguments, environment: ["PATH": "/usr/bin:/bin"])
        var lines = result.stdout.components(separatedBy: "\n")
        let status = Int(lines.popLast() ?? "") ?? 0
        return (status, lines.joined(separator: "\n"))
    }

    /// Knows `others` and shares the folder with all of them; a short file-watcher delay makes a
    /// change cross in about a second.
    func share(with others: [SyncthingPeer]) throws {
        for other in others {
            let device = #"{"deviceID":"\#(other.id)","addresses":["tcp://127.0.0.1:\#(other.listenPort)"]}"#
            guard rest("POST", "/rest/config/devices", device).status == 200 else { throw Failure("adding a device") }
        }
        let devices = ([self] + others).map { #"{"deviceID":"\#($0.id)"}"# }.joined(separator: ",")
        let folder = """
            {"id":"\(Self.folderID)","label":"laundry","path":"\(self.folder)","type":"sendreceive",
            "devices":[\(devices)],"fsWatcherEnabled":true,"fsWatcherDelayS":1,"rescanIntervalS":3600}
            """
        guard rest("PUT", "/rest/config/folders/\(Self.folderID)", folder).status == 200 else {
            throw Failure("sharing the folder")
        }
    }

    func isConnected(to other: SyncthingPeer) -> Bool {
        let body = rest("GET", "/rest/system/connections").body
        let json = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        let connection = (json?["connections"] as? [String: Any])?[other.id] as? [String: Any]
        return connection?["connected"] as? Bool == true
    }

    func setPaused(_ paused: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let answer = rest("PATCH", "/rest/config/folders/\(Self.folderID)", #"{"paused":\#(paused)}"#)
        XCTAssertEqual(answer.status, 200, "pausing the folder: \(answer.body)", file: file, line: line)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// Peers sharing one folder, every one with every other, connected.
final class SyncthingHousehold {
    let peers: [SyncthingPeer]

    init(root: String, folders: [String]) throws {
        peers = try folders.enumerated().map { index, folder in
            try SyncthingPeer(root: root + "/syncthing-\(index)", folder: folder)
        }
        for peer in peers { try peer.start() }
        for peer in peers { try peer.share(with: peers.filter { $0 !== peer }) }
        let connected = waitUntil(30, every: 0.1) {
            self.peers.allSatisfy { peer in self.peers.allSatisfy { $0 === peer || peer.isConnected(to: $0) } }
        }
        guard connected else { throw SyncthingPeer.Failure("the syncthing instances did not connect") }
    }

    /// Every peer stops carrying changes (machines out of touch), once the pause has taken
    /// effect (1.19 reports a paused folder's state as "").
    func pause() {
        for peer in peers { peer.setPaused(true) }
        _ = waitUntil(10, every: 0.1) {
            self.peers.allSatisfy { peer in
                let body = peer.rest("GET", "/rest/db/status?folder=\(SyncthingPeer.folderID)").body
                let json = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
                return json?["state"] as? String == ""
            }
        }
    }

    func resume() { for peer in peers { peer.setPaused(false) } }

    func stop() { for peer in peers { peer.stop() } }
}

enum FreePort {
    /// A TCP port on 127.0.0.1 nothing listens on now.
    static func find() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SyncthingPeer.Failure("socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard bound else { throw SyncthingPeer.Failure("bind") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
