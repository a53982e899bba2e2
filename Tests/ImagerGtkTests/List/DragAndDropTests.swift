import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// Dragging rows: where a drop lands (with and without a search), the move it makes (one undo
/// step, nothing for a drop next to the row itself), the drop indicator, the edge scrolling,
/// the `.json` file a drag offers outside the window, and the window refusing its own drag.
/// GTK cannot be made to run a real pointer drag in-process, so these drive `ListDropTarget`
/// at points computed from the rows' real layout (the end-to-end test drags with the mouse).
@MainActor
final class DragAndDropTests: GtkTestCase {
    /// Points the drag files at a folder of the test's own, removed afterwards.
    func useTemporaryDragFolder() -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imager-drag-tests-\(UUID().uuidString)")
        // The product's layout, `imager/drag` below a folder: the last two levels are the
        // ones made private, so the shared temporary folder is never one of them.
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        DragFile.root = folder.appendingPathComponent("imager/drag")
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func titles(_ window: MainWindow) -> [String] { window.controller.chordsets.map(\.title) }

    /// A point in the list view over row `row`, `fraction` of the way down it.
    func point(inRow row: Int, at fraction: Double, of window: MainWindow) throws -> (x: Double, y: Double) {
        let rowWidget = try XCTUnwrap(window.list.boundRow(atRow: row)?.widget, "row \(row) is bound")
        var x = 0.0, y = 0.0
        let height = Double(gtk_widget_get_height(rowWidget))
        XCTAssertNotEqual(cgtk_widget_translate_point(rowWidget, window.list.listView, 40, height * fraction, &x, &y), 0)
        return (x, y)
    }

    func startDrag(_ title: String, in window: MainWindow) throws {
        let id = try XCTUnwrap(window.controller.chordsets.first { $0.title == title }?.id)
        window.list.dropTarget.dragBegan(id: id, drag: nil)
    }

    // MARK: Where a drop lands

