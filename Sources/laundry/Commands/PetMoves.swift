import ArgumentParser
import LaundryCore
import LaundryRendering

/// Commands that are one move of the cycle on one pet: each declares its name, help and move; the rest is shared.
protocol PlainMove {
    static var configuration: CommandConfiguration { get }
    static var action: PetAction { get }
}

/// A move that takes `--for <duration>`: its help says what the length means to it.
protocol TimedMove: LengthMeaning {
    static var configuration: CommandConfiguration { get }
    static func action(_ length: LaundryDuration?) -> PetAction
}

/// `laundry fold|cancel|pause|resume <pet>`.
struct PetMove<Move: PlainMove>: ParsableCommand {
    static var configuration: CommandConfiguration { Move.configuration }

    @OptionGroup var target: PetArgument

    func run() throws { try CycleMove.run(Move.action, on: target.pet) }
}

/// `laundry more-dry <pet> [--for <duration>]` (wash and dry are `MachinePetMove`s; snooze, with --off, its own).
struct TimedPetMove<Move: TimedMove>: ParsableCommand {
    static var configuration: CommandConfiguration { Move.configuration }

    @OptionGroup var target: PetArgument
    @OptionGroup var length: LengthOption<Move>

    func run() throws { try CycleMove.run(Move.action(length.length), on: target.pet) }
}

/// A move that starts a machine: its length may also come from a named programme.
protocol MachineMove: TimedMove {
    static func action(_ length: LaundryDuration?, programme: String?) -> PetAction
}

extension MachineMove {
    static func action(_ length: LaundryDuration?) -> PetAction { action(length, programme: nil) }
}

/// `laundry wash|dry <pet> [--for <duration>] [--programme <name>]`.
struct MachinePetMove<Move: MachineMove>: ParsableCommand {
    static var configuration: CommandConfiguration { Move.configuration }

    @OptionGroup var target: PetArgument
    @OptionGroup var length: LengthOption<Move>
    @Option(
        help: ArgumentHelp(
            "A named programme (set with laundry set --programme): its learned length, else its typed one; "
                + "--for still wins.",
            valueName: "name"),
        completion: .custom(ShellCompletion.programmes), transform: ArgumentParsing.programmeName)
    var programme: String?

    func run() throws { try CycleMove.run(Move.action(length.length, programme: programme), on: target.pet) }
}

extension LaundryCommand {
    typealias Wash = MachinePetMove<WashMove>
    typealias Dry = MachinePetMove<DryMove>
    typealias MoreDry = TimedPetMove<MoreDryMove>
    typealias Fold = PetMove<FoldMove>
    typealias Cancel = PetMove<CancelMove>
    typealias Pause = PetMove<PauseMove>
    typealias Resume = PetMove<ResumeMove>
    typealias Finish = PetMove<FinishMove>
}

/// `laundry snooze <pet> [--for <duration>]`, and `--off` to end a snooze before its time.
extension LaundryCommand {
    struct Snooze: ParsableCommand {
        static var configuration: CommandConfiguration { SnoozeMove.configuration }

        @OptionGroup var target: PetArgument
        @OptionGroup var length: LengthOption<SnoozeMove>
        @Flag(help: "End the pet's snooze now: its reminders and warnings come again (refused when none holds).")
        var off = false

        func validate() throws {
            guard off, length.length != nil else { return }
            throw ValidationError(Words.text("--off ends a snooze now and takes no --for; give one or the other"))
        }

        func run() throws { try CycleMove.run(off ? .endSnooze : .snooze(length.length), on: target.pet) }
    }
}

/// `laundry extend <pet> [--by <duration>]`: a signed length, so not a `TimedMove`.
extension LaundryCommand {
    struct Extend: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "extend",
            abstract: "Move a running wash or dryer's end later (10 minutes unless --by is given), or earlier.",
            discussion: """
                When the machine says it needs longer: laundry extend Socks --by 12m. A negative length \
                moves the end earlier (--by=-5m); to end the load now, use: laundry finish. On a paused \
                load it changes the time left.
                """)

        @OptionGroup var target: PetArgument
        @Option(
            name: .customLong("by"), parsing: .unconditional,
            help: ArgumentHelp(
                "How much later: " + DurationHelp.forms + "; with a minus sign, earlier (--by=-5m).",
                valueName: "duration"),
            transform: ArgumentParsing.signedDuration)
        var seconds: Int?

        func run() throws { try CycleMove.run(.extend(seconds: seconds), on: target.pet) }
    }
}

enum WashMove: MachineMove {
    static let configuration = CommandConfiguration(
        commandName: "wash", abstract: "Start a pet's wash timer.",
        discussion: """
            Uses --for if given, else the length learned from its last washes (from the third measured \
            one; laundry set --learn off keeps the typed one), else the pet's wash duration. With \
            --programme, the same for that programme's washes alone. When it ends the pet is 'washed'.
            """)
    static let help = "How long this wash takes, this time only (else the learned or the pet's wash time)"
    static func action(_ length: LaundryDuration?, programme: String?) -> PetAction {
        .wash(length, programme: programme)
    }
}

enum DryMove: MachineMove {
    static let configuration = CommandConfiguration(
        commandName: "dry", abstract: "Start a pet's dryer timer once its wash is done.",
        discussion: """
            Uses --for if given, else the length learned from its last dryer runs (from the third \
            measured one), else the pet's dry duration. With --programme, the same for that \
            programme's runs alone. When it ends the pet is 'dried'.
            """)
    static let help = "How long this drying takes, this time only (else the learned or the pet's dry time)"
    static func action(_ length: LaundryDuration?, programme: String?) -> PetAction {
        .dry(length, programme: programme)
    }
}

enum MoreDryMove: TimedMove {
    static let configuration = CommandConfiguration(
        commandName: "more-dry", abstract: "Dry a dried pet a little longer (10 minutes unless --for is given).")
    static let help = "How much longer to dry (else 10 minutes)"
    static func action(_ length: LaundryDuration?) -> PetAction { .moreDry(length) }
}

/// `laundry snooze`'s name, help and what its --for means; `LaundryCommand.Snooze` makes the move (or --off).
enum SnoozeMove: LengthMeaning {
    static let configuration = CommandConfiguration(
        commandName: "snooze",
        abstract: "Hold back a pet's reminders and health warnings for a while (10 minutes unless --for is given).",
        discussion: "A new snooze replaces the one before; to end one early: laundry snooze <pet> --off.")
    static let help = "How long to hold back its reminders and warnings (else 10 minutes)"
}

enum FoldMove: PlainMove {
    static let configuration = CommandConfiguration(
        commandName: "fold", abstract: "Finish a pet's cycle: fold it after drying (or air-drying after the wash).",
        discussion: "Health goes back to 100% and the streak grows.")
    static let action = PetAction.fold
}

enum CancelMove: PlainMove {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Stop a pet's running timer and go back to the stage before it.")
    static let action = PetAction.cancel
}

enum PauseMove: PlainMove {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause a pet's running timer; the time left is kept until you resume.")
    static let action = PetAction.pause
}

enum FinishMove: PlainMove {
    static let configuration = CommandConfiguration(
        commandName: "finish",
        abstract: "End a running wash or dryer now, as if its timer had run out (the machine finished early).",
        discussion: "It is announced as any finish, with its alarm, on every machine.")
    static let action = PetAction.finish
}

enum ResumeMove: PlainMove {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Resume a paused timer with the time it had left.")
    static let action = PetAction.resume
}
