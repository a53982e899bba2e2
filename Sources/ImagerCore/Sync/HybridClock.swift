import Foundation

/// The hybrid logical clock of one device. A local event gets a stamp later than every
/// stamp this device has made or accepted, so an edit made after seeing another always
/// wins over it, whatever the wall clocks say.
///
/// Stamps from another machine more than `maximumLead` ahead of this machine's wall clock
/// are not accepted: adopting them would drag this clock (and every later local edit) into
/// the future. They wait, unapplied, in the store (`sync_pending`) and are applied by the
/// first round at which this machine's clock has come within `maximumLead` of them; a
/// machine whose clock is an hour fast thus sees its edits land on the others about an
/// hour late, never wrongly ordered.
///
/// Stamps more than `maximumWait` ahead are refused outright (and reported): no clock is a
/// day wrong by accident, and a line stamped in the year 10889 would otherwise wait for
/// ever. The set of lines waiting is bounded in count as well (`SyncTables.maximumWaiting`).
public struct HybridClock: Sendable, Equatable {
    public static let maximumLead: UInt64 = 5 * 60 * 1000
    public static let maximumWait: UInt64 = 24 * 60 * 60 * 1000

    public private(set) var last: Stamp
    public let device: String

    public init(last: Stamp, device: String) {
        self.last = last
        self.device = device
    }

    /// A stamp for a local event at wall time `now`.
    public mutating func tick(now: Date) -> Stamp {
        let wall = Self.milliseconds(now)
        if wall > last.milliseconds {
            last = Stamp(milliseconds: wall, counter: 0, device: device)
        } else if last.counter < Stamp.maximumCounter {
            last = Stamp(milliseconds: last.milliseconds, counter: last.counter + 1, device: device)
        } else {
            // 65,536 events in one millisecond (an import of 100,000 chordsets stamps them all
            // at once): borrow the next millisecond, so the counter keeps its four hex digits
            // and stamps written as text still sort as stamps.
            last = Stamp(milliseconds: last.milliseconds + 1, counter: 0, device: device)
        }
        return last
    }

    /// Whether `stamp` is too far ahead of `now` to be applied yet.
    public static func isTooFarAhead(_ stamp: Stamp, now: Date) -> Bool {
        stamp.milliseconds > milliseconds(now) &+ maximumLead
    }

    /// Whether `stamp` is too far ahead of `now` to wait for: it is refused.
    public static func isBeyondWaiting(_ stamp: Stamp, now: Date) -> Bool {
        stamp.milliseconds > milliseconds(now) &+ maximumWait
    }

    /// The first 12 characters of a stamp's text (`Stamp.description`) for the wall time
    /// `milliseconds`: fixed-width hex, so the texts sort as the times do.
    static func text(milliseconds: UInt64) -> String {
        let digits = String(min(milliseconds, 0xFFFF_FFFF_FFFF), radix: 16)
        return String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }

    /// Takes in a stamp that was applied, so the next local stamp is later than it.
    public mutating func observe(_ stamp: Stamp) {
        if stamp.milliseconds > last.milliseconds
            || (stamp.milliseconds == last.milliseconds && stamp.counter > last.counter) {
            last = Stamp(milliseconds: stamp.milliseconds, counter: stamp.counter, device: device)
        }
    }

    public static func milliseconds(_ date: Date) -> UInt64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        return value.isFinite && value > 0 ? UInt64(min(value, 9.0e15)) : 0
    }
}
