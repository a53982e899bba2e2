import Foundation

/// What controllers ask of the Perform state beyond the keys' commands: a chordset by its
/// number, the master level and a chord's brightness.
extension PerformState {
    /// Plays the same chord of the chordset at `index` (0-based) in `setList`; nothing for
    /// an index past the end, or the chordset already playing.
    public mutating func goToChordset<IDs: RandomAccessCollection>(index: Int, in setList: IDs,
                                                                   at time: Double, shape: FadeShape? = nil) -> Effect
        where IDs.Element == UUID, IDs.Index == Int {
        guard (0..<setList.count).contains(index),
              setList[setList.startIndex + index] != current.chordsetID else { return .none }
        return switchChordset(to: index, in: setList, at: time, shape: shape)
    }

    /// The output's master brightness, clamped to 0-1 (NaN leaves it as it is).
    public mutating func setMaster(_ level: Double) {
        guard !level.isNaN else { return }
        master = min(1, max(0, level))
    }

    /// How bright the live chord shows, clamped to 0-1 (NaN leaves it as it is).
    public mutating func setBrightness(_ level: Double) {
        guard !level.isNaN else { return }
        brightness = min(1, max(0, level))
    }
}
