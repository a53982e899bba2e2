import Foundation

/// The merged state of one record: each field a last-writer-wins register (its value and the
/// stamp of the write that set it). Merging is commutative, associative and idempotent, so
/// operations may arrive in any order, twice, or late, and every machine ends up the same.
///
/// Rules:
/// - For one field, the larger stamp wins (on equal stamps, which only a copied device id
///   can make, the larger value, so the answer is still the same everywhere).
/// - A tombstone (`deleted`) wins over every other field, at any stamp, and is permanent:
///   the record's other fields are dropped and no later write brings them back.
public struct Registers: Equatable, Sendable {
    public struct Register: Equatable, Sendable {
        public var stamp: Stamp
        public var value: String
    }

    public private(set) var fields: [String: Register] = [:]

    public init() {}

    public var isDeleted: Bool { fields[SyncField.deleted] != nil }
    public var isEmpty: Bool { fields.isEmpty }

    public subscript(_ name: String) -> String? { fields[name]?.value }

    /// Merges one operation; returns whether the registers changed. A stamp that changes
    /// with its value unchanged counts: a later write of the value a field already holds
    /// (moved away and back) must still beat an earlier write that arrives after it.
    @discardableResult
    public mutating func merge(_ operation: SyncOperation) -> Bool {
        if isDeleted {
            // Tombstones merge with each other, so every machine keeps the same one: the
            // latest stamp, and once a delete is known elsewhere (`SyncField.deletedHere`) it
            // stays so.
            guard let incoming = operation.fields[SyncField.deleted], let tombstone = fields[SyncField.deleted] else { return false }
            var merged = tombstone
            if operation.stamp > merged.stamp { merged.stamp = operation.stamp }
            if incoming == SyncField.deletedEverywhere { merged.value = SyncField.deletedEverywhere }
            fields[SyncField.deleted] = merged
            return merged != tombstone
        }
        if let tombstone = operation.fields[SyncField.deleted] {
            fields = [SyncField.deleted: Register(stamp: operation.stamp, value: tombstone)]
            return true
        }
        var changed = false
        for (name, value) in operation.fields {
            if let current = fields[name], !((current.stamp, current.value) < (operation.stamp, value)) { continue }
            fields[name] = Register(stamp: operation.stamp, value: value)
            changed = true
        }
        return changed
    }

    /// Sets a field's value and keeps its stamp: for healing a value that no longer passes
    /// `SyncAdmission` (see `SyncHealing`), never for an edit, which needs a new stamp.
    public mutating func replaceValue(of name: String, with value: String) {
        fields[name]?.value = value
    }

    /// Drops a field, as if its value had never arrived (see `SyncHealing`).
    public mutating func remove(_ name: String) {
        fields[name] = nil
    }

    /// The registers as operations, one per stamp: what a snapshot writes.
    public func operations(for key: SyncRecordKey) -> [SyncOperation] {
        var byStamp: [Stamp: [String: String]] = [:]
        for (name, register) in fields { byStamp[register.stamp, default: [:]][name] = register.value }
        return byStamp.keys.sorted().map { SyncOperation(key: key, stamp: $0, fields: byStamp[$0]!) }
    }

    /// The newest stamp of any field.
    public var newestStamp: Stamp? { fields.values.map(\.stamp).max() }

    // MARK: Stored form

    /// Text for the store's `sync_register.body`: the most common stamp once on the first
    /// line, then a line per field, `name\tvalue` or `name\tvalue\tstamp` when it differs.
    public var encoded: String {
        guard let first = fields.first?.value.stamp else { return "" }
        var base = first
        // Most records were written once (an import writes millions): one stamp, no counting.
        if fields.values.contains(where: { $0.stamp != first }) {
            var counts: [Stamp: Int] = [:]
            for register in fields.values { counts[register.stamp, default: 0] += 1 }
            base = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })!.key
        }
        var out = base.description
        for name in fields.keys.sorted() {
            let register = fields[name]!
            out += "\n" + name + "\t" + ChangeLine.escape(register.value)
            if register.stamp != base { out += "\t" + register.stamp.description }
        }
        return out
    }

    /// Reads `encoded`; nil when it is damaged.
    public init?(encoded text: String) {
        guard !text.isEmpty else { return }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let base = Stamp(lines[0]) else { return nil }
        for line in lines.dropFirst() {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3, let value = ChangeLine.unescape(parts[1]) else { return nil }
            var stamp = base
            if parts.count == 3 {
                guard let own = Stamp(parts[2]) else { return nil }
                stamp = own
            }
            fields[String(parts[0])] = Register(stamp: stamp, value: value)
        }
    }
}
