import CGLib
import FoundationEssentials
@preconcurrency import Glibc
import LaundryControl
import LaundryCore
import LaundryRendering
import Logging

/// Desktop notifications over GDBus: questions time out in 3 s; `Notify` goes without awaiting its reply (libnotify's
/// `notify_notification_show` waits: dunst took ~100 ms a popup, stalling the loop). Buttons: `ActionInvoked` signals.
///
/// Ids belong to one owner of `org.freedesktop.Notifications` (a restarted mako, swaync or dunst counts from 1 again):
/// calls go to the owner's unique name, its ids are dropped on `NameOwnerChanged`, and only its signals count.
///
/// `Notify` calls wait for room in a `NotifyWindow` shared with the card notifier, popups before card updates; one
/// replaced or withdrawn before it went out is never sent, nor again after `NoReply` or a timeout (maybe on screen).
/// Cards are updated in place (`replaces_id`, no reply expected: no wake-up); a card's first `Notify` waits for its id,
/// as do updates asked meanwhile, lest they race into two cards (an unanswered first leaves no id: the next is new).
public final class DBusNotifier: Notifier {
    public enum Style: Sendable {
        /// Each popup replaces the last by closing it first (see `show`).
        case popups
        case cards
    }
    private let style: Style
    /// Cards whose `Notify` is unanswered, and the update that waits for its id.
    private var unanswered: Set<UUID> = []
    private var heldUpdates: [UUID: NotificationContent] = [:]
    public private(set) var server: ServerInfo?
    public var onAction: ((UUID, String) -> Void)?
    public var onDismissed: ((UUID) -> Void)?
    public var onNotShown: ((UUID, String) -> Void)?
    public var onServerChanged: ((ServerInfo?) -> Void)?
    private let appName = "laundry"
    private let iconPath: String
    private var connection: OpaquePointer?
    private var subscriptions: [UInt32] = []
    /// The unique name of the server whose ids `idByPet` holds; nil while none owns the name.
    private var owner: String?
    /// Why the last look for a server found none.
    private var problem: String?
    /// The server's id of each pet's notification on screen, and back.
    private var idByPet: [UUID: UInt32] = [:]
    private var petByID: [UInt32: UUID] = [:]
    /// The `Notify` per pet whose popup stays up once its id comes back; any other's (replaced or withdrawn) is closed.
    private var wanted: [UUID: Int] = [:]
    private var posted = 0
    private let window: NotifyWindow
    private let logger: Logger

    /// `NotificationClosed`'s reason when the user dismissed the popup.
    private static let dismissedByUser: UInt32 = 2
    private static let busName = NotificationBus.serverName
    private static let objectPath = NotificationBus.serverPath

    /// `window`: the calls in flight this notifier shares with the daemon's other (nil: its own).
    public init(
        iconPath: String?, logger: Logger, style: Style = .popups, window: NotifyWindow? = nil
    ) {
        self.style = style
        self.window = window ?? NotifyWindow(logger: logger)
        self.iconPath = iconPath ?? ""
        self.logger = logger
    }

