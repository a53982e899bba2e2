import CGdkPixbuf
import Foundation

/// A photo-like picture for the picture benchmark, written once per run with gdk-pixbuf: a
/// sky-to-ground gradient with a warm band and a cool one crossing it, and noise on every
/// pixel as a camera sensor gives it. Smooth gradients alone would compress to nothing; the
/// noise makes the file as large as a real photo's and its colours as many.
enum SamplePhoto {
    enum Format: String {
        case jpeg, png

        var fileExtension: String { self == .jpeg ? "jpg" : "png" }
        /// As a camera or an editor saves: JPEG at quality 90, PNG at zlib's default level.
        var options: [(String, String)] { self == .jpeg ? [("quality", "90")] : [("compression", "6")] }
    }

    static func write(width: Int, height: Int, format: Format, to path: String) throws {
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height)) else {
            throw BenchError("gdk-pixbuf could not allocate a \(width) × \(height) picture")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let pixels = gdk_pixbuf_get_pixels(pixbuf)!
        var noise = SplitMix64(seed: 0x50_4D50)
        for y in 0..<height {
            let v = Double(y) / Double(height)
            let row = pixels + y * stride
            for x in 0..<width {
                let u = Double(x) / Double(width)
                // Sky (blue, lighter at the horizon), then ground (green to brown), with a
                // warm diagonal glow and a cool shadow in one corner.
                let sky = v < 0.55
                var r = sky ? 90 + 120 * v : 70 + 80 * (v - 0.55) + 40 * u
                var g = sky ? 140 + 100 * v : 110 - 40 * (v - 0.55)
                var b = sky ? 220 - 60 * v : 50 + 20 * u
                let glow = max(0, 1 - abs(u - v) * 4)
                r += 110 * glow; g += 60 * glow; b -= 30 * glow
                let shade = max(0, 1 - ((1 - u) * (1 - u) + (1 - v) * (1 - v)).squareRoot() * 2.5)
                r -= 60 * shade; g -= 30 * shade; b += 20 * shade
                let bits = noise.next()
                func channel(_ value: Double, _ shift: UInt64) -> UInt8 {
                    let jitter = Double(Int((bits >> shift) & 0x1F) - 16)   // ±16
                    return UInt8(max(0, min(255, value + jitter)))
                }
                let pixel = row + x * 3
                pixel[0] = channel(r, 0)
                pixel[1] = channel(g, 8)
                pixel[2] = channel(b, 16)
            }
        }
        var error: UnsafeMutablePointer<GError>?
        let keys = format.options.map(\.0), values = format.options.map(\.1)
        let saved = withCStrings(keys) { keyPointers in
            withCStrings(values) { valuePointers in
                gdk_pixbuf_savev(pixbuf, path, format.rawValue, keyPointers, valuePointers, &error)
            }
        }
        guard saved != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw BenchError("gdk-pixbuf could not write \(path): \(message)")
        }
    }

    /// A NULL-terminated `char **`, as gdk_pixbuf_savev takes its options.
    private static func withCStrings<Result>(_ strings: [String],
                                             _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Result) -> Result {
        var copies = strings.map { strdup($0) } + [nil]
        defer { copies.forEach { free($0) } }
        return copies.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
