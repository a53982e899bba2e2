@testable import ImagerGtk
import XCTest

/// `fill`, which puts values into translated text: every string the window shows with a
/// title, a count or a colour in it goes through it.
final class TranslationFillTests: XCTestCase {
    func testEachPlaceholderTakesItsValueInAnyOrder() {
        XCTAssertEqual(fill("{b} then {a}, {b} again", ["a": "1", "b": "2"]), "2 then 1, 2 again")
    }

    func testAValueIsNeverFilledAgain() {
        // A chordset may be called "{count}": its title is shown as typed.
        XCTAssertEqual(fill("Delete “{title}”, {count} left", ["title": "{count}"], count: "3"), "Delete “{count}”, 3 left")
        XCTAssertEqual(fill("{a}{b}", ["a": "{b}", "b": "x"]), "{b}x")
    }

    func testUnknownNamesAndLoneBracesStay() {
        XCTAssertEqual(fill("{unknown} {a} { } {", ["a": "1"]), "{unknown} 1 { } {")
        XCTAssertEqual(fill("}{a}{", ["a": "é"]), "}é{")
        XCTAssertEqual(fill("no placeholders", ["a": "1"]), "no placeholders")
    }

    func testNamesWithSpacesAndTextAroundInAnyScript() {
        XCTAssertEqual(fill("{colour name}, {hex}", ["colour name": "orange", "hex": "#E99057"]), "orange, #E99057")
        XCTAssertEqual(fill("«{title}» 😀 {a}\u{301}", ["title": "Étoile", "a": "e"]), "«Étoile» 😀 e\u{301}")
    }

    func testThePluralCountFillsAlongsideOtherValues() {
        XCTAssertEqual(trn("{count} chordset in “{title}”", "{count} chordsets in “{title}”", 2, ["title": "Warm"]),
                       "2 chordsets in “Warm”")
    }
}
