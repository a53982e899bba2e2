import Foundation

/// How much light a picture sends out, in the terms WCAG 2.x measures flashes with: its
/// relative luminance, and how much saturated red it holds.
///
/// Made from the picture's mean linear red, green and blue (0...1 each, sRGB primaries), so a
/// screen of several colours counts as their area-weighted mean, as WCAG's note on dithered
/// colours says.
public struct ScreenLight: Hashable, Sendable {
    /// The mean linear (not gamma-encoded) red, green and blue, 0...1.
    public let red: Double, green: Double, blue: Double

    public init(linearRed red: Double, green: Double, blue: Double) {
        self.red = min(1, max(0, red))
        self.green = min(1, max(0, green))
        self.blue = min(1, max(0, blue))
    }

    /// One opaque sRGB colour filling the screen.
    public init(_ color: RGBAColor) {
        self.init(linearRed: SRGB.linear(color.red), green: SRGB.linear(color.green), blue: SRGB.linear(color.blue))
    }

    /// Relative luminance, 0 (black) to 1 (white): 0.2126 R + 0.7152 G + 0.0722 B.
    public var luminance: Double { 0.2126 * red + 0.7152 * green + 0.0722 * blue }

    /// Red's share of the light, R / (R + G + B); 0 for black, which has no colour.
    public var redShare: Double {
        let sum = red + green + blue
        return sum > 0 ? red / sum : 0
    }

    /// A saturated red: red is at least 80% of the light (R / (R + G + B) ≥ 0.8).
    public var isSaturatedRed: Bool { redShare >= 0.8 }

    /// The amount of red that red flashes are measured by: (R − G − B) × 320, negative
    /// values counting as zero. Pure red is 320, white and black are 0.
    public var redAmount: Double { max(0, red - green - blue) * 320 }

    public static let black = ScreenLight(linearRed: 0, green: 0, blue: 0)
}

/// The sRGB transfer function, as WCAG's definition of relative luminance gives it.
public enum SRGB {
    /// The linear value of an 8-bit sRGB channel.
    public static func linear(_ channel: UInt8) -> Double { table[Int(channel)] }

    /// The linear value of a gamma-encoded sRGB channel, 0...1.
    public static func linear(encoded value: Double) -> Double {
        let value = min(1, max(0, value))
        return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    private static let table: [Double] = (0...255).map { linear(encoded: Double($0) / 255) }

    /// `linear(encoded:)` from a table, within 1e-5: fast enough to run over a picture's
    /// cells for every moment safe light looks at.
    public static func approximatelyLinear(encoded value: Double) -> Double {
        let position = min(1, max(0, value)) * Double(fineSteps)
        let below = min(Int(position), fineSteps - 1)
        let fraction = position - Double(below)
        return fine[below] + (fine[below + 1] - fine[below]) * fraction
    }

    private static let fineSteps = 2048
    private static let fine: [Double] = (0...fineSteps).map { linear(encoded: Double($0) / Double(fineSteps)) }
}
