/// Sorting that keeps equal elements in the order they came, and costs one pass when they are
/// already in order: a history read from one machine is written in time order, and sorting moved
/// each event many times (perf: a fifth of `laundry loads`; bench row "`laundry loads`, 20 pets with
/// ten years of weekly loads, the first time").
extension Array {
    public func stablySorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        guard count > 1 else { return self }
        var inOrder = true
        for index in 1..<count where areInIncreasingOrder(self[index], self[index - 1]) {
            inOrder = false
            break
        }
        if inOrder { return self }
        // Sorting positions moves integers, not the elements.
        let order = indices.sorted { left, right in
            if areInIncreasingOrder(self[left], self[right]) { return true }
            if areInIncreasingOrder(self[right], self[left]) { return false }
            return left < right
        }
        return order.map { self[$0] }
    }
}
