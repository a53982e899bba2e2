import CGtk
import ImagerCore
import ImagerDrawing

/// Each chord's `PictureSwatch`, for safe light to reckon the output's light with: one cell
/// for a chord without lumis (its background is the whole screen), else a small rendering
/// through the same painter as the canvas, so lumis count by the room they take. Kept per
/// chord until its colour or lumis change.
final class ChordSwatches {
    /// The grid a chord with lumis is rendered at: a 16:9 screen, the usual projector's.
    static let columns = 16, rows = 9

    private var cache: [ChordRef: (background: RGBAColor, lumis: [Lumi], swatch: PictureSwatch)] = [:]

    func swatch(of chord: ChordRef, background: RGBAColor, lumis: [Lumi]) -> PictureSwatch {
        if let kept = cache[chord], kept.background == background, kept.lumis == lumis { return kept.swatch }
        let swatch = lumis.isEmpty ? PictureSwatch(background) : Self.render(background: background, lumis: lumis)
        cache[chord] = (background, lumis, swatch)
        return swatch
    }

    private static func render(background: RGBAColor, lumis: [Lumi]) -> PictureSwatch {
        let image = ChordImage(width: columns, height: rows) { cairo in
            // On black, as the canvas's layers are.
            cairo_set_source_rgb(cairo, 0, 0, 0)
            cairo_paint(cairo)
            ChordsetPicture.paintFilling(cairo, background: background, lumis: lumis,
                                         width: Double(columns), height: Double(rows))
        }
        var cells: [SIMD3<Double>] = []
        cells.reserveCapacity(columns * rows)
        for y in 0..<image.pixelHeight {
            for x in 0..<image.pixelWidth {
                let pixel = image.pixel(x: x, y: y)
                cells.append(SIMD3(Double(pixel.red), Double(pixel.green), Double(pixel.blue)) / 255)
            }
        }
        return PictureSwatch(cells: cells)
    }
}
