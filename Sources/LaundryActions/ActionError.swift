/// What the way in itself refuses; the domain's `PetError` and the files' `StoreError` pass through unchanged.
public enum ActionError: Error, Equatable, Sendable {
    /// `LAUNDRY_FAKE_NOW` is set but is not an ISO 8601 date-time.
    case invalidFakeNow(String)
    /// A load id prefix that more than one load starts with.
    case ambiguousLoad(String, candidates: [String])
    /// `laundry plan`: no wash and dryer (`needSeconds`) fit by `finishBy` outside quiet hours, `maxWaitSeconds` apart.
    case noPlanFits(finishBy: String, needSeconds: Double, quietHours: String?, maxWaitSeconds: Double)
}
