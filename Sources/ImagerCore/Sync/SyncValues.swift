import Foundation

/// How each field's value is written as text in registers and change files, and read back.
/// Numbers are written in Swift's shortest round-trip form, so a value read back is the
/// same bits that were written.
public enum SyncValues {
    public static func text(_ number: Double) -> String { "\(number)" }

    public static func number(_ text: String?) -> Double? {
        guard let text, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    public static func text(_ color: RGBAColor) -> String {
        var hex = color.hex
        if hex.count == 7 { hex += "FF" }
        return hex
    }

    /// Every field of a chordset row and its chords.
    public static func fields(title: String, position: Double, created: Double, updated: Double,
                              colors: [RGBAColor]) -> [String: String] {
        var fields = [
            SyncField.title: title, SyncField.position: text(position),
            SyncField.created: text(created), SyncField.updated: text(updated),
        ]
        for (slot, color) in colors.enumerated() { fields[SyncField.color(slot)] = text(color) }
        return fields
    }

    /// A chordset as its registers hold it, or nil before its creation arrived (a rename that
    /// came first) or once it is tombstoned. The creation carries every field at one stamp;
    /// `created` never changes after it, so it marks the record as complete. A field missing
    /// beside it was refused at the door (`SyncAdmission`): a row that exists keeps what it
    /// shows for it (`StoredRecords.materialize`), and a row made now takes its default, so
    /// one bad value never hides the record: the title `Chordset.defaultTitle`, position 0,
    /// the grey of a missing chord.
    public struct ChordsetValues: Equatable, Sendable {
        public var title: String
        public var position: Double
        public var created: Double
        public var updated: Double
        public var colors: [RGBAColor]
    }

    public static func chordset(_ registers: Registers) -> ChordsetValues? {
        guard !registers.isDeleted, let created = number(registers[SyncField.created]) else { return nil }
        let title = registers[SyncField.title] ?? Chordset.defaultTitle
        let position = number(registers[SyncField.position]) ?? 0
        let colors = (0..<Chordset.chordCount).map { slot in
            registers[SyncField.color(slot)].flatMap(RGBAColor.init(hex:)) ?? ChordsetStore.missingChordColor
        }
        return ChordsetValues(title: title, position: position, created: created,
                              updated: number(registers[SyncField.updated]) ?? created, colors: colors)
    }

    /// Every field of a set list's row.
    public static func setListFields(title: String, position: Double, created: Double, updated: Double) -> [String: String] {
        [SyncField.title: title, SyncField.position: text(position), SyncField.created: text(created), SyncField.updated: text(updated)]
    }

    /// A set list as its registers hold it, or nil before its creation arrived or once it is
    /// tombstoned; as for a chordset, `created` marks the record as complete, and a field
    /// refused at the door takes its default in a row made now.
    public struct SetListValues: Equatable, Sendable {
        public var title: String
        public var position: Double
        public var created: Double
        public var updated: Double
    }

    public static let defaultSetListTitle = "Set List"

    public static func setList(_ registers: Registers) -> SetListValues? {
        guard !registers.isDeleted, let created = number(registers[SyncField.created]) else { return nil }
        return SetListValues(title: registers[SyncField.title] ?? defaultSetListTitle,
                             position: number(registers[SyncField.position]) ?? 0, created: created,
                             updated: number(registers[SyncField.updated]) ?? created)
    }

    /// Every field of a set-list entry.
    public static func entryFields(setList: UUID, chordset: UUID, position: Double) -> [String: String] {
        [SyncField.setList: setList.uuidString, SyncField.chordset: chordset.uuidString, SyncField.position: text(position)]
    }

    public struct EntryValues: Equatable, Sendable {
        public var setList: UUID
        public var chordset: UUID
        public var position: Double
    }

    /// A set-list entry as its registers hold it: nil until both its set list and its
    /// chordset are known, and once it is tombstoned. Its position defaults to 0.
    public static func entry(_ registers: Registers) -> EntryValues? {
        guard !registers.isDeleted, let setList = registers[SyncField.setList].flatMap({ UUID(text: $0) }),
              let chordset = registers[SyncField.chordset].flatMap({ UUID(text: $0) }) else { return nil }
        return EntryValues(setList: setList, chordset: chordset, position: number(registers[SyncField.position]) ?? 0)
    }

    /// Where a lumi is and what it is: the value of its one register.
    public struct LumiPlacement: Equatable, Sendable {
        public var chordset: UUID
        public var slot: Int
        public var order: Int
        public var lumi: Lumi
    }

    /// `CHORDSET slot order shape x y size rotation glow #RRGGBBAA`, space-separated.
    public static func text(_ placement: LumiPlacement) -> String {
        let lumi = placement.lumi
        return "\(placement.chordset.uuidString) \(placement.slot) \(placement.order) \(lumi.shape.rawValue) "
            + "\(lumi.x) \(lumi.y) \(lumi.size) \(lumi.rotation) \(lumi.glow) \(text(lumi.color))"
    }

    /// The chordset a lumi register's value places it in (its first word), without reading
    /// the rest: what the store files the register under, for every lumi an import writes.
    public static func chordsetOfPlacement(_ text: String) -> UUID? {
        guard let space = text.utf8.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        return UUID(text: text[..<space])
    }

    /// Reads a lumi register's value; nil when it is `gone` or not a lumi Imager would accept.
    public static func placement(_ text: String?, id: UUID) -> LumiPlacement? {
        guard let parts = text?.split(separator: " "), parts.count == 10,
              let chordset = UUID(text: parts[0]),
              let slot = Int(parts[1]), (0..<Chordset.chordCount).contains(slot),
              let order = Int(parts[2]), (0..<Lumi.maximumPerChord).contains(order),
              let shape = LumiShape(rawValue: String(parts[3])),
              let x = number(String(parts[4])), let y = number(String(parts[5])), let size = number(String(parts[6])),
              let rotation = number(String(parts[7])), let glow = number(String(parts[8])),
              let color = RGBAColor(hex: String(parts[9])) else { return nil }
        let lumi = Lumi(id: id, shape: shape, x: x, y: y, size: size, rotation: rotation, color: color, glow: glow)
        guard lumi.refusal == nil else { return nil }
        return LumiPlacement(chordset: chordset, slot: slot, order: order, lumi: lumi)
    }
}
