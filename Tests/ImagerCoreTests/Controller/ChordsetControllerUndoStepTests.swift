import ImagerCore
import XCTest

final class ChordsetControllerUndoStepTests: XCTestCase {
    private func controller() throws -> ChordsetController {
        let controller = try ChordsetController(store: .inMemory())
        controller.add(title: "Warm")
        controller.add(title: "Ocean")
        return controller
    }

    func testUndoingAStepByIDUndoesItWhenItIsTheLast() throws {
        let controller = try controller()
        let step = try XCTUnwrap(controller.undoStepID)

        XCTAssertTrue(controller.undo(stepID: step))
        XCTAssertEqual(controller.chordsets.map(\.title), ["Warm"])
    }

    func testUndoingAStepByIDDoesNothingOnceAnotherStepIsOnTop() throws {
        let controller = try controller()
        let addStep = try XCTUnwrap(controller.undoStepID)
        controller.undo()

        XCTAssertNotEqual(controller.undoStepID, addStep)
        XCTAssertFalse(controller.undo(stepID: addStep))
        XCTAssertEqual(controller.chordsets.map(\.title), ["Warm"])
    }

    func testARedoneChangeIsANewStep() throws {
        let controller = try controller()
        let step = try XCTUnwrap(controller.undoStepID)
        controller.undo()
        controller.redo()

        XCTAssertNotNil(controller.undoStepID)
        XCTAssertNotEqual(controller.undoStepID, step)
    }
}
