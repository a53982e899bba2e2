import Foundation
import ImagerCore

/// A fixed-seed, time-bounded mutation fuzzer for `ChordsetDocument.decode`, the path every
/// seed and import file takes. Each input is built from a model of a valid document, then
/// maybe broken on purpose (the decoder must refuse it and name the entry), maybe nested very
/// deeply, maybe mutated byte by byte (accept or refuse, but never crash). Whatever is
/// accepted must be whole: eight chords each, clean titles, unique ids, and encode/decode
/// must give it back. Input I of seed S is the same on every machine: `--replay I`.
enum DecodeFuzz {
    static let fileName = "fuzz.json"

    static func run(_ options: Options) -> Int32 {
        let seconds = options.double("seconds", default: 20)
        let seed = UInt64(options.int("seed", default: 5))
        if let replay = options.named["replay"].flatMap({ Int($0) }) {
            let input = FuzzInput.make(seed: seed, iteration: replay)
            FileHandle.standardOutput.write(Data(input.bytes))
            Output.error("mutations: \(input.mutations.joined(separator: ", "))")
            let failure = check(input)
            Output.error(failure.map { "FAIL: \($0)" } ?? "ok")
            return failure == nil ? 0 : 1
        }
        // The input under test is written here before each decode, so a crash leaves it behind.
        let crashFile = options.named["crash-file"].map { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } ?? -1
        let started = Date()
        var iteration = 0, accepted = 0
        while iteration % 64 != 0 || Date().timeIntervalSince(started) < seconds {
            let input = FuzzInput.make(seed: seed, iteration: iteration)
            if crashFile >= 0 {
                ftruncate(crashFile, 0)
                _ = input.bytes.withUnsafeBytes { pwrite(crashFile, $0.baseAddress, $0.count, 0) }
            }
            if let failure = check(input) {
                Output.line("FAIL seed \(seed) iteration \(iteration): \(failure)")
                Output.line("  mutations: \(input.mutations.joined(separator: ", "))")
                Output.line("  replay: imager-stress fuzz --seed \(seed) --replay \(iteration)")
                return 1
            }
            if input.lastOutcomeAccepted { accepted += 1 }
            iteration += 1
        }
        let elapsed = (Date().timeIntervalSince(started) * 10).rounded() / 10
        Output.line("fuzz: \(iteration) inputs, \(accepted) accepted, \(iteration - accepted) refused, in \(elapsed) s (seed \(seed))")
        return 0
    }

    /// nil when the decoder did what the input's expectation allows.
    static func check(_ input: FuzzInput) -> String? {
        let decoded: ChordsetsWithLumis
        do {
            decoded = try ChordsetDocument.decode(Data(input.bytes), file: fileName)
        } catch {
            input.lastOutcomeAccepted = false
            guard error.file == fileName, !error.reason.isEmpty else { return "refused without naming the file: \(error)" }
            switch input.expectation {
            case .accept: return "refused a valid document: \(error.reason)"
            case let .reject(entry?):
                return error.reason.contains("chordsets[\(entry)]") ? nil
                    : "the message does not name chordsets[\(entry)]: \(error.reason)"
            case .reject(nil), .either: return nil
            }
        }
        input.lastOutcomeAccepted = true
        let result = decoded.chordsets
        if case .reject = input.expectation { return "accepted an invalid document (\(result.count) chordsets)" }
        if case let .accept(expected) = input.expectation {
            guard result.count == expected.count else { return "accepted \(result.count) chordsets, expected \(expected.count)" }
            for (index, (got, want)) in zip(result, expected).enumerated() {
                if let id = want.id, got.id != id { return "chordsets[\(index)]: id \(got.id), expected \(id)" }
                if got.title != ChordsetTitle.sanitized(want.title) { return "chordsets[\(index)]: title \(got.title.debugDescription)" }
                if got.chords.map(\.color) != want.colors { return "chordsets[\(index)]: colours differ" }
                func values(_ lumis: [Lumi]) -> [[UInt64]] {
                    lumis.map { [$0.x.bitPattern, $0.y.bitPattern, $0.size.bitPattern, $0.rotation.bitPattern, $0.glow.bitPattern,
                                 UInt64($0.color.packed), UInt64(LumiShape.allCases.firstIndex(of: $0.shape)!)] }
                }
                if decoded.lumis[index].slots.map(values) != want.lumis.map(values) { return "chordsets[\(index)]: lumis differ" }
                // A chordset keeps its dates to the millisecond.
                if let created = want.createdAt, got.createdAt != Date(timeIntervalSince1970: (created * 1000).rounded() / 1000) {
                    return "chordsets[\(index)]: createdAt \(got.createdAt.timeIntervalSince1970), expected \(created)"
                }
            }
            if decoded.setLists.map(\.chordsetIDs) != input.setLists {
                return "set lists read as \(decoded.setLists.map(\.chordsetIDs)), expected \(input.setLists)"
            }
        }
        return checkWhole(decoded)
    }

    /// What any accepted document must satisfy, whatever it looked like.
    private static func checkWhole(_ decoded: ChordsetsWithLumis) -> String? {
        let result = decoded.chordsets
        for (index, lumis) in decoded.lumis.enumerated() {
            if let slot = lumis.slots.firstIndex(where: { $0.count > Lumi.maximumPerChord }) {
                return "chordsets[\(index)].chords[\(slot)] has too many lumis"
            }
            if let bad = lumis.slots.joined().first(where: { $0.refusal != nil }) { return "chordsets[\(index)]: accepted \(bad)" }
        }
        if Set(result.map(\.id)).count != result.count { return "accepted duplicate ids" }
        for (index, chordset) in result.enumerated() {
            if chordset.chords.count != Chordset.chordCount { return "chordsets[\(index)] has \(chordset.chords.count) chords" }
            if chordset.title.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                return "chordsets[\(index)]: a control character survived in \(chordset.title.debugDescription)"
            }
        }
        let againWhole: ChordsetsWithLumis
        do {
            againWhole = try ChordsetDocument.decode(ChordsetDocument.encode(decoded), file: "round trip")
        } catch {
            return "its own export was refused: \(error)"
        }
        let again = againWhole.chordsets
        // Lumis come back with fresh ids and every other field bit for bit.
        func lumiKey(_ lumis: ChordsetLumis) -> [[String]] {
            lumis.slots.map { $0.map { "\($0.shape) \($0.x.bitPattern) \($0.y.bitPattern) \($0.size.bitPattern) \($0.rotation.bitPattern) \($0.glow.bitPattern) \($0.color.hex)" } }
        }
        guard againWhole.lumis.map(lumiKey) == decoded.lumis.map(lumiKey) else { return "export then import changed the lumis" }
        func key(_ c: Chordset) -> [String] { [c.id.uuidString, c.title] + c.chords.map(\.color.hex) }
        guard again.map(key) == result.map(key) else { return "export then import changed the chordsets" }
        // Date keeps seconds since 2001, so seconds since 1970 can move by a rounding step.
        for (a, b) in zip(again, result) {
            let x = a.createdAt.timeIntervalSince1970, y = b.createdAt.timeIntervalSince1970
            if abs(x - y) > max(1e-6, abs(y) * 1e-15) { return "export then import moved createdAt from \(y) to \(x)" }
        }
        return nil
    }
}
