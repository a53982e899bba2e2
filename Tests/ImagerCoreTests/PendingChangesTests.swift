import Foundation
import Testing
@testable import ImagerCore

@Suite struct PendingChangesTests {
    let allSlots = Set(0..<Chordset.chordCount)

    @Test func anInsertedChordsetIsWrittenWhole() {
        var pending = PendingChanges()
        let chordset = Sample.chordset()
        pending.inserted(chordset)
        #expect(pending.entries == [chordset.id: .upsert(chordset, row: true, slots: allSlots)])
    }

    @Test func aRowChangeWritesOnlyTheRow() {
        var pending = PendingChanges()
        let chordset = Sample.chordset()
        pending.rowChanged(chordset)
        #expect(pending.entries == [chordset.id: .upsert(chordset, row: true, slots: [])])
    }

    @Test func chordChangesCollectTheirSlotsAndKeepTheLatestValue() {
        var pending = PendingChanges()
        var chordset = Sample.chordset()
        chordset.setColor(RGBAColor(red: 1, green: 1, blue: 1), at: 2)
        pending.chordChanged(chordset, slot: 2)
        chordset.setColor(RGBAColor(red: 2, green: 2, blue: 2), at: 6)
        pending.chordChanged(chordset, slot: 6)
        #expect(pending.entries == [chordset.id: .upsert(chordset, row: true, slots: [2, 6])])
        #expect(pending.count == 1)
    }

    @Test func editingAnInsertedChordsetStillWritesItWhole() {
        var pending = PendingChanges()
        var chordset = Sample.chordset()
        pending.inserted(chordset)
        chordset.title = "Renamed"
        pending.rowChanged(chordset)
        #expect(pending.entries == [chordset.id: .upsert(chordset, row: true, slots: allSlots)])
    }

    @Test func deletingReplacesEarlierChanges() {
        var pending = PendingChanges()
        let chordset = Sample.chordset()
        pending.inserted(chordset)
        pending.deleted(chordset.id)
        #expect(pending.entries == [chordset.id: .delete])
    }

    @Test func aDeletedChordsetThatIsEditedAgainIsWrittenWhole() {
        var pending = PendingChanges()
        var chordset = Sample.chordset()
        pending.deleted(chordset.id)
        chordset.title = "Back"
        pending.rowChanged(chordset)
        #expect(pending.entries == [chordset.id: .upsert(chordset, row: true, slots: allSlots)])
    }

    @Test func acknowledgingDropsWhatWasWrittenButKeepsLaterChanges() {
        var pending = PendingChanges()
        var changed = Sample.chordset("Changed")
        let untouched = Sample.chordset("Untouched")
        pending.rowChanged(changed)
        pending.inserted(untouched)
        let written = pending.entries
        changed.title = "Changed again"
        pending.rowChanged(changed)
        pending.acknowledge(written)
        #expect(pending.entries == [changed.id: .upsert(changed, row: true, slots: [])])
        #expect(!pending.isEmpty)
    }

    @Test func acknowledgingEverythingLeavesNothingPending() {
        var pending = PendingChanges()
        pending.inserted(Sample.chordset())
        pending.deleted(UUID())
        pending.acknowledge(pending.entries)
        #expect(pending.isEmpty)
        #expect(pending.count == 0)
    }
}
