import Foundation

/// The checkout the tests were built from: its `data` folder, committed completions, `.build`.
public enum SourceTree {
    /// The package root: this file is `<root>/Tests/LaundryTestSupport/SourceTree.swift`.
    public static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
}
