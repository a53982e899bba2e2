@testable import ImagerGtk
import XCTest

/// The name Export Palette… writes under: by the chosen filter where the chooser says which
/// (GTK 4.8), by the name's own extension where it does not (GtkFileDialog).
@MainActor
final class PaletteNameTests: XCTestCase {
    private let filters = FileTransfer.paletteFilters

    func testWithoutAFilterAKnownExtensionChoosesTheFormatInAnyCase() async {
        XCTAssertEqual(FileTransfer.paletteName("Fireflies.css", filter: nil), "Fireflies.css")
        XCTAssertEqual(FileTransfer.paletteName("Fireflies.SVG", filter: nil), "Fireflies.SVG")
        XCTAssertEqual(FileTransfer.paletteName("Fireflies.gpl", filter: nil), "Fireflies.gpl")
    }

    func testWithoutAFilterANameWithoutAKnownExtensionGetsTheDefaultFormatsAfterIt() async {
        XCTAssertEqual(FileTransfer.paletteName("Fireflies", filter: nil), "Fireflies.gpl")
        // A dot may be part of the title: the name is kept whole.
        XCTAssertEqual(FileTransfer.paletteName("Warm v1.2", filter: nil), "Warm v1.2.gpl")
        XCTAssertEqual(FileTransfer.paletteName("notes.txt", filter: nil), "notes.txt.gpl")
    }

    func testAFilterOfOneFormatPutsItsExtensionInPlaceOfTheNamesAndPalettesLeavesIt() async {
        let css = filters.first { $0.format == "css" }
        XCTAssertEqual(FileTransfer.paletteName("Fireflies.gpl", filter: css), "Fireflies.css")
        XCTAssertEqual(FileTransfer.paletteName("Fireflies", filter: css), "Fireflies.css")
        XCTAssertEqual(FileTransfer.paletteName("Fireflies", filter: filters[0]), "Fireflies")
        XCTAssertEqual(FileTransfer.paletteName("Fireflies.svg", filter: filters[0]), "Fireflies.svg")
    }
}
