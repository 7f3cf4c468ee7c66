import FoundationEssentials
import LaundryCore

/// This machine's copy of each pet's load records and newest history events, with a fingerprint of
/// what they were derived from, in `$XDG_STATE_HOME/laundry/loads.cache`. Ten years of 20 pets'
/// weekly loads are 52,000 history lines (90–130 ms to read and derive); a pet whose files have not
/// changed is read from here (bench rows "`laundry loads`/`history --limit 20`/`stats`, 20 pets
/// with ten years of weekly loads, the second time").
/// Never shared and never needed: a file that is missing, damaged or from another version is
/// read as empty, and written anew, whole, by the next `laundry loads`.
public enum LoadCache {
    public struct Entry: Sendable {
        public var fingerprint: UInt64
        public var loads: [LoadRecord]
        /// The pet's newest history events as history lines: encoded where the entry is made (on
        /// the pet's core), read only by `history`.
        fileprivate var newestLines: [UInt8]

        /// - Parameter newest: the pet's newest history events (at most `newestEventsKept`), oldest first.
        public init(fingerprint: UInt64, loads: [LoadRecord], newest: [HistoryEvent]) {
            self.fingerprint = fingerprint
            self.loads = loads
            newestLines = LoadCache.lines(newest)
        }

        fileprivate init(fingerprint: UInt64, loads: [LoadRecord], newestLines: [UInt8]) {
            self.fingerprint = fingerprint
            self.loads = loads
            self.newestLines = newestLines
        }

        /// The pet's newest history events, oldest first.
        public var newest: [HistoryEvent] { HistoryLog.parse(Data(newestLines)).events }
    }

    /// How many of a pet's newest events are kept: `history --limit N` up to this is read from here.
    public static let newestEventsKept = 50

    /// The first bytes of the file. A change to this layout, or to what a history is made into
    /// (`HistoryLineParser`, `HistoryLog`, `PetHistory.compose`, `LoadRecords.derive`), takes the
    /// next number, so an older file is not believed.
    static let magic = Array("laundry-loads-8\n".utf8)

