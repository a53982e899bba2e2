import CGtk
import ImagerGLib

/// Every key typed after Ctrl+N or + goes into the new title, however fast, however far the
/// list must scroll to it.
///
/// Between the key that adds a chordset and the moment its title field has the keyboard
/// focus, GTK may still have to make the row (the list scrolls to it first) and then bring
/// it into view (ChordsetList+OpeningTitle). Typed meanwhile, a key would go to whatever
/// had the focus: a letter typed into the list starts a search. So the window looks at
/// each key first (capture phase) and, while a title is opening:
/// - before its row exists, keeps what is typed (text, Backspace, Enter, Escape) and types it
///   into the field when the field opens, as if typed there: the field opens with its title
///   selected, so the first letter or Backspace replaces the whole title;
/// - once the field is open but not focused yet, hands the key to the field itself.
/// Keys with Ctrl or Alt (Ctrl+N again, Ctrl+Z) go on to the window's shortcuts.
final class TitleTypeAhead {
    private unowned let list: ChordsetList
    /// Text typed before the field opened, to type into it when it does.
    private var typed = ""
    /// A key typed before the field opened replaced its selected title (a letter, or a
    /// Backspace, which deletes it): the field's text is then `typed` alone.
    private var replacesTitle = false
    /// Enter was pressed before the field opened: commit once the typed text is in.
    private var commitWhenOpen = false
    /// The last key press went to the opening field: its release goes there too.
    private var forwardingRelease = false

    init(window: Widget, list: ChordsetList) {
        self.list = list
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(cgtk_event_controller(keys.raw), GTK_PHASE_CAPTURE)
        Signal.connectKey(keys, "key-pressed") { [weak self] keyval, modifiers in
            self?.pressed(keyval, modifiers, keys) ?? false
        }
        Signal.connectKey(keys, "key-released") { [weak self] _, _ in
            guard let self, self.forwardingRelease else { return false }
            self.forwardingRelease = false
            _ = self.list.titleAwaitingFocus?.type(keys)
            return false
        }
        gtk_widget_add_controller(window, keys)
        list.onTitleOpened = { [weak self] title in self?.opened(title) }
    }

    private func pressed(_ keyval: UInt32, _ modifiers: GdkModifierType,
                         _ keys: OpaquePointer) -> Bool {
        forwardingRelease = false
        if modifiers.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) != 0 { return false }
        if let title = list.titleAwaitingFocus {
            let used = title.type(keys)
            forwardingRelease = used
            return used
        }
        guard list.pendingEdit != nil else {
            forget()
            return false
        }
        switch Int32(keyval) {
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter:
            commitWhenOpen = true
        case GDK_KEY_Escape:
            // The title is not opened at all: the new chordset keeps its title.
            list.pendingEdit = nil
            forget()
        case GDK_KEY_BackSpace:
            guard !commitWhenOpen else { return true }
            // The first deletes the selected title; later ones, what was typed since.
            if replacesTitle, !typed.isEmpty { typed.removeLast() }
            replacesTitle = true
        default:
            let code = gdk_keyval_to_unicode(keyval)
            guard code >= 0x20, code != 0x7F, let scalar = Unicode.Scalar(code) else { return false }
            guard !commitWhenOpen else { return true }   // after Enter: not part of this title
            typed.unicodeScalars.append(scalar)
            replacesTitle = true
        }
        return true
    }

    /// The field is open (with its title selected): what was typed before goes in.
    private func opened(_ title: TitleEditor) {
        let text = typed, replaces = replacesTitle, commit = commitWhenOpen
        forget()
        if replaces { title.typeAhead(text) }
        if commit {
            title.commit()
            title.onFinish()
        }
    }

    private func forget() {
        typed = ""
        replacesTitle = false
        commitWhenOpen = false
    }
}
