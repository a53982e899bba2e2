import Foundation
import Testing
@testable import ImagerCore

/// An import's lumi ids: valid version 7 UUIDs, distinct, and in increasing order (what keeps
/// their index inserts on neighbouring pages).
@Suite struct FreshIDsTests {
    @Test func idsAreVersionSevenDistinctAndIncreasing() {
        var ids = FreshIDs(now: Date(timeIntervalSince1970: 1_700_000_000))
        let made = (0..<10_000).map { _ in ids.make() }
        #expect(Set(made).count == made.count)
        #expect(made.map(\.uuidString) == made.map(\.uuidString).sorted())
        for id in made.prefix(100) {
            #expect(id.uuid.6 >> 4 == 7)
            #expect(id.uuid.8 >> 6 == 0b10)
            #expect(UUID(uuidString: id.uuidString) == id)
        }
        // The first 48 bits are the import's millisecond.
        let first = made[0].uuid
        let milliseconds = [first.0, first.1, first.2, first.3, first.4, first.5].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(milliseconds == 1_700_000_000_000)
    }

    @Test func twoImportsDoNotShareIDs() {
        var a = FreshIDs(now: Date(timeIntervalSince1970: 1_700_000_000))
        var b = FreshIDs(now: Date(timeIntervalSince1970: 1_700_000_000))
        let fromA = Set((0..<1_000).map { _ in a.make() })
        #expect(fromA.isDisjoint(with: (0..<1_000).map { _ in b.make() }))
    }
}
