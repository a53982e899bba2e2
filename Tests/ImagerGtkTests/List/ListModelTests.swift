import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// A model-based test of the real window: seeded random sequences of what a person does
/// (add and type a title, rename, delete by key and by swipe, undo, redo, duplicate, move,
/// copy and paste, import, search and Escape, scroll), through the window's own actions.
/// After every step the rows GTK draws, read from its widget tree in screen order, are a run
/// of the controller's list (or of what a search shows), and after every painted frame each
/// drawn row shows the chordset at its position (`EveryFrameCheck`). Every few steps, and at
/// the end, the window saves and the database holds exactly the controller's list.
///
/// A failure names its seed and the steps that led to it; `IMAGER_MODEL_SEED=N` replays that
/// seed alone, `IMAGER_MODEL_SEEDS=N` runs N seeds, `IMAGER_MODEL_STEPS=N` sets the length.
@MainActor
final class ListModelTests: GtkTestCase {
    private nonisolated let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("ListModelTests-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
        super.tearDown()
    }

    func testRandomSequencesOfUserActionsShowWhatIsStored() async throws {
        let environment = ProcessInfo.processInfo.environment
        let steps = Int(environment["IMAGER_MODEL_STEPS"] ?? "") ?? 200
        let seeds: [UInt64] = if let one = environment["IMAGER_MODEL_SEED"].flatMap(UInt64.init) {
            [one]
        } else {
            Array(0..<UInt64(Int(environment["IMAGER_MODEL_SEEDS"] ?? "") ?? 2))
        }
        for seed in seeds {
            try run(seed: seed, steps: steps)
        }
    }

    /// The walkthrough's sequence, with the merge the returning focus brings landing between
    /// the import's commit and its adoption.
    func testAnImportUndoneAndImportedAgainIsDrawnAndStoredOnce() async throws {
        var model = try Model(test: self, folder: folder, seed: 0, starters: 9)
        try model.perform(.duplicate)
        try model.perform(.rename)
        try model.perform(.importPalette(mergedFirst: false))
        try model.perform(.undo)
        try model.perform(.importPalette(mergedFirst: true))
        try model.checkSaved()
        try model.perform(.undo)
        try model.checkSaved()
        model.finish()
    }

    /// The checks can fail: a row drawing a title that is not its chordset's is seen, by the
    /// check after each step and by the one after each frame.
    func testTheChecksSeeARowDrawingAnotherTitle() async throws {
        let model = try Model(test: self, folder: folder, seed: 0, starters: 12)
        defer { model.finish() }
        try model.check()
        let row = try XCTUnwrap(ShownRows.visible(in: model.list).dropFirst(2).first)
        let bound = try XCTUnwrap(model.list.boundRow(atRow: row.position))
        let label = try XCTUnwrap(ShownRows.titleLabel(under: bound.widget))
        gtk_label_set_text(cgtk_label(label), "Not Its Title")
        XCTAssertNotNil(ShownRows.problem(in: model.list))
        pump(seconds: 0.1)
        XCTAssertThrowsError(try model.check()) { error in
            XCTAssertTrue("\(error)".contains("after a frame"), "\(error)")
        }
    }

    private func run(seed: UInt64, steps: Int) throws {
        // Every other seed starts longer than the ~200 rows GTK 4.8 keeps, so rows far from the view exist.
        var model = try Model(test: self, folder: folder.appendingPathComponent("seed-\(seed)"), seed: seed,
                              starters: seed % 2 == 0 ? 30 : 260)
        defer { model.finish() }
        for step in 1...steps {
            try model.perform(model.randomAction())
            if step % 25 == 0 || step == steps { try model.checkSaved() }
        }
    }
}

/// What a person does in the model test.
enum UserAction: CustomStringConvertible {
    case addAndType, rename, deleteByKey, deleteBySwipe, undo, redo, duplicate, moveUp, moveDown
    case copyAndPaste, importPalette(mergedFirst: Bool), searchAndEscape(String), scroll(Double)
    /// Shift+click from one row to another, then Delete (16 or more rows: the list keeps its
    /// rows and shows what moved up in them, the far ones after the frame).
    case deleteSeveral(Int)

    var description: String {
        switch self {
        case .addAndType: "add and type a title"
        case .rename: "rename (F2)"
        case .deleteByKey: "Delete"
        case .deleteBySwipe: "swipe and Delete"
        case .undo: "Ctrl+Z"
        case .redo: "Ctrl+Shift+Z"
        case .duplicate: "Ctrl+D"
        case .moveUp: "Alt+Up"
        case .moveDown: "Alt+Down"
        case .copyAndPaste: "Ctrl+C, Ctrl+V"
        case let .importPalette(mergedFirst): mergedFirst ? "Import… (focus back before it is shown)" : "Import…"
        case let .searchAndEscape(query): "search “\(query)”, Escape"
        case let .scroll(fraction): "scroll to \(Int(fraction * 100)) %"
        case let .deleteSeveral(count): "select \(count) rows, Delete"
        }
    }
}

