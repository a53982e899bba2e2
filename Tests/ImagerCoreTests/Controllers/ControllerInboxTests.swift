import Testing
@testable import ImagerCore

@Suite struct ControllerInboxTests {
    private func add(_ actions: [ControllerAction], capacity: Int = 64) -> ([ControllerAction], [ControllerInbox.Addition]) {
        var waiting: [TimedControllerAction] = []
        var additions: [ControllerInbox.Addition] = []
        for (index, action) in actions.enumerated() {
            additions.append(ControllerInbox.add(TimedControllerAction(action, at: Double(index)), to: &waiting, capacity: capacity))
        }
        return (waiting.map(\.action), additions)
    }

    @Test func aChordPlayedReplacesTheChordMovesWaitingButNotChordsetMoves() {
        let (waiting, additions) = add([.play(slot: 1), .nextChord, .nextChordset, .previousChord, .play(slot: 4)])
        #expect(waiting == [.nextChordset, .play(slot: 4)])
        #expect(additions.last == .coalesced)
    }

    @Test func levelsKeepOnlyTheLatest() {
        let (waiting, _) = add([.master(level: 0.1), .fade(seconds: 1), .master(level: 0.2), .tempo(bpm: 100),
                                .master(level: 0.3), .fade(seconds: 0.5), .tempo(bpm: 120)])
        #expect(waiting == [.master(level: 0.3), .fade(seconds: 0.5), .tempo(bpm: 120)])
    }

    @Test func blackoutOnOrOffReplacesTogglesAndEarlierOnOff() {
        let (waiting, _) = add([.toggleBlackout, .blackout(true), .toggleBlackout, .blackout(false)])
        #expect(waiting == [.blackout(false)])
    }

    @Test func aChordsetByNumberReplacesChordsetMoves() {
        let (waiting, _) = add([.nextChordset, .chordset(index: 3), .previousChordset, .chordset(index: 1)])
        #expect(waiting == [.chordset(index: 1)])
    }

    @Test func tapsAndStepsAllCountUpToTheCapacityThenDrop() {
        let (waiting, additions) = add(Array(repeating: .tap, count: 5), capacity: 3)
        #expect(waiting == [.tap, .tap, .tap])
        #expect(additions == [.added, .added, .added, .dropped, .dropped])
        // Full of taps, a level still has no room; a chord replaces nothing and is dropped too.
        let (full, more) = add([.nextChord, .nextChord, .nextChord, .play(slot: 2)], capacity: 3)
        #expect(full == [.play(slot: 2)], "the chord played makes the steps pointless")
        #expect(more.last == .coalesced)
    }

    @Test func oneCollectionServesABurstAndTheNextPostAsksAgain() {
        let inbox = ControllerInbox()
        #expect(inbox.post(TimedControllerAction(.tap, at: 1)), "the first post asks for a collection")
        #expect(!inbox.post(TimedControllerAction(.tap, at: 2)))
        #expect(!inbox.post(TimedControllerAction(.master(level: 0.5), at: 3)))
        let taken = inbox.takeAll()
        #expect(taken.map(\.action) == [.tap, .tap, .master(level: 0.5)])
        #expect(taken.map(\.time) == [1, 2, 3], "each keeps its arrival time")
        #expect(inbox.takeAll().isEmpty)
        #expect(inbox.post(TimedControllerAction(.nextChord, at: 4)))
    }

    @Test func aFloodFromManyThreadsStaysBoundedAndCounted() async {
        let inbox = ControllerInbox()
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<5_000 {
                        _ = inbox.post(TimedControllerAction(index % 2 == 0 ? .tap : .nextChord, at: Double(thread)))
                    }
                }
            }
        }
        let taken = inbox.takeAll()
        #expect(taken.count == ControllerInbox.capacity)
        #expect(inbox.droppedCount == 20_000 - ControllerInbox.capacity)
    }
}
