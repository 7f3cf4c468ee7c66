import Foundation
import LaundryCore
import LaundryTestSupport

/// Pets and their states for the core tests; `start` and `clothes` come from LaundryTestSupport.
extension Fixtures {
    static func pet(name: String = "Socks", cycleDays: Double = 10, createdAt: Date = start) -> Pet {
        Pet(name: try! PetName(name), kind: clothes, createdAt: createdAt, cycleDays: cycleDays)
    }

    static func state(_ stage: Stage = .idle, at now: Date = start) -> PetState {
        var state = PetState(pet: pet())
        switch stage {
        case .idle: break
        case .washing: _ = try! StageMachine.wash(&state, for: nil, at: now)
        case .washed:
            _ = try! StageMachine.wash(&state, for: .minutes(1), at: now.addingTimeInterval(-120))
            StageMachine.settle(&state, at: now)
        case .drying:
            _ = try! StageMachine.wash(&state, for: .minutes(1), at: now.addingTimeInterval(-120))
            StageMachine.settle(&state, at: now)
            _ = try! StageMachine.dry(&state, for: nil, at: now)
        case .dried:
            _ = try! StageMachine.wash(&state, for: .minutes(1), at: now.addingTimeInterval(-300))
            StageMachine.settle(&state, at: now.addingTimeInterval(-200))
            _ = try! StageMachine.dry(&state, for: .minutes(1), at: now.addingTimeInterval(-200))
            StageMachine.settle(&state, at: now)
        }
        precondition(state.pet.cycle.stage == stage)
        return state
    }
}
