import Foundation
import Testing
@testable import ImagerCore

@Suite struct ChangeLogTests {
    @Test func anInsertRecordsTheRowAndEightChords() {
        var log = ChangeLog()
        let chordset = Sample.chordset()
        log.inserted(chordset)
        #expect(log.count == 9)
        #expect(log.changedChordsetCount == 1)
        #expect(log.changes[.chord(chordset.id, slot: 7)] == .chord(Sample.colors()[7]))
        #expect(log.unsavedNewIDs == [chordset.id])
    }

    @Test func aColourChangeRecordsThatChordAndTheRowOnly() {
        var log = ChangeLog()
        var chordset = Sample.chordset()
        chordset.setColor(RGBAColor(red: 1, green: 2, blue: 3), at: 4)
        log.chordChanged(chordset, slot: 4)
        #expect(Set(log.changes.keys) == [.chordset(chordset.id), .chord(chordset.id, slot: 4)])
        #expect(log.unsavedNewIDs.isEmpty)
    }

    @Test func aDeleteDropsTheChordRecordsAndAnUndoWritesItWholeAgain() {
        var log = ChangeLog()
        let chordset = Sample.chordset()
        log.chordChanged(chordset, slot: 2)
        log.deleted(chordset.id)
        #expect(log.changes == [.chordset(chordset.id): .deleted])
        log.rowChanged(chordset)
        #expect(log.count == 9)
        guard case let .chordset(row)? = log.changes[.chordset(chordset.id)] else { Issue.record("no row"); return }
        #expect(row.isNew)
    }

    @Test func aMoveEndsThePlacementAtTheEnd() {
        var log = ChangeLog()
        var chordset = Sample.chordset()
        log.inserted(chordset, placedAtEnd: true)
        chordset.title = "Renamed"
        log.rowChanged(chordset)
        guard case let .chordset(renamed)? = log.changes[.chordset(chordset.id)] else { Issue.record("no row"); return }
        #expect(renamed.placedAtEnd)
        chordset.position = 0.5
        log.rowChanged(chordset, placedExplicitly: true)
        guard case let .chordset(moved)? = log.changes[.chordset(chordset.id)] else { Issue.record("no row"); return }
        #expect(!moved.placedAtEnd)
        #expect(moved.isNew)
    }

    @Test func acknowledgingKeepsWhatChangedSinceAndMarksItStored() {
        var log = ChangeLog()
        var changed = Sample.chordset("Changed")
        let untouched = Sample.chordset("Untouched")
        log.inserted(changed, placedAtEnd: true)
        log.inserted(untouched)
        let written = log.changes
        changed.title = "Changed again"
        log.rowChanged(changed)
        log.acknowledge(written, placed: [changed.id: 42])
        #expect(log.changes.count == 1)
        guard case let .chordset(row)? = log.changes[.chordset(changed.id)] else { Issue.record("no row"); return }
        #expect(row.title == "Changed again")
        #expect(!row.isNew && !row.placedAtEnd)
        #expect(row.position == 42)
    }
}
