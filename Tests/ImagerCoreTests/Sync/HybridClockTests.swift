import Foundation
import Testing
@testable import ImagerCore

/// The clock under a burst: an import of 100,000 chordsets stamps every field in the same
/// millisecond. The counter keeps its four hex digits: a stamp written with five would be
/// skipped as invalid by every machine reading it, and a synced import would arrive cut
/// short at 65,536 chordsets.
struct HybridClockTests {
    @Test func aBurstOfStampsInOneMillisecondStaysReadableAndInOrder() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var clock = HybridClock(last: .seed, device: "00ba668a5dc2a5f2")
        var previous: Stamp?
        for _ in 0..<70_000 {
            let stamp = clock.tick(now: now)
            let text = stamp.description
            let read = try #require(Stamp(Substring(text)), "\(text) does not read back")
            #expect(read == stamp)
            if let previous {
                #expect(previous < stamp)
                #expect(previous.description < text, "text order differs from stamp order at \(text)")
            }
            previous = stamp
        }
        #expect(previous!.milliseconds == HybridClock.milliseconds(now) + 1, "the burst borrowed one millisecond")
    }
}
