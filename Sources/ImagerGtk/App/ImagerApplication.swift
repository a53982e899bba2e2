import CAdw
import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// The application (libadwaita's, which brings its stylesheet and follows the desktop's light,
/// dark and high-contrast styles and accent colour) and what lives as long as it: the controller (opened in the primary
/// instance's `startup`, never before `g_application_run`), the window, app actions and
/// the Unix signals that save and quit.
package final class ImagerApplication {
    /// Which store the window edits.
    package enum Store {
        /// The user's, at the XDG path: the product.
        case user
        /// One a program that drives the window gives: no single instance, no remembered size.
        case given(database: URL, seed: URL)
    }

    /// Owned (one reference): an AdwApplication.
    let application: UnsafeMutablePointer<GtkApplication>
    private let store: Store
    private let onWindowReady: ((MainWindow) -> Void)?
    private var controller: ChordsetController?
    private var notices: [StartupNotice] = []
    private var window: MainWindow?

    package init(store: Store, onWindowReady: ((MainWindow) -> Void)? = nil) {
        self.store = store
        self.onWindowReady = onWindowReady
        if case .user = store {
            application = cadw_application_new(StoreLocation.appID, GApplicationFlags(rawValue: 0))
        } else {
            application = cadw_application_new(StoreLocation.appID, G_APPLICATION_NON_UNIQUE)
        }
        Signal.connect(application, "startup") { [weak self] in self?.startup() }
        Signal.connect(application, "activate") { [weak self] in self?.activate() }
    }

    isolated deinit {
        g_object_unref(application)
    }

    package func run(arguments: [String]) -> Int32 {
        OneMallocArena.shareIt()
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        return g_application_run(cgtk_gapplication(application), Int32(arguments.count), &argv)
    }

    private func startup() {
        StartupTrace.mark("startup")
        let (database, seed) = switch store {
        case .user: (StoreLocation.databaseURL(), DataFiles.seedURL())
        case let .given(database, seed): (database, seed)
        }
        let size = if case .user = store { WindowSize.load() } else { WindowSize.fallback }
        let startup = AppStartup.open(database: database, seed: seed, firstPage: Self.firstPageSize(for: size))
        controller = startup.controller
        notices = startup.notices
        StartupTrace.mark("store-opened")
        Stylesheet.install()
        if let display = gdk_display_get_default() {
            let theme = gtk_icon_theme_get_for_display(display)
            for folder in DataFiles.iconDirectories() { gtk_icon_theme_add_search_path(theme, folder.path) }
        }
        StartupTrace.mark("stylesheet")
        installAppActions()
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            MainLoop.onUnixSignal(signal) { [weak self] in self?.quitNow() }
        }
    }

    /// The first launch opens the window; later launches (and the desktop) only raise it.
    private func activate() {
        if let window {
            window.present()
            return
        }
        guard let controller else { return }
        StartupTrace.mark("activate")
        let remembersSize = if case .user = store { true } else { false }
        let window = MainWindow(application: application, controller: controller, remembersSize: remembersSize)
        StartupTrace.mark("window-built")
        window.onQuit = { [weak self] in self?.quit() }
        self.window = window
        window.present()
        StartupTrace.mark("presented")
        loadRemainder(into: controller, window: window)
        window.startControllers()
        onWindowReady?(window)
        window.showNotices(notices)
        notices = []
    }

    /// Enough rows to fill the window's first frame, and no more: GTK 4.8's list view builds a
    /// row widget for every item up to about 200, visible or not, so each row beyond what
    /// shows only delays the first frame.
    /// The window's height, or the tallest monitor's when it opens maximized, over the least
    /// a row can be (`ChordsetRow.minimumHeight`), and two more.
    static func firstPageSize(for size: WindowSize) -> Int {
        var height = Int(size.height)
        if size.maximized, let display = gdk_display_get_default() {
            let monitors = gdk_display_get_monitors(display)
            for index in 0..<g_list_model_get_n_items(monitors) {
                guard let monitor = g_list_model_get_item(monitors, index) else { continue }
                var geometry = GdkRectangle()
                gdk_monitor_get_geometry(OpaquePointer(monitor), &geometry)
                height = max(height, Int(geometry.height))
                g_object_unref(monitor)
            }
        }
        return height / Int(ChordsetRow.minimumHeight) + 2
    }

    /// Reads the rest of a large list on another thread while the window paints its first
    /// page, and hands it to the controller on the main loop once that page is on screen.
    /// Only the loader and its Sendable result cross threads; the window, its first-frame
    /// watch and the controller are looked up again on the main thread.
    private func loadRemainder(into controller: ChordsetController, window: MainWindow) {
        guard let load = controller.remainderLoader else { return }
        let firstFrame = FirstFrame(window: window.window)
        DispatchQueue.global(qos: .userInitiated).async {
            let result = load()
            MainLoop.idleFromAnyThread { [weak window] in
                guard let window else { return }
                firstFrame.whenPainted { [weak window] in
                    window?.controller.finishLoading(result)
                    window?.listLoaded()
                }
            }
        }
    }

    /// app.about and app.quit; their keys are bound with the others by `WindowAction.bindKeys`.
    private func installAppActions() {
        for action in WindowAction.allCases where action.group == .application {
            let simple = g_simple_action_new(action.name, nil)!
            Signal.connectPointer(simple, "activate") { [weak self] _ in
                guard let self else { return }
                switch action {
                case .quit: self.quit()
                default: self.window?.perform(action)
                }
            }
            g_action_map_add_action(cgtk_action_map(application), cgtk_action(UnsafeMutableRawPointer(simple)))
            g_object_unref(UnsafeMutableRawPointer(simple))
        }
    }

    /// Ctrl+Q: save first; a failed save keeps the window open once, with the banner.
    private func quit() {
        if let window, !window.finish(again: { [weak self] in self?.quit() }) { return }
        g_application_quit(cgtk_gapplication(application))
    }

    /// SIGTERM, SIGINT, SIGHUP: save what can be saved and go.
    private func quitNow() {
        window?.finishNow()
        if window == nil, let controller {
            // Kept alive through the save: a save that finds the database busy schedules a
            // retry that holds it weakly (moot here, as the app quits next).
            let autosave = Autosave(controller: controller)
            withExtendedLifetime(autosave) { _ = autosave.save() }
        }
        g_application_quit(cgtk_gapplication(application))
    }
}
