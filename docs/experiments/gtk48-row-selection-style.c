/* GTK 4.8's list view: what selecting its rows costs in styles, with and without libadwaita.
 *
 * The undo of Imager's delete of 1,000 brings the 1,000 back selected, and its frame makes
 * about 200 new GtkCssStaticStyle objects (docs/experiments/libadwaita-list-style.sh): one
 * for each row GTK keeps. This program shows the same on a plain GtkListView of 100,000
 * labels: two seconds after it opens it selects the first 1,000 rows (every row GTK keeps),
 * prints "select-start <g_get_monotonic_time()>", and quits half a second later. Count the
 * styles made after that line with a uprobe on g_type_create_instance (as
 * libadwaita-list-style.sh does, naming the types from g_type_register_static). On Debian 12
 * (GTK 4.8.3, libadwaita 1.2.2, Xvfb, GSK_RENDERER=cairo):
 *
 *   AdwApplication (libadwaita's stylesheet)                          208 new styles
 *   GtkApplication, GTK_THEME=Empty, CSS='row:selected { background-color: blue; }'   208
 *   the same with 'listview > row:selected { ... }'                   208
 *   GtkApplication, GTK_THEME=Empty, no CSS                           0
 *   GtkApplication, GTK's own theme                                   3,898 (its transitions)
 *
 * SEPARATORS=1 (list.show-separators, as Imager's list) changes none of these. So any rule for
 * a selected row has GTK 4.8 work out a style for each row that turns selected, none shared
 * with its siblings, whatever the stylesheet: the cost is GTK's, not libadwaita's, and no
 * selector of Imager's avoids it while selected rows look selected.
 *
 * Build and run:
 *   cc -O2 gtk48-row-selection-style.c -o selection $(pkg-config --cflags --libs gtk4)
 *   cc -O2 -DADW gtk48-row-selection-style.c -o selection-adw $(pkg-config --cflags --libs libadwaita-1)
 *   GSK_RENDERER=cairo xvfb-run -a dbus-run-session -- perf record -k CLOCK_MONOTONIC \
 *     -e probe_libgobject:gtci -e probe_libgobject:reg -e probe_libgobject:reg__return -- ./selection-adw
 *   GTK_THEME=Empty CSS='row:selected { background-color: blue; }' ... ./selection
 */
#include <gtk/gtk.h>
#ifdef ADW
#include <adwaita.h>
#endif

static GtkSelectionModel *selection;

static gboolean quit(gpointer data) { exit(0); }

static gboolean select_kept_rows(gpointer data) {
    printf("select-start %ld\n", (long)g_get_monotonic_time());
    fflush(stdout);
    gtk_selection_model_select_range(selection, 0, 1000, TRUE);
    g_timeout_add(500, quit, NULL);
    return G_SOURCE_REMOVE;
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    gtk_list_item_set_child(item, gtk_label_new(NULL));
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)),
                       gtk_string_object_get_string(gtk_list_item_get_item(item)));
}

static void activate(GtkApplication *app, gpointer data) {
    GtkWidget *window = gtk_application_window_new(app);
    gtk_window_set_default_size(GTK_WINDOW(window), 760, 640);
    GtkStringList *strings = gtk_string_list_new(NULL);
    for (int i = 0; i < 100000; i++) {
        char title[32];
        snprintf(title, sizeof title, "Chordset %d", i + 1);
        gtk_string_list_append(strings, title);
    }
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
    selection = GTK_SELECTION_MODEL(gtk_multi_selection_new(G_LIST_MODEL(strings)));
    GtkWidget *list_view = gtk_list_view_new(selection, factory);
    if (g_getenv("SEPARATORS")) gtk_list_view_set_show_separators(GTK_LIST_VIEW(list_view), TRUE);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list_view);
    gtk_window_set_child(GTK_WINDOW(window), scrolled);
    if (g_getenv("CSS")) {
        GtkCssProvider *provider = gtk_css_provider_new();
        gtk_css_provider_load_from_data(provider, g_getenv("CSS"), -1);
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                                   GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    }
    gtk_window_present(GTK_WINDOW(window));
    g_timeout_add(2000, select_kept_rows, NULL);
}

int main(int argc, char **argv) {
#ifdef ADW
    GtkApplication *app = GTK_APPLICATION(adw_application_new("org.example.Selection", 0));
#else
    GtkApplication *app = gtk_application_new("org.example.Selection", 0);
#endif
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    return g_application_run(G_APPLICATION(app), argc, argv);
}
