import CCairo
import Foundation
import ImagerCore

/// A picture in memory (a cairo ARGB32 image surface, which this object owns): a chord
/// rendered once for a list cell to replay, a PNG for the command line, a test's picture.
public final class ChordImage {
    /// Owned; destroyed with this object. Its device scale is `scale`, so it can be used as a
    /// cairo source at logical coordinates.
    public let surface: OpaquePointer
    /// In device pixels.
    public let pixelWidth: Int
    public let pixelHeight: Int
    public let scale: Int

    /// Why a PNG could not be read or written, in cairo's words (for a message to the user).
    public enum PNGError: Error, Equatable, Sendable {
        case unreadable(path: String, reason: String)
        case unwritable(path: String, reason: String)
    }

    /// A clear image of `width` × `height` logical pixels at `scale` device pixels each,
    /// then `draw` on it in logical coordinates.
    public init(width: Int, height: Int, scale: Int = 1, draw: (OpaquePointer) -> Void) {
        let scale = max(scale, 1)
        self.scale = scale
        pixelWidth = max(width, 0) * scale
        pixelHeight = max(height, 0) * scale
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cairo = cairo_create(surface)!
        draw(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
    }

    /// A chord alone: `side` × `side` logical pixels, its background filling the square.
    public convenience init(background: RGBAColor, lumis: [Lumi], side: Int, scale: Int = 1, cornerRadius: Double = 0) {
        self.init(width: side, height: side, scale: scale) { cairo in
            ChordPainter.paint(cairo, background: background, lumis: lumis,
                               in: ChordSquare(side: Double(side)), cornerRadius: cornerRadius)
        }
    }

    /// Reads a PNG (at scale 1).
    public init(contentsOfPNG url: URL) throws(PNGError) {
        let loaded = cairo_image_surface_create_from_png(url.path)!
        let status = cairo_surface_status(loaded)
        guard status == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(status))
            cairo_surface_destroy(loaded)
            throw .unreadable(path: url.path, reason: reason)
        }
        // Whatever format the file had, keep ARGB32 so `pixel` reads every image alike.
        let width = Int(cairo_image_surface_get_width(loaded)), height = Int(cairo_image_surface_get_height(loaded))
        scale = 1
        pixelWidth = width
        pixelHeight = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        let cairo = cairo_create(surface)!
        cairo_set_source_surface(cairo, loaded, 0, 0)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(surface)
        cairo_surface_destroy(loaded)
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    public func writePNG(to url: URL) throws(PNGError) {
        let status = cairo_surface_write_to_png(surface, url.path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .unwritable(path: url.path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// The colour of one device pixel, straight alpha (cairo keeps it premultiplied, so a
    /// nearly clear pixel's colour is approximate).
    public func pixel(x: Int, y: Int) -> RGBAColor {
        precondition(x >= 0 && x < pixelWidth && y >= 0 && y < pixelHeight, "pixel outside the image")
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        // ARGB32 is one native-endian 32-bit word per pixel: alpha in the top byte.
        let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        let alpha = UInt8(truncatingIfNeeded: word >> 24)
        func straight(_ shift: UInt32) -> UInt8 {
            let premultiplied = UInt32(truncatingIfNeeded: (word >> shift) & 0xFF)
            guard alpha > 0 else { return 0 }
            return UInt8(min(255, (premultiplied * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
        }
        return RGBAColor(red: straight(16), green: straight(8), blue: straight(0), alpha: alpha)
    }
}
