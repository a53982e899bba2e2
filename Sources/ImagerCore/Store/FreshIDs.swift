import Foundation

/// Ids for the records an import makes: time-ordered UUIDs (version 7, RFC 9562), counting
/// up from a random start within one import. Consecutive ids sort next to each other, so
/// each insert into the lumi table's id index and the sync registers' key lands where the
/// previous one did, instead of on a random page of a B-tree of millions (which an import
/// of 100,000 chordsets would pay in reads and writes of pages); and `UUID()`, which opens and
/// reads `/dev/urandom` for every id, is not called 2.4 million times.
///
/// Unique across machines as version 4 ids are in practice: the millisecond of the import,
/// 12 random bits, and a run of ids starting at a random 40-bit point of a 62-bit counter.
struct FreshIDs {
    private let high: UInt64
    private var low: UInt64

    init(now: Date = Date()) {
        var generator = SystemRandomNumberGenerator()
        let milliseconds = UInt64(max(0, now.timeIntervalSince1970 * 1000)) & 0xFFFF_FFFF_FFFF
        high = milliseconds << 16 | 0x7000 | (generator.next() & 0x0FFF as UInt64)
        low = generator.next() & 0xFF_FFFF_FFFF as UInt64
    }

    mutating func make() -> UUID {
        let variantAndCounter = 0x8000_0000_0000_0000 | (low & 0x3FFF_FFFF_FFFF_FFFF)
        low &+= 1
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &uuid) { bytes in
            bytes.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            bytes.storeBytes(of: variantAndCounter.bigEndian, toByteOffset: 8, as: UInt64.self)
        }
        return UUID(uuid: uuid)
    }
}