    deinit {
        guard let connection else { return }
        for subscription in subscriptions { g_dbus_connection_signal_unsubscribe(connection, subscription) }
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    public func refreshServer() -> ServerInfo? {
        server = nil
        guard let bus = connect() else {
            problem = "no session bus (DBUS_SESSION_BUS_ADDRESS is not set or its bus is gone)"
            return nil
        }
        guard DBusCall.reachable(Self.busName, on: bus) else {
            problem = "no notification server on the session bus"
            return nil
        }
        switch NotificationBus.serverInfo(on: bus, at: owner ?? Self.busName) {
        case .success(let info):
            server = info
            problem = nil
        case .failure(let failure):
            problem = NotificationBus.reason(failure)
        }
        return server
    }

    /// Posts `content`, blocking (up to 3 s) until the server took it: for `laundry notify-test`, doing nothing else.
    func showAndWait(_ content: NotificationContent) -> Bool {
        guard let bus = connect(), let parameters = parameters(for: content, replacing: 0) else { return false }
        // The well-known name when no owner was known at connecting (a server the bus started on demand since:
        // no main loop here hears its NameOwnerChanged).
        guard
            case .success(let reply) = DBusCall.sync(
                bus, owner ?? Self.busName, Self.objectPath, Self.busName, "Notify", parameters, reply: "(u)")
        else { return false }
        g_variant_unref(reply)
        return true
    }

    public func show(_ content: NotificationContent) -> Delivery {
        // A card asks the server nothing: the popups' notifier knows it, and a slow answer (3 s) must not hold cards.
        if style == .popups, server == nil { _ = refreshServer() }
        guard style == .cards ? connect() != nil && owner != nil : server != nil && connect() != nil else {
            return .noServer(problem ?? "no notification server on the session bus")
        }
        switch style {
        case .popups:
            // Close, not replace: replacing one with buttons can leave the sender waiting forever (dunst #672). A popup
            // is posted once; a card (changed every minute) is replaced in place: dunst 1.9 answers that at once.
            close(petID: content.petID)
        case .cards:
            guard !unanswered.contains(content.petID) else {
                heldUpdates[content.petID] = content
                return .posted
            }
        }
        posted += 1
        wanted[content.petID] = posted
        window.enqueue(waiting(content, serial: posted))
        return .posted
    }

    public func close(petID: UUID) {
        wanted[petID] = nil
        heldUpdates[petID] = nil
        guard let previous = idByPet.removeValue(forKey: petID) else { return }
        petByID[previous] = nil
        guard style == .cards else { return closeNotification(previous) }
        // Card withdrawals wait behind popups, like updates: in a burst the server redraws its whole stack per call.
        let server = owner
        window.enqueue(
            NotifyWindow.Waiting(isCard: true) { [weak self] in
                guard let self, self.owner == server else { return .notSent }
                self.closeNotification(previous)
                return .withoutReply
            })
    }

    /// Waits until every call made so far has left for the bus (before the daemon exits).
    public func flush() {
        guard let connection else { return }
        window.sendWaitingCards()
        g_dbus_connection_flush_sync(connection, nil, nil)
    }

    /// The call as it waits in the window: made when its turn comes, if it is still wanted then.
    private func waiting(_ content: NotificationContent, serial: Int) -> NotifyWindow.Waiting {
        NotifyWindow.Waiting(isCard: style == .cards) { [weak self] in
            self?.send(content, serial: serial) ?? .notSent
        }
    }

    private func send(_ content: NotificationContent, serial: Int) -> NotifyWindow.Sent {
        guard let connection, wanted[content.petID] == serial else { return .notSent }
        if style == .cards, let id = idByPet[content.petID] {
            call(connection, "Notify", parameters(for: content, replacing: id), to: owner ?? Self.busName)
            return .withoutReply
        }
        if style == .cards { unanswered.insert(content.petID) }
        call(
            connection, "Notify", parameters(for: content, replacing: 0), to: owner ?? Self.busName, replyType: "(u)",
            request: PendingNotify(notifier: self, content: content, serial: serial, owner: owner))
        return .awaitingReply
    }

    /// A `Notify` was answered: its room in the window is free, and a card update that waited for its id goes now.
    private func answered(_ request: PendingNotify) {
        window.answered()
        sendHeldUpdate(of: request.petID)
    }

    private func sendHeldUpdate(of pet: UUID) {
        guard unanswered.remove(pet) != nil, let update = heldUpdates.removeValue(forKey: pet) else { return }
        _ = show(update)
    }

    /// Closes one of the current owner's popups (an id of a server that left names nothing).
    private func closeNotification(_ id: UInt32) {
        guard let connection, let owner else { return }
        var children: [OpaquePointer?] = [g_variant_new_uint32(id)]
        call(connection, "CloseNotification", g_variant_new_tuple(&children, 1), to: owner)
    }

    private func connect() -> OpaquePointer? {
        if let connection { return connection }
        guard let bus = DBusCall.sessionBus() else { return nil }
        connection = bus
        let context = Unmanaged.passUnretained(self).toOpaque()
        for member in ["ActionInvoked", "NotificationClosed"] {
            subscriptions.append(
                g_dbus_connection_signal_subscribe(
                    bus, Self.busName, Self.busName, member, Self.objectPath, nil,
                    G_DBUS_SIGNAL_FLAGS_NONE, Self.signalHandler, context, nil))
        }
        subscriptions.append(
            g_dbus_connection_signal_subscribe(
                bus, "org.freedesktop.DBus", "org.freedesktop.DBus", "NameOwnerChanged", "/org/freedesktop/DBus",
                Self.busName, G_DBUS_SIGNAL_FLAGS_NONE, Self.ownerChangedHandler, context, nil))
        owner = DBusCall.owner(of: Self.busName, on: bus)
        return bus
    }

    /// Another server took the name, or none holds it now: what the last one showed is gone with it.
    private func ownerChanged(to newOwner: String?) {
        guard newOwner != owner else { return }
        owner = newOwner
        idByPet = [:]
        petByID = [:]
        server = nil
        // What waited was for the server that left (skipped at its turn); the engine posts again what still holds.
        wanted = [:]
        if newOwner != nil { _ = refreshServer() }
        onServerChanged?(server)
    }

    private final class PendingNotify {
        weak var notifier: DBusNotifier?
        let content: NotificationContent
        let serial: Int
        /// The server it went to (nil: to the well-known name, which the bus may start a server for).
        let owner: String?
        init(notifier: DBusNotifier, content: NotificationContent, serial: Int, owner: String?) {
            self.notifier = notifier
            self.content = content
            self.serial = serial
            self.owner = owner
        }
        var petID: UUID { content.petID }

        /// The server it went to has left: its answer, an id or an error, says nothing any more.
        var wentToAServerThatLeft: Bool { owner != nil && owner != notifier?.owner }
    }

    /// No `request`: no reply expected (GDBus sets `NO_REPLY_EXPECTED` with no callback), so the daemon wakes for none.
    private func call(
        _ connection: OpaquePointer, _ method: String, _ parameters: OpaquePointer?, to destination: String,
        replyType: String? = nil, request: PendingNotify? = nil
    ) {
        let type = replyType.map { g_variant_type_new($0) }
        defer { if let type { g_variant_type_free(type) } }
        let data = request.map { Unmanaged.passRetained($0).toOpaque() }
        g_dbus_connection_call(
            connection, destination, Self.objectPath, Self.busName, method, parameters, type ?? nil,
            G_DBUS_CALL_FLAGS_NONE, -1, nil, data == nil ? nil : Self.replyHandler, data)
    }

    private static let replyHandler: GAsyncReadyCallback = { source, result, data in
        guard let data else { return }
        let request = Unmanaged<PendingNotify>.fromOpaque(data).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
        guard let notifier = request.notifier else {
            if let error { g_error_free(error) }
            if let reply { g_variant_unref(reply) }
            return
        }
        guard let reply else {
            let failure = error.map(DBusCall.Failure.init) ?? DBusCall.Failure(name: nil, message: "no answer")
            if let error { g_error_free(error) }
            if failure.isRefusedByTheBus {
                return notifier.window.refused(notifier.waiting(request.content, serial: request.serial))
            }
            defer { notifier.answered(request) }
            // A server that left (the one that takes over gets it again), or a popup replaced meanwhile.
            guard !request.wentToAServerThatLeft, notifier.wanted[request.petID] == request.serial else { return }
            if failure.isNoAnswer {
                // It may be on screen: sending it again could show it twice. Its alarm rings on.
                let words =
                    "a popup may not have been shown (\(NotificationBus.reason(failure))); not sent again, "
                    + "its alarm rings on: \(request.content.summary)"
                notifier.logger.warning(
                    "\(words)",
                    metadata: [
                        "surface": "popup", "event": "noAnswer", "petId": "\(request.petID.lowercasedText)",
                        "shown": "unknown",
                    ])
                return
            }
            notifier.wanted[request.petID] = nil
            notifier.server = nil  // ask again at the next event
            notifier.onNotShown?(request.petID, NotificationBus.reason(failure))
            return
        }
        defer {
            g_variant_unref(reply)
            notifier.answered(request)
        }
        guard let child = g_variant_get_child_value(reply, 0) else { return }
        defer { g_variant_unref(child) }
        let id = g_variant_get_uint32(child)
        // Shown by a server that has left since: the popup went with it.
        guard !request.wentToAServerThatLeft else { return }
        guard notifier.wanted[request.petID] == request.serial else {
            notifier.closeNotification(id)
            return
        }
        // A card whose id the server no longer knew (it was closed) came back under a new one.
        if let old = notifier.idByPet.updateValue(id, forKey: request.petID), old != id {
            notifier.petByID[old] = nil
        }
        notifier.petByID[id] = request.petID
    }

    private static let ownerChangedHandler: GDBusSignalCallback = { _, _, _, _, _, parameters, context in
        guard let context, let parameters, DBusCall.type(of: parameters) == "(sss)",
            let name = g_variant_get_child_value(parameters, 2)
        else { return }
        let newOwner = String(cString: g_variant_get_string(name, nil))
        g_variant_unref(name)
        let notifier = Unmanaged<DBusNotifier>.fromOpaque(context).takeUnretainedValue()
        notifier.ownerChanged(to: newOwner.isEmpty ? nil : newOwner)
    }

    private static let signalHandler: GDBusSignalCallback = { _, sender, _, _, signal, parameters, context in
        guard let context, let sender, let signal, let parameters else { return }
        let notifier = Unmanaged<DBusNotifier>.fromOpaque(context).takeUnretainedValue()
        // Only the server that gave the ids speaks for them (mako and swaync broadcast their signals).
        guard let owner = notifier.owner, String(cString: sender) == owner else { return }
        // Read only in the shapes the specification gives (a server of another shape is ignored).
        let shape = String(cString: signal) == "ActionInvoked" ? "(us)" : "(uu)"
        guard DBusCall.type(of: parameters) == shape, let first = g_variant_get_child_value(parameters, 0) else {
            return
        }
        let id = g_variant_get_uint32(first)
        g_variant_unref(first)
        switch String(cString: signal) {
        case "ActionInvoked":
            guard let petID = notifier.petByID[id], let second = g_variant_get_child_value(parameters, 1) else {
                return
            }
            let action = String(cString: g_variant_get_string(second, nil))
            g_variant_unref(second)
            notifier.onAction?(petID, action)
        default:  // NotificationClosed
            guard let petID = notifier.petByID.removeValue(forKey: id) else { return }
            if notifier.idByPet[petID] == id { notifier.idByPet[petID] = nil }
            var reason: UInt32 = 0
            if let second = g_variant_get_child_value(parameters, 1) {
                reason = g_variant_get_uint32(second)
                g_variant_unref(second)
            }
            if reason == DBusNotifier.dismissedByUser {
                // A no-reply update sent just before the close remakes the card on dunst (same id): closed again.
                if notifier.style == .cards { notifier.closeNotification(id) }
                notifier.onDismissed?(petID)
            }
        }
    }

    /// `Notify(app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout)`.
    private func parameters(for content: NotificationContent, replacing replaces: UInt32) -> OpaquePointer? {
        let actionWords = content.actions.flatMap { [$0.key, $0.label] }
        let copies: [UnsafeMutablePointer<CChar>?] = actionWords.map { strdup($0) }
        defer {
            for copy in copies { free(copy) }
        }
        let actions = copies.map { UnsafePointer<CChar>($0) }.withUnsafeBufferPointer { buffer in
            g_variant_new_strv(buffer.baseAddress, Int(buffer.count))
        }
        var hints: [OpaquePointer?] = [
            DBusCall.entry("urgency", g_variant_new_byte(Self.urgency(content.urgency))),
            DBusCall.entry("category", g_variant_new_string(content.category)),
            DBusCall.entry("desktop-entry", g_variant_new_string(appName)),
            // laundry plays its own sound (an alarm that repeats): a server must not add another.
            DBusCall.entry("suppress-sound", g_variant_new_boolean(1)),
        ]
        if let timer = content.loadID {
            hints.append(DBusCall.entry("x-laundry-timer", g_variant_new_string(timer.lowercasedText)))
        }
        if content.isLiveCard {
            // Kept after a button is pressed (GNOME, swaync): the card goes on showing the load.
            hints.append(DBusCall.entry("resident", g_variant_new_boolean(1)))
        }
        if let percent = content.percentDone {
            hints.append(DBusCall.entry("value", g_variant_new_int32(Int32(percent))))
        }
        let entryType = g_variant_type_new("{sv}")
        defer { g_variant_type_free(entryType) }
        let hintArray = g_variant_new_array(entryType, &hints, gsize(hints.count))
        // A card stays until it is withdrawn (0: never expires); a popup lasts as the server decides.
        let expires: Int32 = content.isLiveCard ? 0 : -1
        var children: [OpaquePointer?] = [
            g_variant_new_string(appName), g_variant_new_uint32(replaces), g_variant_new_string(iconPath),
            g_variant_new_string(content.summary), g_variant_new_string(content.body), actions, hintArray,
            g_variant_new_int32(expires),
        ]
        return g_variant_new_tuple(&children, gsize(children.count))
    }

    private static func urgency(_ urgency: NotificationContent.Urgency) -> UInt8 {
        switch urgency {
        case .low: return 0
        case .normal: return 1
        case .critical: return 2
        }
    }

}
