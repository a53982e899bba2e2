import Foundation

extension ChordsetController {
    /// The places in set lists that chordsets leaving the list hold, for the undo to put back:
    /// those stored, and those an earlier undo is still waiting to store. Read before they
    /// leave, as their lumis are: the next save's cascade takes their entries out. A store
    /// that cannot be read gives none (the delete goes ahead; its undo brings the chordsets
    /// back without their places).
    func setListPlacesToKeep(for ids: Set<UUID>) -> [UUID: [SetListPlace]] {
        var places = (try? store?.setListPlaces(of: ids)) ?? [:]
        for (id, waiting) in pending.places(ofAny: ids) {
            let stored = Set((places[id] ?? []).map(\.entry))
            places[id, default: []] += waiting.filter { !stored.contains($0.entry) }
        }
        return places
    }
}
