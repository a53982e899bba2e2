/*
 * CGtk shims: only what Swift cannot import from GTK/GLib directly —
 * function-like macros, type casts, varargs calls and GTK_CHECK_VERSION guards.
 * No application logic lives here.
 */
#ifndef IMAGER_CGTK_SHIM_H
#define IMAGER_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <libintl.h>
#include <locale.h>
#include <glib-unix.h>
/* mallopt and malloc_trim, which Swift's Glibc module leaves out (FrameMemory, OneMallocArena). */
#include <malloc.h>

/* ---- type macros ---- */
static inline GType cgtk_type_object(void) { return G_TYPE_OBJECT; }

/* ---- casts (GTK_WIDGET(x) etc. are macros); all are plain pointer casts ---- */
static inline GtkWindow *cgtk_window(gpointer p) { return (GtkWindow *)p; }
static inline GApplication *cgtk_gapplication(gpointer p) { return (GApplication *)p; }
static inline GtkBox *cgtk_box(gpointer p) { return (GtkBox *)p; }
static inline GtkProgressBar *cgtk_progress_bar(gpointer p) { return (GtkProgressBar *)p; }
static inline GtkLabel *cgtk_label(gpointer p) { return (GtkLabel *)p; }
static inline GtkEditable *cgtk_editable(gpointer p) { return (GtkEditable *)p; }
static inline GtkSpinButton *cgtk_spin_button(gpointer p) { return (GtkSpinButton *)p; }
static inline GtkEntry *cgtk_entry(gpointer p) { return (GtkEntry *)p; }
static inline GtkStack *cgtk_stack(gpointer p) { return (GtkStack *)p; }
static inline GtkListItem *cgtk_list_item(gpointer p) { return (GtkListItem *)p; }
static inline GtkListView *cgtk_list_view(gpointer p) { return (GtkListView *)p; }
static inline GListModel *cgtk_list_model(gpointer p) { return (GListModel *)p; }
static inline GtkSelectionModel *cgtk_selection_model(gpointer p) { return (GtkSelectionModel *)p; }
static inline GtkScrolledWindow *cgtk_scrolled_window(gpointer p) { return (GtkScrolledWindow *)p; }
static inline GtkGesture *cgtk_gesture(gpointer p) { return (GtkGesture *)p; }
static inline GtkGestureSingle *cgtk_gesture_single(gpointer p) { return (GtkGestureSingle *)p; }
static inline GActionMap *cgtk_action_map(gpointer p) { return (GActionMap *)p; }
static inline GAction *cgtk_action(gpointer p) { return (GAction *)p; }
static inline GtkAccessible *cgtk_accessible(gpointer p) { return (GtkAccessible *)p; }
static inline GtkStyleProvider *cgtk_style_provider(gpointer p) { return (GtkStyleProvider *)p; }
static inline GtkDrawingArea *cgtk_drawing_area(gpointer p) { return (GtkDrawingArea *)p; }
static inline GtkRevealer *cgtk_revealer(gpointer p) { return (GtkRevealer *)p; }
static inline GtkPopover *cgtk_popover(gpointer p) { return (GtkPopover *)p; }
static inline GtkMenuButton *cgtk_menu_button(gpointer p) { return (GtkMenuButton *)p; }
static inline GtkOverlay *cgtk_overlay(gpointer p) { return (GtkOverlay *)p; }
static inline GtkImage *cgtk_image(gpointer p) { return (GtkImage *)p; }
static inline GMenuModel *cgtk_menu_model(gpointer p) { return (GMenuModel *)p; }
static inline GtkButton *cgtk_button(gpointer p) { return (GtkButton *)p; }
static inline gboolean cgtk_is_button(gpointer p) { return GTK_IS_BUTTON(p); }

/* ---- varargs calls ---- */
/* Names A for screen readers. A button made with a label is "labelled by" that label, and
 * GTK 4.18 names a widget by what labels it before its own label (as ARIA does): a button
 * showing "Delete" would be heard as "Delete", not as LABEL. Without the relation, A is named
 * LABEL on every version. */
