import Foundation
import ImagerCore
import ImagerDrawing
import Testing

/// Compares a rendered image with a committed PNG in `References/`, with tolerances rather
/// than exact bytes: cairo's antialiasing may move an edge pixel by a step or two between
/// versions, and that is no regression.
///
/// `IMAGER_UPDATE_REFERENCES=1 swift test --filter ImagerDrawingTests` rewrites the references
/// from what the renderer draws now (look at them before committing). On a mismatch the
/// actual image is saved to a temporary file named in the failure, to be opened side by side
/// with the reference.
enum ReferenceImage {
    /// Where the references live in the source tree (found from this file, so an update
    /// writes the committed files, not a build copy).
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("References", isDirectory: true)

    static var updating: Bool { ProcessInfo.processInfo.environment["IMAGER_UPDATE_REFERENCES"] == "1" }

    struct Tolerance {
        /// How far one channel (0...255, straight alpha) may be from the reference's.
        var channel: Int = 6
        /// How many pixels may differ by more than that.
        var differingPixels: Int = 4
    }

    static func expect(_ image: ChordImage, matches name: String, tolerance: Tolerance = Tolerance(),
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent("\(name).png")
        if updating {
            do {
                try image.writePNG(to: url)
            } catch {
                Issue.record("could not update \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        let reference: ChordImage
        do {
            reference = try ChordImage(contentsOfPNG: url)
        } catch {
            let saved = saveActual(image, name: name)
            Issue.record("no reference \(name).png (\(error)); the actual image is at \(saved); run with IMAGER_UPDATE_REFERENCES=1 to create it",
                         sourceLocation: sourceLocation)
            return
        }
        guard reference.pixelWidth == image.pixelWidth, reference.pixelHeight == image.pixelHeight else {
            let saved = saveActual(image, name: name)
            Issue.record("""
                \(name): \(image.pixelWidth)×\(image.pixelHeight) pixels, the reference is \
                \(reference.pixelWidth)×\(reference.pixelHeight); the actual image is at \(saved)
                """, sourceLocation: sourceLocation)
            return
        }
        let differences = differingPixels(image, reference, channelTolerance: tolerance.channel)
        guard differences.count > tolerance.differingPixels else { return }
        let saved = saveActual(image, name: name)
        let worst = differences.max { $0.distance < $1.distance }!
        Issue.record("""
            \(name): \(differences.count) pixels differ by more than \(tolerance.channel) (allowed: \
            \(tolerance.differingPixels)); the worst at (\(worst.x), \(worst.y)) is \(worst.actual.hex) \
            for \(worst.expected.hex). Actual image: \(saved), reference: \(url.path)
            """, sourceLocation: sourceLocation)
    }

    struct Difference {
        let x: Int, y: Int
        let actual: RGBAColor, expected: RGBAColor
        let distance: Int
    }

    /// Pixels whose channels differ by more than the tolerance. A clear pixel's colour means
    /// nothing, so colours are compared premultiplied (as they would show over black) and
    /// alpha on its own.
    static func differingPixels(_ image: ChordImage, _ reference: ChordImage, channelTolerance: Int) -> [Difference] {
        var found: [Difference] = []
        for y in 0..<image.pixelHeight {
            for x in 0..<image.pixelWidth {
                let actual = image.pixel(x: x, y: y), expected = reference.pixel(x: x, y: y)
                let distance = channelDistance(actual, expected)
                if distance > channelTolerance {
                    found.append(Difference(x: x, y: y, actual: actual, expected: expected, distance: distance))
                }
            }
        }
        return found
    }

    static func channelDistance(_ a: RGBAColor, _ b: RGBAColor) -> Int {
        func premultiplied(_ c: RGBAColor) -> [Int] {
            let alpha = Int(c.alpha)
            return [Int(c.red) * alpha / 255, Int(c.green) * alpha / 255, Int(c.blue) * alpha / 255, alpha]
        }
        return zip(premultiplied(a), premultiplied(b)).map { abs($0 - $1) }.max() ?? 0
    }

    private static func saveActual(_ image: ChordImage, name: String) -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("imager-drawing-\(name)-actual-\(ProcessInfo.processInfo.processIdentifier).png")
        do {
            try image.writePNG(to: url)
            return url.path
        } catch {
            return "(not saved: \(error))"
        }
    }
}