    public static func read(_ path: String) -> [UUID: Entry] {
        guard case .data(let data)? = try? PosixFile.read(path, limit: 256 << 20), data.count >= 8 else { return [:] }
        let body = data.prefix(data.count - 8)
        let written = data.suffix(8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        var sum = Fingerprint()
        body.withUnsafeBytes { sum.addWords($0) }
        guard written == sum.value, let (names, pets) = body.withUnsafeBytes({ index(BinaryReader($0)) }) else {
            return [:]
        }
        // Each pet's records are a run of bytes of their own, decoded on every core.
        let decoded = pets.concurrentMap(perThread: 1) { pet -> ([LoadRecord], [UInt8])? in
            body.dropFirst(pet.bytes.lowerBound).prefix(pet.bytes.count).withUnsafeBytes { bytes in
                var reader = BinaryReader(bytes)
                guard let loads = readLoads(&reader, petID: pet.id, names: names),
                    let length = reader.uint32(), let lines = reader.take(Int(length)), reader.remaining == 0
                else { return nil }
                return (loads, Array(lines))
            }
        }
        var entries: [UUID: Entry] = [:]
        for (pet, found) in zip(pets, decoded) {
            guard let (loads, lines) = found else { return [:] }
            entries[pet.id] = Entry(fingerprint: pet.fingerprint, loads: loads, newestLines: lines)
        }
        return entries
    }

    /// Replaces the file, atomically: a reader sees the old one or the new one.
    public static func write(_ entries: [UUID: Entry], to path: String) throws(StoreError) {
        var writer = BinaryWriter()
        writer.bytes += magic
        var deviceIndex: [String: UInt32] = [:]
        var names: [String] = []
        for entry in entries.values {
            for load in entry.loads {
                for device in load.devices where deviceIndex[device] == nil {
                    deviceIndex[device] = UInt32(names.count)
                    names.append(device)
                }
            }
        }
        writer.add(UInt32(names.count))
        for name in names { writer.add(name) }
        writer.add(UInt32(entries.count))
        let devices = deviceIndex
        // Each pet's bytes on a core of their own: 10,400 loads took a tenth of the first `laundry
        // stats` on one (bench row "`laundry stats`, 20 pets with ten years of weekly loads, the
        // first time").
        let sorted = entries.sorted(by: { $0.key.sortsBefore($1.key) })
        let sections = sorted.concurrentMap(perThread: 1) { _, entry -> [UInt8] in
            var loads = BinaryWriter()
            loads.add(UInt32(entry.loads.count))
            for load in entry.loads { write(load, to: &loads, devices: devices) }
            loads.add(UInt32(entry.newestLines.count))
            loads.bytes += entry.newestLines
            return loads.bytes
        }
        for ((id, entry), section) in zip(sorted, sections) {
            writer.add(id)
            writer.add(entry.fingerprint)
            writer.add(UInt32(section.count))
            writer.bytes += section
        }
        // A damaged byte could still read as a date: the whole file carries its fingerprint.
        var sum = Fingerprint()
        writer.bytes.withUnsafeBytes { sum.addWords($0) }
        writer.add(sum.value)
        try PosixFile.makeFolder(PathText.parent(path))
        try PosixFile.writeAtomically(Data(writer.bytes), to: path)
    }

    /// The machines' names, and where each pet's records are in the file.
    private static func index(_ reader: BinaryReader) -> (
        [String], [(id: UUID, fingerprint: UInt64, bytes: Range<Int>)]
    )? {
        var reader = reader
        guard reader.take(magic.count).map({ $0.elementsEqual(magic) }) == true,
            let nameCount = reader.uint32(), nameCount <= reader.remaining
        else { return nil }
        var names: [String] = []
        for _ in 0..<nameCount {
            guard let name = reader.string() else { return nil }
            names.append(name)
        }
        guard let petCount = reader.uint32(), petCount <= reader.remaining else { return nil }
        var pets: [(id: UUID, fingerprint: UInt64, bytes: Range<Int>)] = []
        for _ in 0..<petCount {
            guard let id = reader.uuid(), let fingerprint = reader.uint64(), let length = reader.uint32() else {
                return nil
            }
            let start = reader.offset
            guard reader.take(Int(length)) != nil else { return nil }
            pets.append((id, fingerprint, start..<reader.offset))
        }
        return reader.remaining == 0 ? (names, pets) : nil
    }

    private static func readLoads(_ reader: inout BinaryReader, petID: UUID, names: [String]) -> [LoadRecord]? {
        guard let count = reader.uint32(), count <= reader.remaining else { return nil }
        var loads: [LoadRecord] = []
        loads.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let load = readLoad(&reader, petID: petID, names: names) else { return nil }
            loads.append(load)
        }
        return loads
    }

    /// The events as history lines, as their files hold them: one reader, one meaning.
    fileprivate static func lines(_ events: [HistoryEvent]) -> [UInt8] {
        let encoder = JSONCoding.encoder(pretty: false)
        var lines: [UInt8] = []
        for event in events {
            guard let line = try? encoder.encode(event) else { continue }
            lines += line
            lines.append(UInt8(ascii: "\n"))
        }
        return lines
    }

    private static func write(_ load: LoadRecord, to writer: inout BinaryWriter, devices: [String: UInt32]) {
        writer.add(load.id)
        write(load.wash, to: &writer, devices: devices)
        writer.add(load.dryer != nil)
        if let dryer = load.dryer { write(dryer, to: &writer, devices: devices) }
        writer.add(UInt32(load.extraDrying.count))
        for run in load.extraDrying { write(run, to: &writer, devices: devices) }
        writer.add(load.endedAt)
        writer.add(UInt8(load.end.map { End.allCases.firstIndex(of: $0)! + 1 } ?? 0))
        writer.add(load.endedOn.flatMap { devices[$0] })
        addText(load.endedBy, to: &writer)
    }

    private static func addText(_ text: String?, to writer: inout BinaryWriter) {
        writer.add(text != nil)
        if let text { writer.add(text) }
    }

