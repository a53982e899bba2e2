import CGtk
import Foundation
import ImagerCore
import ImagerGLib
import ImagerTestSupport

/// The window's measurements for packaging/bench.sh, in the mode given on the
/// command line:
/// - `first-frame`: prints `first-frame <g_get_monotonic_time()>` once the window's first
///   frame is painted, `list-complete <time>` once the whole list is in memory (a large
///   list paints its first page first), then `peak-rss-kib <VmHWM>`, and quits.
/// - `script`: after the first frame, adds a chordset far from the list's end and undoes
///   it, adds, renames, deletes a chordset and undoes the delete, then the list features
///   (`edits`), IMAGER_BENCH_EDIT_CYCLES times (5), each timed from the action to the end of
///   the next painted frame (`edit <name> <total us> <frame us>`, and `edit-span <name> <start>
///   <end>` in g_get_monotonic_time() microseconds, for a profile of the same run to be cut
///   by edit: docs/experiments/libadwaita-list-style.sh); then scrolls the list from
///   top to bottom, one step per frame (`scroll-frame <work us> <interval us>`,
///   `scroll-end <frames>`); then, when IMAGER_BENCH_DRAG_FRAMES is set, opens the chord
///   editor on the top chordset's first chord with lumis and drags a lumi for that many
///   frames (`drag-frame <editor work us> <interval us>` per editor frame, `drag-list-frame
///   <work us>` per frame of the main window, whose cell shows each move); then prints `done`
///   and the peak memory, and quits. IMAGER_BENCH_EDIT_CYCLES=0 leaves the edits out.
///
/// The protocol is the one of Tools/Floors/gtk_floor.c, the C window the bench runs
/// beside Imager. Everything runs on the GLib main loop, driven by the window's GdkFrameClock;
/// the frame clock's signal handlers own this object.
final class WindowScript {
    enum Mode: String {
        case firstFrame = "first-frame"
        case script
        /// A scripted performance in the Perform view (PerformScript).
        case perform
        /// The same performance in the output window, full screen on the display's monitor.
        case performOutput = "perform-output"
        /// The same performance in the window, played by OSC messages, or by MIDI notes
        /// through JACK, instead of keys.
        case performOSC = "perform-osc"
        case performMIDI = "perform-midi"
        /// Reports when titles renamed on another machine are painted (SyncWatch).
        case watch
    }

    /// The edits of one cycle, in order. "add-far" is the + button with the list's top in
    /// view, so the new row at the end of the list is a jump across it, and Ctrl+Z takes it
    /// back. Then the four edits the floor window makes too, from where the floor makes them:
    /// with the list's end in view. The list features follow: the search's
    /// keystrokes ("search-far" opens it with one letter where the undo left the view, at the
    /// list's end, so its matches are a jump to the top away; then, closed and with the top
    /// in view, "search" opens it again, "search-narrow" types a second letter, "search-close"
    /// is Escape), a move by Alt+Down and a duplicate by Ctrl+D, each on the first row, then
    /// Ctrl+Z for the duplicate, and the delete of 1,000 and its undo.
    private static let edits = ["add-far", "undo-add-far", "add", "rename", "delete", "undo",
                                "search-far", "search", "search-narrow", "search-close", "move", "duplicate",
                                "undo-duplicate", "delete-selected", "undo-delete-selected"]
    /// How long an edit may go without a painted frame before one is forced.
    static let editTimeoutMilliseconds: UInt32 = 1000
    /// How many rows "delete-selected" selects first: the goal is for a delete of 1,000
    /// selected rows.
    static let selectedForDelete = 1_000

    /// Starts measuring once the window is presented.
    static func start(window: WindowDriver, mode: Mode) {
        let script = WindowScript(window: window, mode: mode)
        if let clock = gtk_widget_get_frame_clock(window.widget) {
            script.attach(to: clock)
        } else {
            Signal.connect(window.widget, "map") {
                guard let clock = gtk_widget_get_frame_clock(window.widget) else { return }
                script.attach(to: clock)
            }
        }
    }

    /// The window lives as long as the process; the script holds it for as long as the frame
    /// clock holds the script.
    private let window: WindowDriver
    private let mode: Mode
    private let editCycles: Int
    private let scrollFrameLimit: Int
    private let dragFrameCount: Int

