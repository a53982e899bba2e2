import CGdkPixbuf
import Foundation
import ImagerCore
@testable import ImagerPicture
import Testing

/// How a large picture is brought down to `PictureDecoder.workingPixels`: a JPEG asked for the
/// size libjpeg decodes to by scaling its DCT, any other format decoded whole and point-sampled.
@Suite struct PictureDecoderTests {
    /// Eight flat vertical blocks, as wide as each other.
    static let blocks: [(UInt8, UInt8, UInt8)] = [
        (0x1B, 0x26, 0x3B), (0x41, 0x5A, 0x77), (0x77, 0x8D, 0xA9), (0xE0, 0xE1, 0xDD),
        (0xC0, 0x48, 0x5E), (0xF6, 0xD1, 0x4E), (0x2E, 0x8B, 0x57), (0x8B, 0x45, 0x13),
    ]

    @Test func aLargeJPEGIsAskedForTheLargestDCTScaledSizeThatFits() {
        // 50.3 MP: 1/2 and 1/4 are still over a megapixel, 1/8 is not.
        #expect(PictureDecoder.requestedSize(width: 8688, height: 5792, format: "jpeg")! == (1086, 724))
        // 12 MP: 1/4 fits; sizes round up, as libjpeg's do.
        #expect(PictureDecoder.requestedSize(width: 4001, height: 3001, format: "jpeg")! == (1001, 751))
        // 96 MP: even 1/8 is over; 1/8 is still the least work, and the rest is sampled.
        #expect(PictureDecoder.requestedSize(width: 12000, height: 8000, format: "jpeg")! == (1500, 1000))
        #expect(PictureDecoder.requestedSize(width: 1000, height: 1000, format: "jpeg") == nil, "a megapixel is kept whole")
    }

    @Test func aPNGIsNeverAskedForASmallerSize() {
        // Its module decodes every pixel anyway; asking would only add the loader's scaling.
        #expect(PictureDecoder.requestedSize(width: 8688, height: 5792, format: "png") == nil)
        #expect(PictureDecoder.requestedSize(width: 8688, height: 5792, format: "gif") == nil)
    }

    @Test func samplingKeepsEveryNthPixelOfEveryNthRowUnderAMegapixel() {
        #expect(PictureDecoder.samplingStep(width: 1000, height: 1000) == 1)
        #expect(PictureDecoder.samplingStep(width: 1001, height: 1000) == 2)
        #expect(PictureDecoder.samplingStep(width: 8688, height: 5792) == 8)   // 1086 × 724
        #expect(PictureDecoder.samplingStep(width: 1500, height: 1000) == 2)   // the 96 MP JPEG at 1/8
    }

    @Test func aLargePNGIsSampledToItsExactColours() throws {
        let path = try Self.writeBlocks(width: 3000, height: 2000, format: "png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pixels = try PictureDecoder.decode(path: path)
        #expect(pixels.width == 1000 && pixels.height == 667, "every 3rd pixel of every 3rd row")
        // Point samples, not averages: no colour the picture does not have, even at block edges.
        #expect(Self.colours(in: pixels) == Set(Self.blocks.map { "\($0)" }))
    }

    @Test func aLargeJPEGIsDecodedAtAQuarterOfItsSize() throws {
        // 6 MP: sampled, it would be every 3rd pixel (1000 × 667); libjpeg decodes 1/4 instead.
        let path = try Self.writeBlocks(width: 3000, height: 2000, format: "jpeg")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let pixels = try PictureDecoder.decode(path: path)
        #expect(pixels.width == 750 && pixels.height == 500)
        // The middle of each block keeps its colour, give or take JPEG's rounding.
        for (index, block) in Self.blocks.enumerated() {
            let x = (2 * index + 1) * pixels.width / 16, y = pixels.height / 2
            let offset = (y * pixels.width + x) * 4
            let found = (pixels.rgba[offset], pixels.rgba[offset + 1], pixels.rgba[offset + 2])
            let difference = max(abs(Int(found.0) - Int(block.0)), abs(Int(found.1) - Int(block.1)), abs(Int(found.2) - Int(block.2)))
            #expect(difference <= 4, "block \(index + 1): \(found) for \(block)")
        }
    }

    // MARK: Test pictures

    /// The eight blocks as a `width` × `height` picture in `format`, written with gdk-pixbuf.
    static func writeBlocks(width: Int, height: Int, format: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("PictureDecoderTests-\(UUID().uuidString).\(format)").path
        let pixbuf = try #require(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, Int32(width), Int32(height)))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), pixels = gdk_pixbuf_get_pixels(pixbuf)!
        for y in 0..<height {
            for x in 0..<width {
                let block = blocks[x * blocks.count / width], pixel = pixels + y * stride + x * 3
                pixel[0] = block.0; pixel[1] = block.1; pixel[2] = block.2
            }
        }
        try #require(gdk_pixbuf_savev(pixbuf, path, format, nil, nil, nil) != 0, "the test picture is written")
        return path
    }

    static func colours(in pixels: PixelBuffer) -> Set<String> {
        var found = Set<String>()
        for offset in stride(from: 0, to: pixels.rgba.count, by: 4) {
            found.insert("\((pixels.rgba[offset], pixels.rgba[offset + 1], pixels.rgba[offset + 2]))")
        }
        return found
    }
}