static inline void cgtk_accessible_set_label(GtkAccessible *a, const char *label) {
    gtk_accessible_reset_relation(a, GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    gtk_accessible_update_property(a, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void cgtk_accessible_set_hidden(GtkAccessible *a) {
    gtk_accessible_update_state(a, GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
}
static inline void cgtk_accessible_set_hidden_to(GtkAccessible *a, gboolean hidden) {
    gtk_accessible_update_state(a, GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}
static inline GObject *cgtk_plain_object_new(void) {
    return g_object_new(G_TYPE_OBJECT, NULL);
}

/* ---- construct-only properties (g_object_new is varargs) ---- */
/* A drawing area that assistive technologies announce as a button. */
static inline GtkWidget *cgtk_drawing_area_new_with_role(GtkAccessibleRole role) {
    return g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", role, NULL);
}

/* ---- a widget drawn by a snapshot function ---- */
/* What GtkDrawingArea is for cairo, for render nodes: GTK has no such widget, and a GType
 * subclass (its snapshot vfunc) cannot be declared from Swift. The function appends the
 * widget's nodes at its size; the user data is released with the widget. Like a drawing
 * area it says "resize" when it gets a new size. Registered once by
 * name, as each module that includes this header has its own copy of these functions. */
typedef void (*CgtkSnapshotFunc)(GtkWidget *widget, GtkSnapshot *snapshot, int width, int height, gpointer data);
typedef struct {
    GtkWidget parent;
    CgtkSnapshotFunc func;
    gpointer data;
    GDestroyNotify destroy;
} CgtkSnapshotArea;
typedef struct { GtkWidgetClass parent; } CgtkSnapshotAreaClass;

static inline void cgtk_snapshot_area_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    CgtkSnapshotArea *area = (CgtkSnapshotArea *)widget;
    if (area->func) area->func(widget, snapshot, gtk_widget_get_width(widget), gtk_widget_get_height(widget), area->data);
}
static inline void cgtk_snapshot_area_release(CgtkSnapshotArea *area) {
    GDestroyNotify destroy = area->destroy;
    gpointer data = area->data;
    area->func = NULL;
    area->data = NULL;
    area->destroy = NULL;
    if (destroy) destroy(data);
}
static inline void cgtk_snapshot_area_dispose(GObject *object) {
    cgtk_snapshot_area_release((CgtkSnapshotArea *)object);
    G_OBJECT_CLASS(g_type_class_peek_parent(G_OBJECT_GET_CLASS(object)))->dispose(object);
}
/* "resize" (width, height), as GtkDrawingArea's: emitted with each allocation. */
static inline void cgtk_snapshot_area_size_allocate(GtkWidget *widget, int width, int height, int baseline) {
    (void)baseline;
    g_signal_emit_by_name(widget, "resize", width, height);
}
static inline void cgtk_snapshot_area_class_init(gpointer class, gpointer data) {
    (void)data;
    G_OBJECT_CLASS(class)->dispose = cgtk_snapshot_area_dispose;
    GTK_WIDGET_CLASS(class)->snapshot = cgtk_snapshot_area_snapshot;
    GTK_WIDGET_CLASS(class)->size_allocate = cgtk_snapshot_area_size_allocate;
    g_signal_new("resize", G_TYPE_FROM_CLASS(class), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                 G_TYPE_INT, G_TYPE_INT);
}
static inline GType cgtk_snapshot_area_get_type(void) {
    GType type = g_type_from_name("CgtkSnapshotArea");
    if (type) return type;
    return g_type_register_static_simple(GTK_TYPE_WIDGET, "CgtkSnapshotArea", sizeof(CgtkSnapshotAreaClass),
                                         cgtk_snapshot_area_class_init, sizeof(CgtkSnapshotArea), NULL, 0);
}
/* A snapshot area with an accessible role (construct-only), drawing nothing until it has a
 * snapshot function. */
static inline GtkWidget *cgtk_snapshot_area_new(GtkAccessibleRole role) {
    return g_object_new(cgtk_snapshot_area_get_type(), "accessible-role", role, NULL);
}
/* Draws `widget` (a snapshot area) with `func`; the previous function's data is released. */
static inline void cgtk_snapshot_area_set_func(GtkWidget *widget, CgtkSnapshotFunc func, gpointer data,
                                               GDestroyNotify destroy) {
    CgtkSnapshotArea *area = (CgtkSnapshotArea *)widget;
    cgtk_snapshot_area_release(area);
    area->func = func;
    area->data = data;
    area->destroy = destroy;
    gtk_widget_queue_draw(widget);
}
/* The snapshot vfunc itself, for a test to draw the widget at once, outside a frame. */
static inline void cgtk_widget_class_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    GTK_WIDGET_GET_CLASS(widget)->snapshot(widget, snapshot);
}
/* cairo's ARGB32 layout as GDK names it (a macro, by the machine's byte order). */
static inline GdkMemoryFormat cgtk_memory_format_cairo_argb32(void) { return GDK_MEMORY_DEFAULT; }
/* Whether `widget`'s window is drawn by GSK's cairo renderer; false while it is not realized. */
static inline gboolean cgtk_widget_renders_with_cairo(GtkWidget *widget) {
    GtkNative *native = gtk_widget_get_native(widget);
    GskRenderer *renderer = native ? gtk_native_get_renderer(native) : NULL;
    return renderer && GSK_IS_CAIRO_RENDERER(renderer);
}

/* ---- lists ---- */
/* gtk_list_view_scroll_to is 4.12+; before that the list's own action does the same. */
static inline void cgtk_list_view_scroll_to(GtkListView *view, guint position) {
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_list_view_scroll_to(view, position, GTK_LIST_SCROLL_NONE, NULL);
#else
    gtk_widget_activate_action(GTK_WIDGET(view), "list.scroll-to-item", "u", position);
#endif
}

/* ---- widget colour: gtk_widget_get_color is 4.10+, the style context is deprecated there ---- */
static inline void cgtk_widget_get_color(GtkWidget *widget, GdkRGBA *color) {
#if GTK_CHECK_VERSION(4, 10, 0)
    gtk_widget_get_color(widget, color);
#else
    gtk_style_context_get_color(gtk_widget_get_style_context(widget), color);
#endif
}

/* ---- dialogs of 4.8, deprecated in 4.10 (their replacements do not exist on 4.8) ---- */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static inline GtkWidget *cgtk_color_chooser_dialog_new(const char *title, GtkWindow *parent,
                                                       const GdkRGBA *initial) {
    GtkWidget *dialog = gtk_color_chooser_dialog_new(title, parent);
    gtk_color_chooser_set_use_alpha(GTK_COLOR_CHOOSER(dialog), TRUE);
    gtk_color_chooser_set_rgba(GTK_COLOR_CHOOSER(dialog), initial);
    return dialog;
}
/* Adds `count` colours as one row of swatches above GTK's own palette. GTK drops its default
 * palette when the first palette is added, so `keep_default` (the default's 45 colours,
 * 5 to a column, as GTK lays them out) is added back first. */
static inline void cgtk_color_chooser_add_row(GtkWidget *dialog, const GdkRGBA *colors, int count,
                                              const GdkRGBA *keep_default, int default_count) {
    gtk_color_chooser_add_palette(GTK_COLOR_CHOOSER(dialog), GTK_ORIENTATION_VERTICAL, 5,
                                  default_count, (GdkRGBA *)keep_default);
    gtk_color_chooser_add_palette(GTK_COLOR_CHOOSER(dialog), GTK_ORIENTATION_HORIZONTAL, count,
                                  count, (GdkRGBA *)colors);
}
static inline void cgtk_color_chooser_get_rgba(GtkWidget *dialog, GdkRGBA *color) {
    gtk_color_chooser_get_rgba(GTK_COLOR_CHOOSER(dialog), color);
}
/* Names a labelled button by the text it shows. A button made with a mnemonic (GtkDialog's,
 * libadwaita's message buttons) is named by GTK 4.8 twice over: by the label it is labelled
 * by and again by its own text ("Cancel Cancel", "_Select Select"). Without the relation, the
 * button is named once, as it reads, on every version. Nothing for a button without a label. */
static inline void cgtk_button_name_as_shown(GtkWidget *button) {
    if (!GTK_IS_BUTTON(button)) return;
    const char *label = gtk_button_get_label(GTK_BUTTON(button));
    if (label == NULL) return;
    GString *shown = g_string_new(NULL);
    for (const char *c = label; *c; c++) {
        if (*c == '_' && gtk_button_get_use_underline(GTK_BUTTON(button))) {
            if (c[1] == '_') { g_string_append_c(shown, '_'); c++; }
            continue;
        }
        g_string_append_c(shown, *c);
    }
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
    gtk_accessible_update_property(GTK_ACCESSIBLE(button), GTK_ACCESSIBLE_PROPERTY_LABEL, shown->str, -1);
    g_string_free(shown, TRUE);
}
static inline GtkNativeDialog *cgtk_file_chooser_native_new(const char *title, GtkWindow *parent,
                                                            GtkFileChooserAction action,
                                                            const char *accept_label) {
    return GTK_NATIVE_DIALOG(gtk_file_chooser_native_new(title, parent, action, accept_label, NULL));
}
static inline void cgtk_file_chooser_add_filter(GtkNativeDialog *chooser, GtkFileFilter *filter) {
    gtk_file_chooser_add_filter(GTK_FILE_CHOOSER(chooser), filter);
}
static inline void cgtk_file_chooser_set_current_name(GtkNativeDialog *chooser, const char *name) {
    gtk_file_chooser_set_current_name(GTK_FILE_CHOOSER(chooser), name);
}
/* Returns a newly allocated path (g_free it), or NULL. */
static inline char *cgtk_file_chooser_get_path(GtkNativeDialog *chooser) {
    GFile *file = gtk_file_chooser_get_file(GTK_FILE_CHOOSER(chooser));
    if (!file) return NULL;
    char *path = g_file_get_path(file);
    g_object_unref(file);
    return path;
}
/* A drop-down of choices in the chooser (Export Image…'s size), and the one chosen. */
static inline void cgtk_file_chooser_add_choice(GtkNativeDialog *chooser, const char *id, const char *label,
                                                const char **options, const char **option_labels) {
    gtk_file_chooser_add_choice(GTK_FILE_CHOOSER(chooser), id, label, options, option_labels);
}
static inline void cgtk_file_chooser_set_choice(GtkNativeDialog *chooser, const char *id, const char *option) {
    gtk_file_chooser_set_choice(GTK_FILE_CHOOSER(chooser), id, option);
}
static inline const char *cgtk_file_chooser_get_choice(GtkNativeDialog *chooser, const char *id) {
    return gtk_file_chooser_get_choice(GTK_FILE_CHOOSER(chooser), id);
}
/* The filter chosen in the chooser (owned by it), or NULL. */
static inline GtkFileFilter *cgtk_file_chooser_get_filter(GtkNativeDialog *chooser) {
    return gtk_file_chooser_get_filter(GTK_FILE_CHOOSER(chooser));
}
/* The name typed in a save chooser, newly allocated (g_free it), or NULL. */
static inline char *cgtk_file_chooser_get_current_name(GtkNativeDialog *chooser) {
    return gtk_file_chooser_get_current_name(GTK_FILE_CHOOSER(chooser));
}
G_GNUC_END_IGNORE_DEPRECATIONS

/* ---- the dialogs of 4.10 (GtkFileDialog, GtkColorDialog) ----
 * Compiled in only against GTK 4.10 or later; built against 4.8 they are stubs that
 * cgtk_has_new_dialogs reports absent, and the 4.8 dialogs above are used. */
static inline gboolean cgtk_has_new_dialogs(void) {
#if GTK_CHECK_VERSION(4, 10, 0)
    return TRUE;
#else
    return FALSE;
#endif
}
/* What a file dialog asks: a file to open, a name to save under, or a folder. */
typedef enum { CGTK_FILE_OPEN = 0, CGTK_FILE_SAVE = 1, CGTK_FILE_FOLDER = 2 } CGtkFileQuestion;
/* Shows a GtkFileDialog, modal over PARENT, with FILTERS (COUNT of them, the first chosen at
 * first) and, when saving, INITIAL_NAME; CALLBACK answers through cgtk_file_dialog_finish.
 * The dialog's task holds its own reference to the dialog. */
static inline void cgtk_file_dialog_ask(GtkWindow *parent, CGtkFileQuestion question, const char *title,
                                        const char *accept_label, GtkFileFilter **filters, int count,
                                        const char *initial_name, GAsyncReadyCallback callback, gpointer data) {
#if GTK_CHECK_VERSION(4, 10, 0)
    GtkFileDialog *dialog = gtk_file_dialog_new();
    gtk_file_dialog_set_title(dialog, title);
    gtk_file_dialog_set_accept_label(dialog, accept_label);
    gtk_file_dialog_set_modal(dialog, TRUE);
    if (count > 0) {
        GListStore *list = g_list_store_new(GTK_TYPE_FILE_FILTER);
        for (int i = 0; i < count; i++) g_list_store_append(list, filters[i]);
        gtk_file_dialog_set_filters(dialog, G_LIST_MODEL(list));
        gtk_file_dialog_set_default_filter(dialog, filters[0]);
        g_object_unref(list);
    }
    switch (question) {
    case CGTK_FILE_OPEN:
        gtk_file_dialog_open(dialog, parent, NULL, callback, data);
        break;
    case CGTK_FILE_SAVE:
        if (initial_name) gtk_file_dialog_set_initial_name(dialog, initial_name);
        gtk_file_dialog_save(dialog, parent, NULL, callback, data);
        break;
    case CGTK_FILE_FOLDER:
        gtk_file_dialog_select_folder(dialog, parent, NULL, callback, data);
        break;
    }
    g_object_unref(dialog);
#else
    (void)parent; (void)question; (void)title; (void)accept_label; (void)filters; (void)count;
    (void)initial_name; (void)callback; (void)data;
#endif
}
/* The path chosen (g_free it), or NULL on Cancel or when the file has no local path. SOURCE
 * is the callback's source object, the dialog. */
static inline char *cgtk_file_dialog_finish(GObject *source, GAsyncResult *result, CGtkFileQuestion question) {
#if GTK_CHECK_VERSION(4, 10, 0)
    GError *error = NULL;
    GFile *file = NULL;
    switch (question) {
    case CGTK_FILE_OPEN: file = gtk_file_dialog_open_finish(GTK_FILE_DIALOG(source), result, &error); break;
    case CGTK_FILE_SAVE: file = gtk_file_dialog_save_finish(GTK_FILE_DIALOG(source), result, &error); break;
    case CGTK_FILE_FOLDER: file = gtk_file_dialog_select_folder_finish(GTK_FILE_DIALOG(source), result, &error); break;
    }
    if (error) g_error_free(error);
    if (!file) return NULL;
    char *path = g_file_get_path(file);
    g_object_unref(file);
    return path;
#else
    (void)source; (void)result; (void)question;
    return NULL;
#endif
}
/* Shows a GtkColorDialog (with alpha), modal over PARENT, starting at INITIAL; CALLBACK
 * answers through cgtk_color_dialog_finish. */
static inline void cgtk_color_dialog_choose(GtkWindow *parent, const char *title, const GdkRGBA *initial,
                                            GAsyncReadyCallback callback, gpointer data) {
#if GTK_CHECK_VERSION(4, 10, 0)
    GtkColorDialog *dialog = gtk_color_dialog_new();
    gtk_color_dialog_set_title(dialog, title);
    gtk_color_dialog_set_modal(dialog, TRUE);
    gtk_color_dialog_set_with_alpha(dialog, TRUE);
    gtk_color_dialog_choose_rgba(dialog, parent, initial, NULL, callback, data);
    g_object_unref(dialog);
#else
    (void)parent; (void)title; (void)initial; (void)callback; (void)data;
#endif
}
/* TRUE with the colour in COLOR when one was chosen; FALSE on Cancel. */
static inline gboolean cgtk_color_dialog_finish(GObject *source, GAsyncResult *result, GdkRGBA *color) {
#if GTK_CHECK_VERSION(4, 10, 0)
    GError *error = NULL;
    GdkRGBA *chosen = gtk_color_dialog_choose_rgba_finish(GTK_COLOR_DIALOG(source), result, &error);
    if (error) g_error_free(error);
    if (!chosen) return FALSE;
    *color = *chosen;
    gdk_rgba_free(chosen);
    return TRUE;
#else
    (void)source; (void)result; (void)color;
    return FALSE;
#endif
}

/* ---- chord editor ---- */
static inline GtkRange *cgtk_range(gpointer p) { return (GtkRange *)p; }
static inline GtkScale *cgtk_scale(gpointer p) { return (GtkScale *)p; }
static inline GtkListBox *cgtk_list_box(gpointer p) { return (GtkListBox *)p; }
static inline GtkListBoxRow *cgtk_list_box_row(gpointer p) { return (GtkListBoxRow *)p; }
static inline GtkToggleButton *cgtk_toggle_button(gpointer p) { return (GtkToggleButton *)p; }
static inline GtkGestureDrag *cgtk_gesture_drag(gpointer p) { return (GtkGestureDrag *)p; }
static inline GtkEventController *cgtk_event_controller(gpointer p) { return (GtkEventController *)p; }
static inline void cgtk_accessible_set_description(GtkAccessible *a, const char *description) {
    gtk_accessible_update_property(a, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/* ---- typing into a GtkText as keys do (its key-binding signals; g_signal_emit_by_name is
 * varargs). GTK 4.18 keeps only keyed edits in the field's undo history, not
 * gtk_editable_insert_text's; these are keyed edits on every version. ---- */
/* Deletes the selection, as Backspace or Delete over it would; nothing without one. */
static inline void cgtk_text_delete_selection(GtkWidget *text) {
    int start, end;
    if (!gtk_editable_get_selection_bounds(GTK_EDITABLE(text), &start, &end)) return;
    g_signal_emit_by_name(text, "delete-from-cursor", GTK_DELETE_CHARS, 1);
}
static inline void cgtk_text_insert_at_cursor(GtkWidget *text, const char *str) {
    g_signal_emit_by_name(text, "insert-at-cursor", str);
}

/* ---- translation: libintl's declarations are not in Swift's Glibc module ---- */
static inline void cgtk_bind_text_domain(const char *domain, const char *folder) {
    if (folder != NULL) bindtextdomain(domain, folder);
    bind_textdomain_codeset(domain, "UTF-8");
    textdomain(domain);
}

/* ---- what screen readers hear ---- */
/* A box with an accessible role: the role is construct-only, so g_object_new (varargs). */
static inline GtkWidget *cgtk_box_new_with_role(GtkOrientation orientation, int spacing, GtkAccessibleRole role) {
    return g_object_new(GTK_TYPE_BOX, "orientation", orientation, "spacing", spacing, "accessible-role", role, NULL);
}
/* GtkListItem forwards an accessible label to its row from 4.12; before that the row has
 * none and screen readers read the row's child, which carries the same label. */
static inline void cgtk_list_item_set_accessible_label(GtkListItem *item, const char *label) {
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_list_item_set_accessible_label(item, label);
#else
    (void)item; (void)label;
#endif
}
/* gtk_accessible_announce is 4.14+; before that an alert-role widget that is shown is
 * what screen readers announce. Returns whether the call exists in this build. */
static inline gboolean cgtk_accessible_announce(GtkAccessible *accessible, const char *message) {
#if GTK_CHECK_VERSION(4, 14, 0)
    gtk_accessible_announce(accessible, message, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
    return TRUE;
#else
    (void)accessible; (void)message;
    return FALSE;
#endif
}

/* ---- version guards ---- */
/* Loads CSS from a string: gtk_css_provider_load_from_string is 4.12+,
 * load_from_data changed signature in 4.10 (deprecated from 4.12). */
static inline void cgtk_css_provider_load(GtkCssProvider *provider, const char *css) {
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_css_provider_load_from_string(provider, css);
#else
    gtk_css_provider_load_from_data(provider, css, -1);
#endif
}

/* Translates (X, Y) in FROM's coordinates into TO's: gtk_widget_compute_point is 4.12+,
 * where gtk_widget_translate_coordinates is deprecated. Returns whether the two widgets
 * share a common ancestor (without one there is no answer). */
static inline gboolean cgtk_widget_translate_point(GtkWidget *from, GtkWidget *to, double x, double y,
                                                   double *out_x, double *out_y) {
#if GTK_CHECK_VERSION(4, 12, 0)
    graphene_point_t point = GRAPHENE_POINT_INIT((float)x, (float)y);
    graphene_point_t out;
    if (!gtk_widget_compute_point(from, to, &point, &out)) return FALSE;
    *out_x = out.x;
    *out_y = out.y;
    return TRUE;
#else
    return gtk_widget_translate_coordinates(from, to, x, y, out_x, out_y);
#endif
}

/* ---- drag and drop (gdk_content_provider_new_typed is varargs) ---- */
static inline GdkContentProvider *cgtk_content_provider_new_for_file_list(GdkFileList *files) {
    return gdk_content_provider_new_typed(GDK_TYPE_FILE_LIST, files);
}
static inline GdkContentProvider *cgtk_content_provider_new_for_file(GFile *file) {
    return gdk_content_provider_new_typed(G_TYPE_FILE, file);
}
/* A plain string in a drag within one window (a set list entry's id). */
static inline GdkContentProvider *cgtk_content_provider_new_for_string(const char *text) {
    return gdk_content_provider_new_typed(G_TYPE_STRING, text);
}
static inline GtkDropTarget *cgtk_drop_target_new_for_string(GdkDragAction actions) {
    return gtk_drop_target_new(G_TYPE_STRING, actions);
}
static inline const char *cgtk_value_get_string(const GValue *value) {
    return G_VALUE_HOLDS_STRING(value) ? g_value_get_string(value) : NULL;
}
static inline GtkDragSource *cgtk_drag_source(gpointer p) { return (GtkDragSource *)p; }
static inline GtkDropTarget *cgtk_drop_target(gpointer p) { return (GtkDropTarget *)p; }
static inline GdkPaintable *cgtk_paintable(gpointer p) { return (GdkPaintable *)p; }
static inline GdkSnapshot *cgtk_gdk_snapshot(gpointer p) { return (GdkSnapshot *)p; }
/* A named colour of the theme (@theme_base_color...): the style context is deprecated from
 * 4.10, which has no replacement for looking one up. */
static inline gboolean cgtk_widget_lookup_color(GtkWidget *widget, const char *name, GdkRGBA *color) {
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    return gtk_style_context_lookup_color(gtk_widget_get_style_context(widget), name, color);
G_GNUC_END_IGNORE_DEPRECATIONS
}

/* ---- opening an address in another program ---- */
/* Hands URI to the desktop's handler for its scheme, over PARENT; CALLBACK learns whether
 * that worked from cgtk_show_uri_finish. gtk_show_uri_full is deprecated from 4.10, where
 * GtkUriLauncher does the same (both report a missing handler as an error). */
static inline void cgtk_show_uri(GtkWindow *parent, const char *uri, GAsyncReadyCallback callback, gpointer data) {
#if GTK_CHECK_VERSION(4, 10, 0)
    GtkUriLauncher *launcher = gtk_uri_launcher_new(uri);
    gtk_uri_launcher_launch(launcher, parent, NULL, callback, data);
    g_object_unref(launcher); /* the launch's task holds its own reference */
#else
    gtk_show_uri_full(parent, uri, GDK_CURRENT_TIME, NULL, callback, data);
#endif
}
/* SOURCE is the callback's source object (the launcher from 4.10, the window before). */
static inline gboolean cgtk_show_uri_finish(GObject *source, GAsyncResult *result, GError **error) {
#if GTK_CHECK_VERSION(4, 10, 0)
    return gtk_uri_launcher_launch_finish(GTK_URI_LAUNCHER(source), result, error);
#else
    return gtk_show_uri_full_finish(GTK_WINDOW(source), result, error);
#endif
}

#endif
