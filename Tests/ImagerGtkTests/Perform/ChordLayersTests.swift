import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// The Perform canvas's kept chord pictures: how many fit, which one gives its layer to the
/// next chord, and that a picture on screen is never painted over.
@MainActor
final class ChordLayersTests: XCTestCase {
    private let chordset = UUID(), other = UUID()
    private var renders: [ChordRef] = []

    private func chord(_ slot: Int, of id: UUID? = nil) -> ChordRef { ChordRef(chordsetID: id ?? chordset, slot: slot) }

    private func layers(budget: Int) -> ChordLayers {
        ChordLayers(width: 16, height: 16, scale: 1, budget: budget) { width, height in
            cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)
        }
    }

    /// One 16 × 16 layer and its texture: 2 KiB.
    private let layerBytes = 16 * 16 * 4 * 2

    @discardableResult
    private func play(_ chord: ChordRef, in layers: ChordLayers, keeping: [CanvasLayer] = []) -> CanvasLayer {
        layers.layer(for: chord, keeping: keeping) { _ in renders.append(chord) }
    }

    func testTheBudgetSetsHowManyChordsAreKeptButNeverFewerThanThree() async {
        XCTAssertEqual(layers(budget: layerBytes * 8).capacity, 8)
        XCTAssertEqual(layers(budget: layerBytes).capacity, 3)
        XCTAssertEqual(layers(budget: layerBytes * 100).capacity, 12)
        // At 1920 × 1080 the default budget keeps a chordset's eight chords; at 3840 × 2160, three.
        let fullHD = ChordLayers(width: 1920, height: 1080, scale: 1) { _, _ in fatalError("no layer is made") }
        XCTAssertEqual(fullHD.capacity, 8)
        let ultraHD = ChordLayers(width: 1920, height: 1080, scale: 2) { _, _ in fatalError("no layer is made") }
        XCTAssertEqual(ultraHD.capacity, 3)
    }

    func testAChordPlayedAgainIsNotRenderedAgain() async {
        let layers = layers(budget: layerBytes * 8)
        let first = play(chord(0), in: layers)
        play(chord(1), in: layers)
        XCTAssertTrue(play(chord(0), in: layers) === first)
        XCTAssertEqual(renders, [chord(0), chord(1)])
    }

    func testWhenFullTheChordUsedLongestAgoGivesItsLayerButNeverOneOnScreen() async {
        let layers = layers(budget: layerBytes * 3)
        let zero = play(chord(0), in: layers)
        let one = play(chord(1), in: layers)
        play(chord(2), in: layers)
        // Chord 1 fades out under chord 0, played again; chord 3 comes: chord 2 is the oldest
        // not on screen.
        play(chord(0), in: layers, keeping: [one])
        let three = play(chord(3), in: layers, keeping: [zero, one])
        XCTAssertFalse(three === zero || three === one, "a picture on screen is never painted over")
        XCTAssertTrue(layers.isReady(chord(0)) && layers.isReady(chord(1)) && layers.isReady(chord(3)))
        XCTAssertFalse(layers.isReady(chord(2)))
    }

    func testRenderingAheadTakesOnlyFromOtherChordsetsAndNeverFromTheScreen() async {
        let layers = layers(budget: layerBytes * 3)
        let old = play(chord(0, of: other), in: layers)
        play(chord(1, of: other), in: layers)
        let playing = play(chord(0), in: layers)
        XCTAssertTrue(layers.renderAhead(chord(1), keeping: [playing, old]) { _ in renders.append(chord(1)) })
        XCTAssertTrue(layers.isReady(chord(0, of: other)), "the other chordset's chord on screen is kept")
        XCTAssertFalse(layers.isReady(chord(1, of: other)))
        XCTAssertFalse(layers.renderAhead(chord(2), keeping: [playing, old]) { _ in renders.append(chord(2)) },
                       "no room is taken from the chordset's own chords")
        XCTAssertFalse(layers.isReady(chord(2)))
        XCTAssertTrue(layers.isReady(chord(0)) && layers.isReady(chord(1)))
    }

    func testAfterForgettingEachChordIsRenderedAgainIntoTheKeptLayers() async {
        let layers = layers(budget: layerBytes * 8)
        let zero = play(chord(0), in: layers)
        let one = play(chord(1), in: layers)
        layers.forgetAll()
        XCTAssertFalse(layers.isReady(chord(0)))
        // Chord 1 stays on screen while chord 0 is rendered again: it gets chord 0's old layer.
        XCTAssertTrue(play(chord(0), in: layers, keeping: [one]) === zero)
        XCTAssertEqual(renders, [chord(0), chord(1), chord(0)])
    }

    func testAMixIsNeverComposedIntoEitherOfItsPictures() async {
        let layers = layers(budget: layerBytes * 8)
        let zero = play(chord(0), in: layers), one = play(chord(1), in: layers)
        let mix = layers.mix(under: zero, over: one, opacity: 0.5)
        let next = layers.mix(under: mix, over: zero, opacity: 0.5)
        XCTAssertFalse(next === mix || next === zero)
        XCTAssertTrue(layers.mix(under: next, over: one, opacity: 0.5) === mix, "two mixes take turns")
    }
}
