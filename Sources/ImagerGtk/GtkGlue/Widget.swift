import CGtk

/// GTK widgets as Swift sees them. Widgets in the tree are owned by their parent; Swift
/// code keeps plain pointers to the ones it needs, valid while the tree holds them.
package typealias Widget = UnsafeMutablePointer<GtkWidget>

extension UnsafeMutablePointer where Pointee == GtkWidget {
    func addCSSClasses(_ names: String...) {
        for name in names { gtk_widget_add_css_class(self, name) }
    }

    /// The name screen readers and UI tests find the control by.
    func setAccessibleLabel(_ label: String) {
        cgtk_accessible_set_label(cgtk_accessible(self), label)
    }

    func setTooltip(_ text: String) {
        gtk_widget_set_tooltip_text(self, text)
    }

    /// The window the widget is in, as a widget; nil while it is in none.
    var rootWidget: Widget? {
        gtk_widget_get_root(self).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self) }
    }

    var isVisible: Bool {
        get { gtk_widget_get_visible(self) != 0 }
        nonmutating set { gtk_widget_set_visible(self, newValue ? 1 : 0) }
    }

    /// The widget's children, first to last.
    var children: [Widget] {
        var children: [Widget] = []
        var child = gtk_widget_get_first_child(self)
        while let next = child {
            children.append(next)
            child = gtk_widget_get_next_sibling(next)
        }
        return children
    }

    /// Names every labelled button inside the widget by the text it shows
    /// (`cgtk_button_name_as_shown`): GtkDialog's and libadwaita's message buttons.
    func nameButtonsByTheirLabels() {
        cgtk_button_name_as_shown(self)
        for child in children { child.nameButtonsByTheirLabels() }
    }

    func setMargins(_ margin: Int32) {
        gtk_widget_set_margin_top(self, margin)
        gtk_widget_set_margin_bottom(self, margin)
        gtk_widget_set_margin_start(self, margin)
        gtk_widget_set_margin_end(self, margin)
    }
}

/// Builders for the widgets Imager makes often, with the labels a11y needs.
enum Widgets {
    static func box(_ orientation: GtkOrientation, spacing: Int32 = 0) -> Widget {
        gtk_box_new(orientation, spacing)
    }

    static func append(_ child: Widget, to box: Widget) {
        gtk_box_append(cgtk_box(box), child)
    }

    static func label(_ text: String, classes: String...) -> Widget {
        let label = gtk_label_new(text)!
        for name in classes { gtk_widget_add_css_class(label, name) }
        return label
    }

    /// An icon-only button: the tooltip says what it does, the accessible name too.
    static func iconButton(icon: String, tooltip: String, accessibleName: String, action: String? = nil) -> Widget {
        let button = gtk_button_new_from_icon_name(icon)!
        button.setTooltip(tooltip)
        button.setAccessibleLabel(accessibleName)
        if let action { gtk_actionable_set_action_name(OpaquePointer(button), action) }
        return button
    }

    static func textButton(_ label: String, action: String? = nil, classes: String...) -> Widget {
        let button = gtk_button_new_with_label(label)!
        for name in classes { gtk_widget_add_css_class(button, name) }
        if let action { gtk_actionable_set_action_name(OpaquePointer(button), action) }
        return button
    }

    /// Gives a window opened over `parent` its size: `width` when the main window is wider,
    /// else the main window's width, so that over a phone-narrow window it fits too.
    static func setDefaultSize(of window: Widget, width: Int32, height: Int32, over parent: Widget) {
        let parentWidth = gtk_widget_get_width(parent)
        gtk_window_set_default_size(cgtk_window(window), parentWidth > 0 ? min(width, parentWidth) : width, height)
    }
}
