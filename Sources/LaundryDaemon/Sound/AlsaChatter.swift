import CAlsaLog
import Logging
import Synchronization

/// libasound (under libcanberra's ALSA backend, when no sound server answers) prints a screenful of errors on stderr
/// for every sound it cannot play: `cannot find card '0'`, `Unknown PCM default`. That is the daemon's log, or the
/// terminal that started it. They go to the log at debug level instead; the sound's failure itself is logged once as
/// a fact (`no sound: …`).
enum AlsaChatter {
    private static let logger = Mutex<Logger?>(nil)

    /// From now on, libasound's errors are `logger`'s debug lines.
    static func keep(in logger: Logger) {
        Self.logger.withLock { $0 = logger }
        laundry_alsa_errors_to { line in
            guard let line, let logger = AlsaChatter.logger.withLock({ $0 }) else { return }
            logger.debug("ALSA: \(String(cString: line))")
        }
    }
}
