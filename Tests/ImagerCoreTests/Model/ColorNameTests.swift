import ImagerCore
import Testing

/// The colour words a screen reader hears for a cell (docs/colour-names.md).
struct ColorNameTests {
    private func name(_ hex: String) -> ColorName {
        ColorName(RGBAColor(hex: hex)!)
    }

    @Test("The primary and secondary colours get their hue word and nothing else but vivid")
    func primaries() {
        #expect(name("#FF0000") == ColorName(saturation: .vivid, hue: .red))
        #expect(name("#00FF00") == ColorName(saturation: .vivid, hue: .green))
        #expect(name("#0000FF") == ColorName(saturation: .vivid, hue: .blue))
        #expect(name("#FFFF00") == ColorName(saturation: .vivid, hue: .yellow))
        #expect(name("#00FFFF") == ColorName(saturation: .vivid, hue: .cyan))
        #expect(name("#FF00FF") == ColorName(saturation: .vivid, hue: .magenta))
        #expect(name("#FF8000") == ColorName(saturation: .vivid, hue: .orange))
        #expect(name("#8000FF") == ColorName(saturation: .vivid, hue: .purple))
    }

    @Test("The issue's example: #E99057 is orange")
    func theIssuesOrange() {
        #expect(name("#E99057") == ColorName(hue: .orange))
    }

    @Test("Colours without chroma are named by lightness alone, whatever their HSL saturation")
    func neutrals() {
        #expect(name("#000000") == ColorName(hue: .black))
        #expect(name("#0A0A0C") == ColorName(hue: .black))
        #expect(name("#404040") == ColorName(hue: .darkGrey))
        #expect(name("#808080") == ColorName(hue: .grey))
        #expect(name("#C0C0C0") == ColorName(hue: .lightGrey))
        #expect(name("#FFFFFF") == ColorName(hue: .white))
        // HSL saturation 1, but 6 steps from white: white to anyone's eye.
        #expect(name("#FFFFF9") == ColorName(hue: .white))
    }

    @Test("Dark oranges and yellows are brown; light reds and magentas are pink")
    func brownAndPink() {
        #expect(name("#8B4513").hue == .brown)       // saddle brown
        #expect(name("#6B4F3A").hue == .brown)
        #expect(name("#FFC0CB").hue == .pink)        // CSS pink
        #expect(name("#FF69B4").hue == .pink)        // hot pink, a light magenta
        #expect(name("#800000").hue == .red)         // maroon stays a dark red
        #expect(name("#800000").lightness == .dark)
    }

    @Test("Lightness and saturation words")
    func qualifiers() {
        #expect(name("#000080") == ColorName(lightness: .dark, hue: .blue))          // navy
        #expect(name("#0B1026") == ColorName(lightness: .veryDark, hue: .blue))
        #expect(name("#ADD8E6") == ColorName(lightness: .light, hue: .blue))         // light blue
        #expect(name("#E0F0FF") == ColorName(lightness: .veryLight, hue: .blue))
        #expect(name("#708090") == ColorName(saturation: .greyish, hue: .blue))      // slate grey
    }

    @Test("Alpha: fully clear is transparent, partly clear is translucent")
    func alpha() {
        #expect(name("#FF000000") == ColorName(hue: .transparent))
        #expect(name("#FF000080") == ColorName(saturation: .vivid, hue: .red, isTranslucent: true))
        #expect(name("#FFFFFF80") == ColorName(hue: .white, isTranslucent: true))
    }

    @Test("Every hue of the wheel gets exactly one word, in wheel order, with no gaps")
    func wheel() {
        var seen: [ColorName.Hue] = []
        for degrees in stride(from: 0, to: 360, by: 1) {
            let color = Self.vividColor(degrees: Double(degrees))
            let hue = ColorName(color).hue
            if seen.last != hue { seen.append(hue) }
        }
        #expect(seen == [.red, .orange, .yellow, .green, .cyan, .blue, .purple, .magenta, .red])
    }

    /// A fully saturated, middle-lightness sRGB colour at `degrees` on the HSL wheel.
    private static func vividColor(degrees: Double) -> RGBAColor {
        func channel(_ n: Double) -> UInt8 {
            let k = (n + degrees / 30).truncatingRemainder(dividingBy: 12)
            let value = 0.5 - 0.5 * max(-1, min(k - 3, 9 - k, 1))
            return UInt8((value * 255).rounded())
        }
        return RGBAColor(red: channel(0), green: channel(8), blue: channel(4))
    }
}
