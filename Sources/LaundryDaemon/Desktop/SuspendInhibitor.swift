import CGLib
import FoundationEssentials
@preconcurrency import Glibc
import LaundryControl
import Logging

/// Keeps the session from suspending while a load runs or rings: one inhibitor, suspend only (flag 4; not idle: the
/// screen still blanks and locks). Idle suspend (GNOME 15–20 min, KDE 10–15) honours it; a chosen one is not held.
public protocol SuspendInhibitor: AnyObject {
    /// Holds the inhibitor for this wish (the desktop shows its reason in the reader's words, the log says it in
    /// English), or with nil gives it back.
    func hold(_ wish: AwakeWish?)
    /// The interface holding it now; nil while none is held.
    var heldThrough: String? { get }
    /// Why none could be taken the last time one was wanted.
    var problem: KeepAwakeProblem? { get }
}

/// The desktop's interfaces on the session bus, in the order asked: the portal (xdg-desktop-portal passes it to
/// gnome-session on GNOME and to PowerDevil on KDE), then gnome-session itself, then KDE's PowerManagement.
final class SessionSuspendInhibitor: SuspendInhibitor {
    enum Interface: String, CaseIterable {
        case portal = "org.freedesktop.portal.Inhibit"
        case gnomeSession = "org.gnome.SessionManager"
        case powerManagement = "org.freedesktop.PowerManagement.Inhibit"

        var busName: String {
            switch self {
            case .portal: return "org.freedesktop.portal.Desktop"
            case .gnomeSession: return "org.gnome.SessionManager"
            case .powerManagement: return "org.freedesktop.PowerManagement"
            }
        }

        var path: String {
            switch self {
            case .portal: return "/org/freedesktop/portal/desktop"
            case .gnomeSession: return "/org/gnome/SessionManager"
            case .powerManagement: return "/org/freedesktop/PowerManagement/Inhibit"
            }
        }
    }

    /// What gives an inhibitor back: the portal's request object, or a cookie.
    private enum Handle: Equatable {
        case request(String)
        case cookie(Interface, UInt32)

        var interface: Interface {
            switch self {
            case .request: return .portal
            case .cookie(let interface, _): return interface
            }
        }
    }

    /// The portal's flag for "suspend" (8 would be "idle": the screen).
    private static let suspendFlag: UInt32 = 4
    private let appID = "laundry"
    private let logger: Logger
    private var held: (handle: Handle, reason: String)?
    /// The reason no interface took: asked again only when the reason changes, so a bare window manager costs nothing.
    private var refused: String?
    private var tokens = 0
    private(set) var problem: KeepAwakeProblem?

    init(logger: Logger) { self.logger = logger }

    deinit { hold(nil) }

    var heldThrough: String? { held?.handle.interface.rawValue }

    func hold(_ wish: AwakeWish?) {
        guard let wish else { return release() }
        let reason = wish.reason
        guard reason != held?.reason, reason != refused else { return }
        guard let bus = DBusCall.sessionBus() else { return fail(.noSessionBus) }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        var tried: [String] = []
        // The one holding it first, so a new reason stays where it is.
        let order = Interface.allCases.sorted {
            ($0 == held?.handle.interface ? 0 : 1) < ($1 == held?.handle.interface ? 0 : 1)
        }
        for interface in order where DBusCall.reachable(interface.busName, on: bus) {
            switch take(interface, reason: reason, on: bus) {
            case .success(let handle):
                // The new one first, then the old one back: never a moment without.
                let previous = held
                held = (handle, reason)
                if let previous { giveBack(previous.handle, on: bus) }
                if previous?.handle.interface != interface {
                    logger.info(
                        "keeping this computer awake through \(interface.rawValue): \(wish.english)",
                        metadata: ["surface": "keepAwake", "event": "held", "through": "\(interface.rawValue)"])
                }
                problem = nil
                refused = nil
                return
            case .failure(let failure):
                tried.append("\(interface.rawValue): \(failure.shortName ?? failure.message)")
            }
        }
        refused = reason
        fail(tried.isEmpty ? .noDesktop : .refused(tried))
    }

    /// The log says it in English, with its key as a fact (`noSessionBus`, `noDesktop`, `refused`).
    private func fail(_ why: KeepAwakeProblem) {
        // A reason that could not be updated leaves the one held before in place.
        guard held == nil else { return }
        if why != problem {
            logger.warning(
                "cannot keep this computer awake: \(why.english)",
                metadata: ["surface": "keepAwake", "event": "failed", "because": "\(why.key)"])
        }
        problem = why
    }

    private func release() {
        refused = nil
        guard let previous = held else { return }
        held = nil
        DBusCall.onSessionBus { giveBack(previous.handle, on: $0) }
        logger.info("this computer may suspend again (\(previous.handle.interface.rawValue) released)")
    }

    private func take(_ interface: Interface, reason: String, on bus: OpaquePointer) -> Result<Handle, DBusCall.Failure>
    {
        var children: [OpaquePointer?]
        let reply: String
        switch interface {
        case .portal:
            tokens += 1
            var options: [OpaquePointer?] = [
                DBusCall.entry("reason", g_variant_new_string(reason)),
                DBusCall.entry("handle_token", g_variant_new_string("laundry\(getpid())_\(tokens)")),
            ]
            let entryType = g_variant_type_new("{sv}")
            defer { g_variant_type_free(entryType) }
            children = [
                g_variant_new_string(""), g_variant_new_uint32(Self.suspendFlag),
                g_variant_new_array(entryType, &options, gsize(options.count)),
            ]
            reply = "(o)"
        case .gnomeSession:
            children = [
                g_variant_new_string(appID), g_variant_new_uint32(0), g_variant_new_string(reason),
                g_variant_new_uint32(Self.suspendFlag),
            ]
            reply = "(u)"
        case .powerManagement:
            children = [g_variant_new_string(appID), g_variant_new_string(reason)]
            reply = "(u)"
        }
        let parameters = g_variant_new_tuple(&children, gsize(children.count))
        let result = DBusCall.sync(
            bus, interface.busName, interface.path, interface.rawValue, "Inhibit", parameters, reply: reply)
        return result.map { answer in
            defer { g_variant_unref(answer) }
            if interface == .portal { return .request(DBusCall.string(answer, 0)) }
            return .cookie(interface, DBusCall.uint32(answer, 0))
        }
    }

    private func giveBack(_ handle: Handle, on bus: OpaquePointer) {
        let result: Result<OpaquePointer, DBusCall.Failure>
        switch handle {
        case .request(let path):
            result = DBusCall.sync(
                bus, Interface.portal.busName, path, "org.freedesktop.portal.Request", "Close", reply: "()")
        case .cookie(let interface, let cookie):
            var children: [OpaquePointer?] = [g_variant_new_uint32(cookie)]
            let method = interface == .gnomeSession ? "Uninhibit" : "UnInhibit"
            result = DBusCall.sync(
                bus, interface.busName, interface.path, interface.rawValue, method, g_variant_new_tuple(&children, 1),
                reply: "()")
        }
        switch result {
        case .success(let reply): g_variant_unref(reply)
        case .failure(let failure):
            logger.error("could not give back the suspend inhibitor (\(handle.interface.rawValue)): \(failure.message)")
        }
    }
}
