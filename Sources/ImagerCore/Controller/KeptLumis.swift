import Foundation

/// The lumis an undo step keeps for the chordsets it took out, so the undo can put them back
/// (only chordsets that had lumis are named).
///
/// Those the controller had not read yet are read from a snapshot of the store on another
/// thread (`ChordsetStore.readLumisFromSnapshot`), so deleting 1,000 chordsets does not wait
/// for a thousand reads before its frame, and deleting all of 100,000 does not scan every
/// lumi on the main thread. The snapshot is taken before the chordsets leave the list, so a
/// save that deletes them from the store meanwhile does not change what is read. The undo,
/// which needs the lumis, waits for the read if it is still going.
final class KeptLumis: @unchecked Sendable {
    /// Guards `read`; signalled when it arrives.
    private let arrival = NSCondition()
    private var read: (lumis: [UUID: ChordsetLumis], unreadable: [UnreadableRow])?

    /// What the controller knew when the read started (set before it starts).
    private let known: [UUID: ChordsetLumis]

    init(_ lumis: [UUID: ChordsetLumis]) {
        known = [:]
        read = (lumis, [])
    }

    /// Lumis still to come: `known` now, and what `deliver` hands over later, from any thread.
    private init(known: [UUID: ChordsetLumis]) {
        self.known = known
    }

    /// Starts reading the lumis of `unknown` from `store`'s snapshot, and keeps `known` with
    /// them; nil when the store cannot take a snapshot (then the caller reads at once).
    static func reading(_ unknown: [UUID], from store: ChordsetStore, onePassBeyond limit: Int,
                        known: [UUID: ChordsetLumis]) -> KeptLumis? {
        let kept = KeptLumis(known: known)
        let started = store.readLumisFromSnapshot(ofEach: unknown, onePassBeyond: limit) { lumis, unreadable in
            kept.deliver(lumis, unreadable)
        }
        return started ? kept : nil
    }

    private func deliver(_ lumis: [UUID: ChordsetLumis], _ unreadable: [UnreadableRow]) {
        arrival.lock()
        // What the controller knew wins over the store: it may hold edits not saved yet.
        read = (known.merging(lumis) { known, _ in known }, unreadable)
        arrival.broadcast()
        arrival.unlock()
    }

    /// The lumis, and the stored rows the read could not take; waits for a read still going.
    var value: (lumis: [UUID: ChordsetLumis], unreadable: [UnreadableRow]) {
        arrival.lock()
        defer { arrival.unlock() }
        while read == nil { arrival.wait() }
        return read!
    }

    /// The same lumis under other ids (a save gave chordsets new ids); waits as `value` does.
    func rekeyed(_ id: (UUID) -> UUID) -> KeptLumis {
        KeptLumis(Dictionary(value.lumis.map { (id($0.key), $0.value) }, uniquingKeysWith: { a, _ in a }))
    }
}
