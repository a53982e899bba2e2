/// One argument of an OSC message, as far as Imager reads it: a number (OSC's `i`, `h`, `f`,
/// `d`, and `T`/`F` as 1/0) or anything else (strings, blobs, ...), which no address takes.
public enum OSCArgument: Equatable, Sendable {
    case int(Int64)
    case float(Double)
    case other

    /// The argument as a number, or nil if it is not one (NaN and infinities are not).
    public var number: Double? {
        switch self {
        case let .int(value): Double(value)
        case let .float(value) where value.isFinite: value
        default: nil
        }
    }

    /// The argument as a whole number: an int, or a float with nothing after the point
    /// (surfaces such as TouchOSC send every value as a float).
    public var wholeNumber: Int? {
        switch self {
        case let .int(value): return Int(clamping: value)
        case let .float(value) where value.isFinite && value.rounded() == value && abs(value) < 1e9: return Int(value)
        default: return nil
        }
    }
}

/// Imager's OSC addresses, and the action each message asks for. Pure data in, action out:
/// the server (any thread) calls it for every message, so it allocates nothing beyond the
/// action and never throws; a message it does not know, or with an argument missing, of the
/// wrong type or out of range, gives nil, and the server counts it as ignored.
///
/// - `/imager/chord i` (1-8): play that chord.
/// - `/imager/next`, `/imager/previous`: the next or previous chord.
/// - `/imager/chordset i` (1-based): that chordset of the set list playing (today, the list).
/// - `/imager/chordset/next`, `/imager/chordset/previous`.
/// - `/imager/fade f`: the fade time in seconds (clamped to 0-2 as `FadeTime` does).
/// - `/imager/blackout i`: 1 (any number but 0) blacks out, 0 brings the chord back.
/// - `/imager/master f`: the output's master brightness, 0-1 (clamped).
/// - `/imager/tap`: one tap of tap tempo.
/// - `/imager/tempo f`: the tempo in beats per minute (`Tempo.bpmRange`).
///
/// Where a number is expected, an int or a float is taken. The addresses without an argument
/// (next, previous, tap...) also take one number, because a surface's button sends 1 when
/// pressed and 0 when let go: 0 is the letting go, and does nothing (it is not counted as
/// ignored either: it is how buttons work).
public enum OSCAddresses {
    public static let prefix = "/imager/"

    /// What the message at `address` with `arguments` asks for: `.action`, nothing to do
    /// (`.release`, a button let go), or `.ignored` (unknown or malformed).
    public enum Outcome: Equatable, Sendable {
        case action(ControllerAction)
        case release
        case ignored
    }

    public static func outcome(address: String, arguments: [OSCArgument]) -> Outcome {
        guard address.hasPrefix(prefix) else { return .ignored }
        let first = arguments.first
        switch address.dropFirst(prefix.count) {
        case "chord":
            guard let number = first?.wholeNumber, (1...Chordset.chordCount).contains(number) else { return .ignored }
            return .action(.play(slot: number - 1))
        case "next": return trigger(first, .nextChord)
        case "previous": return trigger(first, .previousChord)
        case "chordset":
            guard let number = first?.wholeNumber, number >= 1 else { return .ignored }
            return .action(.chordset(index: number - 1))
        case "chordset/next": return trigger(first, .nextChordset)
        case "chordset/previous": return trigger(first, .previousChordset)
        case "fade":
            guard let seconds = first?.number else { return .ignored }
            return .action(.fade(seconds: FadeTime(seconds: seconds).seconds))
        case "blackout":
            guard let number = first?.number else { return .ignored }
            return .action(.blackout(number != 0))
        case "master":
            guard let level = first?.number else { return .ignored }
            return .action(.master(level: min(1, max(0, level))))
        case "tap": return trigger(first, .tap)
        case "tempo":
            guard let bpm = first?.number, Tempo.bpmRange.contains(bpm) else { return .ignored }
            return .action(.tempo(bpm: bpm))
        default:
            return .ignored
        }
    }

    /// A button's address: no argument or a non-zero number fires; 0 is the release.
    private static func trigger(_ argument: OSCArgument?, _ action: ControllerAction) -> Outcome {
        guard let argument else { return .action(action) }
        guard let number = argument.number else { return .ignored }
        return number == 0 ? .release : .action(action)
    }
}
