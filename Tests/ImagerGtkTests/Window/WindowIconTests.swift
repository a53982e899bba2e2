import CGtk
import ImagerCore
import ImagerGLib
@testable import ImagerGtk
import XCTest

/// The window's icon (what an X11 window manager shows in its task list) is Imager's, and it
/// is set once the first frame is on screen: GTK renders it from its SVG when it is set on
/// a realized window, and the launch does not wait for that.
@MainActor
final class WindowIconTests: GtkTestCase {
    func testTheWindowGetsImagersIconAfterItsFirstFrame() async throws {
        let window = MainWindow(application: Self.application!, controller: try makeController(titles: ["Warm"]),
                                remembersSize: false)
        defer { gtk_window_destroy(cgtk_window(window.window)) }
        window.present()

        XCTAssertNil(gtk_window_get_icon_name(cgtk_window(window.window)), "no icon before the first frame")
        var painted = false
        let clock = try XCTUnwrap(gtk_widget_get_frame_clock(window.window))
        let handle = Signal.connect(clock, "after-paint") { painted = true }
        defer { handle.disconnect() }
        XCTAssertTrue(pump(until: { painted }), "the window should paint a frame")
        pump(seconds: 0.05)
        XCTAssertEqual(gtk_window_get_icon_name(cgtk_window(window.window)).map { String(cString: $0) },
                       StoreLocation.appID)
    }
}
