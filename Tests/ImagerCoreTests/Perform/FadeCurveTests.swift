import Testing
@testable import ImagerCore

@Suite struct FadeCurveTests {
    @Test func eachCurveStartsAtTheOldPictureAndEndsAtTheNew() {
        for curve in FadeCurve.allCases {
            #expect(curve.value(at: 0) == 0, "\(curve) at 0")
            #expect(curve.value(at: 1) == 1, "\(curve) at 1")
            #expect(curve.value(at: -3) == 0 && curve.value(at: 7) == 1, "\(curve) clamps")
        }
    }

    @Test func halfwayLinearAndSmoothShowHalfOfEachAndCutShowsTheNewAlready() {
        #expect(FadeCurve.linear.value(at: 0.5) == 0.5)
        #expect(FadeCurve.smooth.value(at: 0.5) == 0.5)
        #expect(FadeCurve.cut.value(at: 0.5) == 1)
    }

    @Test func linearMovesEvenlyAndSmoothEasesInAndOut() {
        #expect(abs(FadeCurve.linear.value(at: 0.1) - 0.1) < 1e-12)
        #expect(abs(FadeCurve.linear.value(at: 0.9) - 0.9) < 1e-12)
        #expect(FadeCurve.smooth.value(at: 0.1) < 0.05, "slow at the start")
        #expect(FadeCurve.smooth.value(at: 0.9) > 0.95, "slow at the end")
    }

    @Test func noCurveEverGoesBack() {
        for curve in FadeCurve.allCases {
            var last = curve.value(at: 0)
            for step in 1...1000 {
                let value = curve.value(at: Double(step) / 1000)
                #expect(value >= last, "\(curve) at \(Double(step) / 1000)")
                last = value
            }
        }
    }

    @Test func cutJumpsStraightToTheNewPicture() {
        #expect(FadeCurve.cut.value(at: 0.001) == 1)
        #expect(FadeCurve.cut.value(at: 0) == 0)
    }

    @Test func aStoredNameGivesItsCurveAndAnythingElseTheStandardOne() {
        #expect(FadeCurve(storedName: "linear") == .linear)
        #expect(FadeCurve(storedName: "smooth") == .smooth)
        #expect(FadeCurve(storedName: "cut") == .cut)
        #expect(FadeCurve(storedName: " Cut ") == .cut)
        #expect(FadeCurve(storedName: "bouncy") == .standard)
        #expect(FadeCurve(storedName: "") == .standard)
        #expect(FadeCurve(storedName: nil) == .standard)
        #expect(FadeCurve.standard == .smooth, "eased fades unless the performer chooses")
    }

    @Test func aCrossFadeFollowsItsCurve() {
        let warm = ChordRef(chordsetID: .init(), slot: 0), ocean = ChordRef(chordsetID: .init(), slot: 1)
        let linear = CrossFade(from: ChordBlend(warm), to: ocean, start: 10, duration: 2, curve: .linear)
        #expect(abs(linear.opacity(at: 10.5) - 0.25) < 1e-12)
        let smooth = CrossFade(from: ChordBlend(warm), to: ocean, start: 10, duration: 2, curve: .smooth)
        #expect(smooth.opacity(at: 10.5) < 0.25)
        #expect(abs(smooth.opacity(at: 11) - 0.5) < 1e-12)
    }
}
