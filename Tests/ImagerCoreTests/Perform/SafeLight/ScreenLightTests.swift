import Foundation
import Testing
@testable import ImagerCore

@Suite struct ScreenLightTests {
    private func color(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> ScreenLight {
        ScreenLight(RGBAColor(red: red, green: green, blue: blue))
    }

    @Test func relativeLuminanceFollowsWCAGsFormula() {
        #expect(color(255, 255, 255).luminance == 1)
        #expect(color(0, 0, 0).luminance == 0)
        #expect(abs(color(255, 0, 0).luminance - 0.2126) < 1e-12)
        #expect(abs(color(0, 255, 0).luminance - 0.7152) < 1e-12)
        #expect(abs(color(0, 0, 255).luminance - 0.0722) < 1e-12)
        // 128/255 encoded is ((0.50196 + 0.055) / 1.055) ^ 2.4 linear.
        #expect(abs(color(128, 128, 128).luminance - 0.21586) < 1e-4)
        // Below the knee the curve is a straight line: 10/255 / 12.92.
        #expect(abs(SRGB.linear(10) - 10.0 / 255 / 12.92) < 1e-12)
    }

    @Test func redAmountAndSaturation() {
        #expect(color(255, 0, 0).redAmount == 320)
        #expect(color(255, 0, 0).isSaturatedRed)
        #expect(color(255, 255, 255).redAmount == 0)
        #expect(!color(255, 255, 255).isSaturatedRed)
        #expect(!color(0, 0, 0).isSaturatedRed, "black has no colour, so no red share")
        #expect(!color(255, 128, 128).isSaturatedRed, "pink: red is well under 80% of the light")
        #expect(color(255, 40, 40).isSaturatedRed)
    }

    @Test func aSwatchMixesInEncodedSpaceLikeTheCanvas() {
        let white = PictureSwatch(RGBAColor(red: 255, green: 255, blue: 255))
        let half = PictureSwatch.light(of: [(white, 0.5), (.black, 0.5)])
        // Painting white at 50% over black gives encoded 0.5, whose light is about 0.214, not 0.5.
        #expect(abs(half.luminance - SRGB.linear(encoded: 0.5)) < 1e-5)
        #expect(abs(PictureSwatch.light(of: [(white, 1)], blackness: 0.5).luminance - SRGB.linear(encoded: 0.5)) < 1e-5)
        let grid = PictureSwatch(cells: [SIMD3(1, 1, 1), SIMD3(0, 0, 0)])
        #expect(abs(grid.light.luminance - 0.5) < 1e-5, "cells are averaged as light")
    }
}

@Suite struct FlashDefinitionTests {
    private func gray(_ luminance: Double) -> ScreenLight { ScreenLight(linearRed: luminance, green: luminance, blue: luminance) }
    private let red = ScreenLight(RGBAColor(red: 255, green: 0, blue: 0))

    @Test func aGeneralTransitionIsATenthOfTheMaximumWithTheDarkerBelowPointEight() {
        #expect(FlashKind.general.isTransition(between: gray(0), and: gray(1)))
        #expect(FlashKind.general.isTransition(between: gray(0.5), and: gray(0.39)))
        #expect(!FlashKind.general.isTransition(between: gray(0.5), and: gray(0.45)), "smaller than a tenth")
        #expect(!FlashKind.general.isTransition(between: gray(0.85), and: gray(1)), "both bright: the darker is not below 0.8")
        #expect(FlashKind.general.isTransition(between: gray(0.79), and: gray(1)))
    }

    @Test func aRedTransitionInvolvesASaturatedRedAndMoreThanTwentyOfRed() {
        #expect(FlashKind.red.isTransition(between: .black, and: red))
        #expect(FlashKind.red.isTransition(between: gray(1), and: red))
        #expect(!FlashKind.red.isTransition(between: .black, and: gray(1)), "no red in it")
        let darkRed = ScreenLight(linearRed: 0.9, green: 0, blue: 0)
        #expect(FlashKind.red.isTransition(between: darkRed, and: red), "32 of red between them")
        let nearRed = ScreenLight(linearRed: 0.95, green: 0, blue: 0)
        #expect(!FlashKind.red.isTransition(between: nearRed, and: red), "16 of red: not more than 20")
    }

    @Test func flashesArePairsOfTransitions() {
        #expect(FlashKind.flashes(inTransitions: 1) == 0)
        #expect(FlashKind.flashes(inTransitions: 2) == 1)
        #expect(FlashKind.flashes(inTransitions: 6) == 3)
        #expect(FlashKind.flashes(inTransitions: 7) == 4, "a seventh transition starts a fourth flash")
    }

    @Test func theTrackerFindsPeaksAndValleysAndIgnoresFlicker() {
        var tracker = FlashTracker(kind: .general)
        // Black and white alternating every 0.1 s for a second: ten changes.
        for frame in 0..<61 {
            let time = Double(frame) / 60
            tracker.feed(Int(time * 10 + 1e-9) % 2 == 0 ? gray(0) : gray(1), at: time)
        }
        let times = tracker.allTransitions.map(\.time)
        #expect(times.count == 10)
        #expect(FlashTracker.mostTransitions(times) == 10)
        #expect(abs(times[0] - 0.1) < 1e-9, "a transition is timed by when it reaches its end")

        var flicker = FlashTracker(kind: .general)
        for frame in 0..<60 { flicker.feed(gray(frame % 2 == 0 ? 0.2 : 0.27), at: Double(frame) / 60) }
        #expect(flicker.allTransitions.isEmpty, "changes under a tenth are no transitions")

        var creeping = FlashTracker(kind: .general)
        for (index, value) in [0.0, 0.06, 0.12, 0.18, 0.24, 0.18, 0.12, 0.06, 0.0].enumerated() {
            creeping.feed(gray(value), at: Double(index))
        }
        #expect(creeping.allTransitions.map(\.time) == [4, 8], "small steps the same way add up to one transition")
    }
}
