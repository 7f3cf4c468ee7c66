/// The one place the version is written: `laundry --version`, `laundryd --version`, daemon.json, and
/// `make deb`'s check against debian/changelog all read it.
public enum LaundryVersion {
    public static let current = "0.1.0"
}
