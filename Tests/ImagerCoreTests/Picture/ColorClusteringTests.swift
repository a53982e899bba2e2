import Foundation
import Testing
@testable import ImagerCore

/// A chordset from a picture's pixels: eight flat blocks come back as their colours (within
/// ΔE 2, CIEDE2000), a photo-like picture gives the same chords every time.
@Suite struct ColorClusteringTests {
    /// Eight colours a person might pick, far apart, and the share of the picture each covers.
    static let blocks: [(color: RGBAColor, share: Int)] = [
        (RGBAColor(red: 0xF6, green: 0xD1, blue: 0x4E), 30), (RGBAColor(red: 0x1B, green: 0x2A, blue: 0x49), 22),
        (RGBAColor(red: 0xD9, green: 0x53, blue: 0x4F), 15), (RGBAColor(red: 0x3A, green: 0xAF, blue: 0xB9), 10),
        (RGBAColor(red: 0x6A, green: 0xA8, blue: 0x4F), 9), (RGBAColor(red: 0xF2, green: 0xEF, blue: 0xE9), 6),
        (RGBAColor(red: 0x7E, green: 0x4B, blue: 0x73), 5), (RGBAColor(red: 0x10, green: 0x10, blue: 0x10), 3),
    ]

    /// Vertical stripes, each block as wide as its share of 100 columns, `height` rows.
    static func stripes(_ blocks: [(color: RGBAColor, share: Int)], height: Int = 40) -> PixelBuffer {
        var row: [UInt8] = []
        for block in blocks {
            for _ in 0..<block.share { row += [block.color.red, block.color.green, block.color.blue, block.color.alpha] }
        }
        let width = row.count / 4
        return PixelBuffer(width: width, height: height, rgba: Array([[UInt8]](repeating: row, count: height).joined()))!
    }

    /// Diagonal gradients with seeded noise, like a photo's skies and textures.
    static func photoLike(width: Int = 300, height: Int = 200, seed: UInt64 = 42) -> PixelBuffer {
        var generator = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let t = Double(x) / Double(width), u = Double(y) / Double(height)
                func channel(_ base: Double) -> UInt8 {
                    let noise = Double(Int(generator.next() % 41) - 20)
                    return UInt8(max(0, min(255, (base + noise).rounded())))
                }
                bytes += [channel(40 + 200 * t), channel(60 + 150 * u * (1 - t)), channel(200 - 160 * u), 255]
            }
        }
        return PixelBuffer(width: width, height: height, rgba: bytes)!
    }

    @Test func eightFlatBlocksComeBackAsTheirColoursWithinDeltaE2() throws {
        let colors = try #require(ColorClustering.representativeColors(of: Self.stripes(Self.blocks)))
        #expect(colors.count == 8)
        let expected = Self.blocks.map(\.color).sorted { OKLab($0).lightness < OKLab($1).lightness }
        for (found, wanted) in zip(colors, expected) {
            let difference = CIEDE2000.difference(found, wanted)
            #expect(difference < 2, "\(found.hex) for \(wanted.hex): ΔE \(difference)")
        }
    }

    @Test func chordsAreOrderedDarkestFirst() throws {
        let colors = try #require(ColorClustering.representativeColors(of: Self.photoLike()))
        let lightness = colors.map { OKLab($0).lightness }
        // Rounding to 8 bits can swap two chords of nearly equal lightness by a hair.
        for (a, b) in zip(lightness, lightness.dropFirst()) { #expect(a <= b + 0.005) }
    }

    @Test func thePhotoLikePictureGivesTheSameChordsEveryTime() throws {
        let first = try #require(ColorClustering.representativeColors(of: Self.photoLike()))
        let again = try #require(ColorClustering.representativeColors(of: Self.photoLike()))
        #expect(first == again)
        #expect(Set(first).count == 8, "a picture of many colours gives eight different chords: \(first.map(\.hex))")
    }

    @Test func areaDecidesWhichColoursSurvive() throws {
        // Nine colours for eight chords: a one-pixel speck of red does not push out a large area.
        var blocks = Self.blocks
        blocks.append((RGBAColor(red: 255, green: 0, blue: 0), 1))
        blocks[0].share = 29
        let colors = try #require(ColorClustering.representativeColors(of: Self.stripes(blocks, height: 1)))
        let speckIsAChord = colors.contains { CIEDE2000.difference($0, RGBAColor(red: 255, green: 0, blue: 0)) < 5 }
        #expect(!speckIsAChord, "\(colors.map(\.hex))")
    }

    @Test func transparentPixelsCountForNothing() throws {
        let visible = RGBAColor(red: 10, green: 200, blue: 30)
        let hidden = RGBAColor(red: 250, green: 10, blue: 200, alpha: 0)
        let colors = try #require(ColorClustering.representativeColors(of: Self.stripes([(visible, 1), (hidden, 99)])))
        #expect(colors == Array(repeating: visible, count: 8))
        #expect(ColorClustering.representativeColors(of: Self.stripes([(hidden, 5)])) == nil)
    }

    @Test func fewerColoursThanChordsRepeatTheLargestAreas() throws {
        let big = RGBAColor(red: 200, green: 40, blue: 40), small = RGBAColor(red: 20, green: 20, blue: 90)
        let colors = try #require(ColorClustering.representativeColors(of: Self.stripes([(big, 70), (small, 30)])))
        #expect(colors.filter { $0 == big }.count == 4)
        #expect(colors.filter { $0 == small }.count == 4)
        #expect(colors.first == small, "darkest first")
        let three = try #require(ColorClustering.representativeColors(of: Self.stripes([(big, 50), (small, 30), (.init(red: 240, green: 240, blue: 240), 20)])))
        #expect(three.filter { $0 == big }.count == 3, "the largest area gets the extra chord: \(three.map(\.hex))")
    }

    @Test func stoppingGivesNothing() {
        #expect(ColorClustering.representativeColors(of: Self.photoLike(), shouldStop: { true }) == nil)
    }

    @Test func oklabRoundTripsEverySRGBGrey() {
        for value in stride(from: 0, through: 255, by: 1) {
            let grey = RGBAColor(red: UInt8(value), green: UInt8(value), blue: UInt8(value))
            #expect(OKLab(grey).rgba == grey)
        }
        #expect(abs(OKLab(RGBAColor(red: 255, green: 255, blue: 255)).lightness - 1) < 1e-4)
    }

    @Test func pictureChordsetIsTitledAndHasEightChords() throws {
        let chordset = try #require(PictureChordset.make(from: Self.stripes(Self.blocks), title: "Stripes"))
        #expect(chordset.title == "Stripes")
        #expect(chordset.chords.count == 8)
        #expect(PictureChordset.defaultTitle(forFile: "/home/me/Holiday Photo.final.JPG") == "Holiday Photo.final")
        #expect(PictureChordset.defaultTitle(forFile: "/tmp/.jpg") == ".jpg")
    }
}

