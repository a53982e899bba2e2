import CAdw
import CGtk
import Foundation
import ImagerCore
@testable import ImagerGtk
import XCTest

/// The window's small things: a title's tooltip, the Sync dialog's words, the Export Palette
/// filters, and the question dialogs' title and buttons.
@MainActor
final class WindowDetailsTests: GtkTestCase {
    func testATitleShownInFullHasNoTooltipAndOneCutShortHasItInFull() async throws {
        let long = String(repeating: "A title far too long for its row ", count: 6) + "end"
        let window = makeWindow(try makeController(titles: ["Warm", long]))
        pump(seconds: 0.2)
        let short = try XCTUnwrap(window.list.boundRow(at: 0))
        let cut = try XCTUnwrap(window.list.boundRow(at: 1))
        XCTAssertNil(short.title.tooltipText, "“Warm” shows in full: a tooltip would only repeat it")
        XCTAssertEqual(cut.title.tooltipText, long)
    }

    func testThePaletteFiltersChooseTheFormatAndTheNameFollows() {
        let filters = FileTransfer.paletteFilters
        let byFormat = Dictionary(uniqueKeysWithValues: filters.compactMap { filter in filter.format.map { ($0, filter) } })
        XCTAssertEqual(Set(byFormat.keys), ["gpl", "css", "svg"])
        XCTAssertNil(filters[0].format, "“Palettes” leaves the format to the name")
        XCTAssertEqual(filters[0].following("Fireflies.svg"), "Fireflies.svg")
        XCTAssertEqual(byFormat["css"]?.following("Fireflies.gpl"), "Fireflies.css")
        XCTAssertEqual(byFormat["svg"]?.following("Fire.flies"), "Fire.svg")
        XCTAssertEqual(byFormat["gpl"]?.following("Fireflies"), "Fireflies.gpl")
        XCTAssertEqual(byFormat["css"]?.following("Fireflies.CSS"), "Fireflies.CSS", "already a CSS name, in any case")
        XCTAssertEqual(byFormat["css"]?.following("/tmp/a.b/Warm.gpl"), "/tmp/a.b/Warm.css")
    }

    func testAQuestionSaysWhatItAsksAndItsButtonsStandApart() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        let dialog = MessageDialog.confirm(over: window.window, "Delete All Chordsets?", detail: "All 1 chordset will be deleted.",
                                           actionLabel: "Delete All") {}
        defer { cadw_message_close(dialog) }
        pump(seconds: 0.5)
        XCTAssertEqual(OpenMessages.all(), [dialog])
        let texts = OpenMessages.texts(of: dialog)
        XCTAssertTrue(texts.contains("Delete All Chordsets?"), "\(texts)")
        XCTAssertTrue(texts.contains("All 1 chordset will be deleted."), "\(texts)")

        let buttons = OpenMessages.buttons(of: dialog)
        XCTAssertEqual(buttons.count, 2)
        // libadwaita's layout: side by side along the foot, apart, each wholly in the dialog.
        let cancel = bounds(buttons[0], in: dialog), delete = bounds(buttons[1], in: dialog)
        XCTAssertGreaterThanOrEqual(delete.origin.x, cancel.origin.x + cancel.size.width, "the buttons do not overlap")
        XCTAssertEqual(cancel.origin.y, delete.origin.y, "on one line")
        let width = Float(gtk_widget_get_width(dialog)), height = Float(gtk_widget_get_height(dialog))
        XCTAssertGreaterThanOrEqual(cancel.origin.x, 0)
        XCTAssertLessThanOrEqual(delete.origin.x + delete.size.width, width)
        XCTAssertLessThanOrEqual(cancel.origin.y + cancel.size.height, height)
        XCTAssertGreaterThan(cancel.size.width, 40, "a button wide enough for its word")
    }

    /// libadwaita shows the licence as a label's markup: it must parse (a label given markup
    /// that does not parse shows nothing), and link its address.
    func testTheAboutLicenceIsMarkupThatLinksItsAddress() throws {
        let label = gtk_label_new(nil)!
        g_object_ref_sink(UnsafeMutableRawPointer(label))
        defer { g_object_unref(UnsafeMutableRawPointer(label)) }
        gtk_label_set_markup(cgtk_label(label), AboutDialog.license)
        let shown = String(cString: gtk_label_get_text(cgtk_label(label)))
        XCTAssertTrue(shown.hasPrefix("Imager is free software under the MIT License"), shown)
        XCTAssertTrue(shown.hasSuffix("https://opensource.org/license/mit"), shown)
        XCTAssertTrue(AboutDialog.license.contains("<a href=\"https://opensource.org/license/mit\">"))
    }

    func testAnErrorMessageSaysWhatFailedAndWhy() async throws {
        let window = makeWindow(try makeController(titles: ["Warm"]))
        MessageDialog.inform(over: window.window, "Could not import the file", detail: "notes.json: line 3 is not JSON.")
        pump(seconds: 0.3)
        let messages = OpenMessages.all()
        XCTAssertEqual(messages.count, 1)
        let texts = messages.first.map(OpenMessages.texts(of:)) ?? []
        XCTAssertTrue(texts.contains("Could not import the file"), "\(texts)")
        XCTAssertTrue(texts.contains("notes.json: line 3 is not JSON."), "\(texts)")
        OpenMessages.closeAll()
    }

    func testTheSyncDialogSaysWhatLastArrivedInTheWordsItUsesAndStopIsNotRed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imager-sync-details-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let controller = try makeController(titles: ["Alpha", "Beta"])
        let window = makeWindow(controller)
        activate(.sync, in: window)
        let dialog = try XCTUnwrap(window.syncDialog)
        XCTAssertEqual(gtk_widget_has_css_class(dialog.stopButton, "destructive-action"), 0,
                       "stopping deletes nothing: no red button")
        dialog.choose(folder: folder.path)
        let liveSync = try XCTUnwrap(window.liveSync)
        XCTAssertTrue(pump(until: { liveSync.lastSummary != nil }, seconds: 5))

        // Another computer renames Beta; the rename arrives, then rounds that bring nothing.
        let other = ChordsetStore.inMemory()
        try other.setSyncFolder(folder.path)
        _ = try SyncRound(store: other, folder: folder, machine: "other").run()
        let otherController = try ChordsetController(store: other)
        let beta = try XCTUnwrap(otherController.chordsets.first { $0.title == "Beta" }).id
        otherController.rename(id: beta, to: "Beta, renamed elsewhere")
        _ = otherController.save()
        _ = try SyncRound(store: other, folder: folder, machine: "other").run()
        XCTAssertTrue(pump(until: { controller.chordsets.first { $0.id == beta }?.title == "Beta, renamed elsewhere" }, seconds: 5))
        let rounds = SyncRounds(liveSync)
        XCTAssertTrue(pump(until: { rounds.look() > 1 }, seconds: 5))
        let status = String(cString: gtk_label_get_text(cgtk_label(dialog.statusLabel)))
        XCTAssertTrue(status.contains("1 chordset changed on another computer arrived at"), status)
        XCTAssertFalse(status.contains("0 received"), status)
        XCTAssertFalse(status.lowercased().contains("device"), "the dialog speaks of computers: \(status)")
        dialog.close()
        pump(seconds: 0.1)
    }

    private func bounds(_ widget: Widget, in ancestor: Widget) -> graphene_rect_t {
        var rect = graphene_rect_t()
        _ = gtk_widget_compute_bounds(widget, ancestor, &rect)
        return rect
    }
}
