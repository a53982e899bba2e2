import Foundation
import Testing
@testable import ImagerCore

/// The editor opens in select mode: a click on empty canvas clears the selection, adds
/// nothing; only a chosen shape tool adds. And the handles of a selected lumi stay on the
/// canvas wherever the lumi is, so they can be seen and grabbed.
@Suite struct ChordEditorToolTests {
    private let white = RGBAColor(red: 255, green: 255, blue: 255)

    private func star(x: Double = 0.5, y: Double = 0.5, size: Double = 0.2) -> Lumi {
        Lumi(shape: .star, x: x, y: y, size: size, color: white)
    }

    @Test func aNewEditorSelectsAndMovesAndAClickOnEmptyCanvasAddsNothing() {
        let lumi = star()
        var state = ChordEditorState(lumis: [lumi], selectedID: lumi.id)
        let changed = state.click(at: CanvasPoint(x: 0.1, y: 0.9))
        #expect(!changed)
        #expect(state.lumis == [lumi])
        // An empty click lets go of the selection, as in any drawing program.
        #expect(state.selectedID == nil)
        // A click on the lumi selects it, a drag moves it: the select tool's work.
        state.click(at: CanvasPoint(x: 0.5, y: 0.5))
        #expect(state.selectedID == lumi.id)
    }

    @Test func aShapeToolAddsThatShapeAndSelectLeavesAddingAgain() {
        var state = ChordEditorState(lumis: [])
        #expect(state.tool == .select)
        state.tool = .add(.square)
        let added = state.click(at: CanvasPoint(x: 0.3, y: 0.3))
        #expect(added)
        #expect(state.lumis.map(\.shape) == [.square])
        state.tool = .select
        let addedAgain = state.click(at: CanvasPoint(x: 0.8, y: 0.8))
        #expect(!addedAgain)
        #expect(state.lumis.count == 1)
    }

    @Test(arguments: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.5, 0.02), (0.98, 0.5), (0.5, 0.5)])
    func handlesStayOnTheCanvasWhereverTheLumiIs(x: Double, y: Double) {
        for size in [0.05, 0.25, 0.6, 1.0] {
            for rotation in [0.0, 45, 90, 180, 300] {
                var lumi = star(x: x, y: y, size: size)
                lumi.rotation = rotation
                for handle in [ChordCanvas.resizeHandle(of: lumi), ChordCanvas.rotationHandle(of: lumi)] {
                    #expect((0...1).contains(handle.x) && (0...1).contains(handle.y),
                            "lumi at \(x), \(y), size \(size), turned \(rotation): handle at \(handle.x), \(handle.y)")
                }
            }
        }
    }

    @Test func aHandleKeepsItsPlaceWhenThereIsRoomAndTheTwoNeverMeet() {
        let middle = star()
        #expect(abs(ChordCanvas.rotationHandle(of: middle).y - (0.5 - 0.1 - ChordCanvas.rotationHandleGap)) < 1e-12)
        // Near the top the rotation handle goes below the lumi instead of off the canvas.
        let high = star(x: 0.5, y: 0.05)
        let rotate = ChordCanvas.rotationHandle(of: high), resize = ChordCanvas.resizeHandle(of: high)
        #expect(rotate.y > high.y)
        #expect(rotate.distance(to: resize) > 0.05)
    }

    @Test func aHandleMovedInsideStillResizesAndRotates() throws {
        var state = ChordEditorState(lumis: [star(x: 0.95, y: 0.95, size: 0.3)])
        state.select(state.lumis[0].id)
        let corner = ChordCanvas.resizeHandle(of: state.lumis[0])
        let resizing = state.beginDrag(at: corner, rotating: false, tolerance: 0.02)
        let drag = try #require(resizing)
        #expect(drag.kind == .resize)
        let top = ChordCanvas.rotationHandle(of: state.lumis[0])
        let turning = state.beginDrag(at: top, rotating: false, tolerance: 0.02)
        let turn = try #require(turning)
        #expect(turn.kind == .rotate)
    }
}
