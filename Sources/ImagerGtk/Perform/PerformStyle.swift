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
        .perform-strip button:checked { background: white; color: black; }
        .perform-control { color: white; }
        .perform-control .perform-control-heading { color: alpha(white, 0.7); }
        .perform-preview { border-radius: 8px; outline: 1px solid alpha(white, 0.3); }
        .perform-title {
            padding: 8px 18px; border-radius: 18px;
            background-color: alpha(black, 0.55); color: white; font-size: 1.4em; font-weight: bold;
        }
        """

    static func install() {
        guard !installed else { return }
        installed = Stylesheet.add(css)
    }
}
