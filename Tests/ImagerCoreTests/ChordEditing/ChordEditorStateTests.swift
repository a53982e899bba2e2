import Foundation
import Testing
@testable import ImagerCore

@Suite struct ChordEditorStateTests {
    private let white = RGBAColor(red: 255, green: 255, blue: 255)

    private func star(x: Double = 0.5, y: Double = 0.5, size: Double = 0.2, rotation: Double = 0) -> Lumi {
        Lumi(shape: .star, x: x, y: y, size: size, rotation: rotation, color: white)
    }

    @Test func aClickOnEmptyCanvasAddsTheChosenShapeThereAndSelectsIt() {
        var state = ChordEditorState(lumis: [])
        state.tool = .add(.triangle)
        let r1 = state.click(at: CanvasPoint(x: 0.3, y: 0.7))
        #expect(r1)
        #expect(state.lumis.count == 1)
        let added = state.lumis[0]
        #expect(added.shape == .triangle)
        #expect(added.x == 0.3 && added.y == 0.7)
        #expect(added.refusal == nil)
        #expect(state.selectedID == added.id)
    }

    @Test func aClickOnALumiSelectsTheTopmostAndAddsNothing() {
        let below = star(), above = star(x: 0.55)
        var state = ChordEditorState(lumis: [below, above])
        let r2 = state.click(at: CanvasPoint(x: 0.52, y: 0.5))
        #expect(!r2)
        #expect(state.lumis.count == 2)
        #expect(state.selectedID == above.id)
    }

    @Test func aFullChordAddsNothing() {
        let full = (0..<Lumi.maximumPerChord).map { _ in star(x: 0.1, y: 0.1, size: 0.05) }
        var state = ChordEditorState(lumis: full)
        state.tool = .add(.circle)
        let r3 = state.click(at: CanvasPoint(x: 0.9, y: 0.9))
        #expect(!r3)
        #expect(state.lumis.count == Lumi.maximumPerChord)
    }

    @Test func draggingALumiMovesItByThePointersTravelAndStopsAtTheEdge() throws {
        let lumi = star(x: 0.5, y: 0.5)
        var state = ChordEditorState(lumis: [lumi])
        let dragStarted = state.beginDrag(at: CanvasPoint(x: 0.52, y: 0.5), rotating: false, tolerance: 0.02)
        let drag = try #require(dragStarted)
        #expect(drag.kind == .move)
        state.drag(drag, to: CanvasPoint(x: 0.62, y: 0.3))
        #expect(abs(state.lumis[0].x - 0.6) < 1e-12 && abs(state.lumis[0].y - 0.3) < 1e-12)
        // Measured from where the drag began, not from the last step.
        state.drag(drag, to: CanvasPoint(x: 2, y: -3))
        #expect(state.lumis[0].x == 1 && state.lumis[0].y == 0)
        #expect(state.lumis[0].refusal == nil)
    }

    @Test func aDragOnEmptyCanvasDoesNothing() {
        var state = ChordEditorState(lumis: [star()])
        let none = state.beginDrag(at: CanvasPoint(x: 0.05, y: 0.05), rotating: false, tolerance: 0.02)
        #expect(none == nil)
    }

    @Test func theCornerHandleResizesAndTheTopHandleRotates() throws {
        let lumi = star(x: 0.5, y: 0.5, size: 0.2)
        var state = ChordEditorState(lumis: [lumi], selectedID: lumi.id)
        let corner = ChordCanvas.resizeHandle(of: lumi)
        #expect(abs(corner.x - 0.6) < 1e-12 && abs(corner.y - 0.6) < 1e-12)
        let resizeStarted = state.beginDrag(at: corner, rotating: false, tolerance: 0.02)
        let resize = try #require(resizeStarted)
        #expect(resize.kind == .resize)
        state.drag(resize, to: CanvasPoint(x: 0.7, y: 0.7))
        #expect(abs(state.lumis[0].size - 0.4) < 1e-12)

        let top = ChordCanvas.rotationHandle(of: state.lumis[0])
        #expect(top.x == 0.5 && top.y < 0.3)
        let rotateStarted = state.beginDrag(at: top, rotating: false, tolerance: 0.02)
        let rotate = try #require(rotateStarted)
        #expect(rotate.kind == .rotate)
        // From straight above the centre to straight right of it: a quarter turn clockwise.
        state.drag(rotate, to: CanvasPoint(x: 0.9, y: 0.5))
        #expect(abs(state.lumis[0].rotation - 90) < 1e-9)
        state.drag(rotate, to: CanvasPoint(x: 0.1, y: 0.5))
        #expect(abs(state.lumis[0].rotation - 270) < 1e-9)
    }

