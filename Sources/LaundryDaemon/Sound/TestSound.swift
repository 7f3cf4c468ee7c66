import CGLib
import FoundationEssentials
import LaundryRendering
import Logging

/// `laundry notify-test --sound`: one ring through the daemon's player, waited for on its own main loop (`limit` s).
enum TestSound {
    static func play(limit: UInt32 = 5) -> String? {
        var failure: String?
        let player = GSoundPlayer(logger: .silent)
        let loop = g_main_loop_new(nil, 0)
        defer { g_main_loop_unref(loop) }
        var finished = false
        player.onFinished = { reason in
            // laundry notify-test shows it: the reader's words around the sound library's own.
            if let reason { failure = Words.text("no sound: {reason}", ["reason": reason]) }
            finished = true
            g_main_loop_quit(loop)
        }
        player.ring(for: [])
        if !finished {
            let quit: GSourceFunc = { loop in
                g_main_loop_quit(OpaquePointer(loop))
                return 0
            }
            let timeout = g_timeout_add_full(G_PRIORITY_DEFAULT, limit * 1000, quit, UnsafeMutableRawPointer(loop), nil)
            g_main_loop_run(loop)
            if finished {
                _ = g_source_remove(timeout)
            } else {
                failure = Words.text("the sound did not end within {seconds} s", ["seconds": String(limit)])
            }
        }
        return failure
    }
}
