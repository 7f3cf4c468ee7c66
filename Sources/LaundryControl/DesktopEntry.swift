@preconcurrency import Glibc

/// `laundry.desktop`'s place, named in each popup's `desktop-entry` hint: GNOME groups laundry's popups and lists it in
/// notification settings (`X-GNOME-UsesNotifications=true`) only from an XDG data folder's `applications`.
public enum DesktopEntry {
    public static let fileName = "laundry.desktop"

    /// The first `applications/laundry.desktop` in `$XDG_DATA_HOME` (else `~/.local/share`), then
    /// each of `$XDG_DATA_DIRS` (else `/usr/local/share:/usr/share`), as the desktop looks; nil if none.
    public static func installedPath(environment: [String: String]) -> String? {
        searchedFolders(environment: environment).map { $0 + "/applications/" + fileName }.first {
            access($0, R_OK) == 0
        }
    }

    /// The XDG data folders, in the order the desktop (and libcanberra, for sounds) looks in them.
    public static func searchedFolders(environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            folders.append(data)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folders.append(home + "/.local/share")
        }
        let shared = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        folders += shared.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return folders
    }
}
