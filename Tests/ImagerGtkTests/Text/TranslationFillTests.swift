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

    /// The cells' labels fill a template split once: the same text as `fill` gives.
    func testATemplateFillsAsFillDoes() {
        let cases: [(String, KeyValuePairs<String, String>)] = [
            ("{b} then {a}, {b} again", ["a": "1", "b": "2"]), ("{a}{b}", ["a": "{b}", "b": "x"]),
            ("{unknown} {a} { } {", ["a": "1"]), ("}{a}{", ["a": "é"]), ("no placeholders", ["a": "1"]),
            ("{colour name}, {hex}", ["colour name": "orange", "hex": "#E99057"]), ("{ {a}", ["a": "1"]),
            ("«{title}» 😀 {a}\u{301}", ["title": "Étoile", "a": "e"]), ("{{a}}", ["a": "1"]), ("", ["a": "1"]),
            ("Chord {number}: {colour}", ["number": "3", "colour": "orange, #E99057"]),
        ]
        for (text, values) in cases {
            XCTAssertEqual(TextTemplate(text)(values), fill(text, values), text)
        }
    }

    /// Counts are grouped as the locale groups digits: none in C, thousands with commas in
    /// English.
    func testCountsAreGroupedAsTheLocaleGroupsThem() {
        let saved = String(cString: setlocale(LC_NUMERIC, nil))
        defer { setlocale(LC_NUMERIC, saved) }
        setlocale(LC_NUMERIC, "C")
        XCTAssertEqual(groupedNumber(100_009), "100009")
        XCTAssertEqual(groupedNumber(-5), "-5")
        // Only where the machine has the English locale (Debian's `locales` package).
        if setlocale(LC_NUMERIC, "en_US.UTF-8") != nil {
            XCTAssertEqual(groupedNumber(100_009), "100,009")
        }
    }

    func testThePluralCountFillsAlongsideOtherValues() {
        XCTAssertEqual(trn("{count} chordset in “{title}”", "{count} chordsets in “{title}”", 2, ["title": "Warm"]),
                       "2 chordsets in “Warm”")
    }
}