    private static func readLoad(_ reader: inout BinaryReader, petID: UUID, names: [String]) -> LoadRecord? {
        guard let id = reader.uuid(), let wash = readRun(&reader, names: names), let hasDryer = reader.bool()
        else { return nil }
        var load = LoadRecord(id: id, petID: petID, wash: wash)
        if hasDryer {
            guard let dryer = readRun(&reader, names: names) else { return nil }
            load.dryer = dryer
        }
        guard let extraCount = reader.uint32(), extraCount <= reader.remaining else { return nil }
        for _ in 0..<extraCount {
            guard let run = readRun(&reader, names: names) else { return nil }
            load.extraDrying.append(run)
        }
        guard let endedAt = reader.optionalDate(), let end = reader.uint8(), Int(end) <= End.allCases.count,
            let endedOn = reader.optionalIndex(below: names.count), let endedBy = readText(&reader)
        else { return nil }
        load.endedBy = endedBy
        load.endedAt = endedAt
        load.end = end == 0 ? nil : End.allCases[Int(end) - 1]
        load.endedOn = endedOn.map { names[$0] }
        return load
    }

    private static func write(_ run: LoadRecord.Run, to writer: inout BinaryWriter, devices: [String: UInt32]) {
        writer.add(run.timer)
        writer.add(run.started)
        writer.add(run.ended)
        writer.add(run.endedByAppliance)
        writer.add(UInt32(run.pauses.count))
        for pause in run.pauses {
            writer.add(pause.at)
            writer.add(pause.until)
        }
        writer.add(run.startedOn.flatMap { devices[$0] })
        writer.add(run.energy != nil)
        if let energy = run.energy {
            writer.add(UInt8(energy.appliance == .washer ? 0 : 1))
            writer.add(energy.wattHours.bitPattern)
            writer.add(energy.cost != nil)
            if let cost = energy.cost { writer.add(cost.bitPattern) }
            writer.add(energy.currency != nil)
            if let currency = energy.currency { writer.add(currency) }
        }
        writer.add(run.applianceStoppedAt)
        addText(run.programme, to: &writer)
        addText(run.startedBy, to: &writer)
    }

    /// An optional text: nil when the bytes end or are wrong, `.some(nil)` for none.
    private static func readText(_ reader: inout BinaryReader) -> String?? {
        guard let named = reader.bool() else { return nil }
        guard named else { return .some(nil) }
        return reader.string().map(Optional.some)
    }

    private static func readEnergy(_ reader: inout BinaryReader) -> HistoryDetail.EnergyUse?? {
        guard let measured = reader.bool() else { return nil }
        guard measured else { return .some(nil) }
        guard let appliance = reader.uint8(), appliance <= 1, let wattHours = reader.uint64(),
            let priced = reader.bool()
        else { return nil }
        var cost: Double?
        if priced {
            guard let bits = reader.uint64() else { return nil }
            cost = Double(bitPattern: bits)
        }
        guard let named = reader.bool() else { return nil }
        var currency: String?
        if named {
            guard let text = reader.string() else { return nil }
            currency = text
        }
        return .some(
            HistoryDetail.EnergyUse(
                appliance: appliance == 0 ? .washer : .dryer, wattHours: Double(bitPattern: wattHours), cost: cost,
                currency: currency))
    }

    private static func readRun(_ reader: inout BinaryReader, names: [String]) -> LoadRecord.Run? {
        guard let timer = reader.optionalUUID(), let started = reader.date(), let ended = reader.optionalDate(),
            let byAppliance = reader.bool(), let pauseCount = reader.uint32(), pauseCount <= reader.remaining
        else { return nil }
        var pauses: [LoadRecord.Pause] = []
        for _ in 0..<pauseCount {
            guard let at = reader.date(), let until = reader.optionalDate() else { return nil }
            pauses.append(LoadRecord.Pause(at: at, until: until))
        }
        guard let startedOn = reader.optionalIndex(below: names.count), let energy = readEnergy(&reader),
            let stopped = reader.optionalDate(), let programme = readText(&reader), let startedBy = readText(&reader)
        else {
            return nil
        }
        var run = LoadRecord.Run(
            timer: timer, started: started, ended: ended, endedByAppliance: byAppliance, pauses: pauses,
            startedOn: startedOn.map { names[$0] }, programme: programme)
        run.energy = energy
        run.applianceStoppedAt = stopped
        run.startedBy = startedBy
        return run
    }

    private typealias End = LoadRecord.End
}

extension LoadRecord {
    /// The machines named in the record.
    fileprivate var devices: [String] {
        ([wash] + (dryer.map { [$0] } ?? []) + extraDrying).compactMap(\.startedOn) + (endedOn.map { [$0] } ?? [])
    }
}