/// One window over a file store, the steps done to it, and the checks after each.
@MainActor
struct Model {
    let test: GtkTestCase
    let window: MainWindow
    let store: ChordsetStore
    let frames: EveryFrameCheck
    let seed: UInt64
    let palette: URL
    var random: SeededGenerator
    var done: [String] = []
    var counter = 0
    /// Defects met on the way that belong to other checks (printed, not failed).

    init(test: GtkTestCase, folder: URL, seed: UInt64, starters: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.test = test
        self.seed = seed
        random = SeededGenerator(seed: seed)
        store = try ChordsetStore.open(at: folder.appendingPathComponent("imager.sqlite"))
        try store.append((0..<starters).map { Chordset.random(title: "Starter \($0)", position: Double($0)) })
        try store.waitsForOtherWriters(false)
        window = test.makeWindow(try ChordsetController(store: store))
        frames = test.frameCheck(of: window) ?? EveryFrameCheck(window: window)
        // A palette of 20 colours: "Twenty 1" to "Twenty 3".
        palette = folder.appendingPathComponent("Twenty.gpl")
        var text = "GIMP Palette\nName: Twenty\n#\n"
        for n in 0..<20 { text += "\(n * 12) \(255 - n * 9) \((n * 40) % 256)\tColour \(n)\n" }
        try Data(text.utf8).write(to: palette)
        let path = palette.path
        window.fileChooser = .answering { _ in path }
        gtk_window_set_default_size(cgtk_window(window.window), 600, 500)
        test.pump(seconds: 0.2)
    }

    func finish() {
        frames.stop()
    }

    var controller: ChordsetController { window.controller }
    var list: ChordsetList { window.list }

