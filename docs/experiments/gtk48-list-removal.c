/* GTK 4.8's list view: what removing a row costs, without Imager.
 *
 * Deleting a chordset near the list's end can spend 6-8 ms in the frame's layout, nearly all
 * of it GTK restyling. This program shows the same on a plain GtkListView over a
 * GtkStringList of 100,000 strings, whose rows are a box holding a label and CHILDREN - 1
 * drawing areas (Imager's rows: a title and eight cells). With the list's end in view it
 * appends a row and shows it, then removes it, again and again, and prints for each removal
 * the time to the end of the next frame and the part spent in the frame's layout phase:
 *
 *   del total <us> layout <us> paint <us>
 *
 * SCROLL_TO=1 shows each new row with the list's "list.scroll-to-item" action (what Imager's
 * add and GTK's own keyboard navigation do); otherwise the vertical adjustment is moved to
 * the end. On Debian 12 (GTK 4.8.3, Xvfb, GSK_RENDERER=cairo), layout per removal:
 *
 *   CHILDREN=9 SCROLL_TO=1   5-8 ms
 *   CHILDREN=9               0.2-0.5 ms
 *   CHILDREN=1 SCROLL_TO=1   2.4-3.4 ms   (a box and its label per row)
 *
 * Without SCROLL_TO the new row is never shown (the adjustment's upper
 * is not updated before the next layout, so moving to it stays where the list was), and that
 * case removes a row out of view. Moving the adjustment by a pixel and back after the add's
 * frame (which moves GTK's anchor off the new row) left the removal at 5-7 ms. What costs is
 * removing a row in view at the list's end, however the view got there.
 *
 * Why: with the list's end in view, GTK keeps the last ~206 rows; after the
 * removal it needs one more at the top of them and, having none to spare, makes one (setup,
 * bind). A widget just put into a parent carries "parent changed" among its pending CSS
 * changes, and gtk_css_node_propagate_pending_changes (gtkcssnode.c) passes a visible child's
 * parent bits on to every sibling after it (_gtk_css_change_for_sibling keeps them). Parent
 * changes are radical: every row after the new one, and every widget in those rows, has its
 * style computed from scratch. Counted with perf probes on g_type_create_instance: 816 new
 * GtkCssStaticStyle objects in that frame's layout with CHILDREN=9 (4 per row: box, label,
 * drawing area, last drawing area; the rest come from GTK's style cache), 408 with CHILDREN=1,
 * 204 with a label alone, none in the add's frame (whose row is an old one GTK moved, not a
 * new one). With 150 rows or fewer, where GTK keeps every row, the removal costs 0.5 ms.
 * SETTLE=1 does what Imager does (Sources/ImagerGtk/List/Gtk48/NewRowStyle.swift): in a new row's
 * first bind it hides the row, brings its style up to date (which clears its pending changes;
 * GTK passes nothing on from a hidden child) and shows it again. The removal then took 1.8-2.6
 * ms, 0.5-0.9 ms of it layout, against 6.5-10 ms and 5-8 ms without.
 *
 * Build and run:
 *   cc -O2 gtk48-list-removal.c -o list-removal $(pkg-config --cflags --libs gtk4)
 *   CHILDREN=9 SCROLL_TO=1 GSK_RENDERER=cairo xvfb-run -a ./list-removal
 *   CHILDREN=9 SCROLL_TO=1 SETTLE=1 GSK_RENDERER=cairo xvfb-run -a ./list-removal
 */
#include <gtk/gtk.h>

static GtkWidget *window, *list_view, *scrolled;
static GtkStringList *strings;
static gint64 frame_started, layout_ended, action_started;
static const char *action = "";
static int step, children = 9;

static gboolean next_step(gpointer data);

static void on_before_paint(GdkFrameClock *clock, gpointer data) { frame_started = g_get_monotonic_time(); }
static void on_layout(GdkFrameClock *clock, gpointer data) { layout_ended = g_get_monotonic_time(); }

