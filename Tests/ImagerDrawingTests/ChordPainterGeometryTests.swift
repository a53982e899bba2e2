import CCairo
import Foundation
import ImagerCore
import ImagerDrawing
import Testing

/// The renderer checked by numbers worked out from the geometry in docs/drawing.md, with no
/// reference image involved.
@Suite struct ChordPainterGeometryTests {
    // A 100-pixel square makes fractions read as pixels: x = 0.5 is pixel 50.
    private let side = 100

    private func render(_ lumis: [Lumi], background: RGBAColor = Palette.night, scale: Int = 1) -> ChordImage {
        ChordImage(background: background, lumis: lumis, side: side, scale: scale)
    }

    // MARK: Edges and colours

    @Test func theCentreOfAHardCircleIsItsColour() {
        let image = render([.centred(.circle, size: 0.5, color: Palette.dusk)])
        #expect(image.pixel(x: 50, y: 50) == Palette.dusk)
    }

    @Test func aTranslucentLumiIsItsColourOverTheBackground() {
        let glass = RGBAColor(hex: "#F06A8A80")!
        let image = render([.centred(.circle, size: 0.5, color: glass)])
        #expect(image.pixel(x: 50, y: 50, isNear: glass.over(Palette.night)))
    }

    @Test func justOutsideAHardCircleIsTheBackground() {
        // Radius 25 around (50, 50): pixel 76 starts a pixel beyond the edge.
        let image = render([.centred(.circle, size: 0.5, color: Palette.dusk)])
        for (x, y) in [(76, 50), (23, 50), (50, 76), (50, 23), (69, 69)] {
            #expect(image.pixel(x: x, y: y) == Palette.night, "pixel (\(x), \(y))")
        }
        for (x, y) in [(73, 50), (26, 50), (50, 73), (50, 26), (66, 66)] {
            #expect(image.pixel(x: x, y: y) == Palette.dusk, "pixel (\(x), \(y))")
        }
    }

    @Test func theEdgeIsAntialiased() {
        // A circle of radius 25.5 ends half way across pixel 75: that pixel is a mix.
        let image = render([.centred(.circle, size: 0.51, color: Palette.sun)])
        let edge = image.pixel(x: 75, y: 50)
        #expect(edge != Palette.sun && edge != Palette.night)
        #expect(edge.green > Palette.night.green && edge.green < Palette.sun.green)
    }

    @Test func aSquaresSizeIsTheDiameterOfTheCircleAroundIt() {
        // Size 1: corners on the circle of radius 50, so sides at 50 ± 50/√2 = 14.6 and 85.4.
        let image = render([.centred(.square, size: 1, color: Palette.mint)])
        #expect(image.pixel(x: 16, y: 50) == Palette.mint)
        #expect(image.pixel(x: 84, y: 84) == Palette.mint)
        #expect(image.pixel(x: 13, y: 50) == Palette.night)
        #expect(image.pixel(x: 50, y: 86) == Palette.night)
    }

    @Test func aTrianglePointsUpAndAStarHasFivePoints() {
        // Radius 40 around (50, 50): the triangle's tip is at y = 10, its base at y = 70.
        let triangle = render([.centred(.triangle, size: 0.8, color: Palette.rose)])
        #expect(triangle.pixel(x: 50, y: 13) == Palette.rose)
        #expect(triangle.pixel(x: 50, y: 72) == Palette.night)
        #expect(triangle.pixel(x: 50, y: 68) == Palette.rose)
        #expect(triangle.pixel(x: 20, y: 20) == Palette.night)

        let star = render([.centred(.star, size: 0.8, color: Palette.sun)])
        // Out along each point, it is lit; between two points, at the same distance, it is not.
        for point in 0..<5 {
            let along = Double(point) * 72 * .pi / 180, between = along + 36 * .pi / 180
            let lit = (x: 50 + 34 * sin(along), y: 50 - 34 * cos(along))
            let dark = (x: 50 + 34 * sin(between), y: 50 - 34 * cos(between))
            #expect(star.pixel(x: Int(lit.x), y: Int(lit.y)) == Palette.sun, "point \(point)")
            #expect(star.pixel(x: Int(dark.x), y: Int(dark.y)) == Palette.night, "between points \(point) and \(point + 1)")
        }
    }

