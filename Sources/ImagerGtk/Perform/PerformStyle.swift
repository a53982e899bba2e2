import CGtk

/// The Perform view's CSS: a dark, translucent strip that reads over any chord.
enum PerformStyle {
    private static var installed = false

    static let css = """
        .perform-view { background-color: black; }
        .perform-strip {
            padding: 10px 14px; border-radius: 18px;
            background-color: alpha(black, 0.55); color: white;
        }
        .perform-strip .chord-cell.playing { outline: 3px solid white; outline-offset: 3px; }
        .perform-strip button { color: white; background: alpha(white, 0.16); border: none; box-shadow: none; }
        .perform-strip button:hover { background: alpha(white, 0.28); }
        """

    static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        let provider = gtk_css_provider_new()!
        cgtk_css_provider_load(provider, css)
        gtk_style_context_add_provider_for_display(display, cgtk_style_provider(UnsafeMutableRawPointer(provider)),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
    }
}
