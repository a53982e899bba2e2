import Foundation

/// A colour in Björn Ottosson's OKLab space (https://bottosson.github.io/posts/oklab/):
/// `lightness` 0 (black) to 1 (white), `a` green-red and `b` blue-yellow. Distances in it
/// follow how different colours look, which is why pictures are clustered here, not in RGB.
public struct OKLab: Equatable, Sendable {
    public var lightness: Double
    public var a: Double
    public var b: Double

    public init(lightness: Double, a: Double, b: Double) {
        self.lightness = lightness
        self.a = a
        self.b = b
    }

    /// From 8-bit sRGB (alpha is not a colour and is ignored).
    public init(_ color: RGBAColor) {
        self.init(linearRed: Self.linear[Int(color.red)], green: Self.linear[Int(color.green)], blue: Self.linear[Int(color.blue)])
    }

    public init(linearRed r: Double, green g: Double, blue b: Double) {
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        lightness = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    /// Back to 8-bit sRGB, opaque; a colour outside sRGB is clipped channel by channel.
    public var rgba: RGBAColor {
        let l = pow(lightness + 0.3963377774 * a + 0.2158037573 * b, 3)
        let m = pow(lightness - 0.1055613458 * a - 0.0638541728 * b, 3)
        let s = pow(lightness - 0.0894841775 * a - 1.2914855480 * b, 3)
        let r = 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s
        let g = -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s
        let bl = -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s
        return RGBAColor(red: Self.encode(r), green: Self.encode(g), blue: Self.encode(bl))
    }

    public func squaredDistance(to other: OKLab) -> Double {
        let dl = lightness - other.lightness, da = a - other.a, db = b - other.b
        return dl * dl + da * da + db * db
    }

    /// sRGB's transfer function undone, for each 8-bit value.
    static let linear: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    private static func encode(_ linear: Double) -> UInt8 {
        let clipped = min(1, max(0, linear))
        let c = clipped <= 0.0031308 ? 12.92 * clipped : 1.055 * pow(clipped, 1 / 2.4) - 0.055
        return UInt8((c * 255).rounded())
    }
}
