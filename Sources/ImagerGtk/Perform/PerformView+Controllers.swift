import CGtk
import ImagerCore
import ImagerGLib

/// A controller's actions (MIDI, OSC; see `ControllerAction`) applied to the Perform view:
/// the same commands as its keys, plus what only controllers do (a chord's brightness, the
/// master level, a chordset by number, the tempo).
extension PerformView {
    /// Applies `action`, which arrived at `time` (the view's clock).
    func apply(_ action: ControllerAction, at time: Double) {
        switch action {
        case let .play(slot, brightness):
            // Both through safe light: a note's velocity changes the light as a chord does.
            perform(.dim(master: nil, brightness: brightness))
            play(.play(slot: slot))
        case .previousChord: play(.previousChord)
        case .nextChord: play(.nextChord)
        case let .chordset(index): play(.chordset(index: index))
        case .previousChordset: play(.previousChordset)
        case .nextChordset: play(.nextChordset)
        case let .fade(seconds):
            let fadeTime = FadeTime(seconds: seconds)
            guard fadeTime != state.fadeTime else { return }
            state.setFadeTime(fadeTime)
            strip.showFadeTime(fadeTime)
            onFadeTimeChanged(fadeTime)
        case let .blackout(black):
            guard black != state.isBlackedOut else { return }
            play(.blackout(cut: false))
        case .toggleBlackout:
            play(.blackout(cut: false))
        case let .master(level):
            perform(.dim(master: level, brightness: nil))
        case .tap:
            tapTempo(at: time)
        case let .tempo(bpm):
            tempo.set(bpm: bpm, at: time)
        }
    }

    // MARK: Tempo

    /// T, a controller's tap.
    func tapTempo(at time: Double) {
        tempo.tap(at: time)
        strip.showTempo(bpm: tempo.bpm)
    }

    /// Follow tempo as `tempo.follow` has it (the window sets it from the preferences);
    /// the strip shows the tempo.
    func startFollowingTempo() {
        tempo.now = { [weak self] in self?.now() ?? 0 }
        tempo.onTempoChanged = { [weak self] bpm in
            self?.strip.showTempo(bpm: bpm)
            self?.fadeInBeats()
        }
        tempo.onStep = { [weak self] in
            guard let self else { return }
            var random = SystemRandomNumberGenerator()
            self.perform(.play(slot: self.tempo.follow.slot(after: self.state.current.slot, using: &random)))
        }
        strip.showTempo(bpm: tempo.bpm)
        fadeInBeats()
        tempo.start()
    }

    /// With the fade time in beats, the fade time for the tempo now (kept until the tempo
    /// changes again, whatever sets it meanwhile: [ and ], the slider, a controller).
    private func fadeInBeats() {
        guard let fadeTime = tempo.fadeBeats.fadeTime(bpm: tempo.bpm), fadeTime != state.fadeTime else { return }
        state.setFadeTime(fadeTime)
        strip.showFadeTime(fadeTime)
    }
}
