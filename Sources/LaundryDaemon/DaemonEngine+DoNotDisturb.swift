import FoundationEssentials

/// The desktop's do-not-disturb, with `"dnd": "quiet"`: popups and sound wait for its end.
extension DaemonEngine {
    /// Asks again; when do-not-disturb has ended, every pet is looked at now, so that what it held
    /// back (each load that finished meanwhile, once, as late) goes out at once.
    func lookAtDoNotDisturb() {
        guard config.dnd == .quiet else {
            doNotDisturbNow = nil
            return
        }
        let said = doNotDisturb()
        guard said != doNotDisturbNow else { return }
        let was = doNotDisturbNow
        doNotDisturbNow = said
        if let said {
            logger.info("do-not-disturb is on (\(said)): popups and sound wait until it ends")
        } else {
            logger.info("do-not-disturb is off (\(was ?? "?")): what it held back goes out now")
            for service in services.values { schedule(service) }
        }
    }
}
