import CGtk
import ImagerCore

/// Asks for a chord's new colour. GtkColorChooserDialog is the 4.8 way (GtkColorDialog
/// arrives in 4.10). The answer is delivered by id and slot, not by row, since the row
/// may show another chordset by the time the dialog closes.
enum ChordColorDialog {
    static func present(over parent: Widget, title: String, initial: RGBAColor,
                        _ picked: @escaping (RGBAColor) -> Void) {
        var rgba = GdkRGBA(red: Float(initial.red) / 255, green: Float(initial.green) / 255,
                           blue: Float(initial.blue) / 255, alpha: Float(initial.alpha) / 255)
        let dialog = cgtk_color_chooser_dialog_new(title, cgtk_window(parent), &rgba)!
        gtk_window_set_modal(cgtk_window(dialog), 1)
        Signal.connectInt(dialog, "response") { response in
            if response == GTK_RESPONSE_OK.rawValue {
                var chosen = GdkRGBA()
                cgtk_color_chooser_get_rgba(dialog, &chosen)
                picked(RGBAColor(chosen))
            }
            gtk_window_destroy(cgtk_window(dialog))
        }
        gtk_window_present(cgtk_window(dialog))
    }
}

extension RGBAColor {
    init(_ rgba: GdkRGBA) {
        func byte(_ value: Float) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        self.init(red: byte(rgba.red), green: byte(rgba.green), blue: byte(rgba.blue), alpha: byte(rgba.alpha))
    }
}
