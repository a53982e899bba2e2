import Foundation
import Testing
@testable import ImagerCore

/// Undo of a chordset's delete puts it back in the set lists it was in, where it was, whether
/// or not the delete was saved in between; the set lists' other entries stay as they are.
@Suite struct SetListUndoTests {
    let folder: TemporaryDirectory
    let store: ChordsetStore
    let controller: ChordsetController
    let ids: [UUID]

    init() throws {
        folder = try TemporaryDirectory()
        store = try ChordsetStore.open(at: folder.databaseURL)
        _ = try store.append(Sample.chordsets(4))
        controller = try ChordsetController(store: store)
        ids = controller.chordsets.map(\.id)
    }

    func setList(_ title: String) throws -> [UUID] {
        try #require(try store.loadSetLists().first { $0.title == title }).chordsetIDs
    }

    @Test func undoOfASavedDeletePutsTheChordsetBackInEachSetListInItsPlace() throws {
        _ = try store.createSetList(title: "Friday", chordsets: [ids[0], ids[1], ids[2], ids[1]])
        _ = try store.createSetList(title: "Saturday", chordsets: [ids[3], ids[1]])
        _ = try store.createSetList(title: "Sunday", chordsets: [ids[2]])
        controller.delete(id: ids[1])
        _ = try #require(controller.save().report)
        #expect(try setList("Friday") == [ids[0], ids[2]])
        #expect(try setList("Saturday") == [ids[3]])

        controller.undo()
        _ = try #require(controller.save().report)
        #expect(try setList("Friday") == [ids[0], ids[1], ids[2], ids[1]])
        #expect(try setList("Saturday") == [ids[3], ids[1]])
        #expect(try setList("Sunday") == [ids[2]])
        #expect(try store.foreignKeyViolations() == 0)
    }

    @Test func undoOfADeleteOfSeveralPutsEachBack() throws {
        _ = try store.createSetList(title: "Friday", chordsets: [ids[3], ids[0], ids[2], ids[1]])
        controller.delete(ids: [ids[0], ids[1], ids[3]])
        _ = try #require(controller.save().report)
        #expect(try setList("Friday") == [ids[2]])
        controller.undo()
        _ = try #require(controller.save().report)
        #expect(try setList("Friday") == [ids[3], ids[0], ids[2], ids[1]])
    }

    @Test func undoBeforeTheSaveLeavesNoSecondEntry() throws {
        _ = try store.createSetList(title: "Friday", chordsets: [ids[0], ids[1]])
        controller.delete(id: ids[1])
        controller.undo()
        _ = try #require(controller.save().report)
        #expect(try setList("Friday") == [ids[0], ids[1]])
    }

    @Test func redoAndUndoAgainBeforeASaveStillPutItBack() throws {
        _ = try store.createSetList(title: "Friday", chordsets: [ids[1], ids[0]])
        controller.delete(id: ids[1])
        _ = try #require(controller.save().report)
        controller.undo()
        controller.redo()
        controller.undo()
        _ = try #require(controller.save().report)
        #expect(try setList("Friday") == [ids[1], ids[0]])
        // And the same steps once more, each saved.
        controller.redo()
        _ = try #require(controller.save().report)
        #expect(try setList("Friday") == [ids[0]])
        controller.undo()
        _ = try #require(controller.save().report)
        #expect(try setList("Friday") == [ids[1], ids[0]])
    }

    @Test func aSetListDeletedMeanwhileIsLeftDeleted() throws {
        let friday = try store.createSetList(title: "Friday", chordsets: [ids[1]])
        _ = try store.createSetList(title: "Saturday", chordsets: [ids[1]])
        controller.delete(id: ids[1])
        _ = try #require(controller.save().report)
        try store.deleteSetList(friday.id)
        controller.undo()
        _ = try #require(controller.save().report)
        #expect(try store.loadSetLists().map(\.title) == ["Saturday"])
        #expect(try setList("Saturday") == [ids[1]])
        #expect(controller.chordsets.map(\.id).contains(ids[1]))
    }
}