    @Test func rotatingATriangleByNinetyDegreesPointsItRight() {
        let upright = render([.centred(.triangle, size: 0.8, color: Palette.rose)])
        let turned = render([.centred(.triangle, size: 0.8, rotation: 90, color: Palette.rose)])
        // The tip at radius 40: above the centre at 0°, right of it at 90° (clockwise).
        #expect(upright.pixel(x: 50, y: 13) == Palette.rose)
        #expect(upright.pixel(x: 87, y: 50) == Palette.night)
        #expect(turned.pixel(x: 87, y: 50) == Palette.rose)
        #expect(turned.pixel(x: 50, y: 13) == Palette.night)
        // And the flat side is now on the left, at x = 50 - 20.
        #expect(turned.pixel(x: 32, y: 50) == Palette.rose)
        #expect(turned.pixel(x: 28, y: 50) == Palette.night)
    }

    // MARK: Glow

    /// Alpha of each pixel from the centre (50, 50) rightwards, on a clear background.
    private func alphas(_ lumi: Lumi, towards direction: (dx: Int, dy: Int) = (1, 0)) -> [Int] {
        let image = render([lumi], background: Palette.clear)
        return (0...49).map { Int(image.pixel(x: 50 + $0 * direction.dx, y: 50 + $0 * direction.dy).alpha) }
    }

    /// The alpha docs/drawing.md promises at `depth` (0 at the centre, 1 on the outline):
    /// full to 1 - glow, then smoothstep down to nothing.
    private func promisedAlpha(depth: Double, glow: Double) -> Int {
        let along = min(max((depth - (1 - glow)) / glow, 0), 1)
        return Int((255 * (1 - along * along * (3 - 2 * along))).rounded())
    }

