import Testing
@testable import ImagerCore

@Suite struct RGBAColorTests {
    // MARK: Hex

    @Test func sixDigitHexIsAnOpaqueColour() {
        #expect(RGBAColor(hex: "#F6D14E") == RGBAColor(red: 0xF6, green: 0xD1, blue: 0x4E, alpha: 0xFF))
    }

    @Test func eightDigitHexCarriesAlpha() {
        #expect(RGBAColor(hex: "#F6D14E80") == RGBAColor(red: 0xF6, green: 0xD1, blue: 0x4E, alpha: 0x80))
        #expect(RGBAColor(hex: "#00000000") == RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
    }

    @Test func hexDigitsMayBeLowerOrMixedCase() {
        #expect(RGBAColor(hex: "#f6d14e") == RGBAColor(hex: "#F6D14E"))
        #expect(RGBAColor(hex: "#aBcDeF7f") == RGBAColor(red: 0xAB, green: 0xCD, blue: 0xEF, alpha: 0x7F))
    }

    @Test(arguments: [
        "", "#", "F6D14E", "#F6D14", "#F6D14E8", "#F6D14E800", "#GGGGGG", "red", "#F6D1 4E",
        " #F6D14E", "#F6D14E ", "#F6D14É", "0xF6D14E", "#-F6D14", "##F6D14E", "#F6D14E\u{0}",
    ])
    func anythingButHashAndSixOrEightHexDigitsIsRefused(_ text: String) {
        #expect(RGBAColor(hex: text) == nil)
    }

    @Test func opaqueColoursFormatAsSixDigits() {
        #expect(RGBAColor(red: 0xF6, green: 0xD1, blue: 0x4E).hex == "#F6D14E")
        #expect(RGBAColor(red: 0, green: 0, blue: 0).hex == "#000000")
        #expect(RGBAColor(red: 0x0A, green: 0x0B, blue: 0x0C).hex == "#0A0B0C")
    }

    @Test func translucentColoursFormatAsEightDigits() {
        #expect(RGBAColor(red: 0xF6, green: 0xD1, blue: 0x4E, alpha: 0x80).hex == "#F6D14E80")
        #expect(RGBAColor(red: 0x0A, green: 0x0B, blue: 0x0C, alpha: 0x0D).hex == "#0A0B0C0D")
        #expect(RGBAColor(red: 1, green: 2, blue: 3, alpha: 0).hex == "#01020300")
    }

    @Test func everyColourSurvivesHexFormattingAndParsing() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<2_000 {
            let color = RGBAColor(packed: UInt32.random(in: .min ... .max, using: &generator))
            #expect(RGBAColor(hex: color.hex) == color)
        }
    }

    // MARK: Packed

    @Test func packedIsRedGreenBlueAlphaFromTheHighByte() {
        let color = RGBAColor(packed: 0x1122_3344)
        #expect(color == RGBAColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44))
        #expect(RGBAColor(red: 0xF6, green: 0xD1, blue: 0x4E).packed == 0xF6D1_4EFF)
    }

    @Test func everyColourSurvivesPacking() {
        var generator = SeededGenerator(seed: 8)
        for _ in 0..<2_000 {
            let color = RGBAColor(red: .random(in: 0...255, using: &generator),
                                  green: .random(in: 0...255, using: &generator),
                                  blue: .random(in: 0...255, using: &generator),
                                  alpha: .random(in: 0...255, using: &generator))
            #expect(RGBAColor(packed: color.packed) == color)
        }
        #expect(RGBAColor(packed: 0xFFFF_FFFF).packed == 0xFFFF_FFFF)
        #expect(RGBAColor(packed: 0).packed == 0)
    }

    // MARK: HSL

    @Test(arguments: [
        (0.0, 1.0, 0.5, "#FF0000"),
        (60.0, 1.0, 0.5, "#FFFF00"),
        (120.0, 1.0, 0.5, "#00FF00"),
        (180.0, 1.0, 0.5, "#00FFFF"),
        (240.0, 1.0, 0.5, "#0000FF"),
        (300.0, 1.0, 0.5, "#FF00FF"),
        (360.0, 1.0, 0.5, "#FF0000"),
        (210.0, 0.5, 0.4, "#336699"),
        (0.0, 0.0, 0.0, "#000000"),
        (0.0, 0.0, 1.0, "#FFFFFF"),
        (0.0, 0.0, 0.5, "#808080"),
    ])
    func hslConvertsToTheKnownRGB(hue: Double, saturation: Double, lightness: Double, hex: String) {
        #expect(RGBAColor(hue: hue, saturation: saturation, lightness: lightness).hex == hex)
    }

    @Test(arguments: [
        ("#FF0000", 0.0, 1.0, 0.5),
        ("#00FF00", 120.0, 1.0, 0.5),
        ("#0000FF", 240.0, 1.0, 0.5),
        ("#FF00FF", 300.0, 1.0, 0.5),
        ("#336699", 210.0, 0.5, 0.4),
        ("#FFFFFF", 0.0, 0.0, 1.0),
        ("#000000", 0.0, 0.0, 0.0),
    ])
    func knownColoursHaveTheirHSL(hex: String, hue: Double, saturation: Double, lightness: Double) throws {
        let hsl = try #require(RGBAColor(hex: hex)).hsl
        #expect(abs(hsl.hue - hue) < 0.001)
        #expect(abs(hsl.saturation - saturation) < 0.001)
        #expect(abs(hsl.lightness - lightness) < 0.001)
    }

    @Test func hslRoundTripsWithinOneStepPerChannel() {
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<1_000 {
            let color = RGBAColor(red: .random(in: 0...255, using: &generator),
                                  green: .random(in: 0...255, using: &generator),
                                  blue: .random(in: 0...255, using: &generator))
            let hsl = color.hsl
            let back = RGBAColor(hue: hsl.hue, saturation: hsl.saturation, lightness: hsl.lightness)
            #expect(abs(Int(back.red) - Int(color.red)) <= 1)
            #expect(abs(Int(back.green) - Int(color.green)) <= 1)
            #expect(abs(Int(back.blue) - Int(color.blue)) <= 1)
        }
    }

    // MARK: Random

    @Test func randomPleasantColoursStayAwayFromGreyBlackAndWhite() {
        var generator = SeededGenerator(seed: 10)
        // One 8-bit step moves saturation by up to ~0.014 at the lightest bound; allow for it.
        let slack = 0.02
        for _ in 0..<5_000 {
            let color = RGBAColor.randomPleasant(using: &generator)
            let hsl = color.hsl
            #expect(color.alpha == 255)
            #expect((0.45 - slack)...(0.80 + slack) ~= hsl.saturation, "\(color.hex) saturation \(hsl.saturation)")
            #expect((0.50 - slack)...(0.72 + slack) ~= hsl.lightness, "\(color.hex) lightness \(hsl.lightness)")
        }
    }

    @Test func randomPleasantColoursCoverEveryHue() {
        var generator = SeededGenerator(seed: 11)
        var sectors = Set<Int>()
        for _ in 0..<500 {
            sectors.insert(Int(RGBAColor.randomPleasant(using: &generator).hsl.hue / 30))
        }
        #expect(sectors == Set(0..<12))
    }

    @Test func theSameSeedGivesTheSameRandomColours() {
        var first = SeededGenerator(seed: 12), second = SeededGenerator(seed: 12)
        let a = (0..<8).map { _ in RGBAColor.randomPleasant(using: &first) }
        let b = (0..<8).map { _ in RGBAColor.randomPleasant(using: &second) }
        #expect(a == b)
        #expect(Set(a).count > 1)
    }
}
