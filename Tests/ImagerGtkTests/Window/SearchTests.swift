import CGtk
import ImagerCore
@testable import ImagerGtk
import XCTest

/// The search bar: filtering by title, "No Results Found", closing, and editing meanwhile.
@MainActor
final class SearchTests: GtkTestCase {
    let titles = ["Warm", "Ocean", "Café Noir", "Forest", "Deep Ocean", "Cafeteria"]

    func search(_ text: String, in window: MainWindow) {
        if !window.search.isOpen { activate(.find, in: window) }
        window.search.setText(text)
        // GtkSearchEntry reports the text after a short pause in the typing.
        XCTAssertTrue(pump(until: { window.list.filter?.query == (text.isEmpty ? nil : text) }))
        pump(seconds: 0.05)
    }

    func testCtrlFOpensTheBarAndTheListShowsOnlyMatchingTitles() async throws {
        let window = makeWindow(try makeController(titles: titles))
        activate(.find, in: window)
        XCTAssertTrue(window.search.isOpen)

        search("OCEAN", in: window)

        XCTAssertEqual(window.list.rowCount, 2)
        XCTAssertEqual(window.list.model.count, 2)
        XCTAssertEqual(shownTitles(window).sorted(by: { $0.key < $1.key }).map(\.value), ["Ocean", "Deep Ocean"])
        XCTAssertEqual(window.controller.count, titles.count, "a search changes no chordset")
    }

    func testTheTitlesAreFoldedBeforeTheFirstKeystroke() async throws {
        let window = makeWindow(try makeController(titles: titles))
        // The titles are folded on another thread and handed over on the main loop.
        pump(seconds: 0.3)
        search("ocean", in: window)
        XCTAssertEqual(shownTitles(window).sorted(by: { $0.key < $1.key }).map(\.value), ["Ocean", "Deep Ocean"])
        XCTAssertEqual(window.list.search.foldCount, 0, "the keystroke folded titles itself")
    }

    /// After an edit the window folds the changed title when idle (`refreshSearchWhenIdle`),
    /// not at the next keystroke.
    func testARenamedTitleIsFoldedBeforeTheNextKeystroke() async throws {
        let controller = try makeController(titles: titles)
        let window = makeWindow(controller)
        pump(seconds: 0.3)
        controller.rename(id: controller.chordsets[1].id, to: "Zebra Crossing")
        pump(seconds: 0.3)
        let folds = window.list.search.foldCount
        XCTAssertEqual(folds, 1, "the idle refresh did not fold the renamed title")
        search("zebra", in: window)
        XCTAssertEqual(shownTitles(window).map(\.value), ["Zebra Crossing"])
        XCTAssertEqual(window.list.search.foldCount, folds, "the keystroke folded a title itself")
    }

    func testAccentsAndCaseAreIgnored() async throws {
        let window = makeWindow(try makeController(titles: titles))
        search("cafe", in: window)
        XCTAssertEqual(shownTitles(window).sorted(by: { $0.key < $1.key }).map(\.value), ["Café Noir", "Cafeteria"])
    }

    func testNothingMatchingShowsNoResultsFound() async throws {
        let window = makeWindow(try makeController(titles: titles))
        search("zebra", in: window)
        XCTAssertEqual(window.list.rowCount, 0)
        XCTAssertEqual(window.visiblePageName, "no-results")
        search("fore", in: window)
        XCTAssertEqual(window.visiblePageName, "list")
    }

    func testClosingShowsEverythingAndKeepsTheSelection() async throws {
        let window = makeWindow(try makeController(titles: titles))
        search("ocean", in: window)
        window.list.selectRow(1)  // "Deep Ocean"
        pump(seconds: 0.05)
        XCTAssertEqual(window.list.selectedChordset?.title, "Deep Ocean")

        window.search.close()
        pump(seconds: 0.2)

        XCTAssertFalse(window.search.isOpen)
        XCTAssertNil(window.list.filter)
        XCTAssertEqual(window.list.rowCount, titles.count)
        XCTAssertEqual(window.list.selectedPosition, 4)
        XCTAssertEqual(window.list.selectedChordset?.title, "Deep Ocean")
        for (position, title) in shownTitles(window) { XCTAssertEqual(title, titles[position]) }
    }

    func testEditingDeletingUndoAndAddingWorkDuringASearch() async throws {
        let window = makeWindow(try makeController(titles: titles))
        search("ocean", in: window)

        // Renaming a shown chordset so that it no longer matches keeps it in view.
        window.controller.rename(id: window.controller.chordsets[1].id, to: "Sea")
        pump(seconds: 0.05)
        XCTAssertEqual(shownTitles(window), [0: "Sea", 1: "Deep Ocean"])

        window.list.selectRow(1)
        pump(seconds: 0.05)
        activate(.deleteChordset, in: window)
        XCTAssertEqual(shownTitles(window), [0: "Sea"])
        XCTAssertEqual(window.controller.count, titles.count - 1)
        activate(.undo, in: window)
        XCTAssertEqual(shownTitles(window), [0: "Sea", 1: "Deep Ocean"])

        // An added chordset stays visible though its title does not match.
        activate(.addChordset, in: window)
        XCTAssertEqual(window.list.rowCount, 3)
        XCTAssertTrue(pump(until: { window.list.boundRow(at: window.controller.count - 1)?.title.isEditing == true }))
        XCTAssertEqual(shownTitles(window)[2], Chordset.defaultTitle)
    }

    func testMovingDuringASearchStepsOverHiddenRows() async throws {
        let window = makeWindow(try makeController(titles: titles))
        search("ocean", in: window)
        window.list.focus(position: 1)  // "Ocean"
        pump(seconds: 0.1)

        activate(.moveDown, in: window)

        XCTAssertEqual(window.controller.chordsets.map(\.title),
                       ["Warm", "Café Noir", "Forest", "Deep Ocean", "Ocean", "Cafeteria"])
        XCTAssertEqual(shownTitles(window), [0: "Deep Ocean", 1: "Ocean"])
        XCTAssertEqual(window.list.selectedChordset?.title, "Ocean")
    }

    func testASelectionTheSearchHidesComesBackWhenItCloses() async throws {
        let window = makeWindow(try makeController(titles: titles))
        window.list.select(position: 3)  // "Forest"
        pump(seconds: 0.05)

        search("ocean", in: window)
        XCTAssertNil(window.list.selectedChordset, "GTK does not pick another row in its place")
        search("zzz", in: window)
        window.search.close()
        pump(seconds: 0.2)

        XCTAssertEqual(window.list.selectedChordset?.title, "Forest")
    }
}