    @Test func fullGlowFadesSteadilyFromTheCentreToNothingAtTheEdge() {
        let falloff = alphas(.centred(.circle, size: 0.8, glow: 1))
        #expect(falloff[0] >= 250)
        for (inner, outer) in zip(falloff, falloff.dropFirst()) { #expect(outer <= inner) }
        // Pixel i's centre is i + 0.5 from the centre, of a radius of 40.
        for i in [5, 10, 20, 30, 35] {
            #expect(abs(falloff[i] - promisedAlpha(depth: (Double(i) + 0.5) / 40, glow: 1)) <= 5, "pixel \(i)")
        }
        #expect(falloff[40] <= 4)
        #expect(falloff[45] == 0)
    }

    @Test func theFadeStartsAndEndsGently() {
        // Smoothstep, not a straight ramp: a sixteenth of the way in it has lost about 2%
        // (a ramp would have lost 6%), and as much is left a sixteenth before the edge.
        let falloff = alphas(.centred(.circle, size: 0.8, glow: 1))
        #expect(falloff[2] >= 246)
        #expect(falloff[37] <= 9)
    }

    @Test func halfGlowKeepsTheInnerHalfFullAndFadesTheOuterHalf() {
        let falloff = alphas(.centred(.circle, size: 0.8, glow: 0.5))
        #expect(falloff[0...18].allSatisfy { $0 == 255 })
        for (inner, outer) in zip(falloff[20...], falloff[21...]) { #expect(outer <= inner) }
        for i in [22, 26, 30, 34] {
            #expect(abs(falloff[i] - promisedAlpha(depth: (Double(i) + 0.5) / 40, glow: 0.5)) <= 5, "pixel \(i)")
        }
        #expect(falloff[40] <= 4)
    }

    @Test func aGlowingSquareFadesToNothingAtItsSidesNotJustItsCorners() {
        // Size 1 square: its right side is at 50 + 35.4. A glow measured on the circle around
        // it would still be 30% lit there; the shape's own glow is clear.
        let toSide = alphas(.centred(.square, size: 1, glow: 1))
        #expect(toSide[0] >= 250)
        #expect(abs(toSide[17] - 128) <= 10)
        #expect(toSide[34] <= 12)
        for (inner, outer) in zip(toSide, toSide.dropFirst()) { #expect(outer <= inner) }
        // Towards a corner (45°), the same fade over the longer distance.
        let toCorner = alphas(.centred(.square, size: 1, glow: 1), towards: (1, 1))
        #expect(abs(toCorner[17] - 128) <= 10)
        #expect(toCorner[34] <= 12)
    }

    /// Perform draws glows full screen, where the rows are shared among threads: the big
    /// picture is the small one scaled up, and mirrors itself across every band's edge.
    @Test func aFullScreenGlowIsTheCellsGlowScaledUpWithNoSeams() {
        let lumi = Lumi.centred(.square, size: 1, glow: 1)
        let small = ChordImage(background: Palette.clear, lumis: [lumi], side: 100)
        let large = ChordImage(background: Palette.clear, lumis: [lumi], side: 800)
        for step in 0..<50 {
            let near = Int(small.pixel(x: 50 + step, y: 50).alpha), far = Int(large.pixel(x: 400 + step * 8 + 4, y: 400).alpha)
            #expect(abs(near - far) <= 8, "\(step): \(near) at 100 px, \(far) at 800 px")
        }
        for offset in 0..<400 {
            let above = Int(large.pixel(x: 400, y: 399 - offset).alpha), below = Int(large.pixel(x: 400, y: 400 + offset).alpha)
            #expect(abs(above - below) <= 1, "\(offset) rows from the middle: \(above) above, \(below) below")
        }
    }

    @Test func aGlowingTriangleFadesToNothingAtItsBase() {
        // The base is at y = 50 + 20 for radius 40; straight down from the centre it is the
        // nearest edge.
        let down = alphas(.centred(.triangle, size: 0.8, glow: 1), towards: (0, 1))
        #expect(abs(down[10] - 128) <= 12)
        #expect(down[19] <= 16)
        #expect(down[21] == 0)
    }

    @Test(arguments: [LumiShape.square, .triangle, .star], [0.2, 0.6, 1.0])
    func imagesAndVectorSurfacesGetTheSameGlow(_ shape: LumiShape, glow: Double) {
        // On an image surface a glowing polygon is computed per pixel; on a recording (or
        // PDF, SVG) surface it is drawn with gradients. Replayed, the two must agree.
        let lumis = [Lumi(shape: shape, x: 0.45, y: 0.55, size: 0.8, rotation: 17, color: Palette.sun, glow: glow),
                     Lumi(shape: shape, x: 0.8, y: 0.2, size: 0.5, rotation: 200, color: RGBAColor(hex: "#6FB7FFB0")!, glow: glow)]
        let direct = ChordImage(background: Palette.night, lumis: lumis, side: 80, scale: 2)
        let replayed = ChordImage(width: 80, height: 80, scale: 2) { cairo in
            let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)!
            let recorder = cairo_create(recording)!
            ChordPainter.paint(recorder, background: Palette.night, lumis: lumis, in: ChordSquare(side: 80))
            cairo_destroy(recorder)
            cairo_set_source_surface(cairo, recording, 0, 0)
            cairo_paint(cairo)
            cairo_surface_destroy(recording)
        }
        let differences = ReferenceImage.differingPixels(direct, replayed, channelTolerance: 5)
        #expect(differences.count <= 8, "\(differences.count) pixels differ by more than 5")
    }

    // MARK: Clipping and order

    @Test func aLumiOnTheLeftEdgeIsHalfClipped() {
        // Painted in a square inset in a larger image: nothing may fall outside the square.
        let lumi = Lumi(shape: .circle, x: 0, y: 0.5, size: 0.5, color: Palette.sun)
        let image = ChordImage(width: 140, height: 100) { cairo in
            ChordPainter.paint(cairo, background: Palette.night, lumis: [lumi], in: ChordSquare(x: 40, y: 0, side: 100))
        }
        var inside = 0
        for y in 0..<100 {
            for x in 0..<140 {
                let pixel = image.pixel(x: x, y: y)
                if x < 40 { #expect(pixel.alpha == 0, "pixel (\(x), \(y)) is outside the square") }
                if pixel == Palette.sun { inside += 1 }
            }
        }
        // Half a disc of radius 25: 982 pixels, less the antialiased rim.
        #expect(inside > 900 && inside < 1000, "\(inside) lit pixels")
        #expect(image.pixel(x: 40, y: 50) == Palette.sun)
        #expect(image.pixel(x: 63, y: 50) == Palette.sun)
        #expect(image.pixel(x: 67, y: 50) == Palette.night)
    }

    @Test func roundedCornersClipTheBackgroundAndTheLumis() {
        let corner = Lumi(shape: .square, x: 0, y: 0, size: 0.5, color: Palette.sun)
        let image = ChordImage(background: Palette.night, lumis: [corner], side: side, cornerRadius: 20)
        #expect(image.pixel(x: 1, y: 1).alpha == 0)
        #expect(image.pixel(x: 10, y: 10) == Palette.sun)
        #expect(image.pixel(x: 99, y: 99).alpha == 0)
        #expect(image.pixel(x: 90, y: 90) == Palette.night)
    }

    @Test func laterLumisDrawOnTop() {
        let red = Lumi.centred(.circle, size: 0.5, color: Palette.red)
        let blue = Lumi(shape: .square, x: 0.6, y: 0.5, size: 0.5, color: Palette.blue)
        #expect(render([red, blue]).pixel(x: 55, y: 50) == Palette.blue)
        #expect(render([blue, red]).pixel(x: 55, y: 50) == Palette.red)
        // Where only one of them is, that one shows either way.
        #expect(render([red, blue]).pixel(x: 30, y: 50) == Palette.red)
    }

    // MARK: What the routine does not do

    @Test func itDrawsWhatItIsGivenWhateverIsUnderIt() {
        // Over a dark and a light backdrop (a window's styles), an opaque chord is the same
        // picture, and a translucent background shows each backdrop through it.
        let lumis = ChordPainterReferenceTests.composedChord
        func paint(over backdrop: RGBAColor, background: RGBAColor) -> ChordImage {
            ChordImage(width: side, height: side) { cairo in
                let (r, g, b, _) = (Double(backdrop.red) / 255, Double(backdrop.green) / 255, Double(backdrop.blue) / 255, 1.0)
                cairo_set_source_rgb(cairo, r, g, b)
                cairo_paint(cairo)
                ChordPainter.paint(cairo, background: background, lumis: lumis, in: ChordSquare(side: Double(side)))
            }
        }
        let dark = RGBAColor(hex: "#242424")!, light = RGBAColor(hex: "#FAFAFA")!
        let opaqueDark = paint(over: dark, background: Palette.dusk), opaqueLight = paint(over: light, background: Palette.dusk)
        #expect(ReferenceImage.differingPixels(opaqueDark, opaqueLight, channelTolerance: 0).isEmpty)

        let glass = RGBAColor(hex: "#E9905780")!
        let glassDark = paint(over: dark, background: glass), glassLight = paint(over: light, background: glass)
        // (90, 10) has no lumi over it: the background alone, over each backdrop.
        #expect(glassDark.pixel(x: 90, y: 10, isNear: glass.over(dark)))
        #expect(glassLight.pixel(x: 90, y: 10, isNear: glass.over(light)))
    }

    @Test func scaleTwoIsTheSamePictureWithTwiceThePixels() {
        let lumis = ChordPainterReferenceTests.composedChord
        let single = ChordImage(background: Palette.dusk, lumis: lumis, side: 50, cornerRadius: 8)
        let double = ChordImage(background: Palette.dusk, lumis: lumis, side: 50, scale: 2, cornerRadius: 8)
        #expect(double.pixelWidth == 100 && double.pixelHeight == 100)
        // Each 2×2 block of the double image, averaged, is the single image's pixel; edges
        // are antialiased at each resolution, so they may differ by a few steps.
        var far = 0
        for y in 0..<50 {
            for x in 0..<50 {
                let block = [double.pixel(x: 2 * x, y: 2 * y), double.pixel(x: 2 * x + 1, y: 2 * y),
                             double.pixel(x: 2 * x, y: 2 * y + 1), double.pixel(x: 2 * x + 1, y: 2 * y + 1)]
                if ReferenceImage.channelDistance(average(block), single.pixel(x: x, y: y)) > 16 { far += 1 }
            }
        }
        #expect(far <= 10, "\(far) of 2,500 pixels differ by more than 16")
    }

    @Test func aChordWithNoSideDrawsNothing() {
        let image = ChordImage(width: 10, height: 10) { cairo in
            ChordPainter.paint(cairo, background: Palette.dusk, lumis: [.centred(.circle)], in: ChordSquare(side: 0))
        }
        #expect(image.pixel(x: 5, y: 5).alpha == 0)
    }

    @Test func theContextIsLeftAsItWasFound() {
        _ = ChordImage(width: 20, height: 20) { cairo in
            cairo_set_source_rgba(cairo, 0.1, 0.2, 0.3, 0.4)
            let before = cairo_get_source(cairo)
            ChordPainter.paint(cairo, background: Palette.dusk, lumis: [.centred(.star, glow: 0.5)],
                               in: ChordSquare(side: 20), cornerRadius: 4)
            #expect(cairo_get_source(cairo) == before)
            var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
            cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
            #expect((x1, y1, x2, y2) == (0, 0, 20, 20))
        }
    }

    /// The mean of premultiplied pixels, as straight alpha.
    private func average(_ pixels: [RGBAColor]) -> RGBAColor {
        let alpha = pixels.reduce(0) { $0 + Double($1.alpha) } / Double(pixels.count)
        func channel(_ value: KeyPath<RGBAColor, UInt8>) -> UInt8 {
            guard alpha > 0 else { return 0 }
            let sum = pixels.reduce(0) { $0 + Double($1[keyPath: value]) * Double($1.alpha) } / Double(pixels.count)
            return UInt8(min(255, (sum / alpha).rounded()))
        }
        return RGBAColor(red: channel(\.red), green: channel(\.green), blue: channel(\.blue), alpha: UInt8(alpha.rounded()))
    }
}
