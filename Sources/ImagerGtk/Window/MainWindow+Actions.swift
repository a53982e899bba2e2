import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// What each action does. The names and keys are in `WindowAction`; this switch is the one
/// place that gives every action its behaviour.
extension MainWindow {
    func installActions() {
        for action in WindowAction.allCases where action.group == .window {
            let simple = g_simple_action_new(action.name, nil)!
            Signal.connectPointer(simple, "activate") { [weak self] _ in self?.perform(action) }
            g_action_map_add_action(cgtk_action_map(window), cgtk_action(UnsafeMutableRawPointer(simple)))
            actions[action] = simple
            g_object_unref(UnsafeMutableRawPointer(simple))
        }
    }

    func perform(_ action: WindowAction) {
        switch action {
        case .addChordset:
            controller.add()
            // New chordsets go at the end of the list.
            list.edit(position: controller.count - 1)
        case .renameChordset:
            if let position = list.selectedPosition { list.edit(position: position) }
        case .deleteChordset:
            deleteSelected()
        case .openRowMenu:
            list.showMenuForSelection()
        case .deleteAll:
            confirmDeleteAll()
        case .duplicateChordset:
            duplicateSelected()
        case .moveUp:
            if let row = list.selectedRow { move(row: row, by: -1) }
        case .moveDown:
            if let row = list.selectedRow { move(row: row, by: 1) }
        case .find:
            search.open()
        case .selectAll:
            list.selectAll()
        case .copy:
            copyFromList()
        case .paste:
            pasteIntoList()
        case .undo:
            toast.undoing { showingWhatComesBack { controller.undo() } }
        case .redo:
            toast.redoing { showingWhatComesBack { controller.redo() } }
        case .chordsetFromImage:
            FileTransfer.chooseImage(over: window, with: fileChooser) { [weak self] path in self?.addChordset(fromPicture: path) }
        case .importChordsets:
            FileTransfer.chooseImport(over: window, with: fileChooser) { [weak self] path in self?.importChordsets(from: path) }
        case .exportChordsets:
            FileTransfer.chooseExport(over: window, with: fileChooser) { [weak self] path in self?.exportChordsets(to: path) }
        case .exportSelected:
            let chosen = list.selectedChordsets
            guard !chosen.isEmpty else { break }
            FileTransfer.chooseExport(over: window, with: fileChooser) { [weak self] path in self?.exportChordsets(to: path, only: chosen.map(\.id)) }
        case .exportPalette:
            if let chordset = list.selectedChordset { choosePaletteFile(for: chordset) }
        case .sync:
            openSyncDialog()
        case .setLists:
            openSetLists()
        case .exportImage:
            if let chordset = list.selectedChordset { chooseImageFile(for: chordset) }
        case .perform:
            startPerforming()
        case .preferences:
            openPreferences()
        case .showShortcuts:
            ShortcutsWindow.present(over: window)
        case .help:
            UserManual.open(over: window) { [weak self] failure in self?.toast.show(Self.text(for: failure), offersUndo: false) }
        case .about:
            AboutDialog.present(over: window)
        case .close:
            gtk_window_close(cgtk_window(window))
        case .quit:
            onQuit()
        }
        stateChanged()
    }

    /// What the toast says when the manual could not be opened.
    static func text(for failure: UserManual.Failure) -> String {
        switch failure {
        case .noViewer:
            return tr("Could not open the help: no help viewer is installed")
        case .other(""):
            return tr("Could not open the help")
        case let .other(reason):
            // Translators: {reason} is the desktop's own explanation of what went wrong.
            return tr("Could not open the help: {reason}", ["reason": reason])
        }
    }

