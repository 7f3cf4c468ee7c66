import CGLib
import FoundationEssentials
import Logging

/// The `Notify` calls in flight, shared by popups and cards: at most `size` await an answer, popups first. A server
/// takes calls in order (dunst draws each before answering the next), so a finish never waits behind a card. A bus may
/// refuse a call (`LimitsExceeded`: too many pending replies, as without Debian's session.conf limits; see `refused`).
public final class NotifyWindow {
    /// One call waiting for room: `send` makes it when its turn comes.
    struct Waiting {
        let isCard: Bool
        let send: () -> Sent
    }

    enum Sent {
        /// It waits for its answer, and holds a room until then.
        case awaitingReply
        /// It went out expecting no answer (a card's update), or not at all (no longer wanted).
        case withoutReply, notSent
    }

    /// A burst waits on the server's queue, not the bus: 8 in flight keep the server busy, far below the pending-reply
    /// limit of Debian's session bus (50,000); a bus with a lower one makes the window smaller.
    static let largestSize = 8

    private(set) var size = NotifyWindow.largestSize
    private(set) var inFlight = 0
    private var popups: [Waiting] = []
    private var cards: [Waiting] = []
    /// The pause before the refused calls go again (doubling, at most 2 s); 0 while none wait.
    private var retryMilliseconds: UInt32 = 0
    private var retryScheduled = false
    private var pumpScheduled = false
    private var refusalLogged = false
    private let logger: Logger

    private lazy var batch = BusBatch()

    public init(logger: Logger) { self.logger = logger }

    /// Queues a call: a popup at once if there is room, card updates when idle, after popups, together (one bus wake).
    func enqueue(_ waiting: Waiting) {
        guard waiting.isCard else {
            popups.append(waiting)
            return pump()
        }
        cards.append(waiting)
        guard !pumpScheduled else { return }
        pumpScheduled = true
        let pumpNow: GSourceFunc = { context in
            let window = Unmanaged<NotifyWindow>.fromOpaque(context!).takeRetainedValue()
            window.pumpScheduled = false
            window.pump()
            return 0
        }
        g_idle_add_full(G_PRIORITY_DEFAULT, pumpNow, Unmanaged.passRetained(self).toOpaque(), nil)
    }

    /// Sends what waits, popups first, while there is room (and no refusal is being waited out), as one batch.
    func pump() {
        let sendAll = {
            while !self.retryScheduled, self.inFlight < self.size {
                let next: Waiting
                if !self.popups.isEmpty {
                    next = self.popups.removeFirst()
                } else if !self.cards.isEmpty {
                    next = self.cards.removeFirst()
                } else {
                    return
                }
                if case .awaitingReply = next.send() { self.inFlight += 1 }
            }
        }
        guard popups.count + cards.count > 1, let batch else { return sendAll() }
        batch.together(sendAll)
    }

    /// At stop every queued card update and withdrawal goes, whatever the room: an unsent one leaves dead buttons.
    func sendWaitingCards() {
        let waiting = cards
        cards = []
        for card in waiting { _ = card.send() }
    }

    /// A call was answered (or failed for good): its room is free, and the pause before a refused call goes resets.
    func answered() {
        inFlight -= 1
        retryMilliseconds = 0
        pump()
    }

    /// The bus refused a call that never reached the server: shrink, requeue it at the head, go again after a pause.
    func refused(_ waiting: Waiting) {
        inFlight -= 1
        if inFlight + 1 <= size {
            size = max(1, inFlight)
            if !refusalLogged {
                let words =
                    "the session bus refused a popup (LimitsExceeded: it takes few calls pending from one program); "
                    + "sending \(size) at a time from now on, the refused ones again"
                logger.warning(
                    "\(words)", metadata: ["surface": "notificationServer", "event": "busLimit", "window": "\(size)"])
                refusalLogged = true
            }
        }
        if waiting.isCard { cards.insert(waiting, at: 0) } else { popups.insert(waiting, at: 0) }
        retryMilliseconds = retryMilliseconds == 0 ? 20 : min(retryMilliseconds * 2, 2000)
        guard !retryScheduled else { return }
        retryScheduled = true
        let again: GSourceFunc = { context in
            let window = Unmanaged<NotifyWindow>.fromOpaque(context!).takeRetainedValue()
            window.retryScheduled = false
            window.pump()
            return 0
        }
        g_timeout_add_full(G_PRIORITY_DEFAULT, retryMilliseconds, again, Unmanaged.passRetained(self).toOpaque(), nil)
    }
}
