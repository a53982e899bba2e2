import CGtk
import ImagerCore
import ImagerGLib

/// Follow tempo's choice in `perform.ini` (`PerformSettings`' file), group `[perform]`:
/// `follow-beats` (0 for off, 1, 2, 4 or 8) and `follow-order` (`in-order` or `random`), and
/// the fade time in beats, `fade-beats` (0 for off, 0.25, 0.5, 1 or 2). Anything else gives
/// Follow tempo off, in order, and fades in seconds.
nonisolated enum FollowTempoSettings {
    private static let group = "perform"

    static func load(from path: String = PerformSettings.filePath) -> FollowTempo {
        PerformSettings.withFile(at: path) { file in
            var error: UnsafeMutablePointer<GError>?
            let beats = Int(g_key_file_get_integer(file, group, "follow-beats", &error))
            if error != nil { g_error_free(error) }
            let order = FollowTempo.Order(storedName: takeGString(g_key_file_get_string(file, group, "follow-order", nil)))
            return FollowTempo(beats: FollowTempo.Beats(rawValue: beats) ?? .off, order: order)
        } ?? FollowTempo()
    }

    static func loadFadeBeats(from path: String = PerformSettings.filePath) -> FadeBeats {
        PerformSettings.withFile(at: path) { file in
            var error: UnsafeMutablePointer<GError>?
            let beats = g_key_file_get_double(file, group, "fade-beats", &error)
            if error != nil { g_error_free(error); return FadeBeats.off }
            return FadeBeats(stored: beats)
        } ?? .off
    }

    static func save(_ beats: FadeBeats, to path: String = PerformSettings.filePath) {
        PerformSettings.update(path) { g_key_file_set_double($0, group, "fade-beats", beats.rawValue) }
    }

    static func save(_ follow: FollowTempo, to path: String = PerformSettings.filePath) {
        PerformSettings.update(path) { file in
            g_key_file_set_integer(file, group, "follow-beats", Int32(follow.beats.rawValue))
            g_key_file_set_string(file, group, "follow-order", follow.order.rawValue)
        }
    }
}
