import CAdw
import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// Main menu → Sync…: the folder to sync through, this computer's name as the others show
/// it, the other computers seen in the folder with when each last wrote, and Stop Syncing.
/// Every change is stored at once (there is no OK button to forget). A libadwaita
/// preferences window: one page of titled groups.
final class SyncDialog {
    /// Owned by GTK (a toplevel); destroyed when closed.
    let window: Widget
    /// Borrowed widgets, owned by the window.
    let folderLabel: Widget
    let chooseButton: Widget
    let stopButton: Widget
    let nameEntry: Widget
    let peersLabel: Widget
    let statusLabel: Widget
    let explanationLabel: Widget

    private let store: ChordsetStore
    private let liveSync: LiveSync
    private let fileChooser: FileChooser
    var onClose: () -> Void = {}

    /// Its size when the main window is wider.
    static let defaultSize = (width: Int32(520), height: Int32(560))

    /// What the dialog is for: before a folder is chosen, what to choose; then, what to do with it.
    static func explanation(hasFolder: Bool) -> String {
        hasFolder ? tr("Share this folder with your other computers with Syncthing, Nextcloud or any folder sync.")
                  : tr("To have the same chordsets on all your computers, choose a folder that Syncthing, Nextcloud or any folder sync shares between them.")
    }

    init(store: ChordsetStore, liveSync: LiveSync, over parent: Widget, fileChooser: FileChooser) {
        self.fileChooser = fileChooser
        self.store = store
        self.liveSync = liveSync
        let page = adw_preferences_page_new()!

        explanationLabel = Widgets.label("")
        gtk_label_set_wrap(cgtk_label(explanationLabel), 1)
        gtk_label_set_xalign(cgtk_label(explanationLabel), 0)
        Self.group(nil, [explanationLabel], in: page)

        folderLabel = Widgets.label("")
        gtk_label_set_xalign(cgtk_label(folderLabel), 0)
        gtk_widget_set_hexpand(folderLabel, 1)
        // Wrapping (see refresh), it asks for the width of its text on one line.
        gtk_label_set_natural_wrap_mode(cgtk_label(folderLabel), GTK_NATURAL_WRAP_NONE)
        chooseButton = Widgets.textButton(tr("Choose Folder…"))
        gtk_widget_set_valign(chooseButton, GTK_ALIGN_CENTER)
        let folderRow = adw_action_row_new()!
        adw_action_row_add_prefix(cadw_action_row(folderRow), folderLabel)
        adw_action_row_add_suffix(cadw_action_row(folderRow), chooseButton)
        folderRow.setAccessibleLabel(tr("Sync Folder"))
        Self.group(tr("Sync Folder"), [folderRow], in: page)

        nameEntry = gtk_entry_new()
        nameEntry.setAccessibleLabel(tr("This Computer’s Name"))
        gtk_entry_set_placeholder_text(cgtk_entry(nameEntry), MachineIdentity.defaultName())
        Self.group(tr("This Computer’s Name"), [nameEntry], in: page)

        peersLabel = Widgets.label("")
        gtk_label_set_xalign(cgtk_label(peersLabel), 0)
        gtk_label_set_wrap(cgtk_label(peersLabel), 1)
        statusLabel = Widgets.label("", classes: "dim-label")
        gtk_label_set_xalign(cgtk_label(statusLabel), 0)
        gtk_label_set_wrap(cgtk_label(statusLabel), 1)
        let peers = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Widgets.append(peersLabel, to: peers)
        Widgets.append(statusLabel, to: peers)
        Self.group(tr("Other Computers"), [peers], in: page)

        // Not red: stopping deletes nothing, and syncing again picks up where it left off.
        stopButton = Widgets.textButton(tr("Stop Syncing"))
        gtk_widget_set_halign(stopButton, GTK_ALIGN_END)
        Self.group(nil, [stopButton], in: page)

        window = cadw_preferences_window_new(parent, tr("Sync"), page)
        Widgets.setDefaultSize(of: window, width: Self.defaultSize.width, height: Self.defaultSize.height, over: parent)

        connect()
        refresh()
    }

    /// A group of the page, with its title (a heading) when it has one.
    private static func group(_ title: String?, _ children: [Widget], in page: Widget) {
        let group = adw_preferences_group_new()!
        if let title { adw_preferences_group_set_title(cadw_preferences_group(group), title) }
        for child in children { adw_preferences_group_add(cadw_preferences_group(group), child) }
        adw_preferences_page_add(cadw_preferences_page(page), cadw_preferences_group(group))
    }

    func present() {
        gtk_window_present(cgtk_window(window))
    }

    func close() {
        gtk_window_close(cgtk_window(window))
    }

