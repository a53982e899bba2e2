import CGtk

/// Imager's CSS, over GTK's own theme. Colours come from the theme's named colours so the
/// light and dark styles both work.
enum Stylesheet {
    private static var installed = false

    /// The list's rows are styled through their own class (`chordset-item`, which
    /// `ChordsetRow.styleListItem` gives each list item), never as `.chordset-list > row`: with the
    /// parent's class in a selector, GTK 4.8 restyles every row it keeps, cells and all,
    /// whenever rows come in above the others (every frame of a scroll up).
    static let css = """
        row.chordset-item { padding: 0; }
        row.chordset-item:selected { background-color: alpha(@theme_selected_bg_color, 0.16); color: inherit; }
        row.chordset-item:selected:focus-visible { outline-color: alpha(@theme_selected_bg_color, 0.5); }
        .chordset-row { min-height: \(ChordsetRow.minimumHeight)px; }
        .chordset-row.swiping { background-color: @theme_base_color; }
        .chordset-row.drop-above { box-shadow: inset 0 2px @theme_selected_bg_color; }
        .chordset-row.drop-below { box-shadow: inset 0 -2px @theme_selected_bg_color; }
        .file-drop-target { outline: 2px solid #2ec27e; outline-offset: -2px; }
        /* A row moving within the list: the drop indicator shows where it lands, and the
           theme's green drop frame, which a file dragged in gets, would say it imports. */
        listview.chordset-list:drop(active) { box-shadow: none; }
        .chordset-title { font-weight: 600; }
        .chord-cell { border-radius: 8px; }
        .chord-cell:focus-visible { outline: 2px solid alpha(@theme_selected_bg_color, 0.6); outline-offset: 2px; }
        .swipe-underlay { background-color: @error_color; }
        .swipe-delete, .swipe-delete:hover, .swipe-delete:active {
            background: none; border: none; box-shadow: none; border-radius: 0;
            color: white; font-weight: 600;
        }
        .swipe-delete:hover { background-color: alpha(black, 0.1); }
        .save-banner { padding: 8px 12px; background-color: alpha(@error_color, 0.15); }
        /* A key in the Keyboard Shortcuts window (with libadwaita's card look), as GTK's own
           shortcut labels draw one. */
        .keycap { min-width: 20px; min-height: 25px; padding: 2px 6px; border-radius: 6px; font-size: smaller; }
        """

    /// Adds the stylesheet to the default display, once.
    static func install() {
        guard !installed else { return }
        installed = add(css)
    }

    /// Adds `css` to the default display at the application's priority; false without a display.
    static func add(_ css: String) -> Bool {
        guard let display = gdk_display_get_default() else { return false }
        let provider = gtk_css_provider_new()!
        cgtk_css_provider_load(provider, css)
        gtk_style_context_add_provider_for_display(display, cgtk_style_provider(UnsafeMutableRawPointer(provider)),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
        return true
    }
}
