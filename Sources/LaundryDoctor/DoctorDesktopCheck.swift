import LaundryControl
import LaundryCore
import LaundryRendering

/// `laundry doctor` on what the desktop does with a running load's live card, and whose do-not-disturb laundry reads.
enum DoctorDesktopCheck {
    static func checkLiveCard(_ report: inout DoctorReport, _ findings: DesktopFindings, config: DaemonConfig) {
        let label = Words.text("live card")
        guard config.liveCard, config.notifications else {
            report.ok(label, Words.text("off (\"liveCard\": false or \"notifications\": false in config.json)"))
            return
        }
        guard let server = findings.server else { return }  // the notifications line says why
        let values = ["name": server.name, "version": server.version]
        var line: String
        switch server.name.lowercased() {
        case "dunst":
            line = Words.text(
                "{name} {version} shows each running load's card with a progress bar; its buttons are in "
                    + "dunst's context menu (dunstctl context)", values)
        case "mako":
            line = Words.text(
                "{name} {version} shows each running load's card (a bar where its style sets progress-color); "
                    + "buttons through makoctl menu", values)
        case "gnome-shell":
            line = Words.text(
                "{name} {version} shows each running load's card in its message list, with buttons and no bar",
                values)
        default:
            line = Words.text(
                "{name} {version} shows each running load's card, updated in place once a minute", values)
        }
        if findings.jobViewServer {
            line += "; " + Words.text("each running load is also a job in KDE Plasma's progress list")
        }
        guard server.hasActions else {
            report.warning(
                label, line,
                fix: Words.text("this server shows no buttons: use laundry extend, pause, resume and finish"))
            return
        }
        report.ok(label, line)
    }

    static func checkDoNotDisturb(_ report: inout DoctorReport, _ findings: DesktopFindings, config: DaemonConfig) {
        let label = Words.text("do not disturb")
        guard !findings.doNotDisturbReadable.isEmpty else {
            report.ok(
                label,
                Words.text(
                    "not read: no desktop here says (dunst, KDE Plasma, mako, swaync and GNOME's settings portal "
                        + "were asked)"))
            return
        }
        let sources = findings.doNotDisturbReadable.joined(separator: ", ")
        let state: String
        switch (findings.doNotDisturb, config.dnd) {
        case (nil, _): state = Words.text("off")
        case (let desktop?, .quiet):
            state = Words.text("on ({desktop}): popups and sound wait for its end", ["desktop": desktop])
        case (let desktop?, .ring):
            state = Words.text("on ({desktop}): laundry rings through it (\"dnd\": \"ring\")", ["desktop": desktop])
        }
        report.ok(label, Words.text("read from {sources}: {state}", ["sources": sources, "state": state]))
    }
}
