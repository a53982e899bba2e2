import CGtk
import ImagerCore
import ImagerGLib

/// Asks for a chord's new colour: GtkColorDialog from GTK 4.10, GtkColorChooserDialog on 4.8
/// (GtkColorDialog arrives in 4.10, and deprecates it). The answer is delivered by id and
/// slot, not by row, since the row may show another chordset by the time the dialog closes.
enum ChordColorDialog {
    /// `neighbours`, the chordset's own eight colours, are offered first in GTK 4.8's dialog,
    /// so that matching another chord of the row takes one click there too; GtkColorDialog
    /// takes no colours of the app's own (the chord editor shows them beside its buttons).
    static func present(over parent: Widget, title: String, initial: RGBAColor, neighbours: [RGBAColor] = [],
                        _ picked: @escaping @MainActor (RGBAColor) -> Void) {
        if RunningVersions.usesNewDialogs {
            choose(over: parent, title: title, initial: initial, picked)
            return
        }
        var rgba = GdkRGBA(initial)
        let dialog = cgtk_color_chooser_dialog_new(title, cgtk_window(parent), &rgba)!
        if !neighbours.isEmpty {
            let row = neighbours.map(GdkRGBA.init), gnome = gnomePalette.map(GdkRGBA.init)
            cgtk_color_chooser_add_row(dialog, row, Int32(row.count), gnome, Int32(gnome.count))
        }
        gtk_window_set_modal(cgtk_window(dialog), 1)
        dialog.nameButtonsByTheirLabels()
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

extension ChordColorDialog {
    /// GtkColorDialog: it answers once, through GIO, which holds the reply until then.
    private static func choose(over parent: Widget, title: String, initial: RGBAColor,
                               _ picked: @escaping @MainActor (RGBAColor) -> Void) {
        var rgba = GdkRGBA(initial)
        let box = Unmanaged.passRetained(Reply(picked)).toOpaque()
        let callback: GAsyncReadyCallback = { source, result, data in
            // GIO calls back on the main loop that showed the dialog: GTK's main thread.
            MainActor.assumeIsolated {
                let reply = Unmanaged<Reply>.fromOpaque(data!).takeRetainedValue()
                var chosen = GdkRGBA()
                if cgtk_color_dialog_finish(source, result, &chosen) != 0 { reply.picked(RGBAColor(chosen)) }
            }
        }
        cgtk_color_dialog_choose(cgtk_window(parent), title, &rgba, callback, box)
    }

    private final class Reply {
        let picked: @MainActor (RGBAColor) -> Void
        init(_ picked: @escaping @MainActor (RGBAColor) -> Void) { self.picked = picked }
    }

    /// GTK's default palette (the GNOME palette, by hue from light to dark), which GTK
    /// removes once another palette is added.
    static let gnomePalette: [RGBAColor] = [
        "#99C1F1", "#62A0EA", "#3584E4", "#1C71D8", "#1A5FB4",
        "#8FF0A4", "#57E389", "#33D17A", "#2EC27E", "#26A269",
        "#F9F06B", "#F8E45C", "#F6D32D", "#F5C211", "#E5A50A",
        "#FFBE6F", "#FFA348", "#FF7800", "#E66100", "#C64600",
        "#F66151", "#ED333B", "#E01B24", "#C01C28", "#A51D2D",
        "#DC8ADD", "#C061CB", "#9141AC", "#813D9C", "#613583",
        "#CDAB8F", "#B5835A", "#986A44", "#865E3C", "#63452C",
        "#FFFFFF", "#F6F5F4", "#DEDDDA", "#C0BFBC", "#9A9996",
        "#77767B", "#5E5C64", "#3D3846", "#241F31", "#000000",
    ].compactMap(RGBAColor.init(hex:))
}

extension GdkRGBA {
    init(_ color: RGBAColor) {
        self.init(red: Float(color.red) / 255, green: Float(color.green) / 255,
                  blue: Float(color.blue) / 255, alpha: Float(color.alpha) / 255)
    }
}

extension RGBAColor {
    init(_ rgba: GdkRGBA) {
        func byte(_ value: Float) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        self.init(red: byte(rgba.red), green: byte(rgba.green), blue: byte(rgba.blue), alpha: byte(rgba.alpha))
    }
}
