import FoundationEssentials
import LaundryCore
import Logging

struct DoNotDisturbWatch {
    /// Which desktop says do-not-disturb is on now (nil: off); asked when something is due.
    var read: () -> String? = { nil }
    var current: String?
}

/// The desktop's do-not-disturb, with `"dnd": "quiet"`: popups and sound wait for its end.
extension DaemonEngine {
    /// How do-not-disturb is asked (the daemon: each desktop's own place; tests: a closure of theirs).
    public var readDoNotDisturb: () -> String? {
        get { doNotDisturb.read }
        set { doNotDisturb.read = newValue }
    }

    /// Which desktop said do-not-disturb is on when last asked (nil: off).
    public var doNotDisturbNow: String? { doNotDisturb.current }

    /// A finish do-not-disturb holds back, told once: its popup and sound come when it ends.
    func heldForDoNotDisturb(_ state: PetState, _ load: Load) {
        logger.info(
            "held for do-not-disturb: \(state.pet.identity.name)'s finish",
            metadata: [
                "surface": "popup", "pet": "\(state.pet.identity.name)", "load": "\(load.id.lowercasedText)",
                "held": "doNotDisturb",
            ])
    }

    /// Asks again; once do-not-disturb ends, every pet is looked at: what it held (each finish once, late) goes now.
    func lookAtDoNotDisturb() {
        guard config.dnd == .quiet else {
            doNotDisturb.current = nil
            return
        }
        let said = doNotDisturb.read()
        guard said != doNotDisturb.current else { return }
        let was = doNotDisturb.current
        doNotDisturb.current = said
        if let said {
            logger.info(
                "do-not-disturb is on (\(said)): popups and sound wait until it ends",
                metadata: ["surface": "doNotDisturb", "desktop": "\(said)", "state": "on"])
        } else {
            logger.info(
                "do-not-disturb is off (\(was ?? "?")): what it held back goes out now",
                metadata: ["surface": "doNotDisturb", "desktop": "\(was ?? "?")", "state": "off"])
            for service in services.values { schedule(service) }
        }
    }
}
