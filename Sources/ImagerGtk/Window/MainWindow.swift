import CAdw
import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// The Imager window: header bar (+ and the main menu), the save banner, the list or the
/// empty state, and the toast. It follows the controller through `listChanged` and saves
/// through `Autosave` when it loses focus, closes or quits.
package final class MainWindow {
    package let controller: ChordsetController
    let autosave: Autosave
    /// Owned (one reference): the AdwApplicationWindow.
    package let window: Widget
    package let list: ChordsetList
    let toast: Toast
    let banner: SaveBanner
    let menu: MainMenu
    package let search: SearchBar
    /// Borrowed: the stack switching between the list and the empty state.
    let pages: Widget
    let emptyPage: Widget
    /// Borrowed: "No Results Found", shown when a search matches nothing.
    private let noResultsPage: Widget

    /// The window's actions, by case, to enable and disable them.
    var actions: [WindowAction: OpaquePointer] = [:]
    /// Set by the application: how Quit ends the app (a window on its own does nothing).
    var onQuit: () -> Void = {}

    private let remembersSize: Bool
    private var wasActive = false
    private var stateUpdateScheduled = false
    private var menuUpdateScheduled = false
    private var activityHandler: SignalHandle?
    /// The person chose "Close Without Saving" after a failed save.
    private var discardConfirmed = false
    /// Whether the window's icon waits for (or came with) the first frame.
    private var iconRequested = false
    /// While open: the "Close Without Saving?" question; nil otherwise.
    private(set) var closeConfirmation: Widget?
    /// A close that waits for another program to finish writing; run again once saved.
    private var closeAfterSave: (() -> Void)?
    /// Import or export running on another thread.
    var transfer: TransferProgress.Running?
    /// The open chord editor, kept alive while its window is.
    package var chordEditor: ChordEditor?
    /// The Perform view while it shows (see MainWindow+Perform).
    package var performance: PerformView?
    var performReturn: PerformReturn?
    /// Where the Perform view keeps its fade time.
    var performSettingsPath = PerformSettings.filePath
    /// Who answers Import…, Export… and the sync folder's question.
    var fileChooser = FileChooser.dialog
    /// Borrowed: the stack that swaps the editing content for the Perform view.
    private(set) var modes: Widget!
    let progress: TransferProgress
    let windowTitle = WindowTitle()
    /// Sync rounds while the window is open (nil over a read-only store, or when no second
    /// connection could be opened), over `syncStore`, a connection of its own.
    var liveSync: LiveSync?
    var syncStore: ChordsetStore?
    /// The open Sync dialog, kept alive while its window is.
    var syncDialog: SyncDialog?
    var preferencesWindow: PreferencesWindow?
    var setListsWindow: SetListsWindow?
    /// OSC and MIDI (MainWindow+Controllers).
    let controllers = WindowControllers()
    /// Borrowed: the header bar, the first of the areas Tab moves between.
    private(set) var headerBar: Widget?
    /// Set by `followKeyboard`.
    var listKeyboard: ListKeyboard?
    var titleTypeAhead: TitleTypeAhead?
    /// While Undo or Redo runs: the chordsets it puts into the list (MainWindow+UndoInSight).
    var comingBack: [UUID]?

    init(application: UnsafeMutablePointer<GtkApplication>, controller: ChordsetController,
         remembersSize: Bool = true) {
        self.controller = controller
        self.remembersSize = remembersSize
        autosave = Autosave(controller: controller)
        window = adw_application_window_new(application)
        g_object_ref(window)
        list = ChordsetList(controller: controller)
        toast = Toast(controller: controller)
        banner = SaveBanner()
        menu = MainMenu()
        progress = TransferProgress()
        pages = gtk_stack_new()
        emptyPage = EmptyState.make()
        noResultsPage = EmptyState.noResults()
        search = SearchBar(typingIn: list.listView)

        gtk_window_set_title(cgtk_window(window), "Imager")
        let size = remembersSize ? WindowSize.load() : WindowSize.fallback
        gtk_window_set_default_size(cgtk_window(window), size.width, size.height)
        if size.maximized { gtk_window_maximize(cgtk_window(window)) }
        // The HIG's smallest phone: 360 × 294 (rows put their cells under the title to fit).
        gtk_widget_set_size_request(window, 360, 294)

        // An AdwApplicationWindow has no title bar slot: the header bar heads its content, and
        // gives way to the Perform view with the rest of it.
        let frame = Widgets.box(GTK_ORIENTATION_VERTICAL)
        Widgets.append(makeHeaderBar(), to: frame)
        modes = gtk_stack_new()
        gtk_widget_set_vexpand(modes, 1)
        gtk_stack_add_named(cgtk_stack(modes), makeContent(), "edit")
        Widgets.append(modes, to: frame)
        adw_application_window_set_content(cadw_application_window(window), frame)

        // After a first-page start, sync's connection is opened with the rest of the list
        // (`listLoaded`): sync waits for the whole list anyway, and opening it here would
        // hold the first frame up.
        if !controller.isLoadingRest { openSync() }
        installActions()
        installDropTarget()
        WindowAction.bindKeys(application: application, window: window, list: list.listView)
        connect()
        followKeyboard()
        stateChanged()
        // With a first page only, sync waits for the rest (`listLoaded`).
        if !controller.isLoadingRest { liveSync?.start() }
    }

    /// The rest of a first-page start is in the list.
    func listLoaded() {
        openSync()
        liveSync?.listLoaded()
        stateChanged()
    }

    /// Sync's own connection, and the sync that uses it; nothing when the store is read-only
    /// or the connection cannot be opened (then Sync… stays disabled).
    private func openSync() {
        guard liveSync == nil, !controller.isReadOnly, let store = try? controller.connectionForSync() else { return }
        syncStore = store
        liveSync = LiveSync(controller: controller, store: store)
    }

    isolated deinit {
        g_object_unref(window)
    }

    func present() {
        gtk_window_present(cgtk_window(window))
        // The keyboard starts on the first row (announced by its title), not on its first
        // cell, which is where GTK would put it; nothing is selected yet.
        list.focusRow()
        setIconAfterTheFirstFrame()
    }

    /// The icon an X11 window manager shows for the window (GNOME's comes from the desktop
    /// file). Set on a realized window, GTK renders it from its SVG at once, which took
    /// about 10 ms of the launch: it is set once the first frame is on screen, when the main
    /// loop is next idle (not in the frame's own after-paint).
    private func setIconAfterTheFirstFrame() {
        guard !iconRequested else { return }
        iconRequested = true
        FirstFrame(window: window).whenPainted {
            MainLoop.idle { [weak self] in
                guard let self else { return }
                gtk_window_set_icon_name(cgtk_window(window), StoreLocation.appID)
            }
        }
    }

    // MARK: Building

    private func makeHeaderBar() -> Widget {
        let header = adw_header_bar_new()!
        headerBar = header
        adw_header_bar_set_title_widget(cadw_header_bar(header), windowTitle.widget)
        let add = Widgets.iconButton(icon: "list-add-symbolic", tooltip: tr("New Chordset"),
                                     accessibleName: tr("Add Chordset"), action: WindowAction.addChordset.detailedName)
        adw_header_bar_pack_start(cadw_header_bar(header), add)
        let perform = Widgets.iconButton(icon: "media-playback-start-symbolic", tooltip: tr("Perform (F5)"),
                                         accessibleName: tr("Perform"), action: WindowAction.perform.detailedName)
        adw_header_bar_pack_start(cadw_header_bar(header), perform)

        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(cgtk_menu_button(menuButton), "open-menu-symbolic")
        // The menu's popover is built when it first opens, not with the window: building it
        // would hold up the launch's first frame.
        g_object_ref(UnsafeMutableRawPointer(menu.model))
        gtk_menu_button_set_create_popup_func(cgtk_menu_button(menuButton), { button, model in
            gtk_menu_button_set_menu_model(button, cgtk_menu_model(model))
            guard RunningVersions.menuPopoverGoesWhenClosed, let button,
                  let popover = gtk_menu_button_get_popover(button) else { return }
            let raw = UnsafeMutableRawPointer(button)
            Signal.connect(popover, "closed") {
                MainLoop.idle { gtk_menu_button_set_menu_model(cgtk_menu_button(raw), nil) }
            }
        }, UnsafeMutableRawPointer(menu.model), { model in g_object_unref(model) })
        gtk_menu_button_set_primary(cgtk_menu_button(menuButton), 1)
        menuButton.setTooltip(tr("Main Menu"))
        menuButton.setAccessibleLabel(tr("Main Menu"))
        adw_header_bar_pack_end(cadw_header_bar(header), menuButton)
        return header
    }

    private func makeContent() -> Widget {
        let stack = cgtk_stack(pages)
        gtk_stack_set_transition_type(stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Named pages, so that screen readers say "Chordsets" and not "GtkStackPage".
        let listPage = gtk_stack_add_named(stack, list.scrolledWindow, "list")
        cgtk_accessible_set_label(cgtk_accessible(UnsafeMutableRawPointer(listPage)), tr("Chordsets"))
        let noChordsetsPage = gtk_stack_add_named(stack, emptyPage, "empty")
        cgtk_accessible_set_label(cgtk_accessible(UnsafeMutableRawPointer(noChordsetsPage)), tr("No Chordsets"))
        let noResults = gtk_stack_add_named(stack, noResultsPage, "no-results")
        cgtk_accessible_set_label(cgtk_accessible(UnsafeMutableRawPointer(noResults)), tr("No Results Found"))

        // The toast shows over the pages, at their foot.
        let overlay = toast.overlay
        adw_toast_overlay_set_child(cadw_toast_overlay(overlay), pages)
        gtk_widget_set_vexpand(overlay, 1)

        let content = Widgets.box(GTK_ORIENTATION_VERTICAL)
        Widgets.append(search.widget, to: content)
        Widgets.append(banner.widget, to: content)
        Widgets.append(progress.widget, to: content)
        Widgets.append(overlay, to: content)
        return content
    }

    private func connect() {
        controller.listChanged = { [weak self] change in
            self?.noteComingBack(change)
            self?.list.apply(change)
            self?.performance?.controllerChanged()
            self?.scheduleStateUpdate()
            self?.autosave.editMade()
        }
        toast.onCoverChanged = { [weak self] height in self?.list.leaveRoomAtFoot(height) }
        toast.undoStep = { [weak self] stepID in
            self?.toast.undoing { self?.showingWhatComesBack { self?.controller.undo(stepID: stepID) } }
        }
        list.onSelectionChanged = { [weak self] in
            guard let self else { return }
            self.updateActionStates()
            self.showCounts()
        }
        search.onChange = { [weak self] text in
            guard let self, self.search.isOpen else { return }
            self.applySearch(text)
        }
        search.onClose = { [weak self] in self?.closeSearch() }
        search.onDown = { [weak self] in
            guard let self, let first = self.list.chordsetIndex(ofRow: 0) else { return false }
            self.list.focus(position: first)
            return true
        }
        list.onDelete = { [weak self] id in self?.delete(id: id) }
        list.onEditChord = { [weak self] id, slot in self?.editChord(id: id, slot: slot) }
        autosave.willSave = { [weak self] closeTyping in if closeTyping { self?.list.commitEditing() } }
        autosave.didSave = { [weak self] outcome in
            self?.show(outcome)
            // What was just saved goes out now, not at the next poll.
            if case .saved = outcome {
                self?.liveSync?.saved()
                self?.liveSync?.runRound()
            }
        }
        banner.onRetry = { [weak self] in self?.autosave.save() }
        activityHandler = Signal.connectPointer(window, "notify::is-active") { [weak self] _ in
            guard let self else { return }
            self.activityChanged(isActive: gtk_window_is_active(cgtk_window(self.window)) != 0)
        }
        Signal.connectBool(window, "close-request") { [weak self] in
            guard let self else { return false }
            // true stops the close.
            return !self.finish(again: { [weak self] in
                guard let self else { return }
                gtk_window_close(cgtk_window(self.window))
            })
        }
    }

    // MARK: Following the controller

    /// The controller reports a change before it records the undo step, so the window looks
    /// at undo names and action states once the operation is over, before the next frame.
    private func scheduleStateUpdate() {
        guard !stateUpdateScheduled else { return }
        stateUpdateScheduled = true
        MainLoop.idle(priority: G_PRIORITY_HIGH_IDLE) { [weak self] in
            self?.stateUpdateScheduled = false
            self?.stateChanged()
        }
    }

    /// The subtitle: how many chordsets, shown by a search, or selected.
    private func showCounts() {
        // Until the rest of a large list is read, the count would be the first page's (“19
        // chordsets” of 100,000): no number rather than a wrong one.
        guard !controller.isLoadingRest else { return windowTitle.showNoCount() }
        windowTitle.show(count: controller.count, matching: list.filter == nil ? nil : list.rowCount,
                         selected: list.selectedCount)
    }

    /// After any change: which page shows, which actions apply, what Undo would undo.
    func stateChanged() {
        // The page not shown is hidden outright, so screen readers do not find its controls.
        let empty = controller.isEmpty
        let noResults = !empty && list.filter != nil && list.rowCount == 0
        emptyPage.isVisible = empty
        noResultsPage.isVisible = noResults
        list.scrolledWindow.isVisible = !empty && !noResults
        gtk_stack_set_visible_child_name(cgtk_stack(pages), empty ? "empty" : noResults ? "no-results" : "list")
        showCounts()
        scheduleMenuUpdate()
        toast.followUndoHistory()
        updateActionStates()
    }

    /// The Undo and Redo items are renamed after every edit, which rebuilds the open-able
    /// menu's widgets: done once the edit's frame is painted,
    /// since the menu is not on screen while the edit shows.
    private func scheduleMenuUpdate() {
        guard !menuUpdateScheduled else { return }
        menuUpdateScheduled = true
        MainLoop.idle(priority: G_PRIORITY_LOW) { [weak self] in
            guard let self else { return }
            self.menuUpdateScheduled = false
            self.menu.showHistory(undo: self.controller.undoAction, redo: self.controller.redoAction)
        }
    }

    /// "list", "empty" or "no-results": the page the window shows.
    var visiblePageName: String {
        gtk_stack_get_visible_child_name(cgtk_stack(pages)).map { String(cString: $0) } ?? ""
    }

    /// What each keystroke in the search bar costs, once GtkSearchEntry reports it.
    package func applySearch(_ text: String) {
        list.showSearch(text)
        stateChanged()
    }

    /// Escape (or Ctrl+F again) closed the search: the whole list comes back, with the
    /// selected chordset still selected, scrolled to and focused.
    func closeSearch() {
        list.showSearch(nil)
        stateChanged()
        if let position = list.selectedPosition { list.focus(position: position) }
    }

    // MARK: Saving

    /// The window saves when it loses focus, and picks up other processes' changes (say,
    /// `imager --import`) when it gets it back.
    func activityChanged(isActive: Bool) {
        defer { wasActive = isActive }
        if isActive, !wasActive {
            do {
                try controller.mergeExternalChanges()
            } catch {
                banner.show(error)
            }
        } else if !isActive, wasActive {
            autosave.save()
        }
    }

    private func show(_ outcome: SaveOutcome) {
        switch outcome {
        case .saved:
            banner.hide()
            if let again = closeAfterSave {
                closeAfterSave = nil
                MainLoop.idle { again() }
            }
        case let .failed(error):
            banner.show(error)
        }
    }

    /// Saves and remembers the size before the window closes or the app quits. Returns true
    /// when the close may go ahead. Nothing typed is lost on the way:
    /// - another program is writing: the window stays until the retried save goes through,
    ///   then `again` closes it;
    /// - the save failed (read-only folder, full disk): "Close Without Saving?" asks, with
    ///   Cancel as the default; only "Close Without Saving" runs `again` and lets it go.
    func finish(again: @escaping () -> Void) -> Bool {
        rememberSize()
        if !controller.isReadOnly, !discardConfirmed {
            switch autosave.save() {
            case .saved:
                break
            case let .failed(error) where error.isBusy:
                closeAfterSave = again
                return false
            case let .failed(error):
                askToCloseWithoutSaving(error, again: again)
                return false
            }
        }
        liveSync?.stop()
        // Closing makes the window inactive; that must not save a second time.
        activityHandler?.disconnect()
        activityHandler = nil
        return true
    }

    private func askToCloseWithoutSaving(_ error: StoreError, again: @escaping () -> Void) {
        guard closeConfirmation == nil else {
            MessageDialog.present(closeConfirmation!, over: window)
            return
        }
        let count = controller.unsavedChangeCount
        let detail = trn("{count} chordset has changes that could not be saved: {error} If you close now, they are lost.",
                         "{count} chordsets have changes that could not be saved: {error} If you close now, they are lost.",
                         count, ["error": error.description])
        let dialog = MessageDialog.confirm(over: window, tr("Close Without Saving?"), detail: detail,
                                           actionLabel: tr("Close Without Saving")) { [weak self] in
            self?.discardConfirmed = true
            again()
        }
        closeConfirmation = dialog
        Signal.connect(dialog, "destroy") { [weak self] in self?.closeConfirmation = nil }
    }

    /// For SIGTERM and friends: save what can be saved, no questions.
    func finishNow() {
        rememberSize()
        autosave.save()
        liveSync?.stop()
        activityHandler?.disconnect()
        activityHandler = nil
    }

    private func rememberSize() {
        guard remembersSize else { return }
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(cgtk_window(window), &width, &height)
        let maximized = gtk_window_is_maximized(cgtk_window(window)) != 0
        WindowSize(width: width, height: height, maximized: maximized).save()
    }

    // MARK: Notices

    /// Problems met while opening the store, shown once the window is up.
    func showNotices(_ notices: [StartupNotice]) {
        guard !notices.isEmpty else { return }
        let title = trn("There was a problem opening your chordsets", "There were problems opening your chordsets",
                        notices.count)
        MessageDialog.inform(over: window, title, detail: notices.map(\.sentence).joined(separator: "\n\n"))
    }
}
