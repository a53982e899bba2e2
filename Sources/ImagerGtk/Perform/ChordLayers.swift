import CGtk
import ImagerCore

/// The Perform canvas's screen-sized pictures, all of one size: each chord rendered into a
/// layer of its own and kept, so that playing it again, or playing a chord rendered ahead,
/// costs no rendering in the key press; and the mixes an interrupted fade leaves on screen.
///
/// Up to `capacity` chords are kept: as many as fit in `budget` (at 1920 × 1080, the eight
/// chords of the chordset playing), never fewer than three, so that a chord can
/// always be rendered while two others are on screen (the one fading out and the one fading
/// in). When all are taken, the chord used longest ago gives its layer to the next, unless it
/// is on screen.
final class ChordLayers {
    /// 128 MiB: eight 1920 × 1080 layers and their textures for a GPU renderer, or three at
    /// 3840 × 2160 (docs/decisions.md, "Perform").
    static let budget = 128 << 20

    let width: Int32, height: Int32, scale: Int32
    let capacity: Int
    private let makeSurface: (Int32, Int32) -> OpaquePointer
    /// The chords rendered, the one used longest ago first.
    private var rendered: [(chord: ChordRef, layer: CanvasLayer)] = []
    /// Layers whose chord changed since they were rendered, for the next chords to use.
    private var free: [CanvasLayer] = []
    private var mixes: [CanvasLayer] = []
    /// Layers made for chords (rendered or free), not counting the mixes.
    private var chordLayers = 0

    init(width: Int32, height: Int32, scale: Int32, budget: Int = ChordLayers.budget,
         makeSurface: @escaping (Int32, Int32) -> OpaquePointer) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        self.scale = max(scale, 1)
        self.makeSurface = makeSurface
        // Each layer's pixels, and as many again for its texture under a GPU renderer.
        let layerBytes = Int(self.width * self.scale) * Int(self.height * self.scale) * 4 * 2
        capacity = min(12, max(3, budget / layerBytes))
    }

    func fits(width: Int32, height: Int32, scale: Int32) -> Bool {
        self.width == max(width, 1) && self.height == max(height, 1) && self.scale == max(scale, 1)
    }

    func isReady(_ chord: ChordRef) -> Bool {
        rendered.contains { $0.chord == chord }
    }

    /// `chord`'s layer: the one it was rendered into, or one `render` paints now, taken from
    /// a chord used longest ago (never from `inUse`, the layers on screen) when no room is left.
    func layer(for chord: ChordRef, keeping inUse: [CanvasLayer], render: (CanvasLayer) -> Void) -> CanvasLayer {
        if let index = rendered.firstIndex(where: { $0.chord == chord }) {
            let entry = rendered.remove(at: index)
            rendered.append(entry)
            return entry.layer
        }
        let layer = freeLayer(keeping: inUse) ?? (chordLayers < capacity ? makeChordLayer() : nil)
            ?? takeOldest(keeping: inUse) ?? makeChordLayer()
        render(layer)
        rendered.append((chord, layer))
        return layer
    }

    /// Renders `chord` ahead when there is room for it, taken if need be from a chord of
    /// another chordset (never from `inUse`, nor from a chord of its own chordset); false
    /// when there is none.
    func renderAhead(_ chord: ChordRef, keeping inUse: [CanvasLayer], render: (CanvasLayer) -> Void) -> Bool {
        guard !isReady(chord) else { return true }
        guard let layer = freeLayer(keeping: inUse) ?? (chordLayers < capacity ? makeChordLayer() : nil)
            ?? takeOldest(keeping: inUse, where: { $0.chordsetID != chord.chordsetID }) else { return false }
        render(layer)
        rendered.append((chord, layer))
        return true
    }

    /// What the canvas shows at this moment of a fade, composed into a layer that is neither
    /// of the two it is made of.
    func mix(under: CanvasLayer, over: CanvasLayer, opacity: Double) -> CanvasLayer {
        let layer = mixes.first { $0 !== under && $0 !== over } ?? {
            let made = makeLayer()
            mixes.append(made)
            return made
        }()
        layer.compose(under: under, over: over, opacity: opacity)
        return layer
    }

    /// The chords' pictures changed: each is rendered again when it is next needed, into the
    /// layers kept for it.
    func forgetAll() {
        free.append(contentsOf: rendered.map(\.layer))
        rendered.removeAll()
    }

    private func freeLayer(keeping inUse: [CanvasLayer]) -> CanvasLayer? {
        guard let index = free.lastIndex(where: { layer in !inUse.contains { $0 === layer } }) else { return nil }
        return free.remove(at: index)
    }

    private func takeOldest(keeping inUse: [CanvasLayer], where allowed: (ChordRef) -> Bool = { _ in true }) -> CanvasLayer? {
        guard let index = rendered.firstIndex(where: { entry in
            allowed(entry.chord) && !inUse.contains { $0 === entry.layer }
        }) else { return nil }
        return rendered.remove(at: index).layer
    }

    private func makeChordLayer() -> CanvasLayer {
        chordLayers += 1
        return makeLayer()
    }

    private func makeLayer() -> CanvasLayer {
        CanvasLayer(width: width, height: height, scale: scale, makeSurface: makeSurface)
    }
}
