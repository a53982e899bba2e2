import Foundation

/// A chord's background colour: 8 bits per channel, straight (not premultiplied) alpha.
/// Stored in SQLite as one INTEGER, 0xRRGGBBAA, so a chord row stays small.
public struct RGBAColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(packed: UInt32) {
        red = UInt8(truncatingIfNeeded: packed >> 24)
        green = UInt8(truncatingIfNeeded: packed >> 16)
        blue = UInt8(truncatingIfNeeded: packed >> 8)
        alpha = UInt8(truncatingIfNeeded: packed)
    }

    public var packed: UInt32 {
        UInt32(red) << 24 | UInt32(green) << 16 | UInt32(blue) << 8 | UInt32(alpha)
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (either case). Anything else is nil.
    public init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.first == UInt8(ascii: "#"), utf8.count == 7 || utf8.count == 9 else { return nil }
        var value: UInt32 = 0
        for byte in utf8.dropFirst() {
            guard let digit = byte.hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
        }
        self.init(packed: utf8.count == 7 ? value << 8 | 0xFF : value)
    }

    /// `#RRGGBB` when opaque, `#RRGGBBAA` otherwise: the shortest form that loses nothing.
    public var hex: String {
        // Written straight into the string (at most nine bytes, so it lives inline): every
        // chord cell a row binds names its colour, a hundred rows per scrolled frame.
        let channels = alpha == 255 ? 3 : 4
        return String(unsafeUninitializedCapacity: 1 + 2 * channels) { text in
            func digit(_ value: UInt8) -> UInt8 { value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10 }
            func put(_ channel: UInt8, at index: Int) {
                text[index] = digit(channel >> 4)
                text[index + 1] = digit(channel & 0xF)
            }
            text[0] = UInt8(ascii: "#")
            put(red, at: 1)
            put(green, at: 3)
            put(blue, at: 5)
            if channels == 4 { put(alpha, at: 7) }
            return 1 + 2 * channels
        }
    }
}

extension RGBAColor {
    /// A random colour that reads well as a cell: any hue, but saturation and lightness
    /// bounded away from grey, black and white, as the original app's random colours were.
    public static func randomPleasant<G: RandomNumberGenerator>(using generator: inout G) -> RGBAColor {
        let hue = Double.random(in: 0..<360, using: &generator)
        let saturation = Double.random(in: 0.45...0.80, using: &generator)
        let lightness = Double.random(in: 0.50...0.72, using: &generator)
        return RGBAColor(hue: hue, saturation: saturation, lightness: lightness)
    }

    public static func randomPleasant() -> RGBAColor {
        var generator = SystemRandomNumberGenerator()
        return randomPleasant(using: &generator)
    }

    /// HSL to RGB; hue in degrees, saturation and lightness in 0...1.
    public init(hue: Double, saturation: Double, lightness: Double) {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = (hue.truncatingRemainder(dividingBy: 360)) / 60
        let second = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) = switch sector {
        case ..<1: (chroma, second, 0)
        case ..<2: (second, chroma, 0)
        case ..<3: (0, chroma, second)
        case ..<4: (0, second, chroma)
        case ..<5: (second, 0, chroma)
        default: (chroma, 0, second)
        }
        let m = lightness - chroma / 2
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, ((v + m) * 255).rounded()))) }
        self.init(red: byte(r), green: byte(g), blue: byte(b))
    }

    /// Hue, saturation and lightness, for choosing a readable outline.
    public var hsl: (hue: Double, saturation: Double, lightness: Double) {
        let r = Double(red) / 255, g = Double(green) / 255, b = Double(blue) / 255
        let maxV = max(r, g, b), minV = min(r, g, b)
        let lightness = (maxV + minV) / 2
        let delta = maxV - minV
        guard delta > 0 else { return (0, 0, lightness) }
        let saturation = delta / (1 - abs(2 * lightness - 1))
        var hue: Double
        if maxV == r { hue = ((g - b) / delta).truncatingRemainder(dividingBy: 6) }
        else if maxV == g { hue = (b - r) / delta + 2 }
        else { hue = (r - g) / delta + 4 }
        hue *= 60
        if hue < 0 { hue += 360 }
        return (hue, saturation, lightness)
    }
}