    func updateActionStates() {
        // While performing, the list's actions wait: their keys must not edit what is hidden.
        let hasSelection = list.selectedPosition != nil && performance == nil
        // Over a database from a newer Imager nothing may change: every edit is off.
        let editable = !controller.isReadOnly && performance == nil
        let idle = transfer == nil
        setEnabled(.addChordset, editable)
        setEnabled(.renameChordset, editable && hasSelection)
        setEnabled(.deleteChordset, editable && hasSelection)
        setEnabled(.openRowMenu, editable && hasSelection)
        setEnabled(.deleteAll, editable && !controller.isEmpty)
        setEnabled(.chordsetFromImage, editable && idle)
        setEnabled(.duplicateChordset, editable && hasSelection)
        setEnabled(.paste, editable)
        // The first row cannot go up nor the last down: the menu shows them off, the keys do nothing.
        let row = list.selectedRow
        setEnabled(.moveUp, editable && (row ?? 0) > 0)
        setEnabled(.moveDown, editable && row.map { $0 < list.rowCount - 1 } ?? false)
        setEnabled(.importChordsets, editable && idle)
        setEnabled(.exportChordsets, idle && !controller.isEmpty)
        setEnabled(.exportSelected, idle && hasSelection)
        setEnabled(.selectAll, performance == nil && list.rowCount > 0)
        setEnabled(.exportPalette, hasSelection)
        setEnabled(.sync, editable && liveSync != nil)
        setEnabled(.setLists, editable)
        setEnabled(.exportImage, hasSelection)
        // Perform plays the selected row, or the focused or first one when none is selected.
        setEnabled(.perform, performance == nil && !controller.isEmpty)
        // Perform has its own keys for the fade time; Preferences opens from the list.
        setEnabled(.preferences, performance == nil)
        setEnabled(.undo, editable && controller.canUndo)
        setEnabled(.redo, editable && controller.canRedo)
    }

    private func setEnabled(_ action: WindowAction, _ enabled: Bool) {
        guard let simple = actions[action] else { return }
        g_simple_action_set_enabled(simple, enabled ? 1 : 0)
    }

    // MARK: Behaviour shared by actions and rows

    package func delete(id: UUID) {
        guard let chordset = controller.chordset(id: id), let position = controller.index(of: id) else { return }
        let hadFocus = list.hasFocus(at: position)
        if hadFocus, let row = list.row(ofChordset: position) { list.handOverFocus(fromRows: [row]) }
        controller.delete(id: id)
        toast.show(tr("“{title}” deleted", ["title": chordset.title]))
        if hadFocus { keepFocus(at: position) }
    }

    /// After a delete the focus stays where it was: on the row that took the deleted one's
    /// place, selected. The list hands the focus over before the delete
    /// (`ChordsetList.handOverFocus`), so GTK never sees it go with the row; this selects
    /// that row and puts the focus on the row itself once GTK has laid the list out again
    /// (GTK may have kept it on a cell, or had no row there to hand it to).
    private func keepFocus(at position: Int) {
        MainLoop.idle { [weak self] in
            guard let self else { return }
            guard self.controller.count > 0 else { return self.focusEmptyState() }
            self.list.focus(position: min(position, self.controller.count - 1))
        }
    }

    /// Delete with the selection: one chordset as before ("“Warm” deleted"), several as one
    /// undo step ("3 chordsets deleted").
    func deleteSelected() {
        let chosen = list.selectedChordsets
        guard chosen.count > 1 else {
            if let chordset = chosen.first { delete(id: chordset.id) }
            return
        }
        let first = controller.index(of: chosen[0].id) ?? 0
        let hadFocus = list.focusedRow != nil
        if hadFocus { list.handOverFocus(fromRows: Set(list.selectedRows)) }
        controller.delete(ids: chosen.map(\.id))
        toast.show(trn("{count} chordset deleted", "{count} chordsets deleted", chosen.count))
        if hadFocus { keepFocus(at: first) }
    }

    /// Duplicate with the selection: one copy goes into title editing; several copies, each
    /// after its original, are selected as one undo step.
    func duplicateSelected() {
        let chosen = list.selectedChordsets
        guard chosen.count > 1 else {
            if let chordset = chosen.first { duplicate(id: chordset.id) }
            return
        }
        let copies = controller.duplicate(ids: chosen.map(\.id), titlePattern: Self.copyTitlePattern,
                                          numberedPattern: Self.numberedCopyTitlePattern)
        list.select(ids: copies.map(\.id))
        toast.show(trn("{count} chordset duplicated", "{count} chordsets duplicated", copies.count))
    }

