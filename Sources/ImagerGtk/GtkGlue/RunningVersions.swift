import CAdw
import CGtk

/// What differs between the GTK and libadwaita versions Imager runs on, asked of the running
/// libraries (not the ones it was built against): the one place that says which workaround is
/// on where.
enum RunningVersions {
    /// libadwaita before 1.3 frees a toast's record when its hiding ends, and its showing, if
    /// still running then, reads it afterwards: a toast shown while another hides (its
    /// showing takes 500 ms) and dismissed within 200 ms of that crashes the app. There,
    /// `Toast` changes the shown toast in place rather than replace it, and dismisses a toast
    /// only once its showing is over (`toastShowingMilliseconds`).
    static let toastsMustFinishShowing = cadw_major_version() == 1 && cadw_minor_version() < 3

    /// The longest a toast takes to show in libadwaita 1.2 (when it replaces a hiding one).
    static let toastShowingMilliseconds: UInt32 = 500

    /// GTK 4.8 with libadwaita's stylesheet: once the main menu has been open and closed, a
    /// change to its items (Undo renamed after a delete) leaves its hidden popover taking
    /// every click on the window, so the menu button no longer opens it. There the popover
    /// goes when it closes, and the next click builds it again.
    static let menuPopoverGoesWhenClosed = gtk_get_major_version() == 4 && gtk_get_minor_version() < 10

    /// GTK 4.8's list view, rewritten in 4.10: a row it has just made restyles every row after
    /// it. `NewRowStyle` (in `List/Gtk48`) styles a new row while hidden, before GTK 4.10 only.
    static let listIsGtk48 = gtk_get_major_version() == 4 && gtk_get_minor_version() < 10

    /// GTK's list view keeps about 200 rows around the visible ones and binds them again when
    /// rows move above them, on GTK 4.8 and on 4.18 alike. What the list does about it lives in
    /// `List/Gtk48`:
    /// - `SpareRows`: rows GTK destroys are kept for the rows it makes next (a search with few
    ///   matches destroys most of them, closing it makes them again).
    /// - `ChordsetList+RemovalInPlace`: a removal of many rows keeps the rows and shows what
    ///   moved up in them, where GTK would destroy them and make them again.
    /// - `ChordsetList+FarRows`: rows far from the view show a change after the frame.
    /// - `ChordsetList+Shortening`: the view moves onto rows that stay before the list gets
    ///   shorter than the place it is at (GTK 4.8 would go on drawing the rows that went).
    /// On for both GTKs the benchmark measures, because it measured them to help on both: on
    /// GTK 4.18 without them, a delete of 1,000 selected rows of 100,000 took 161 ms to its
    /// frame, 20 ms with them (docs/benchmark.md, "Where the time goes"). With it false, rows
    /// follow the model's changes as GTK hands them out; the tests hold either way.
    static let listKeepsRows = true

    /// GTK 4.10 and later: the file questions go to `GtkFileDialog` (the portal's chooser when
    /// there is one) and the colour questions to `GtkColorDialog`; GTK 4.8 keeps
    /// `GtkFileChooserNative` and `GtkColorChooserDialog`, which 4.10 deprecates. Both must
    /// hold: a build against GTK 4.8's headers has the new dialogs left out.
    static let usesNewDialogs = cgtk_has_new_dialogs() != 0
        && (gtk_get_major_version() > 4 || gtk_get_major_version() == 4 && gtk_get_minor_version() >= 10)
}