    mutating func randomAction() -> UserAction {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<10: return .addAndType
        case 10..<18: return .rename
        case 18..<26: return .deleteByKey
        case 26..<32: return .deleteBySwipe
        case 32..<44: return .undo
        case 44..<50: return .redo
        case 50..<57: return .duplicate
        case 57..<62: return .moveUp
        case 62..<67: return .moveDown
        case 67..<73: return .copyAndPaste
        case 73..<80: return .importPalette(mergedFirst: Bool.random(using: &random))
        case 80..<83: return .deleteSeveral(Int.random(in: 2...40, using: &random))
        case 83..<88:
            let titles = controller.chordsets.map(\.title)
            let title = titles.randomElement(using: &random) ?? "Twenty"
            return .searchAndEscape(String(title.prefix(Int.random(in: 1...3, using: &random))))
        default: return .scroll(Double.random(in: 0...1, using: &random))
        }
    }

    /// Selects a random chordset (scrolled to and focused, as a click would), if there is one.
    mutating func selectSome() -> Int? {
        guard controller.count > 0 else { return nil }
        let position = Int.random(in: 0..<controller.count, using: &random)
        list.select(position: position)
        list.scrollTo(position: position)
        test.pump(seconds: 0.02)
        return position
    }

    /// Types into the title being edited and commits it, as Enter does. The title field must
    /// have the keyboard focus first, as a person types at once after Ctrl+N, +, Ctrl+D or F2.
    mutating func typeTitle(_ title: String, at position: Int) throws {
        guard test.pump(until: { titleFieldHasFocus(at: position) }, seconds: 2) else {
            throw failure("the title of row \(position) was not in editing with the focus "
                + "(editing: \(list.boundRow(at: position)?.title.isEditing == true), focus in row \(list.focusedRow.map(String.init) ?? "none"))")
        }
        guard let row = list.boundRow(at: position) else { throw failure("row \(position) is not bound") }
        row.title.replaceEnteredText(title)
        row.title.commit()
        row.title.onFinish()
    }

    func titleFieldHasFocus(at position: Int) -> Bool {
        guard let field = list.boundRow(at: position)?.title.editingField, let focus = focused() else { return false }
        return focus == field || gtk_widget_is_ancestor(focus, field) != 0
    }

    func focused() -> Widget? {
        gtk_widget_get_root(window.window).flatMap { gtk_root_get_focus($0) }
    }

    mutating func perform(_ action: UserAction) throws {
        done.append(action.description)
        counter += 1
        let before = controller.count
        switch action {
        case .addAndType:
            test.activate(.addChordset, in: window)
            try typeTitle("Typed \(counter)", at: controller.count - 1)
        case .rename:
            guard let position = selectSome() else { break }
            test.activate(.renameChordset, in: window)
            try typeTitle("Renamed \(counter)", at: position)
        case .deleteByKey:
            guard selectSome() != nil else { break }
            test.activate(.deleteChordset, in: window)
        case .deleteBySwipe:
            let shown = ShownRows.visible(in: list)
            guard let target = shown.randomElement(using: &random), let row = list.boundRow(atRow: target.position) else { break }
            row.swipe.open()
            test.pump(seconds: 0.3)
            guard row.swipe.isOpen, let button = gtk_widget_get_first_child(gtk_widget_get_first_child(row.widget)) else {
                throw failure("the swiped row \(target) did not open")
            }
            gtk_widget_activate(button)
            test.pump(until: { controller.count == before - 1 }, seconds: 2)
        case .undo:
            test.activate(.undo, in: window)
        case .redo:
            test.activate(.redo, in: window)
        case .duplicate:
            guard let position = selectSome() else { break }
            test.activate(.duplicateChordset, in: window)
            // The copy's title is in editing; Enter keeps the title it was given.
            if controller.count == before + 1 { try typeTitle(controller.chordsets[position + 1].title, at: position + 1) }
        case .moveUp:
            guard selectSome() != nil else { break }
            test.activate(.moveUp, in: window)
        case .moveDown:
            guard selectSome() != nil else { break }
            test.activate(.moveDown, in: window)
        case .copyAndPaste:
            guard selectSome() != nil else { break }
            test.activate(.copy, in: window)
            test.activate(.paste, in: window)
            test.pump(until: { controller.count == before + 1 }, seconds: 2)
        case let .importPalette(mergedFirst):
            // The file chooser takes the focus (the window saves) and gives it back.
            window.activityChanged(isActive: true)
            window.activityChanged(isActive: false)
            let stored = try store.counts().chordsets
            if mergedFirst {
                // The focus comes back after the import's commit and before the window shows
                // it: the main loop does not run until the store holds it.
                g_action_group_activate_action(OpaquePointer(window.window), WindowAction.importChordsets.name, nil)
                let deadline = Date().addingTimeInterval(5)
                while (try? store.counts().chordsets) == stored, Date() < deadline { usleep(2000) }
            } else {
                test.activate(.importChordsets, in: window)
            }
            window.activityChanged(isActive: true)
            guard test.pump(until: { window.transfer == nil }, seconds: 10) else { throw failure("the import did not finish") }
        case let .searchAndEscape(query):
            test.activate(.find, in: window)
            window.search.setText(query)
            test.pump(until: { list.filter?.query == query }, seconds: 2)
            test.pump(seconds: 0.05)
            try check()
            window.closeSearch()
            window.search.close()
        case let .deleteSeveral(count):
            guard controller.count > 0 else { break }
            // Around the rows on screen, where the rows kept in place are seen.
            let first = ShownRows.visible(in: list).first?.position ?? 0
            let start = max(0, min(controller.count - 1, first + Int.random(in: -count...5, using: &random)))
            list.selectRows(start..<(start + count))
            test.pump(seconds: 0.02)
            test.activate(.deleteChordset, in: window)
        case let .scroll(fraction):
            let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(list.scrolledWindow))!
            let top = (gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)) * fraction
            gtk_adjustment_set_value(adjustment, top)
        }
        test.pump(seconds: 0.05)
        try check()
    }

    /// The rows drawn now are a run of the list, top to bottom, each showing its chordset,
    /// and no frame since the last check drew anything else.
    func check() throws {
        let ids = controller.chordsets.map(\.id)
        if Set(ids).count != ids.count { throw failure("the controller's list holds a chordset twice: \(controller.chordsets.map(\.title))") }
        let afterFrame = frames.take()
        let now = ShownRows.problem(in: list)
        if let afterFrame { throw failure("after a frame: \(afterFrame)" + (now.map { "; after the step: \($0)" } ?? "; fine after the step")) }
        if let now { throw failure(now) }
        if window.windowTitle.subtitleText.hasPrefix("\(controller.count) ") == false, list.filter == nil, list.selectedCount < 2 {
            throw failure("the subtitle says “\(window.windowTitle.subtitleText)” of \(controller.count) chordsets")
        }
        if controller.count > 0, list.filter == nil, ShownRows.visible(in: list).isEmpty {
            throw failure("no row is drawn for \(controller.count) chordsets")
        }
    }

    /// The window saves (as when it loses the focus), and the database holds its list.
    mutating func checkSaved() throws {
        window.activityChanged(isActive: true)
        window.activityChanged(isActive: false)
        test.pump(seconds: 0.02)
        let stored = try store.loadAll()
        if stored.map(\.id) != controller.chordsets.map(\.id) || stored.map(\.title) != controller.chordsets.map(\.title) {
            throw failure("the database holds \(stored.count) chordsets \(stored.map(\.title)), the window \(controller.count) \(controller.chordsets.map(\.title))")
        }
        done.append("save")
    }

    func failure(_ what: String) -> Error {
        // IMAGER_MODEL_SCREENSHOT=FILE.png keeps what the display showed at the failure.
        if let path = ProcessInfo.processInfo.environment["IMAGER_MODEL_SCREENSHOT"] {
            let shot = Process()
            shot.executableURL = URL(fileURLWithPath: "/usr/bin/import")
            shot.arguments = ["-window", "root", path]
            if (try? shot.run()) != nil { shot.waitUntilExit() }
        }
        return ModelFailure(description: "seed \(seed), step \(done.count) (replay with IMAGER_MODEL_SEED=\(seed)): \(what)\n"
            + "steps: " + done.enumerated().map { "\($0 + 1). \($1)" }.joined(separator: "; "))
    }
}

struct ModelFailure: Error, CustomStringConvertible {
    var description: String
}

/// SplitMix64: the same seed gives the same steps on every machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