    /// A copy's title in the person's language, as `ChordsetTitle.copy` takes it (`%@` for
    /// the original title, which the core shortens to fit).
    static var copyTitlePattern: String {
        // Translators: the title of a duplicated chordset; {title} is the original's title.
        tr("{title} (Copy)").replacingOccurrences(of: "{title}", with: "%@")
    }

    /// A second, third… copy's title of the same original, as `ChordsetTitle.copy` takes it
    /// (`%@` for the original title, `%d` for the number).
    static var numberedCopyTitlePattern: String {
        // Translators: the title of a second, third… copy of a chordset ("Warm (Copy 2)"); {title} is the original's title.
        tr("{title} (Copy {number})").replacingOccurrences(of: "{title}", with: "%@").replacingOccurrences(of: "{number}", with: "%d")
    }

    /// Inserts the copy right after the original and puts its title into editing, so the
    /// person can name it at once.
    func duplicate(id: UUID) {
        guard let copy = controller.duplicate(id: id, titlePattern: Self.copyTitlePattern,
                                                numberedPattern: Self.numberedCopyTitlePattern),
              let position = controller.index(of: copy.id) else { return }
        list.edit(position: position)
    }

    /// Moves the row one place up (-1) or down (+1) among the rows shown (during a search,
    /// past the chordsets it hides), keeping it selected and focused so the keys can move it on.
    func move(row: Int, by offset: Int) {
        guard let position = list.chordsetIndex(ofRow: row),
              let target = list.chordsetIndex(ofRow: row + offset) else { return }
        let id = controller.chordsets[position].id
        guard controller.move(id: id, to: target), let moved = controller.index(of: id) else { return }
        list.focus(position: moved)
        // The row keeps the focus, so nothing new is read out: say where it went (GTK 4.14 and
        // later; 4.8 has no announcement call, and the focused row's new neighbours show it).
        _ = cgtk_accessible_announce(cgtk_accessible(window), tr("“{title}” moved to position {position} of {count}", [
            "title": controller.chordsets[moved].title, "position": String(moved + 1), "count": String(controller.count),
        ]))
    }

    private func confirmDeleteAll() {
        let count = controller.count
        guard count > 0 else { return }
        let detail = trn("Your {count} chordset and its chords will be deleted. You can undo this.",
                         "All {count} chordsets and their chords will be deleted. You can undo this.", count)
        MessageDialog.confirm(over: window, tr("Delete All Chordsets?"), detail: detail, actionLabel: tr("Delete All")) {
            [weak self] in
            guard let self else { return }
            self.controller.deleteAll()
            self.toast.show(tr("All chordsets deleted"))
        }
    }

    /// Opens the Preferences window (one at a time: it is modal).
    func openPreferences() {
        guard preferencesWindow == nil else { return }
        let preferences = PreferencesWindow(over: window, performSettingsPath: performSettingsPath)
        preferences.onClose = { [weak self] in self?.preferencesWindow = nil }
        preferences.controllers.currentProblem = { [weak self] in self?.controllers.oscProblem }
        preferences.controllers.ignoredMessages = { [weak self] in self?.controllers.osc?.ignored ?? 0 }
        preferences.controllers.onOSCChanged = { [weak self] in self?.restartOSC(); return self?.controllers.oscProblem }
        preferences.add(MidiPreferencesPage(midi: controllers.midi))
        preferencesWindow = preferences
        preferences.present()
    }

    /// Opens the Sync dialog (one at a time: it is modal).
    func openSyncDialog() {
        guard syncDialog == nil, let liveSync, let store = syncStore else { return }
        let dialog = SyncDialog(store: store, liveSync: liveSync, over: window, fileChooser: fileChooser)
        dialog.onClose = { [weak self] in self?.syncDialog = nil }
        syncDialog = dialog
        dialog.present()
    }

    /// Opens the chord's editor (a click on a cell, or Enter on it). One editor at a time:
    /// it is modal.
    package func editChord(id: UUID, slot: Int) {
        guard chordEditor == nil,
              let editor = ChordEditor(controller: controller, chordsetID: id, slot: slot, over: window) else { return }
        editor.onClose = { [weak self] in
            guard let self else { return }
            self.chordEditor = nil
            // Back to the chord that was edited: GTK would leave the window without a focus.
            MainLoop.idle { [weak self] in
                guard let self else { return }
                gtk_window_present(cgtk_window(self.window))
                self.list.focusCell(of: id, slot: slot)
            }
        }
        chordEditor = editor
        editor.present()
    }

