import Foundation

/// Which of another machine's values may enter the registers. A sync folder is outside
/// input like an imported file, so its values pass the same rules as an import: a title as
/// `ChordsetTitle.accepted` takes it, finite numbers, `#RRGGBB[AA]` colours, a lumi as
/// `SyncValues.placement` reads it (slot, order, shape and every range of `Lumi.allows`).
///
/// The check is per field: a field that fails is dropped from its operation and reported,
/// and the operation's other fields go on. A bad value thus never enters a register, so it
/// never replaces a good one, never leaves a record incomplete, and is never republished in
/// this machine's snapshots. Accepted values are kept in one form (a title cleaned, a colour
/// as `#RRGGBBAA`, a number as `SyncValues.text` writes it), the same on every machine, so
/// the registers still converge.
public enum SyncAdmission {
    /// Why a field, or a whole operation, was refused.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// A field name this version does not know for the record's kind.
        case unknownField(String)
        /// The field's value fails the rule for that field; `value` is its start, as written.
        case badValue(field: String, value: String, rule: String)
        /// Stamped more than `HybridClock.maximumWait` ahead of this machine's clock.
        case tooFarAhead(Stamp)
        /// The lumi would make its chord hold more than `Lumi.maximumPerChord`.
        case chordFull(chordset: UUID, slot: Int)

        public var description: String {
            switch self {
            case let .unknownField(name): "its field “\(TerminalText.escaped(name.prefix(40)))” is not known"
            case let .badValue(field, value, rule):
                "its \(TerminalText.escaped(field)) “\(TerminalText.escaped(value))” is not \(rule)"
            case let .tooFarAhead(stamp):
                "it is stamped \(Self.date(stamp)), more than \(HybridClock.maximumWait / 3_600_000) hours ahead of this computer's clock"
            case let .chordFull(chordset, slot):
                "chord \(slot + 1) of chordset \(chordset.uuidString) already holds \(Lumi.maximumPerChord) lumis, the most a chord holds"
            }
        }

        private static func date(_ stamp: Stamp) -> String {
            let seconds = Double(stamp.milliseconds) / 1000
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate]
            return seconds < 253_402_300_800 ? formatter.string(from: Date(timeIntervalSince1970: seconds)) : "after the year 9999"
        }
    }

    /// The operation with only the fields that may enter (nil when none may), and why each
    /// other field was refused.
    public static func admit(_ operation: SyncOperation) -> (admitted: SyncOperation?, refused: [Refusal]) {
        var admitted = operation
        admitted.fields = [:]
        var refused: [Refusal] = []
        for (name, value) in operation.fields {
            switch check(name, value, of: operation.key) {
            case let .success(kept): admitted.fields[name] = kept
            case let .failure(refusal): refused.append(refusal)
            }
        }
        refused.sort { $0.description < $1.description }
        return (admitted.fields.isEmpty ? nil : admitted, refused)
    }

    /// The value a field keeps (in its one form), or why it may not enter.
    static func check(_ name: String, _ value: String, of key: SyncRecordKey) -> Result<String, Refusal> {
        func bad(_ rule: String) -> Result<String, Refusal> {
            .failure(.badValue(field: name, value: String(value.prefix(40)), rule: rule))
        }
        // The rules the record kinds share, one place each.
        func title() -> Result<String, Refusal> {
            switch ChordsetTitle.accepted(value) {
            case let .success(title): return .success(title)
            case .failure(.empty): return bad("a title: it is empty")
            case let .failure(.tooLong(length)):
                return bad("a title: it is \(length) characters long, and a title has at most \(ChordsetTitle.maximumLength)")
            }
        }
        func number() -> Result<String, Refusal> {
            // The longest text Swift writes for a Double is 24 characters.
            guard value.utf8.count <= 32, let number = SyncValues.number(value) else { return bad("a finite number") }
            return .success(SyncValues.text(number))
        }
        func tombstone() -> Result<String, Refusal> {
            guard value == SyncField.deletedEverywhere || value == SyncField.deletedHere else { return bad("a tombstone") }
            return .success(value)
        }
        switch key {
        case .chordset:
            switch name {
            case SyncField.title: return title()
            case SyncField.position, SyncField.created, SyncField.updated: return number()
            case SyncField.deleted: return tombstone()
            default:
                guard SyncField.colorNames.contains(name) else { return .failure(.unknownField(name)) }
                guard let color = RGBAColor(hex: value) else { return bad("a colour (#RRGGBB or #RRGGBBAA)") }
                return .success(SyncValues.text(color))
            }
        case .setList:
            switch name {
            case SyncField.title: return title()
            case SyncField.position, SyncField.created, SyncField.updated: return number()
            case SyncField.deleted: return tombstone()
            default: return .failure(.unknownField(name))
            }
        case .setListEntry:
            switch name {
            case SyncField.setList, SyncField.chordset:
                guard value.utf8.count == 36, let id = UUID(text: value) else { return bad("an id (a UUID)") }
                return .success(id.uuidString)
            case SyncField.position: return number()
            case SyncField.deleted: return tombstone()
            default: return .failure(.unknownField(name))
            }
        case let .lumi(id):
            guard name == SyncField.lumi else { return .failure(.unknownField(name)) }
            if value == SyncField.goneLumi { return .success(value) }
            // A placement is ten short words: anything much longer is not one.
            guard value.utf8.count <= 256, let placement = SyncValues.placement(value, id: id) else {
                return bad("a lumi (chordset, slot 0-7, order 0-\(Lumi.maximumPerChord - 1), shape, x, y, size, rotation, glow and colour in range)")
            }
            return .success(SyncValues.text(placement))
        }
    }
}
