/// Levenshtein distance, with two neighbours swapped as one edit (`stauts` is one from `status`): for "did you mean" on
/// pet names, commands and config.json's keys.
public enum EditDistance {
    public static func between(_ one: String, _ two: String) -> Int {
        let one = Array(one)
        let two = Array(two)
        var before: [Int] = []
        var previous = Array(0...two.count)
        for (row, first) in one.enumerated() {
            var current = [row + 1]
            for (column, second) in two.enumerated() {
                var cost = min(
                    previous[column + 1] + 1, current[column] + 1, previous[column] + (first == second ? 0 : 1))
                if row > 0, column > 0, first == two[column - 1], one[row - 1] == second {
                    cost = min(cost, before[column - 1] + 1)
                }
                current.append(cost)
            }
            (before, previous) = (previous, current)
        }
        return previous[two.count]
    }
}