    @Test func shiftDragRotatesInsteadOfMoving() throws {
        let lumi = star(x: 0.5, y: 0.5, size: 0.4)
        var state = ChordEditorState(lumis: [lumi])
        let dragStarted = state.beginDrag(at: CanvasPoint(x: 0.5, y: 0.4), rotating: true, tolerance: 0.01)
        let drag = try #require(dragStarted)
        #expect(drag.kind == .rotate)
        state.drag(drag, to: CanvasPoint(x: 0.6, y: 0.5))
        #expect(state.lumis[0].x == 0.5 && state.lumis[0].y == 0.5)
        #expect(abs(state.lumis[0].rotation - 90) < 1e-9)
    }

    @Test func keysMoveResizeAndRotateTheSelectedLumiWithinRange() {
        let lumi = star(x: 0.5, y: 0.5, size: 0.2, rotation: 0)
        var state = ChordEditorState(lumis: [lumi], selectedID: lumi.id)
        state.nudge(dx: 1, dy: 0, big: false)
        state.nudge(dx: 0, dy: -1, big: true)
        #expect(abs(state.lumis[0].x - 0.51) < 1e-12 && abs(state.lumis[0].y - 0.4) < 1e-12)
        state.resize(grow: true)
        #expect(abs(state.lumis[0].size - 0.22) < 1e-12)
        state.rotate(clockwise: false)
        #expect(state.lumis[0].rotation == 345)
        for _ in 0..<100 { state.resize(grow: true) }
        #expect(state.lumis[0].size == 1)
        for _ in 0..<100 { state.resize(grow: false) }
        #expect(state.lumis[0].size == ChordEditorState.smallestSize)
        for _ in 0..<100 { state.nudge(dx: -1, dy: 1, big: true) }
        #expect(state.lumis[0].x == 0 && state.lumis[0].y == 1)
        #expect(state.lumis[0].refusal == nil)
    }

    @Test func keysWithoutASelectionChangeNothing() {
        var state = ChordEditorState(lumis: [star()])
        let r4 = state.nudge(dx: 1, dy: 0, big: false)
        #expect(!r4)
        let r5 = state.resize(grow: true)
        #expect(!r5)
        let r6 = state.rotate(clockwise: true)
        #expect(!r6)
        let r7 = state.deleteSelected()
        #expect(!r7)
    }

    @Test func raiseAndLowerChangeTheDrawingOrderAndStopAtTheEnds() {
        let a = star(x: 0.2), b = star(x: 0.5), c = star(x: 0.8)
        var state = ChordEditorState(lumis: [a, b, c], selectedID: a.id)
        let r8 = state.lowerSelected()
        #expect(!r8)
        let r9 = state.raiseSelected()
        #expect(r9)
        #expect(state.lumis.map(\.id) == [b.id, a.id, c.id])
        let r10 = state.raiseSelected()
        #expect(r10)
        let r11 = state.raiseSelected()
        #expect(!r11)
        #expect(state.lumis.map(\.id) == [b.id, c.id, a.id])
        #expect(state.selectedID == a.id)
    }

    @Test func deleteRemovesTheSelectedLumiAndSelectsTheOneBelow() {
        let a = star(x: 0.2), b = star(x: 0.5)
        var state = ChordEditorState(lumis: [a, b], selectedID: b.id)
        let r12 = state.deleteSelected()
        #expect(r12)
        #expect(state.lumis.map(\.id) == [a.id])
        #expect(state.selectedID == a.id)
        let r13 = state.deleteSelected()
        #expect(r13)
        #expect(state.lumis.isEmpty && state.selectedID == nil)
    }

    @Test func colourAndGlowApplyToTheSelectionAndToTheNextLumi() {
        let lumi = star()
        var state = ChordEditorState(lumis: [lumi], selectedID: lumi.id)
        let red = RGBAColor(red: 255, green: 0, blue: 0, alpha: 128)
        let r14 = state.setColor(red)
        #expect(r14)
        let r15 = state.setGlow(0.8)
        #expect(r15)
        let r16 = state.setGlow(1.5)
        #expect(!r16)
        #expect(state.lumis[0].color == red && state.lumis[0].glow == 0.8)
        state.select(nil)
        state.tool = .add(.circle)
        state.click(at: CanvasPoint(x: 0.1, y: 0.1))
        #expect(state.lumis[1].color == red && state.lumis[1].glow == 0.8)
    }

    @Test func resetKeepsTheSelectionOnlyWhileItsLumiExists() {
        let a = star(x: 0.2), b = star(x: 0.5)
        var state = ChordEditorState(lumis: [a, b], selectedID: b.id)
        state.reset(to: [b])
        #expect(state.selectedID == b.id)
        state.reset(to: [a])
        #expect(state.selectedID == nil)
    }
}
