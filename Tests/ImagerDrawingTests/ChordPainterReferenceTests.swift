import ImagerCore
import ImagerDrawing
import Testing

/// The renderer against committed pictures (References/*.png, looked at by a person when
/// they were made). `ChordPainterGeometryTests` checks the same routine by numbers, so a
/// wrong reference cannot hide a wrong routine.
@Suite struct ChordPainterReferenceTests {
    @Test(arguments: LumiShape.allCases)
    func eachShapeWithAHardEdge(_ shape: LumiShape) {
        let image = ChordImage(background: Palette.night, lumis: [.centred(shape)], side: 48)
        ReferenceImage.expect(image, matches: "\(shape.rawValue)-hard")
    }

    @Test(arguments: LumiShape.allCases)
    func eachShapeHalfGlowing(_ shape: LumiShape) {
        let image = ChordImage(background: Palette.night, lumis: [.centred(shape, glow: 0.5)], side: 48)
        ReferenceImage.expect(image, matches: "\(shape.rawValue)-glow-half")
    }

    @Test(arguments: LumiShape.allCases)
    func eachShapeFullyGlowing(_ shape: LumiShape) {
        let image = ChordImage(background: Palette.night, lumis: [.centred(shape, size: 0.9, glow: 1)], side: 48)
        ReferenceImage.expect(image, matches: "\(shape.rawValue)-glow-full")
    }

    @Test func rotatedShapesTurnClockwise() {
        let lumis = [
            Lumi(shape: .triangle, x: 0.28, y: 0.28, size: 0.42, rotation: 90, color: Palette.dusk),
            Lumi(shape: .square, x: 0.72, y: 0.28, size: 0.42, rotation: 20, color: Palette.mint),
            Lumi(shape: .star, x: 0.28, y: 0.72, size: 0.42, rotation: 180, color: Palette.sun),
            Lumi(shape: .triangle, x: 0.72, y: 0.72, size: 0.42, rotation: 300, color: Palette.rose),
        ]
        ReferenceImage.expect(ChordImage(background: Palette.night, lumis: lumis, side: 64), matches: "rotations")
    }

    /// A chord as the list shows one: rounded corners, translucent overlapping lumis, one cut
    /// by the edge, glows of several strengths.
    static let composedChord: [Lumi] = [
        Lumi(shape: .circle, x: 0.3, y: 0.35, size: 0.6, color: RGBAColor(hex: "#6FB7FFB0")!, glow: 0.8),
        Lumi(shape: .square, x: 0.68, y: 0.62, size: 0.5, rotation: 15, color: Palette.rose, glow: 0.25),
        Lumi(shape: .star, x: 0.5, y: 0.42, size: 0.45, rotation: 8, color: RGBAColor(hex: "#FFE9A8E6")!, glow: 0.4),
        Lumi(shape: .triangle, x: 0.12, y: 0.9, size: 0.5, color: Palette.mint),
    ]

    @Test func aComposedChordWithRoundedCorners() {
        let image = ChordImage(background: Palette.dusk, lumis: Self.composedChord, side: 64, cornerRadius: 10)
        ReferenceImage.expect(image, matches: "composed")
    }

    @Test func theComposedChordAtScaleTwo() {
        let image = ChordImage(background: Palette.dusk, lumis: Self.composedChord, side: 64, scale: 2, cornerRadius: 10)
        ReferenceImage.expect(image, matches: "composed@2x")
    }

    @Test func aTranslucentBackgroundStaysTranslucent() {
        let background = RGBAColor(hex: "#8FD6B460")!
        let image = ChordImage(background: background, lumis: [.centred(.circle, size: 0.5, color: Palette.dusk, glow: 0.6)],
                               side: 32, cornerRadius: 6)
        ReferenceImage.expect(image, matches: "translucent-background")
    }
}
