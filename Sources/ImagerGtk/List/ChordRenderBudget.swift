import CGtk
import Foundation

/// How long cells may spend rendering chords with lumis in one frame. A list scrolled by a
/// page per frame shows a hundred new cells at once, and rendering them all in that frame
/// would take longer than the frame (about 35 µs per chord of three lumis, release build);
/// past the budget a cell shows its plain colour and renders on a following frame, so a
/// fast fling paints on time and the lumis follow a frame or two later. At a reading pace a
/// frame brings a row or two and every cell renders at once.
enum ChordRenderBudget {
    /// Seconds per frame, counted in rendering (and the row's lumi read) alone. Each new
    /// image costs about as much again later in the same frame, when GSK's cairo renderer
    /// paints it to the window for the first time, and that is not counted here. This is the
    /// budget under which a fling's frames take about as long with lumis as without (the
    /// figures are in docs/benchmark.md), and it still renders two rows at once.
    static let perFrame = 0.001

    private static var frame: gint64 = -1
    private static var spent = 0.0
    private static let waiting = CellsAtIdle { gtk_widget_queue_draw($0.widget) }

    /// Whether a cell drawn in `frame` may still render now.
    static func allows(frame: gint64) -> Bool {
        if frame != self.frame {
            self.frame = frame
            spent = 0
        }
        return spent < perFrame
    }

    /// Runs `render` and counts its time against the frame's budget.
    static func charge<Result>(_ render: () -> Result) -> Result {
        let started = DispatchTime.now().uptimeNanoseconds
        defer { spent += Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }
        return render()
    }

    /// Draws `cell` again once this frame is painted.
    static func renderLater(_ cell: ChordCell) {
        waiting.add(cell)
    }
}