    func testTheUpperHalfOfARowIsTheGapAboveItAndTheLowerHalfTheGapBelow() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest", "Night"]))
        let target = window.list.dropTarget
        let upper = try point(inRow: 2, at: 0.25, of: window)
        let lower = try point(inRow: 2, at: 0.75, of: window)
        XCTAssertEqual(target.gap(x: upper.x, y: upper.y), 2)
        XCTAssertEqual(target.gap(x: lower.x, y: lower.y), 3)
        // Past the last row of a short list: below it.
        let below = try point(inRow: 3, at: 1.5, of: window)
        XCTAssertEqual(target.gap(x: below.x, y: below.y), 4)
    }

    func testDestinationsWithoutASearch() async throws {
        let all: (Int) -> Int? = { $0 >= 0 && $0 < 5 ? $0 : nil }
        // Chordset 0 dropped below row 3 ends up at index 3; chordset 4 dropped at the top at 0.
        XCTAssertEqual(DropPlacement.destination(from: 0, fromRow: 0, gap: 4, rowCount: 5, chordsetIndex: all), 3)
        XCTAssertEqual(DropPlacement.destination(from: 0, fromRow: 0, gap: 5, rowCount: 5, chordsetIndex: all), 4)
        XCTAssertEqual(DropPlacement.destination(from: 4, fromRow: 4, gap: 0, rowCount: 5, chordsetIndex: all), 0)
        XCTAssertEqual(DropPlacement.destination(from: 3, fromRow: 3, gap: 1, rowCount: 5, chordsetIndex: all), 1)
        // Next to itself: no move.
        XCTAssertNil(DropPlacement.destination(from: 2, fromRow: 2, gap: 2, rowCount: 5, chordsetIndex: all))
        XCTAssertNil(DropPlacement.destination(from: 2, fromRow: 2, gap: 3, rowCount: 5, chordsetIndex: all))
        XCTAssertNil(DropPlacement.destination(from: 0, fromRow: 0, gap: 9, rowCount: 5, chordsetIndex: all))
    }

    func testDestinationsDuringASearchFollowTheRowAbove() async throws {
        // Rows show chordsets 1, 4 and 6 of 8.
        let shown = [1, 4, 6]
        let rows: (Int) -> Int? = { $0 >= 0 && $0 < shown.count ? shown[$0] : nil }
        // Chordset 6 (row 2) between rows 0 and 1: right after chordset 1.
        XCTAssertEqual(DropPlacement.destination(from: 6, fromRow: 2, gap: 1, rowCount: 3, chordsetIndex: rows), 2)
        // At the top: right before chordset 1.
        XCTAssertEqual(DropPlacement.destination(from: 6, fromRow: 2, gap: 0, rowCount: 3, chordsetIndex: rows), 1)
        // Chordset 1 (row 0) below the last row: right after chordset 6, which moves up by one.
        XCTAssertEqual(DropPlacement.destination(from: 1, fromRow: 0, gap: 3, rowCount: 3, chordsetIndex: rows), 6)
        // A chordset the search hides (an added one is shown, but the rule holds for any).
        XCTAssertEqual(DropPlacement.destination(from: 7, fromRow: nil, gap: 1, rowCount: 3, chordsetIndex: rows), 2)
    }

    // MARK: The move

    func testDroppingBelowARowMovesTheChordsetThereInOneUndoStepAndFocusesIt() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest", "Night"]))
        try startDrag("Warm", in: window)
        let lower = try point(inRow: 2, at: 0.75, of: window)

        XCTAssertTrue(window.list.dropTarget.drop(x: lower.x, y: lower.y))

        XCTAssertEqual(titles(window), ["Ocean", "Forest", "Warm", "Night"])
        XCTAssertEqual(window.controller.unsavedChangeCount, 1, "one row to write")
        XCTAssertEqual(window.list.selectedPosition, 2)
        XCTAssertTrue(pump(until: { window.list.boundRow(at: 2)?.containsFocus == true }), "the moved row has the focus")
        XCTAssertNil(window.list.dropTarget.indicator.row, "the indicator goes with the drop")

        activate(.undo, in: window)
        XCTAssertEqual(titles(window), ["Warm", "Ocean", "Forest", "Night"])
        XCTAssertFalse(window.controller.canUndo, "the move was one step")
        activate(.redo, in: window)
        XCTAssertEqual(titles(window), ["Ocean", "Forest", "Warm", "Night"])
    }

    func testDraggingOneOfSeveralSelectedRowsMovesThemAllTogetherInOneStep() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest", "Night", "Dusk"]))
        window.list.select(rows: [0, 2])
        try startDrag("Forest", in: window)
        let lower = try point(inRow: 3, at: 0.75, of: window)

        XCTAssertTrue(window.list.dropTarget.drop(x: lower.x, y: lower.y))
        // The window updates its actions (Undo among them) once the main loop is idle.
        pump(seconds: 0.1)

        XCTAssertEqual(titles(window), ["Ocean", "Night", "Warm", "Forest", "Dusk"])
        XCTAssertEqual(window.list.selectedChordsets.map(\.title), ["Warm", "Forest"], "they stay selected")
        XCTAssertEqual(window.controller.unsavedChangeCount, 2, "one row each")
        activate(.undo, in: window)
        XCTAssertEqual(titles(window), ["Warm", "Ocean", "Forest", "Night", "Dusk"])
        XCTAssertFalse(window.controller.canUndo, "the move was one step")

        // Dropped at the top: before the first row.
        window.list.select(rows: [3, 4])
        try startDrag("Dusk", in: window)
        let top = try point(inRow: 0, at: 0.25, of: window)
        XCTAssertTrue(window.list.dropTarget.drop(x: top.x, y: top.y))
        XCTAssertEqual(titles(window), ["Night", "Dusk", "Warm", "Ocean", "Forest"])
    }

    func testDroppingARowNextToItselfDoesNothing() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest"]))
        try startDrag("Ocean", in: window)
        let target = window.list.dropTarget
        for (row, fraction) in [(1, 0.25), (1, 0.75), (0, 0.75), (2, 0.25)] {
            let spot = try point(inRow: row, at: fraction, of: window)
            XCTAssertFalse(target.hover(x: spot.x, y: spot.y), "row \(row) at \(fraction)")
            XCTAssertNil(target.indicator.row, "no indicator where nothing would move")
            XCTAssertFalse(target.drop(x: spot.x, y: spot.y))
        }
        XCTAssertEqual(titles(window), ["Warm", "Ocean", "Forest"])
        XCTAssertFalse(window.controller.canUndo)
    }

    func testADropDuringASearchLandsRightAfterTheShownRowAbove() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Warm Sand", "Forest", "Warm Night"]))
        if !window.search.isOpen { activate(.find, in: window) }
        window.search.setText("warm")
        XCTAssertTrue(pump(until: { window.list.filter?.query == "warm" }))
        pump(seconds: 0.05)
        XCTAssertEqual(shownTitles(window), [0: "Warm", 1: "Warm Sand", 2: "Warm Night"])

        try startDrag("Warm Night", in: window)
        let spot = try point(inRow: 0, at: 0.75, of: window)  // between Warm and Warm Sand
        XCTAssertTrue(window.list.dropTarget.drop(x: spot.x, y: spot.y))

        XCTAssertEqual(titles(window), ["Warm", "Warm Night", "Ocean", "Warm Sand", "Forest"])
        XCTAssertEqual(shownTitles(window), [0: "Warm", 1: "Warm Night", 2: "Warm Sand"])
        XCTAssertEqual(window.list.selectedChordset?.title, "Warm Night")
        activate(.undo, in: window)
        XCTAssertEqual(titles(window), ["Warm", "Ocean", "Warm Sand", "Forest", "Warm Night"])
    }

    // MARK: What a hover shows

    func testTheIndicatorMarksTheRowNextToTheGapAndIsClearedOnLeaving() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest", "Night"]))
        try startDrag("Warm", in: window)
        let target = window.list.dropTarget
        let rowTwo = try XCTUnwrap(window.list.boundRow(atRow: 2))
        let rowThree = try XCTUnwrap(window.list.boundRow(atRow: 3))

        let upper = try point(inRow: 2, at: 0.3, of: window)
        XCTAssertTrue(target.hover(x: upper.x, y: upper.y))
        XCTAssertNotEqual(gtk_widget_has_css_class(rowTwo.widget, "drop-above"), 0)

        // The lower half of the last row: a line under it.
        let last = try point(inRow: 3, at: 0.8, of: window)
        XCTAssertTrue(target.hover(x: last.x, y: last.y))
        XCTAssertEqual(gtk_widget_has_css_class(rowTwo.widget, "drop-above"), 0, "one row is marked at a time")
        XCTAssertNotEqual(gtk_widget_has_css_class(rowThree.widget, "drop-below"), 0)

        target.leave()
        XCTAssertEqual(gtk_widget_has_css_class(rowThree.widget, "drop-below"), 0)
        XCTAssertNil(target.indicator.row)
    }

    func testHoveringNearAnEdgeScrollsUntilThePointerLeavesTheZoneOrTheDragEnds() async throws {
        let window = makeWindow(try makeController(titles: (1...80).map { "Chordset \($0)" }))
        try startDrag("Chordset 1", in: window)
        let target = window.list.dropTarget
        let adjustment = gtk_scrolled_window_get_vadjustment(cgtk_scrolled_window(window.list.scrolledWindow))
        let height = Double(gtk_widget_get_height(window.list.listView))
        XCTAssertEqual(gtk_adjustment_get_value(adjustment), 0)

        target.hover(x: 40, y: height - 4)
        XCTAssertTrue(target.edgeScroll.isScrolling)
        XCTAssertTrue(pump(until: { gtk_adjustment_get_value(adjustment) > 100 }), "the list scrolls down")

        // Out of the zone: it stops where it is.
        target.hover(x: 40, y: height / 2)
        XCTAssertFalse(target.edgeScroll.isScrolling)
        let stopped = gtk_adjustment_get_value(adjustment)
        pump(seconds: 0.2)
        XCTAssertEqual(gtk_adjustment_get_value(adjustment), stopped, accuracy: 1, "GTK rounds to whole pixels")

        // Near the top it scrolls back up; the end of the drag stops it.
        target.hover(x: 40, y: 2)
        XCTAssertTrue(pump(until: { gtk_adjustment_get_value(adjustment) < stopped - 20 }), "the list scrolls up")
        target.dragEnded(nil)
        XCTAssertFalse(target.edgeScroll.isScrolling)
        XCTAssertNil(target.current)
        let ended = gtk_adjustment_get_value(adjustment)
        pump(seconds: 0.2)
        XCTAssertEqual(gtk_adjustment_get_value(adjustment), ended, accuracy: 1)
    }

    func testAPressThatIsASwipeOrInTheTitleBeingEditedDoesNotDrag() async throws {
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean"]))
        let row = try XCTUnwrap(window.list.boundRow(atRow: 1))
        XCTAssertTrue(RowDragSource.mayDrag(row, pressedAt: (40, 20), movedBy: (1, 8)))
        XCTAssertFalse(RowDragSource.mayDrag(row, pressedAt: (40, 20), movedBy: (-9, 2)), "mostly sideways: a swipe")

        row.title.startEditing()
        pump(seconds: 0.05)
        let field = try XCTUnwrap(row.title.editingField)
        var x = 0.0, y = 0.0
        XCTAssertNotEqual(cgtk_widget_translate_point(field, row.widget, 5, 5, &x, &y), 0)
        XCTAssertFalse(RowDragSource.mayDrag(row, pressedAt: (x, y), movedBy: (0, 9)), "in the field being edited")
        row.title.cancel()

        row.swipe.open()
        XCTAssertTrue(pump(until: { row.swipe.isOpen }))
        XCTAssertFalse(RowDragSource.mayDrag(row, pressedAt: (40, 20), movedBy: (0, 9)), "an open row")
    }

    func testTheDragIconIsAPictureOfTheRowAtItsSize() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let row = try XCTUnwrap(window.list.boundRow(atRow: 0))
        let icon = try XCTUnwrap(RowDragSource.icon(of: row.widget))
        defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
        XCTAssertEqual(gdk_paintable_get_intrinsic_width(icon), gtk_widget_get_width(row.widget))
        XCTAssertEqual(gdk_paintable_get_intrinsic_height(icon), gtk_widget_get_height(row.widget))
    }

    // MARK: Out of the window

    /// The GdkFileList a drag's content offers, as local paths.
    func offeredPaths(_ provider: UnsafeMutablePointer<GdkContentProvider>) -> [String] {
        var value = GValue()
        g_value_init(&value, gdk_file_list_get_type())
        defer { g_value_unset(&value) }
        guard gdk_content_provider_get_value(provider, &value, nil) != 0, let boxed = g_value_get_boxed(&value) else { return [] }
        let list = gdk_file_list_get_files(OpaquePointer(boxed))
        defer { g_slist_free(list) }
        var paths: [String] = []
        var node = list
        while let current = node {
            if let file = current.pointee.data, let path = g_file_get_path(OpaquePointer(file)) {
                paths.append(String(cString: path))
                g_free(path)
            }
            node = current.pointee.next
        }
        return paths
    }

    func testADragOffersTheChordsetWithItsLumisAsAJSONFileThatImportsBack() async throws {
        let dragFolder = useTemporaryDragFolder()
        let controller = try makeController(titles: ["Warm/Cold"])
        let chordset = controller.chordsets[0]
        var lumis = ChordsetLumis()
        lumis[2] = [Lumi(shape: .star, x: 0.5, y: 0.4, size: 0.3, color: RGBAColor(red: 255, green: 233, blue: 168))]
        let provider = RowDragSource.content(for: chordset, carrying: [chordset], lumis: [lumis])
        defer { g_object_unref(UnsafeMutableRawPointer(provider)) }

        let paths = offeredPaths(provider)
        XCTAssertEqual(paths.count, 1)
        let path = try XCTUnwrap(paths.first)
        XCTAssertEqual((path as NSString).lastPathComponent, "Warm-Cold.json")
        XCTAssertTrue(path.hasPrefix(dragFolder.path + "/"))
        let folder = (path as NSString).deletingLastPathComponent
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int)
        XCTAssertEqual(mode & 0o077, 0, "only this user can read the drag's folder")

        let read = try ChordsetDocument.read(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(read.chordsets.map(\.id), [chordset.id])
        XCTAssertEqual(read.chordsets.first?.title, "Warm/Cold")
        XCTAssertEqual(read.chordsets.first?.chords, chordset.chords)
        XCTAssertEqual(read.lumis.first?[2].map(\.shape), [.star])
        XCTAssertEqual(read.lumis.first?[0], [])

        // The next drag removes this one's folder.
        let next = RowDragSource.content(for: chordset, carrying: [chordset], lumis: [.none])
        defer { g_object_unref(UnsafeMutableRawPointer(next)) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder))
        XCTAssertEqual(offeredPaths(next).count, 1)
    }

    func testADragOfOneOfSeveralSelectedRowsCarriesTheSelectionOut() async throws {
        _ = useTemporaryDragFolder()
        let window = makeWindow(try makeController(titles: ["Warm", "Ocean", "Forest", "Dusk"]))
        let chordsets = window.controller.chordsets
        window.list.select(rows: [3, 1])
        pump(seconds: 0.1)

        let carried = window.list.chordsetsCarried(draggingRow: 3, chordset: chordsets[3])
        XCTAssertEqual(carried.map(\.title), ["Ocean", "Dusk"], "the selection, in list order")
        XCTAssertEqual(window.list.chordsetsCarried(draggingRow: 0, chordset: chordsets[0]).map(\.title), ["Warm"],
                       "a row outside the selection carries itself")

        let provider = RowDragSource.content(for: chordsets[3], carrying: carried, lumis: carried.map { _ in .none })
        defer { g_object_unref(UnsafeMutableRawPointer(provider)) }
        let path = try XCTUnwrap(offeredPaths(provider).first)
        XCTAssertEqual((path as NSString).lastPathComponent, "Chordsets.json")
        let read = try ChordsetDocument.read(contentsOf: URL(fileURLWithPath: path))
        XCTAssertEqual(read.chordsets.map(\.id), [chordsets[1].id, chordsets[3].id])
    }

    func testADragOfASelectionOverTheLimitCarriesTheDraggedRowAlone() async throws {
        let titles = (0...ChordsetList.carryLimit).map { "Chordset \($0)" }
        let window = makeWindow(try makeController(titles: titles))
        activate(.selectAll, in: window)
        let dragged = window.controller.chordsets[2]
        XCTAssertEqual(window.list.chordsetsCarried(draggingRow: 2, chordset: dragged).map(\.id), [dragged.id])
    }

    // MARK: A drag folder someone else could reach

    /// A folder of the test's own, removed afterwards.
    func temporaryFolder(_ name: String) -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imager-\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder
    }

    func dragOneChordset() throws -> String {
        let chordset = try makeController(titles: ["Warm"]).chordsets[0]
        return try DragFile.write([chordset], lumis: [.none]).path
    }

    func testADragFolderThatIsALinkIsNotUsedAndNothingPilesUpWhereItPoints() async throws {
        let cache = temporaryFolder("drag-cache")
        let elsewhere = temporaryFolder("drag-elsewhere")
        try FileManager.default.createDirectory(at: cache.appendingPathComponent("imager"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: cache.appendingPathComponent("imager/drag"), withDestinationURL: elsewhere)
        DragFile.root = cache.appendingPathComponent("imager/drag")
        DragFile.fallbackRoot = temporaryFolder("drag-runtime").appendingPathComponent("imager/drag")

        let path = try dragOneChordset()
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [],
                       "the drag wrote into the folder the link points at")
        XCTAssertTrue(path.hasPrefix(DragFile.fallbackRoot.path + "/"), "\(path) is not in the private fallback folder")
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: DragFile.root.path), elsewhere.path)
    }

    func testADragFolderOthersCanWriteToIsClosedToThemBeforeUse() async throws {
        let cache = temporaryFolder("drag-cache")
        let root = cache.appendingPathComponent("imager/drag")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for folder in [cache.appendingPathComponent("imager"), root] {
            XCTAssertEqual(chmod(folder.path, 0o777), 0)
        }
        DragFile.root = root
        DragFile.fallbackRoot = temporaryFolder("drag-runtime").appendingPathComponent("imager/drag")

        let path = try dragOneChordset()
        XCTAssertTrue(path.hasPrefix(root.path + "/"), "\(path) is not in the drag folder")
        for folder in [cache.appendingPathComponent("imager").path, root.path, (path as NSString).deletingLastPathComponent] {
            let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int)
            XCTAssertEqual(mode & 0o022, 0, "others can still write to \(folder)")
        }
    }

    func testADragFolderOfAnotherUserIsNotUsed() async throws {
        try XCTSkipUnless(geteuid() == 0, "giving a folder to another user needs root")
        let cache = temporaryFolder("drag-cache")
        let root = cache.appendingPathComponent("imager/drag")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        XCTAssertEqual(chown(root.path, 65534, 65534), 0)
        DragFile.root = root
        DragFile.fallbackRoot = temporaryFolder("drag-runtime").appendingPathComponent("imager/drag")

        let path = try dragOneChordset()
        XCTAssertTrue(path.hasPrefix(DragFile.fallbackRoot.path + "/"), "\(path) is not in the private fallback folder")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path), [])
    }

    func testFileNamesComeFromTheTitle() async throws {
        XCTAssertEqual(DragFile.fileName(for: "Warm"), "Warm.json")
        XCTAssertEqual(DragFile.fileName(for: "../secret"), "-secret.json")
        XCTAssertEqual(DragFile.fileName(for: " .hidden "), "hidden.json")
        XCTAssertEqual(DragFile.fileName(for: "a\u{0}b\nc"), "a-b-c.json")
        XCTAssertEqual(DragFile.fileName(for: "   "), "Chordset.json")
        XCTAssertLessThanOrEqual(DragFile.fileName(for: String(repeating: "ä", count: 300)).utf8.count, 205)
    }

    func testTheWindowRefusesARowDraggedFromItsOwnListButTakesFiles() async throws {
        _ = useTemporaryDragFolder()
        let controller = try makeController(titles: ["Warm"])
        let provider = RowDragSource.content(for: controller.chordsets[0], carrying: [controller.chordsets[0]], lumis: [.none])
        defer { g_object_unref(UnsafeMutableRawPointer(provider)) }
        // What a GdkDrop offers, as GDK makes it: a drag's content types widened to the mime
        // types they can be written as, and a drop's widened to the types those can be read as.
        let rowFormats = gdk_content_formats_union_deserialize_gtypes(
            gdk_content_formats_union_serialize_mime_types(gdk_content_provider_ref_formats(provider)))
        defer { gdk_content_formats_unref(rowFormats) }
        // The window's own target, as installDropTarget makes it.
        let windowTarget = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        defer { g_object_unref(UnsafeMutableRawPointer(windowTarget)) }
        let windowFormats = gtk_drop_target_get_formats(windowTarget)
        // A file manager's drag.
        let fileFormats = gdk_content_formats_union_deserialize_gtypes(gdk_content_formats_parse("text/uri-list"))
        defer { gdk_content_formats_unref(fileFormats) }
        let copyOrMove = GdkDragAction(rawValue: GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue)

        XCTAssertNotEqual(gdk_content_formats_contain_mime_type(rowFormats, "text/uri-list"), 0, "the row offers its file")
        XCTAssertFalse(MainWindow.accepts(formats: rowFormats, actions: copyOrMove, target: windowFormats))
        XCTAssertTrue(MainWindow.accepts(formats: fileFormats, actions: copyOrMove, target: windowFormats))
        XCTAssertFalse(MainWindow.accepts(formats: fileFormats, actions: GDK_ACTION_MOVE, target: windowFormats))
    }
}