    /// The next step: 0 until the first frame, then the edits, then the scroll.
    private var step = 0
    /// When the edit being measured started; 0 when none is waiting for its frame.
    private var actionStarted: gint64 = 0
    /// The edit's starting place has been set up and the window has gone quiet.
    private var prepared = false
    private var actionName = ""
    private var added: UUID?
    private var frameStarted: gint64 = 0
    private var lastPaint: gint64 = 0
    private var scrolling = false
    private var scrollTick: guint = 0
    private var scrollStep = 0.0
    private var lastFrameTime: gint64 = 0
    private var scrollFrames = 0
    private var editorFrameStarted: gint64 = 0
    private var editorLastFrameTime: gint64 = 0
    private var dragging = false
    private var dragTick: guint = 0
    private var dragStart = CanvasPoint(x: 0.5, y: 0.5)
    private var dragFrames = 0

    private init(window: WindowDriver, mode: Mode) {
        self.window = window
        self.mode = mode
        let environment = ProcessInfo.processInfo.environment
        editCycles = environment["IMAGER_BENCH_EDIT_CYCLES"].flatMap(Int.init).flatMap { $0 >= 0 ? $0 : nil } ?? 5
        scrollFrameLimit = environment["IMAGER_BENCH_SCROLL_FRAMES"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 1000
        dragFrameCount = environment["IMAGER_BENCH_DRAG_FRAMES"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 0
    }

    private func attach(to clock: OpaquePointer) {
        Signal.connect(clock, "before-paint") { [self] in frameStarted = g_get_monotonic_time() }
        Signal.connect(clock, "after-paint") { [self] in afterPaint(clock) }
    }

    private func report(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    // MARK: Frames

    private func afterPaint(_ clock: OpaquePointer) {
        let now = g_get_monotonic_time()
        lastPaint = now
        if step == 0 {
            step = 1
            report("first-frame \(now)")
            // A large list paints its first page first; memory and edits are measured on
            // the whole list, so wait for the rest to be read.
            whenListComplete { [self] in
                report("list-complete \(g_get_monotonic_time())")
                if mode == .firstFrame {
                    quit()
                } else {
                    whenQuiet(next)
                }
            }
        } else if actionStarted != 0 {
            report("edit \(actionName) \(now - actionStarted) \(now - frameStarted)")
            report("edit-span \(actionName) \(actionStarted) \(now)")
            actionStarted = 0
            whenQuiet(next)
        } else if dragging {
            report("drag-list-frame \(now - frameStarted)")
        } else if scrolling {
            let frameTime = gdk_frame_clock_get_frame_time(clock)
            if lastFrameTime != 0 {
                report("scroll-frame \(now - frameStarted) \(frameTime - lastFrameTime)")
                scrollFrames += 1
            }
            lastFrameTime = frameTime
            if scrollTick == 0 {
                scrolling = false
                report("scroll-end \(scrollFrames)")
                whenQuiet(next)
            }
        }
    }

    /// Runs `work` once the controller holds every chordset.
    private func whenListComplete(_ work: @escaping () -> Void) {
        guard window.controller.isLoadingRest else { return work() }
        MainLoop.repeating(milliseconds: 5) { [window] in
            guard window.controller.isLoadingRest else { work(); return false }
            return true
        }
    }

    /// Runs `work` once no frame has been painted for 300 ms, so each edit starts from an
    /// idle frame clock rather than in the middle of an animation (a toast, the scrollbar's
    /// fade), where it would also wait for the next 60 Hz slot.
    private func whenQuiet(_ work: @escaping () -> Void) {
        MainLoop.repeating(milliseconds: 50) { [self] in
            guard g_get_monotonic_time() - lastPaint >= 300_000 else { return true }
            work()
            return false
        }
    }

    // MARK: Steps

    private func next() {
        let edits = Self.edits.count * editCycles
        let current = step
        step += 1
        if current <= edits {
            edit(Self.edits[(current - 1) % Self.edits.count], in: window)
        } else if current == edits + 1 {
            gtk_adjustment_set_value(window.verticalAdjustment, 0)
            whenQuiet(next)
        } else if current == edits + 2 {
            startScroll(in: window)
        } else if current == edits + 3, dragFrameCount > 0 {
            gtk_adjustment_set_value(window.verticalAdjustment, 0)
            whenQuiet(openEditor)
        } else {
            report("done")
            quit()
        }
    }

    /// Each edit goes through what the user does: the + button, Enter in the title field,
    /// the Delete key, Ctrl+Z.
    private func edit(_ name: String, in window: WindowDriver) {
        if !prepared, prepare(name, in: window) {
            prepared = true
            whenQuiet { [self] in edit(name, in: window) }
            return
        }
        prepared = false
        begin(name)
        switch name {
        case "add", "add-far":
            window.addChordset()
            added = window.controller.chordsets.last?.id
        case "rename":
            if let added { window.rename(id: added, to: "Renamed Chordset \(step)") }
        case "delete":
            if let added { window.delete(id: added) }
        case "search", "search-far":
            window.search("a")
            // A keystroke that leaves the same rows would paint nothing; its cost is then
            // measured to a repaint of the window, which is never less.
            gtk_widget_queue_draw(window.widget)
        case "search-narrow":
            window.search("ar")
            gtk_widget_queue_draw(window.widget)
        case "search-close":
            window.closeSearch()
            gtk_widget_queue_draw(window.widget)
        case "move":
            window.select(position: 0)
            window.moveSelectedDown()
        case "duplicate":
            window.select(position: 0)
            window.duplicateSelected()
        case "delete-selected":
            // Selecting is the person's Shift+click, not part of the delete: timed from the key.
            window.select(positions: 0..<Self.selectedForDelete)
            begin(name)
            window.deleteSelected()
        default:
            window.undo()
        }
        // An edit that changes nothing on screen would never get a frame: force one after a
        // second rather than hang, and report it (`edit-timeout <name>`): the figure is then
        // the timeout's, not the edit's, and imager-bench fails the run.
        let started = actionStarted
        MainLoop.repeating(milliseconds: Self.editTimeoutMilliseconds) { [weak self] in
            guard let self, self.actionStarted == started, started != 0 else { return false }
            FileHandle.standardError.write(Data("imager-bench-window: \(self.actionName) painted nothing; forcing a frame\n".utf8))
            self.report("edit-timeout \(self.actionName)")
            gtk_widget_queue_draw(self.window.widget)
            return false
        }
    }

    /// Puts the window where the edit starts from, untimed; false for an edit that starts
    /// wherever the one before left the window.
    /// The add the floor makes starts with the list's end in view (where its previous add
    /// left it); the far add starts from the top. A move is Alt+Down on the row the person
    /// is on: the first row is clicked (selected, scrolled to, focused) and the window left
    /// to go quiet before the key is timed, as delete-selected times the Delete key and not
    /// the Shift+click. So neither the add's nor the move's figure includes a scroll across the
    /// whole list: the jumps across it are timed as edits of their own (the far add, the far
    /// search).
    private func prepare(_ name: String, in window: WindowDriver) -> Bool {
        let adjustment = window.verticalAdjustment
        switch name {
        case "add":
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        case "add-far":
            gtk_adjustment_set_value(adjustment, 0)
        case "search":
            window.closeSearch()
            gtk_adjustment_set_value(adjustment, 0)
        case "move":
            window.focus(position: 0)
        default:
            return false
        }
        return true
    }

    private func begin(_ name: String) {
        actionName = name
        actionStarted = g_get_monotonic_time()
    }

    // MARK: Scrolling

    /// A page per frame, or more to finish within IMAGER_BENCH_SCROLL_FRAMES frames: either
    /// way every frame shows only rows it has not shown before.
    private func startScroll(in window: WindowDriver) {
        let adjustment = window.verticalAdjustment
        let page = gtk_adjustment_get_page_size(adjustment)
        let span = gtk_adjustment_get_upper(adjustment) - page
        scrollStep = max(page, span / Double(scrollFrameLimit))
        scrolling = true
        lastFrameTime = 0
        let tick: GtkTickCallback = { _, _, data in
            let script = Unmanaged<WindowScript>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { script.scrollOneStep() ? 1 : 0 }
        }
        let done: GDestroyNotify = { data in Unmanaged<WindowScript>.fromOpaque(data!).release() }
        scrollTick = gtk_widget_add_tick_callback(window.listView, tick, Unmanaged.passRetained(self).toOpaque(), done)
    }

    /// Returns false once at the bottom, which removes the tick callback.
    private func scrollOneStep() -> Bool {
        let adjustment = window.verticalAdjustment
        let bottom = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        let value = gtk_adjustment_get_value(adjustment)
        guard value < bottom else {
            scrollTick = 0
            return false
        }
        gtk_adjustment_set_value(adjustment, min(value + scrollStep, bottom))
        return true
    }

    // MARK: Dragging a lumi in the chord editor

    /// Opens the editor on the first chord of the top chordset that has lumis (its row is
    /// on screen, so the list's cell repaints with every move too), then drags once the
    /// editor has painted and gone quiet.
    private func openEditor() {
        guard let top = window.controller.chordsets.first else { return fail("the list is empty") }
        let lumis = window.controller.lumis(of: top.id)
        guard let slot = (0..<8).first(where: { !lumis[$0].isEmpty }), let lumi = lumis[slot].last else {
            return fail("the top chordset has no lumis to drag")
        }
        dragStart = CanvasPoint(x: lumi.x, y: lumi.y)
        window.editChord(id: top.id, slot: slot)
        guard let editor = window.chordEditorWidget else { return fail("the chord editor did not open") }
        var attached = false
        MainLoop.repeating(milliseconds: 50) { [self] in
            guard gtk_widget_get_mapped(editor) != 0, let clock = gtk_widget_get_frame_clock(editor) else { return true }
            if !attached {
                attached = true
                Signal.connect(clock, "before-paint") { [self] in editorFrameStarted = g_get_monotonic_time() }
                Signal.connect(clock, "after-paint") { [self] in editorAfterPaint(clock) }
            }
            // Quiet: neither window has painted for 300 ms.
            guard g_get_monotonic_time() - max(lastPaint, editorLastPaint) >= 300_000 else { return true }
            startDrag(editor)
            return false
        }
    }

    private var editorLastPaint: gint64 = 0

    private func editorAfterPaint(_ clock: OpaquePointer) {
        let now = g_get_monotonic_time()
        editorLastPaint = now
        guard dragging else { return }
        let frameTime = gdk_frame_clock_get_frame_time(clock)
        if editorLastFrameTime != 0 { report("drag-frame \(now - editorFrameStarted) \(frameTime - editorLastFrameTime)") }
        editorLastFrameTime = frameTime
        if dragTick == 0 { finishDrag() }
    }

    /// Presses on the lumi, then moves it one step per editor frame, round a circle a fifth
    /// of the chord across, as a hand would.
    private func startDrag(_ editor: UnsafeMutablePointer<GtkWidget>) {
        guard window.beginChordEditorDrag(at: dragStart) else { return fail("the press did not grab the lumi") }
        dragging = true
        dragFrames = 0
        editorLastFrameTime = 0
        let tick: GtkTickCallback = { _, _, data in
            let script = Unmanaged<WindowScript>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { script.dragOneStep() ? 1 : 0 }
        }
        let done: GDestroyNotify = { data in Unmanaged<WindowScript>.fromOpaque(data!).release() }
        dragTick = gtk_widget_add_tick_callback(editor, tick, Unmanaged.passRetained(self).toOpaque(), done)
    }

    /// Returns false after the last step, which removes the tick callback.
    private func dragOneStep() -> Bool {
        guard dragFrames < dragFrameCount else {
            dragTick = 0
            return false
        }
        dragFrames += 1
        let angle = 2 * Double.pi * Double(dragFrames) / 60
        let reach = 0.1
        let x = min(max(dragStart.x + reach * sin(angle), 0.02), 0.98)
        let y = min(max(dragStart.y - reach * (1 - cos(angle)), 0.02), 0.98)
        window.continueChordEditorDrag(to: CanvasPoint(x: x, y: y))
        return true
    }

    private func finishDrag() {
        dragging = false
        window.endChordEditorDrag()
        report("drag-end \(dragFrames)")
        window.closeChordEditor()
        whenQuiet(next)
    }

    /// Says why the script cannot go on, and quits without `done`, which the bench reports.
    private func fail(_ reason: String) {
        FileHandle.standardError.write(Data("imager-bench-window: \(reason)\n".utf8))
        quit()
    }

    /// Reports the peak resident memory (VmHWM) and quits as Ctrl+Q does. The bench cannot
    /// take the peak from wait4(): a spawned child inherits its parent's high-water mark.
    private func quit() {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kib = line.split(separator: " ").dropFirst().first.map(String.init) ?? "0"
            report("peak-rss-kib \(kib)")
        }
        window.quit()
    }
}
