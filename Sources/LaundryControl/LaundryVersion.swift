/// The one place the version is written: `--version` of both programs, daemon.json and `make deb`'s changelog check.
public enum LaundryVersion {
    public static let current = "0.2.0"
}
