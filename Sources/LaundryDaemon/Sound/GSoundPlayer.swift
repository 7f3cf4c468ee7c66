import CGLib
import CGSound
import FoundationEssentials
@preconcurrency import Glibc
import Logging

/// The sound theme's `complete`, played through GSound (libcanberra) asynchronously from the GLib loop, which never
/// waits for the speakers. Each sound has its own `GCancellable`: acknowledging cancels it mid-play.
final class GSoundPlayer: SoundPlayer {
    static let eventID = "complete"

    private let logger: Logger
    private var context: OpaquePointer?
    /// Sounds playing, with their pets: libcanberra reports an end a second or more late, so a ring never waits for it.
    private var playing: [Int: (cancellable: UnsafeMutablePointer<GCancellable>, pets: Set<UUID>)] = [:]
    private var serial = 0
    /// The last failure logged, so a missing sound server is one log line, not one per ring.
    private var lastFailure: String?
    /// Called when a sound has ended, was cancelled or failed (for `notify-test --sound`).
    var onFinished: ((_ failure: String?) -> Void)?

    init(logger: Logger) { self.logger = logger }

    // No deinit: the GSound context is never freed: libcanberra's PulseAudio thread may still deliver a sound's end as
    // the player goes (`notify-test --sound` or the daemon exiting), and freeing it then aborts the process.

    func ring(for pets: Set<UUID>) {
        guard let context = openContext(), let cancellable = g_cancellable_new() else {
            onFinished?(lastFailure)
            return
        }
        serial += 1
        playing[serial] = (cancellable, pets)
        let attributes = g_hash_table_new_full(g_str_hash, g_str_equal, free, free)
        for (key, value) in [
            ("event.id", Self.eventID), ("event.description", "A laundry load is done"), ("media.role", "event"),
            ("application.name", "laundry"), ("application.id", "laundry"),
        ] {
            _ = g_hash_table_insert(attributes, strdup(key), strdup(value))
        }
        let request = Unmanaged.passRetained(Request(player: self, serial: serial)).toOpaque()
        gsound_context_play_fullv(context, attributes, cancellable, Self.finished, request)
        g_hash_table_unref(attributes)
    }

    func silence(_ pet: UUID) {
        for (serial, sound) in playing where sound.pets.contains(pet) {
            let rest = sound.pets.subtracting([pet])
            playing[serial]?.pets = rest
            if rest.isEmpty { g_cancellable_cancel(sound.cancellable) }
        }
    }

    private func openContext() -> OpaquePointer? {
        if let context { return context }
        AlsaChatter.keep(in: logger)
        var error: UnsafeMutablePointer<GError>?
        context = gsound_context_new(nil, &error)
        if context == nil {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "libgsound.so.0 is not installed"
            if let error { g_error_free(error) }
            report(reason)
        }
        return context
    }

    private func report(_ failure: String) {
        guard failure != lastFailure else { return }
        lastFailure = failure
        logger.warning(
            "no sound: \(failure); notifications go on without it", metadata: ["surface": "alarm", "event": "noSound"])
    }

    private final class Request {
        weak var player: GSoundPlayer?
        let serial: Int
        init(player: GSoundPlayer, serial: Int) {
            self.player = player
            self.serial = serial
        }
    }

    /// GIO's "cancelled" error code: an acknowledged alarm, not a failure.
    private static let cancelledCode: Int32 = 19

    private static let finished: GAsyncReadyCallback = { source, result, data in
        guard let data else { return }
        let request = Unmanaged<Request>.fromOpaque(data).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let played = gsound_context_play_full_finish(OpaquePointer(source), result, &error) != 0
        var failure: String?
        if let error {
            if error.pointee.code != cancelledCode { failure = String(cString: error.pointee.message) }
            g_error_free(error)
        }
        guard let player = request.player else { return }
        if let sound = player.playing.removeValue(forKey: request.serial) {
            g_object_unref(UnsafeMutableRawPointer(sound.cancellable))
        }
        if let failure {
            player.report(failure)
        } else if played {
            player.lastFailure = nil
        }
        player.onFinished?(failure)
    }
}
