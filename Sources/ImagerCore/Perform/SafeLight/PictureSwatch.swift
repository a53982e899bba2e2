/// A picture (a chord as the Perform view paints it) reduced to a small grid of colours, for
/// working out how much light the screen gives out without looking at every pixel.
///
/// The screen's light during a fade is worked out the way the canvas paints it: the pictures
/// are mixed cell by cell in gamma-encoded sRGB (cairo paints the new chord over the old at
/// the fade's opacity, and the black over both), and only then turned into linear light and
/// averaged. Averaging the pictures' light first would underrate how dark a fade's middle is.
public struct PictureSwatch: Hashable, Sendable {
    /// Gamma-encoded sRGB, 0...1, row by row; every swatch that is mixed with another has
    /// the same grid, or one cell (a single colour, which stands for every cell).
    public let cells: [SIMD3<Double>]

    public init(cells: [SIMD3<Double>]) {
        self.cells = cells.isEmpty ? [SIMD3(0, 0, 0)] : cells
    }

    /// A screen of one colour; a translucent one is painted on black.
    public init(_ color: RGBAColor) {
        let alpha = Double(color.alpha) / 255
        self.init(cells: [SIMD3(Double(color.red), Double(color.green), Double(color.blue)) / 255 * alpha])
    }

    public static let black = PictureSwatch(cells: [SIMD3(0, 0, 0)])

    /// The picture's light on its own.
    public var light: ScreenLight { Self.light(of: [(self, 1)]) }

    /// The light of `pictures` mixed by their weights (adding up to 1), under `blackness`
    /// (0 none, 1 all black).
    public static func light(of pictures: [(PictureSwatch, Double)], blackness: Double = 0) -> ScreenLight {
        let count = pictures.map(\.0.cells.count).max() ?? 1
        let shared = pictures.allSatisfy { $0.0.cells.count == 1 || $0.0.cells.count == count }
        let lit = 1 - min(1, max(0, blackness))
        var total = SIMD3<Double>(0, 0, 0)
        for index in 0..<count {
            var encoded = SIMD3<Double>(0, 0, 0)
            for (picture, weight) in pictures {
                // Grids that do not match (never so in the view) mix by their mean colour.
                let cell = picture.cells.count == 1 ? picture.cells[0]
                    : shared ? picture.cells[index] : picture.meanCell
                encoded += cell * weight
            }
            encoded *= lit
            total += SIMD3(SRGB.approximatelyLinear(encoded: encoded.x), SRGB.approximatelyLinear(encoded: encoded.y),
                           SRGB.approximatelyLinear(encoded: encoded.z))
        }
        total /= Double(count)
        return ScreenLight(linearRed: total.x, green: total.y, blue: total.z)
    }

    private var meanCell: SIMD3<Double> {
        cells.reduce(SIMD3(0, 0, 0), +) / Double(cells.count)
    }
}
