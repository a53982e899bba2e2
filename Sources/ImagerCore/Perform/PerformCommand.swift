/// What a performer can ask of the Perform view, and the keys that ask it. Keys are named as
/// GDK names them (`gdk_keyval_name`), so the mapping is plain data the core can test.
public enum PerformCommand: Hashable, Sendable {
    /// Play chord `slot` (0-7).
    case play(slot: Int)
    case previousChord, nextChord
    /// Play the current chord again.
    case replay
    case shorterFade, longerFade
    /// The chordset before or after this one in the set list playing, or in the list.
    case previousChordset, nextChordset
    /// The chordset at `index` (0-based) in the set list playing, or in the list: a
    /// controller's, no key's.
    case chordset(index: Int)
    /// Black out, or bring the live chord back: over the fade time (B), or at once (Shift+B).
    case blackout(cut: Bool)
    /// A controller's master level and the live chord's brightness (a note's velocity), each
    /// 0-1; nil leaves it as it is. No key's. A change of light like any other: safe light
    /// limits it as it limits chords and blackouts.
    case dim(master: Double?, brightness: Double?)
    /// One tap of tap tempo (T).
    case tapTempo
    case toggleFullScreen
    case leave

    /// Whether the command moves to another chordset of the set list playing (or the list).
    public var movesThroughChordsets: Bool {
        switch self {
        case .previousChordset, .nextChordset, .chordset: true
        default: false
        }
    }

    /// Whether the command brings a chord or a blackout to the picture: what a performer
    /// plays, as against a setting (the fade, the light's level, the tempo) or leaving.
    public var playsThePicture: Bool {
        switch self {
        case .play, .previousChord, .nextChord, .replay, .previousChordset, .nextChordset, .chordset, .blackout: true
        case .shorterFade, .longerFade, .dim, .tapTempo, .toggleFullScreen, .leave: false
        }
    }

    /// The command a key (without Ctrl or Alt) gives, or nil for a key Perform leaves alone.
    /// Keys 1-8 work on the number row and on the keypad, with Num Lock on or off. `shift`
    /// is whether Shift is held: B with Caps Lock on is still B, not Shift+B.
    public static func forKey(named name: String, shift: Bool = false) -> PerformCommand? {
        if let slot = slotKeys[name] { return .play(slot: slot) }
        switch name {
        case "b", "B": return .blackout(cut: shift)
        case "t", "T": return .tapTempo
        case "Left", "KP_Subtract": return .previousChord
        case "Right", "KP_Add": return .nextChord
        case "space", "KP_Space", "KP_0", "KP_Insert": return .replay
        case "bracketleft": return .shorterFade
        case "bracketright": return .longerFade
        case "Page_Up", "Prior": return .previousChordset
        case "Page_Down", "Next": return .nextChordset
        case "F11": return .toggleFullScreen
        case "Escape": return .leave
        default: return nil
        }
    }

    /// "1"..."8", "KP_1"..."KP_8", and what the keypad's digits are without Num Lock
    /// (End, Down, Page Down, ...: the keypad's own names, so the main arrows stay arrows).
    private static let slotKeys: [String: Int] = {
        var keys: [String: Int] = [:]
        let withoutNumLock = ["KP_End", "KP_Down", "KP_Next", "KP_Left", "KP_Begin", "KP_Right", "KP_Home", "KP_Up"]
        for slot in 0..<8 {
            keys["\(slot + 1)"] = slot
            keys["KP_\(slot + 1)"] = slot
            keys[withoutNumLock[slot]] = slot
        }
        return keys
    }()
}