/// CIEDE2000 colour difference (Sharma, Wu and Dalal, 2005) between two sRGB colours, through
/// CIELAB with the D65 white point. For tests: a ΔE under 2 is hard to see.
enum CIEDE2000 {
    static func lab(_ color: RGBAColor) -> (l: Double, a: Double, b: Double) {
        let r = OKLab.linear[Int(color.red)], g = OKLab.linear[Int(color.green)], b = OKLab.linear[Int(color.blue)]
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }

    static func difference(_ first: RGBAColor, _ second: RGBAColor) -> Double {
        let (l1, a1, b1) = lab(first), (l2, a2, b2) = lab(second)
        let c1 = hypot(a1, b1), c2 = hypot(a2, b2)
        let cMean = (c1 + c2) / 2
        let g = 0.5 * (1 - sqrt(pow(cMean, 7) / (pow(cMean, 7) + pow(25, 7))))
        let a1p = (1 + g) * a1, a2p = (1 + g) * a2
        let c1p = hypot(a1p, b1), c2p = hypot(a2p, b2)
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let h1p = hue(b1, a1p), h2p = hue(b2, a2p)
        let dLp = l2 - l1, dCp = c2p - c1p
        var dhp = 0.0
        if c1p * c2p != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * sqrt(c1p * c2p) * sin(dhp * .pi / 360)
        let lMean = (l1 + l2) / 2, cpMean = (c1p + c2p) / 2
        var hMean = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= 180 { hMean /= 2 } else { hMean = (h1p + h2p + (h1p + h2p < 360 ? 360 : -360)) / 2 }
        }
        let t = 1 - 0.17 * cos((hMean - 30) * .pi / 180) + 0.24 * cos(2 * hMean * .pi / 180)
            + 0.32 * cos((3 * hMean + 6) * .pi / 180) - 0.20 * cos((4 * hMean - 63) * .pi / 180)
        let dTheta = 30 * exp(-pow((hMean - 275) / 25, 2))
        let rc = 2 * sqrt(pow(cpMean, 7) / (pow(cpMean, 7) + pow(25, 7)))
        let sl = 1 + 0.015 * pow(lMean - 50, 2) / sqrt(20 + pow(lMean - 50, 2))
        let sc = 1 + 0.045 * cpMean, sh = 1 + 0.015 * cpMean * t
        let rt = -sin(2 * dTheta * .pi / 180) * rc
        return sqrt(pow(dLp / sl, 2) + pow(dCp / sc, 2) + pow(dHp / sh, 2) + rt * (dCp / sc) * (dHp / sh))
    }
}
