import Foundation
@testable import ImagerCore

/// A `.json` file given to Import, dropped on the window or passed to `imager --import`:
/// `ChordsetDocument.decode` over `JSONReader`. What it accepts must encode to a document
/// that decodes to the same chordsets, lumis and set lists (a lumi's id is not in the file: each read
/// gives it a new one).
@_cdecl("LLVMFuzzerTestOneInput")
public func chordsetJSONFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Data(UnsafeBufferPointer(start: data, count: size))
    guard let read = try? ChordsetDocument.decode(input, file: "fuzz.json") else { return 0 }
    guard let again = try? ChordsetDocument.decode(ChordsetDocument.encode(read), file: "fuzz.json") else {
        fatalError("an accepted document does not encode to one that is accepted")
    }
    guard again.chordsets == read.chordsets, again.lumis.map(withoutIDs) == read.lumis.map(withoutIDs) else {
        fatalError("an accepted document reads differently once encoded again")
    }
    // Set lists come back with their ids and titles; an export writes only the entries that
    // name chordsets of the file.
    let inFile = Set(read.chordsets.map(\.id))
    guard again.setLists.map(\.id) == read.setLists.map(\.id), again.setLists.map(\.title) == read.setLists.map(\.title),
          again.setLists.map(\.chordsetIDs) == read.setLists.map({ $0.chordsetIDs.filter(inFile.contains) }) else {
        fatalError("an accepted document's set lists read differently once encoded again")
    }
    return 0
}

private struct LumiWithoutID: Equatable {
    var shape: LumiShape, x: Double, y: Double, size: Double, rotation: Double, color: RGBAColor, glow: Double
}

private func withoutIDs(_ lumis: ChordsetLumis) -> [[LumiWithoutID]] {
    lumis.slots.map { slot in
        slot.map { LumiWithoutID(shape: $0.shape, x: $0.x, y: $0.y, size: $0.size, rotation: $0.rotation, color: $0.color, glow: $0.glow) }
    }
}
