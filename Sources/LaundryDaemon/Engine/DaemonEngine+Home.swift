import FoundationEssentials
import LaundryCore
import LaundryRendering
import Logging

extension DaemonEngine {
    /// Every pet as it is now (finished loads settled in the view), for the home dashboard.
    public func petViews() -> [PetState] {
        let time = clock.now()
        return services.values.compactMap { $0.view(at: time) }.sorted { $0.pet.id < $1.pet.id }
    }

    /// A popup that is not about one pet; its buttons go to `onButton`.
    public func showOther(_ content: NotificationContent, event: String, onButton: @escaping (String) -> Void) {
        popups.otherButtons[content.petID] = onButton
        let facts: Logger.Metadata = ["surface": "popup", "event": "\(event)"]
        switch notifier.show(content) {
        case .posted:
            logger.info(
                "notified: \(content.summary) — \(content.body)", metadata: facts.merging(["shown": "true"]) { $1 })
        case .noServer(let reason):
            logger.warning(
                "not shown (\(reason)): \(content.summary)", metadata: facts.merging(["shown": "false"]) { $1 })
        }
    }

    public func closeOther(_ id: UUID) {
        popups.otherButtons[id] = nil
        notifier.close(petID: id)
    }

    /// The appliance's plug says it stopped: its load ends now and is announced as any finish.
    public func applianceStopped(_ appliance: Appliance) {
        do {
            if let state = try laundry.applianceStopped(appliance) {
                logger.info(
                    "the \(appliance.rawValue) stopped: \(state.pet.identity.name)'s load ends now",
                    metadata: ApplianceMonitor.fact(appliance, "loadEnded", ["pet": "\(state.pet.identity.name)"]))
                filesChanged([state.pet.id])
            } else {
                logger.info(
                    "the \(appliance.rawValue) stopped; no load of its kind was running",
                    metadata: ApplianceMonitor.fact(appliance, "noLoad"))
            }
        } catch {
            logger.error(
                "the \(appliance.rawValue) stopped, but: \(ErrorText.line(for: error) ?? "\(error)")",
                metadata: ApplianceMonitor.fact(appliance, "loadNotEnded"))
        }
    }

    /// What one appliance run drew, for its load stage (in its history, so every machine's `loads` shows it).
    @discardableResult
    public func recordEnergy(
        _ appliance: Appliance, from since: Date, to ended: Date, _ use: HistoryDetail.EnergyUse
    ) -> Pet? {
        do {
            guard let pet = try laundry.recordEnergy(appliance, from: since, to: ended, use) else {
                logger.info(
                    "the \(appliance.rawValue) drew \(NumberText.plain(use.wattHours)) Wh; no load of its ran then")
                return nil
            }
            logger.info(
                "the \(appliance.rawValue) drew \(NumberText.plain(use.wattHours)) Wh for \(pet.identity.name)'s load")
            filesChanged([pet.id])
            return pet
        } catch {
            logger.info(
                line: "the \(appliance.rawValue)'s energy was not written: \(ErrorText.line(for: error) ?? "\(error)")")
            return nil
        }
    }

    /// What the plugs measured of each pet's loads, in all (Home Assistant's energy sensors).
    public func measuredEnergy() -> [UUID: Double] {
        var totals: [UUID: Double] = [:]
        guard let loads = try? laundry.loads(nil) else { return totals }
        for index in loads.indices {
            let (pet, load) = loads[index]
            totals[pet.id, default: 0] += (load.washEnergyWh ?? 0) + (load.dryEnergyWh ?? 0)
        }
        return totals
    }
}
