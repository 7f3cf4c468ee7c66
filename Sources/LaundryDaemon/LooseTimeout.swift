import CGLib

/// A repeating GLib timeout that also fires at an earlier wake-up of the loop, when its moment is less than `slack`
/// away: work that need not be to the second (the health tick, the Home Assistant connection's check) rides on the
/// wake-ups the loop has anyway, such as Home Assistant's own heartbeat, instead of waking the process again a few
/// seconds later. Measured with Home Assistant's connection open: 5.0 wake-ups a minute with plain timeouts, see
/// `make bench` for the figure with these.
enum LooseTimeout {
    /// Adds the timeout to the default main context: `body` runs every `seconds` (or up to `slack` early), for as
    /// long as it returns true. Returns the source's id, for `g_source_remove`.
    @discardableResult
    static func add(every seconds: Double, slack: Double, _ body: @escaping () -> Bool) -> guint {
        let source = g_source_new(funcs, guint(MemoryLayout<GSource>.stride + MemoryLayout<Moments>.stride))!
        let now = g_get_monotonic_time()
        let period = gint64(seconds * 1_000_000)
        moments(source).initialize(to: Moments(due: now + period, period: period, slack: gint64(slack * 1_000_000)))
        let trampoline: GSourceFunc = { data in
            Unmanaged<Body>.fromOpaque(data!).takeUnretainedValue().run() ? 1 : 0
        }
        let release: GDestroyNotify = { data in Unmanaged<Body>.fromOpaque(data!).release() }
        g_source_set_callback(source, trampoline, Unmanaged.passRetained(Body(body)).toOpaque(), release)
        let id = g_source_attach(source, nil)
        g_source_unref(source)
        return id
    }

    private struct Moments {
        var due: gint64
        let period: gint64
        let slack: gint64
    }

    private final class Body {
        let run: () -> Bool
        init(_ run: @escaping () -> Bool) { self.run = run }
    }

    /// Where the source keeps its moments: just after the GSource GLib allocated for it.
    private static func moments(_ source: UnsafeMutablePointer<GSource>) -> UnsafeMutablePointer<Moments> {
        UnsafeMutableRawPointer(source).advanced(by: MemoryLayout<GSource>.stride).assumingMemoryBound(to: Moments.self)
    }

    /// GLib keeps this pointer for every source of the kind: made once, never freed.
    // Written once, then only read by GLib on the loop's thread.
    nonisolated(unsafe) private static let funcs: UnsafeMutablePointer<GSourceFuncs> = {
        let funcs = UnsafeMutablePointer<GSourceFuncs>.allocate(capacity: 1)
        var table = GSourceFuncs()
        table.prepare = { source, timeout in
            let moments = LooseTimeout.moments(source!).pointee
            let left = moments.due - g_source_get_time(source)
            guard left > 0 else { return 1 }
            timeout?.pointee = gint(min(gint64(Int32.max), (left + 999) / 1000))
            return 0
        }
        // After any wake-up of the loop: due within the slack counts as due.
        table.check = { source in
            let moments = LooseTimeout.moments(source!).pointee
            return g_source_get_time(source) >= moments.due - moments.slack ? 1 : 0
        }
        table.dispatch = { source, callback, data in
            let moments = LooseTimeout.moments(source!)
            moments.pointee.due = g_source_get_time(source) + moments.pointee.period
            return callback?(data) ?? 0
        }
        funcs.initialize(to: table)
        return funcs
    }()
}
