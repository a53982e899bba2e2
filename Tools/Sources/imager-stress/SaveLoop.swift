import Foundation
import ImagerCore

/// The saver that Tests/CommandLine kills with SIGKILL. Every iteration K is one large save
/// through ChordsetController, exactly as the window saves:
/// - the previous iteration's added rows are deleted (their chords go by cascade),
/// - `adds` new rows titled `itK add J` are added,
/// - every other row is renamed to `itK row I`,
/// - chord slot K % 8 of every row is set to `colour(K)`.
/// It prints `saving K` before `save()` and `committed K` after it returns. After a kill the
/// database must show one whole iteration: every title tagged `itK'`, exactly `adds` add rows,
/// slot K' % 8 of every row `colour(K')`, and K' the last committed one or the one after it.
/// Run with `--iterations 0` on an empty store first, to prepare `rows` rows tagged it0.
enum SaveLoop {
    static func run(_ options: Options) -> Int32 {
        guard let path = options.positional.first else {
            Output.error("save-loop needs a database path")
            return 2
        }
        let rows = options.int("rows", default: 3000)
        let adds = options.int("adds", default: 100)
        let iterations = options.int("iterations", default: Int.max)

        let controller: ChordsetController
        do {
            controller = try ChordsetController(store: ChordsetStore.open(at: URL(fileURLWithPath: path)))
        } catch {
            Output.line("error \(Output.describe(error))")
            return 1
        }
        if controller.isEmpty {
            for index in 0..<rows { controller.add(title: "it0 row \(index)") }
            guard save(controller) else { return 1 }
            Output.line("prepared \(rows)")
        }
        let current = controller.chordsets.compactMap { tag(of: $0.title) }.max() ?? 0
        Output.line("start \(current + 1)")
        var iteration = current
        for _ in 0..<iterations {
            iteration += 1
            edit(controller, iteration: iteration, adds: adds)
            Output.line("saving \(iteration)")
            guard save(controller) else { return 1 }
            Output.line("committed \(iteration)")
        }
        return 0
    }

    private static func edit(_ controller: ChordsetController, iteration: Int, adds: Int) {
        let prefix = "it\(iteration) "
        for chordset in controller.chordsets where rest(of: chordset.title).hasPrefix("add ") {
            controller.delete(id: chordset.id)
        }
        for index in 0..<adds {
            controller.add(title: prefix + "add \(index)")
        }
        let color = colour(iteration)
        for chordset in controller.chordsets {
            if !chordset.title.hasPrefix(prefix) {
                controller.rename(id: chordset.id, to: prefix + rest(of: chordset.title))
            }
            controller.setColor(color, slot: iteration % Chordset.chordCount, of: chordset.id)
        }
    }

    private static func save(_ controller: ChordsetController) -> Bool {
        if case let .failed(error) = controller.save() {
            Output.line("error \(Output.describe(error))")
            return false
        }
        return true
    }

    /// The colour of iteration K; Tests/CommandLine/support.py computes the same.
    static func colour(_ iteration: Int) -> RGBAColor {
        let rgb = UInt32(truncatingIfNeeded: UInt64(iteration) &* 2_654_435_761) & 0xFF_FFFF
        return RGBAColor(packed: rgb << 8 | 0xFF)
    }

    /// `it12 row 7` -> 12
    static func tag(of title: String) -> Int? {
        guard title.hasPrefix("it"), let space = title.firstIndex(of: " ") else { return nil }
        return Int(title[title.index(title.startIndex, offsetBy: 2)..<space])
    }

    /// `it12 row 7` -> `row 7`
    static func rest(of title: String) -> Substring {
        guard let space = title.firstIndex(of: " ") else { return Substring(title) }
        return title[title.index(after: space)...]
    }
}
