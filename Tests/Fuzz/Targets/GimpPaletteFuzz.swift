import Foundation
@testable import ImagerCore

/// A GIMP `.gpl` palette given to Import: `GimpPaletteReader.decode`, then the chordsets an
/// accepted palette makes (`PaletteImport`), each with eight chords.
@_cdecl("LLVMFuzzerTestOneInput")
public func gimpPaletteFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let palette = try? GimpPaletteReader.decode(bytes, file: "fuzz.gpl") else { return 0 }
    let made: (chordsets: [Chordset], summary: PaletteImportSummary)
    do {
        made = try PaletteImport.chordsets(from: palette, file: "fuzz.gpl", now: Date(timeIntervalSince1970: 0))
    } catch {
        // Refused for a reason it names: no colours, or a name too long for the titles it
        // makes ("Name 2" may pass the length rule where "Name" did). Nothing else.
        switch error.problem {
        case .noColors: guard palette.colors.isEmpty else { fatalError("colours, refused as none") }
        case .nameTooLong: break
        default: fatalError("a palette the reader accepted is refused: \(error)")
        }
        return 0
    }
    guard made.chordsets.allSatisfy({ $0.chords.count == Chordset.chordCount }) else {
        fatalError("a chordset made from a palette does not have eight chords")
    }
    return 0
}
