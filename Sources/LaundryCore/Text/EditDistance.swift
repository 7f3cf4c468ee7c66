/// Levenshtein distance: for "did you mean" on pet names and on config.json's keys.
public enum EditDistance {
    public static func between(_ one: String, _ two: String) -> Int {
        let one = Array(one)
        let two = Array(two)
        var previous = Array(0...two.count)
        for (row, first) in one.enumerated() {
            var current = [row + 1]
            for (column, second) in two.enumerated() {
                current.append(
                    min(previous[column + 1] + 1, current[column] + 1, previous[column] + (first == second ? 0 : 1)))
            }
            previous = current
        }
        return previous[two.count]
    }
}
