import Foundation
import ImagerCore

/// Reading a file whose titles are mostly escapes, next to a plain file of the same byte
/// size. Both run through `ChordsetDocument.decode`, all of an import before the store. An
/// escape may cost more than a plain byte, but only a constant more: a reader that rebuilt
/// the string decoded so far at each escape would take time that grows with the square of a
/// title's length, and this ratio is the one that would show it.
struct ImportBenchmark {
    /// The goal: escape-heavy within this factor of plain.
    static let escapeRatioGoal = 2.0

    var count: Int
    var repetitions: Int

    /// Median milliseconds: the escape-heavy file as Imager, the plain one as the floor.
    func run(log: (String) -> Void) throws -> StoreBenchmark.Pair {
        // 20 × `\u00e9\t` (decoded to "é" and a tab) and 160 plain bytes: the same size.
        let escaped = "\"A" + String(repeating: #"\u00e9\t"#, count: 20) + "Z\""
        let plain = "\"A" + String(repeating: "x", count: 160) + "Z\""
        let heavy = document(titled: escaped), light = document(titled: plain)
        guard heavy.count == light.count else { throw BenchError("the two import files differ in size") }
        guard heavy.count <= ChordsetDocument.maximumFileSize else {
            throw BenchError("an import file of \(count) chordsets is over the size limit")
        }
        log("import of \(count) (\(heavy.count / 1_000_000) MB), escape-heavy and plain")
        var heavyTimes: [Double] = [], lightTimes: [Double] = []
        for _ in 0..<repetitions {
            heavyTimes.append(try time(heavy))
            lightTimes.append(try time(light))
        }
        return StoreBenchmark.Pair(imager: median(heavyTimes)!, floor: median(lightTimes)!)
    }

    /// The sample chordsets exported, every title replaced by `title`, a JSON string literal.
    private func document(titled title: String) -> Data {
        let marker = "@title@"
        let chordsets = SampleChordsets.make(count: count).map { chordset in
            var copy = chordset
            copy.title = marker
            return copy
        }
        let text = String(decoding: ChordsetDocument.encode(chordsets), as: UTF8.self)
        return Data(text.replacingOccurrences(of: "\"\(marker)\"", with: title).utf8)
    }

    private func time(_ data: Data) throws -> Double {
        var decoded = 0
        let elapsed = try milliseconds { decoded = try ChordsetDocument.decode(data, file: "bench.json").count }
        guard decoded == count else { throw BenchError("decoded \(decoded) chordsets, not \(count)") }
        return elapsed
    }
}
