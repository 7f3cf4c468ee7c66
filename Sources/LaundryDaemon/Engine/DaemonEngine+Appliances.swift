import FoundationEssentials
import LaundryActions
import LaundryCore
import LaundryRendering

/// What an appliance starting or stopping by itself asks of the pets: whose load it is, which load ends.
extension DaemonEngine {
    /// The "whose load?" popup of each appliance, by its id.
    static func whoseLoadPopupID(_ appliance: Appliance) -> UUID {
        UUID(
            uuidString: appliance == .washer
                ? "6c61756e-6472-4977-8173-686572000001" : "6c61756e-6472-4964-7279-657200000002")!
    }

    /// An appliance started (its plug, or its own word) and no load of its kind runs: ask whose load it is.
    func askWhoseLoad(_ appliance: Appliance) {
        let time = now
        let runs = petViews().contains { view in
            // A paused load of its kind is one too: the machine resuming it asks nothing.
            view.liveLoad.map { appliance.runs($0.kind) && !$0.hasEnded(at: time) } ?? false
        }
        guard !runs else { return }
        let owners = laundry.likelyOwners(of: appliance)
        let id = Self.whoseLoadPopupID(appliance)
        let server = notifier.server ?? notifier.refreshServer()
        let content = ApplianceWords.whoseLoad(appliance, id: id, pets: owners, buttons: server?.hasActions ?? true)
        showOther(content, event: "whoseLoad") { [weak self] key in self?.whoseLoadAnswered(appliance, key) }
    }

    /// The appliance stopped: a "whose load?" still on screen is moot.
    func closeWhoseLoad(_ appliance: Appliance) { closeOther(Self.whoseLoadPopupID(appliance)) }

    private func whoseLoadAnswered(_ appliance: Appliance, _ key: String) {
        closeWhoseLoad(appliance)
        guard key.hasPrefix("load:"), let pet = UUID(uuidString: String(key.dropFirst("load:".count))) else {
            logger.info(
                "the \(appliance.rawValue) runs something that is not laundry (\(key))",
                metadata: ApplianceMonitor.fact(appliance, "notLaundry"))
            return
        }
        buttonPressed(petID: pet, action: appliance == .washer ? ButtonKey.wash.rawValue : ButtonKey.dry.rawValue)
    }
}

extension DaemonEngine {
    /// The appliance's door opened (Home Assistant's door entity, a contact sensor's topic): after a finish the load
    /// was taken out, dealt with on every surface; while it runs, nothing.
    public func doorOpened(_ appliance: Appliance, through: String) {
        do {
            guard let state = try laundry.doorOpened(appliance) else {
                logger.info(
                    "the \(appliance.rawValue)'s door opened; no finished load of its waited",
                    metadata: ApplianceMonitor.fact(appliance, "doorOpened", ["through": "\(through)", "load": "none"]))
                return
            }
            logger.info(
                "the \(appliance.rawValue)'s door opened: \(state.pet.identity.name)'s load is taken out",
                metadata: ApplianceMonitor.fact(
                    appliance, "doorOpened", ["through": "\(through)", "pet": "\(state.pet.identity.name)"]))
            filesChanged([state.pet.id])
        } catch {
            logger.error(
                "the \(appliance.rawValue)'s door opened, but: \(ErrorText.line(for: error) ?? "\(error)")",
                metadata: ApplianceMonitor.fact(appliance, "doorNotCounted"))
        }
    }
}

extension DaemonEngine {
    /// One of a machine's own moves on its load (`Laundry.machineEnd` and the others), logged as a fact; nil: no load
    /// of its kind was there to move.
    @discardableResult
    func machineMoved(
        _ appliance: Appliance, _ event: String, _ facts: [String: String] = [:],
        _ move: (Laundry) throws -> PetState?
    ) -> PetState? {
        var metadata = ApplianceMonitor.fact(appliance, event)
        for (key, value) in facts { metadata[key] = "\(value)" }
        do {
            guard let state = try move(laundry) else {
                // A machine running what is not laundry says its end every minute: not worth a line each time.
                metadata["load"] = "none"
                logger.debug(
                    "the \(appliance.rawValue) says \(event); no load of its kind is there", metadata: metadata)
                return nil
            }
            metadata["pet"] = "\(state.pet.identity.name)"
            logger.info(
                "the \(appliance.rawValue) says \(event): \(state.pet.identity.name)'s load follows", metadata: metadata
            )
            filesChanged([state.pet.id])
            return state
        } catch {
            metadata["refused"] = "true"
            logger.warning(
                "the \(appliance.rawValue) says \(event), but: \(ErrorText.line(for: error) ?? "\(error)")",
                metadata: metadata)
            return nil
        }
    }
}
