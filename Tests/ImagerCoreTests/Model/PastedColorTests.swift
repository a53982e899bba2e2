import Testing
@testable import ImagerCore

/// What Ctrl+V on a chord accepts as a colour, and what it refuses.
@Suite struct PastedColorTests {
    func color(_ text: String) -> RGBAColor? { try? PastedColor.parse(text).get() }

    @Test func hexInThreeSixAndEightDigitsIsAColour() {
        #expect(color("#F0A") == RGBAColor(red: 0xFF, green: 0x00, blue: 0xAA))
        #expect(color("#e99057") == RGBAColor(red: 0xE9, green: 0x90, blue: 0x57))
        #expect(color("#E9905780") == RGBAColor(red: 0xE9, green: 0x90, blue: 0x57, alpha: 0x80))
    }

    @Test func cssNamesAreColoursWhateverTheirCase() {
        #expect(color("rebeccapurple") == RGBAColor(red: 0x66, green: 0x33, blue: 0x99))
        #expect(color("CornflowerBlue") == RGBAColor(red: 0x64, green: 0x95, blue: 0xED))
        #expect(color("transparent")?.alpha == 0)
        #expect(PastedColor.named.count == 148)
    }

    @Test func spacesAndATrailingSemicolonAreForgiven() {
        #expect(color("  #00ff00;\n") == RGBAColor(red: 0, green: 255, blue: 0))
        #expect(color("\tnavy ") == RGBAColor(red: 0, green: 0, blue: 0x80))
    }

    @Test func anythingElseIsRefusedWithItsReason() {
        #expect(PastedColor.parse("   ") == .failure(.empty))
        #expect(PastedColor.parse("") == .failure(.empty))
        #expect(PastedColor.parse("#12345") == .failure(.badHex("#12345")))
        #expect(PastedColor.parse("#GGHHII") == .failure(.badHex("#GGHHII")))
        #expect(PastedColor.parse("rgb(1, 2, 3)") == .failure(.notAColor("rgb(1, 2, 3)")))
        #expect(PastedColor.parse("bluish") == .failure(.notAColor("bluish")))
        let long = String(repeating: "x", count: 10_000)
        guard case let .failure(.notAColor(quoted)) = PastedColor.parse(long) else {
            Issue.record("a long text should be refused"); return
        }
        #expect(quoted.count == PastedColor.quotedLength)
    }
}