static void on_after_paint(GdkFrameClock *clock, gpointer data) {
    if (!action_started) return;
    gint64 now = g_get_monotonic_time();
    printf("%s total %ld layout %ld paint %ld\n", action, (long)(now - action_started),
           (long)(layout_ended - frame_started), (long)(now - layout_ended));
    fflush(stdout);
    action_started = 0;
    g_timeout_add(400, next_step, NULL);   /* start each action from an idle frame clock */
}

static gboolean next_step(gpointer data) {
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    guint count = g_list_model_get_n_items(G_LIST_MODEL(strings));
    if (++step > 16) exit(0);
    action_started = g_get_monotonic_time();
    if (step % 2 == 0) {
        action = "del";
        gtk_string_list_remove(strings, count - 1);
    } else {
        action = "add";
        gtk_string_list_append(strings, "New");
        if (g_getenv("SCROLL_TO"))
            gtk_widget_activate_action(list_view, "list.scroll-to-item", "u", count);
        else
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment));
    }
    return G_SOURCE_REMOVE;
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_widget_set_size_request(box, -1, 56);
    gtk_box_append(GTK_BOX(box), gtk_label_new(NULL));
    for (int i = 1; i < children; i++) {
        GtkWidget *cell = gtk_drawing_area_new();
        gtk_widget_set_size_request(cell, 40, 40);
        gtk_box_append(GTK_BOX(box), cell);
    }
    gtk_list_item_set_child(item, box);
    /* The row's widget (the child's parent) exists from the first bind on. */
    g_object_set_data(G_OBJECT(item), "new", GINT_TO_POINTER(1));
}

/* SETTLE=1: a new row's style is brought up to date while it is hidden, so GTK passes its
 * "parent changed" on to no sibling; then it is shown, before anything is laid out. */
static void settle_new_row(GtkListItem *item) {
    if (!g_getenv("SETTLE") || !g_object_get_data(G_OBJECT(item), "new")) return;
    g_object_set_data(G_OBJECT(item), "new", NULL);
    GtkWidget *row = gtk_widget_get_parent(gtk_list_item_get_child(item));
    GdkRGBA color;
    gtk_widget_set_visible(row, FALSE);
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_style_context_get_color(gtk_widget_get_style_context(row), &color);
    G_GNUC_END_IGNORE_DEPRECATIONS
    gtk_widget_set_visible(row, TRUE);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    settle_new_row(item);
    GtkWidget *label = gtk_widget_get_first_child(gtk_list_item_get_child(item));
    gtk_label_set_text(GTK_LABEL(label), gtk_string_object_get_string(gtk_list_item_get_item(item)));
}

static gboolean start(gpointer data) {
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment));
    g_timeout_add(1000, next_step, NULL);
    return G_SOURCE_REMOVE;
}

static void on_map(GtkWidget *widget, gpointer data) {
    GdkFrameClock *clock = gtk_widget_get_frame_clock(widget);
    g_signal_connect(clock, "before-paint", G_CALLBACK(on_before_paint), NULL);
    g_signal_connect(clock, "layout", G_CALLBACK(on_layout), NULL);
    g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), NULL);
    g_timeout_add(1500, start, NULL);
}

static void activate(GtkApplication *app, gpointer data) {
    window = gtk_application_window_new(app);
    gtk_window_set_default_size(GTK_WINDOW(window), 760, 640);
    strings = gtk_string_list_new(NULL);
    for (int i = 0; i < 100000; i++) {
        char title[32];
        snprintf(title, sizeof title, "Chordset %d", i + 1);
        gtk_string_list_append(strings, title);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    list_view = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_single_selection_new(G_LIST_MODEL(strings))), factory);
    scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list_view);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    g_signal_connect(window, "map", G_CALLBACK(on_map), NULL);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    if (g_getenv("CHILDREN")) children = MAX(1, atoi(g_getenv("CHILDREN")));
    GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    return g_application_run(G_APPLICATION(app), 1, argv);
}
