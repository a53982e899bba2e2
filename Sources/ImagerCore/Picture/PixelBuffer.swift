/// A decoded picture as the core sees it: `width` × `height` pixels, 8-bit RGBA with straight
/// alpha, row after row with no padding. Decoding (and reducing a large picture) is the GTK
/// layer's job (`PictureDecoder`); the core only counts colours.
public struct PixelBuffer: Sendable {
    public let width: Int
    public let height: Int
    public let rgba: [UInt8]

    /// nil unless `rgba` holds exactly `width * height * 4` bytes.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).overflow == false,
              rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }
}
