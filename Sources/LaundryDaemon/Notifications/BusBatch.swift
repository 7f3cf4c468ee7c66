import CGLib

/// Sends calls with one wake-up of GDBus's thread (woken as each call is queued): 100 live cards' minute updates had it
/// draining as fast as queued, the threads waking each other 30–50 times where a batch needs 2 (bench row "wake-ups
/// of the idle daemon"). A message filter there holds it while a batch is queued: one sleep, then the batch.
final class BusBatch {
    private let connection: OpaquePointer
    private let lock: UnsafeMutablePointer<GMutex>
    private var filter: UInt32 = 0

    /// On the daemon's session bus connection (nil: there is none).
    init?() {
        guard let bus = DBusCall.sessionBus() else { return nil }
        connection = bus
        lock = .allocate(capacity: 1)
        g_mutex_init(lock)
        filter = g_dbus_connection_add_filter(connection, Self.waitForTheBatch, lock, nil)
    }

    deinit {
        g_dbus_connection_remove_filter(connection, filter)
        g_mutex_clear(lock)
        lock.deallocate()
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Runs `queue`; its calls must not wait for an answer (that would wait on GDBus's thread, held here: a deadlock).
    func together(_ queue: () -> Void) {
        g_mutex_lock(lock)
        defer { g_mutex_unlock(lock) }
        queue()
    }

    /// Outgoing messages pass once no batch is being queued; incoming ones at once.
    private static let waitForTheBatch: GDBusMessageFilterFunction = { _, message, incoming, lock in
        if incoming == 0, let lock {
            let mutex = lock.assumingMemoryBound(to: GMutex.self)
            g_mutex_lock(mutex)
            g_mutex_unlock(mutex)
        }
        return message
    }
}