    /// Reads, checks and stores the file on another thread, on a connection of its own (so
    /// the window's saves meet a lock they retry, never a wait), with progress and Cancel;
    /// then shows the result in one step. Nothing is stored if the file is refused or the
    /// person cancels. `aside`, when given, is added to the notice (a drop of several files
    /// says that only the first was opened).
    func importChordsets(from path: String, aside: String? = nil) {
        guard transfer == nil, !controller.isReadOnly else { return }
        let store: ChordsetStore
        do {
            store = try controller.connectionForImport()
        } catch {
            MessageDialog.inform(over: window, tr("Could not import the file"), detail: "\(error)")
            return
        }
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let running = progress.start(tr("Importing “{file}”…", ["file": name]))
        transfer = running
        updateActionStates()
        let cancellation = running.cancellation
        let taken = controller.unsavedNewIDs
        let after = controller.chordsets.last?.position
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let result = Result { () throws(TransferJobs.Failure) in
                try TransferJobs.importFile(url, into: store, alsoTaken: taken, after: after,
                                            cancellation: cancellation) { fraction in
                    MainLoop.idleFromAnyThread { [weak self] in self?.progress.update(fraction) }
                }
            }
            MainLoop.idleFromAnyThread { [weak self] in self?.finishImport(result, from: path, aside: aside) }
        }
    }

    private func finishImport(_ result: Result<TransferJobs.Imported, TransferJobs.Failure>, from path: String, aside: String?) {
        let aside = aside.map { " (\($0))" } ?? ""
        transfer = nil
        progress.finish()
        updateActionStates()
        switch result {
        case let .success(imported):
            let added = imported.stored
            guard !added.isEmpty else {
                toast.show(tr("The file has no chordsets") + aside, offersUndo: false)
                return
            }
            controller.adoptImported(added)
            list.scrollTo(position: controller.count - 1)
            toast.show(ImportNotice.text(for: imported) + aside)
        case .failure(.cancelled):
            toast.show(tr("Import cancelled; nothing was changed") + aside, offersUndo: false)
        case let .failure(error):
            MessageDialog.inform(over: window, ImportRefusal.heading(file: path), detail: ImportRefusal.detail(error) + aside,
                                 dismissal: .close)
        }
    }

    /// Encodes and writes on another thread, atomically, with progress and Cancel.
    /// `only`: the chordsets of a selection (Export Selected…), in list order; nil: all.
    func exportChordsets(to path: String, only ids: [UUID]? = nil) {
        guard transfer == nil else { return }
        let chordsets = ids.map { $0.compactMap(controller.chordset(id:)) } ?? controller.chordsets
        let lumis = controller.lumisForExport()
        let running = progress.start(tr("Exporting to “{file}”…", ["file": (path as NSString).lastPathComponent]))
        transfer = running
        updateActionStates()
        let cancellation = running.cancellation
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            let result = Result { () throws(TransferJobs.Failure) in
                try TransferJobs.exportFile(chordsets, lumis: lumis, to: path, cancellation: cancellation) { fraction in
                    MainLoop.idleFromAnyThread { [weak self] in self?.progress.update(fraction) }
                }
            }
            MainLoop.idleFromAnyThread { [weak self] in self?.finishExport(result, count: chordsets.count) }
        }
    }

    private func finishExport(_ result: Result<Void, TransferJobs.Failure>, count: Int) {
        transfer = nil
        progress.finish()
        updateActionStates()
        switch result {
        case .success:
            toast.show(trn("Exported {count} chordset", "Exported {count} chordsets", count), offersUndo: false)
        case .failure(.cancelled):
            toast.show(tr("Export cancelled; no file was written"), offersUndo: false)
        case let .failure(error):
            MessageDialog.inform(over: window, tr("Could not export"), detail: "\(error)")
        }
    }
}