    private func connect() {
        Signal.connect(chooseButton, "clicked") { [weak self] in
            guard let self else { return }
            FileTransfer.chooseSyncFolder(over: self.window, with: self.fileChooser) { [weak self] path in self?.choose(folder: path) }
        }
        Signal.connect(stopButton, "clicked") { [weak self] in self?.choose(folder: nil) }
        Signal.connect(nameEntry, "changed") { [weak self] in self?.nameChanged() }
        liveSync.onRound = { [weak self] in self?.refreshStatus() }
        Signal.connect(window, "destroy") { [weak self] in
            guard let self else { return }
            self.liveSync.onRound = {}
            self.onClose()
        }
    }

    /// Stores the folder (nil: stop syncing) and runs a round at once.
    func choose(folder: String?) {
        do {
            try store.setSyncFolder(folder)
        } catch {
            MessageDialog.inform(over: window, tr("Could not change the sync folder"), detail: "\(error)")
            return
        }
        refresh()
        if folder != nil { liveSync.runRound() }
    }

    private func nameChanged() {
        let text = takeEditableText()
        do {
            try store.setSyncName(text)
        } catch {
            showStatus(tr("Could not save the name: {error}", ["error": "\(error)"]))
        }
    }

    private func takeEditableText() -> String {
        guard let text = gtk_editable_get_text(cgtk_editable(UnsafeMutableRawPointer(nameEntry))) else { return "" }
        return String(cString: text)
    }

    /// Shows the stored settings: the folder, the name, the other computers.
    func refresh() {
        let settings = try? store.syncSettings()
        let folder = settings?.folder
        let notSyncing = tr("Not syncing: choose a folder to start.")
        gtk_label_set_text(cgtk_label(folderLabel), folder ?? notSyncing)
        // A path loses its middle to fit; the sentence shown without one wraps, to be read
        // whole, but only when the row is too narrow for it on one line.
        gtk_label_set_ellipsize(cgtk_label(folderLabel), folder == nil ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_wrap(cgtk_label(folderLabel), folder == nil ? 1 : 0)
        gtk_label_set_text(cgtk_label(explanationLabel), Self.explanation(hasFolder: folder != nil))
        gtk_widget_set_sensitive(stopButton, folder == nil ? 0 : 1)
        if takeEditableText() != (settings?.name ?? "") {
            gtk_editable_set_text(cgtk_editable(UnsafeMutableRawPointer(nameEntry)), settings?.name ?? "")
        }
        refreshStatus()
    }

    /// The other computers and the last round's result.
    func refreshStatus() {
        guard let settings = try? store.syncSettings(), let folder = settings.folder else {
            gtk_label_set_text(cgtk_label(peersLabel), tr("None yet."))
            showStatus("")
            return
        }
        let peers = SyncFolder(root: URL(fileURLWithPath: folder)).peers(excluding: settings.device)
        gtk_label_set_text(cgtk_label(peersLabel), Self.describe(peers))
        if let error = liveSync.lastError {
            showStatus("\(error)")
        } else {
            showStatus(Self.status(of: liveSync))
        }
    }

    /// An empty status is hidden, so a screen reader meets no label without words.
    private func showStatus(_ text: String) {
        gtk_label_set_text(cgtk_label(statusLabel), text)
        gtk_widget_set_visible(statusLabel, text.isEmpty ? 0 : 1)
    }

    /// "2 chordsets changed on other computers arrived at 15:02:07. Checked at 15:02:31.":
    /// what last arrived stays until something newer does, and then when the folder was last
    /// read, in the words the rest of the dialog uses (computers, chordsets).
    static func status(of sync: LiveSync) -> String {
        let time = DateFormatter()
        time.dateStyle = .none
        time.timeStyle = .medium
        var sentences: [String] = []
        if let arrival = sync.lastArrival {
            sentences.append(trn("{count} chordset changed on another computer arrived at {time}.",
                                 "{count} chordsets changed on other computers arrived at {time}.",
                                 arrival.chordsets, ["time": time.string(from: arrival.at)]))
        }
        if let ended = sync.lastRoundEnded {
            sentences.append(tr("Checked at {time}.", ["time": time.string(from: ended)]))
        }
        if let deferred = sync.lastSummary?.deferred, deferred > 0 {
            sentences.append(trn("{count} change dated in the future is kept until then.",
                                 "{count} changes dated in the future are kept until then.", deferred))
        }
        return sentences.joined(separator: " ")
    }

    /// One line per computer: "laptop — last wrote 23 Nov 2026 at 15:02".
    static func describe(_ peers: [SyncPeer]) -> String {
        guard !peers.isEmpty else { return tr("None yet: once another computer syncs through this folder, it shows here.") }
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        return peers.map { peer in
            let name = peer.name ?? tr("A computer without a name ({device})", ["device": "\(peer.device)"])
            guard let date = peer.lastWrote else { return name }
            return tr("{computer} — last wrote {date}", ["computer": name, "date": formatter.string(from: date)])
        }.joined(separator: "\n")
    }
}
