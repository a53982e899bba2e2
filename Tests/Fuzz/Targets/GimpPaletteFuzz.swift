import Foundation
@testable import ImagerCore

/// A GIMP `.gpl` palette given to Import: `GimpPaletteReader.decode`, then the chordsets an
/// accepted palette makes (`PaletteImport`), each with eight chords.
@_cdecl("LLVMFuzzerTestOneInput")
public func gimpPaletteFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let palette = try? GimpPaletteReader.decode(bytes, file: "fuzz.gpl") else { return 0 }
    guard let made = try? PaletteImport.chordsets(from: palette, file: "fuzz.gpl", now: Date(timeIntervalSince1970: 0)) else {
        guard palette.colors.isEmpty else { fatalError("a palette with colours makes no chordsets") }
        return 0
    }
    guard made.chordsets.allSatisfy({ $0.chords.count == Chordset.chordCount }) else {
        fatalError("a chordset made from a palette does not have eight chords")
    }
    return 0
}
