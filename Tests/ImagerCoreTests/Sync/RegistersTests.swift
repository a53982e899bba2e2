import Foundation
import Testing
@testable import ImagerCore

/// The merge of one record's registers is commutative and idempotent: the same operations in
/// any order, some twice, give the same registers, tombstones included.
@Suite struct RegistersTests {
    static let key = SyncRecordKey.chordset(UUID(uuidString: "5A078E48-4808-44E8-B324-92D8680582D7")!)

    /// Writes of few values (so a later write often repeats the value a field holds), from
    /// two devices with close clocks, and sometimes a delete from either.
    static func operations(using generator: inout SeededGenerator) -> [SyncOperation] {
        (0..<12).map { _ in
            let stamp = Stamp(milliseconds: 1_000 + .random(in: 0..<4, using: &generator), counter: .random(in: 0..<3, using: &generator),
                              device: Bool.random(using: &generator) ? "00000000000000aa" : "00000000000000bb")
            if Int.random(in: 0..<10, using: &generator) == 0 {
                let value = Bool.random(using: &generator) ? SyncField.deletedHere : SyncField.deletedEverywhere
                return SyncOperation(key: key, stamp: stamp, fields: [SyncField.deleted: value])
            }
            var fields: [String: String] = [:]
            for name in [SyncField.position, SyncField.title] where Bool.random(using: &generator) {
                fields[name] = String(Int.random(in: 0..<2, using: &generator))
            }
            return SyncOperation(key: key, stamp: stamp, fields: fields)
        }
    }

    @Test func anyOrderAndRepeatsGiveTheSameRegisters() {
        var generator = SeededGenerator(seed: 21)
        for _ in 0..<500 {
            let operations = Self.operations(using: &generator)
            var inOrder = Registers()
            for operation in operations { inOrder.merge(operation) }
            var shuffled = Registers()
            for operation in (operations + operations.prefix(3)).shuffled(using: &generator) { shuffled.merge(operation) }
            #expect(shuffled == inOrder, "\(operations.map { "\($0.stamp) \($0.fields)" })")
            if shuffled != inOrder { return }
        }
    }

    @Test func mergeSaysWhenOnlyAStampChanged() {
        var registers = Registers()
        let first = Stamp(milliseconds: 1, counter: 0, device: "00000000000000aa")
        let later = Stamp(milliseconds: 2, counter: 0, device: "00000000000000aa")
        func merge(_ stamp: Stamp) -> Bool {
            registers.merge(SyncOperation(key: Self.key, stamp: stamp, fields: [SyncField.position: "0.0"]))
        }
        #expect(merge(first))
        #expect(!merge(first))
        #expect(merge(later))
        #expect(registers.fields[SyncField.position]?.stamp == later)
    }
}

extension RegistersTests {
    /// Values a change file can carry (it unescapes `\r\n`, tabs, backslashes) survive the
    /// store's form of the registers, a line per field.
    @Test func awkwardValuesSurviveTheStoredForm() {
        var registers = Registers()
        let stamp = Stamp(milliseconds: 5, counter: 1, device: "00000000000000aa")
        for (index, value) in ["a\r\nb", "tab\there", "back\\slash", "\r", "\n\n", "é\u{301}\r\n"].enumerated() {
            registers.merge(SyncOperation(key: Self.key, stamp: stamp, fields: ["f\(index)": value]))
        }
        #expect(Registers(encoded: registers.encoded) == registers)
    }
}
