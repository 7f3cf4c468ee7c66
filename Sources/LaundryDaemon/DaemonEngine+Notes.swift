import FoundationEssentials
import Logging

/// The notes of a large batch of announcements, written one per idle turn of the loop once the
/// popups are out.
extension DaemonEngine {
    /// Whether a batch of announcements still has notes to write (the main loop then calls
    /// `writeNextNote` whenever it is idle).
    public var hasUnwrittenNotes: Bool { !unwrittenNotes.isEmpty }

    /// Writes down the next announcement of the batch, then reads the pet's deadline again and
    /// tells the hook what changed, as the batch would have at once.
    public func writeNextNote() {
        guard let note = unwrittenNotes.popLast() else { return }
        for line in unloggedLines { logger.info(line: line()) }
        unloggedLines = []
        isolated(note.service.id) { try note.service.persist(note.pending, at: note.time, laundry: laundry) }
        noticeUserChange(note.service)
        schedule(note.service)
        tellHook(about: note.service)
        if unwrittenNotes.isEmpty, let batch = notesBatch {
            notesBatch = nil
            if logsTimings { logger.info("notes: \(batch.count) written in \(batch.writing.wallTime)") }
        }
    }

    /// Writes what the last batch left, before anything else is looked at (and before stopping:
    /// an announcement not written down would be made again by the next daemon).
    public func writeUnwrittenNotes() {
        while hasUnwrittenNotes { writeNextNote() }
    }
}
