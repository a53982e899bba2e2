/*
 * The window's floor: the least a GTK 4 app can do, in C, for what imager-bench measures
 * in Imager's window. Both follow the same protocol, so one parser reads both.
 *
 *   gtk_floor window       a GtkApplicationWindow with a header bar; prints
 *                          "first-frame <g_get_monotonic_time()>" after its first paint, then
 *                          "peak-rss-kib <VmHWM>", and quits
 *   gtk_floor list N       the same window holding a GtkListView of N labels over a
 *                          GtkStringList. After the first frame it adds, renames, deletes and
 *                          restores (undo) a row, IMAGER_BENCH_EDIT_CYCLES times (5), each from the change to
 *                          the end of the next painted frame, with that frame's own part
 *                          ("edit <name> <total us> <frame us>"); then scrolls from top to
 *                          bottom, one step per frame ("scroll-frame <work us> <interval us>",
 *                          "scroll-end <frames>"), prints "done" and its peak memory, and quits
 *   gtk_floor canvas       the same window holding a drawing area as large as the chord
 *                          editor's canvas, a square and a dot drawn with cairo. After the
 *                          first frame it moves the dot one step per frame,
 *                          IMAGER_BENCH_DRAG_FRAMES times (240), as the editor's lumi drag
 *                          does ("drag-frame <work us> <interval us>", "drag-end <frames>"),
 *                          prints "done" and its peak memory, and quits
 *
 * Everything runs on the main loop, driven by the window's GdkFrameClock.
 *
 * Compiled with -DFLOOR_LIBADWAITA (and libadwaita's flags) it is adw_floor: the same, as a
 * libadwaita app would be, an AdwApplication whose AdwApplicationWindow holds an
 * AdwHeaderBar over its content, with libadwaita's stylesheet.
 */
#include <gtk/gtk.h>
#ifdef FLOOR_LIBADWAITA
#include <adwaita.h>
#endif
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The script's state; one window, so file-scope is enough. */
static GtkWidget *window, *list_view, *scrolled;
static GtkStringList *strings;
static GtkSingleSelection *selection;
static GdkFrameClock *frame_clock;
static int step_index;                /* next scripted edit */
static gint64 action_started;         /* 0 when no edit waits for its frame */
static const char *action_name;
static gint64 frame_started, last_frame_time;
static double scroll_step;
static gboolean scrolling;
static guint scroll_tick;
static int scroll_frames;
static GtkWidget *canvas;             /* canvas mode */
static double dot_x = 0.5, dot_y = 0.5;
static gboolean dragging;
static guint drag_tick;
static int drag_frames;

static gint64 last_paint;             /* when the last frame ended */

static void next_step(void);
static int env_int(const char *name, int fallback);

/* Reports the process's peak resident memory (VmHWM) and quits. The parent cannot take it
 * from wait4(): a spawned child inherits the parent's high-water mark across exec. */
static void report_peak_and_quit(void) {
    char line[256];
    FILE *status = fopen("/proc/self/status", "r");
    while (status && fgets(line, sizeof line, status)) {
        long kib;
        if (sscanf(line, "VmHWM: %ld kB", &kib) == 1) printf("peak-rss-kib %ld\n", kib);
    }
    if (status) fclose(status);
    g_application_quit(g_application_get_default());
}

/* Each step starts once the frame clock has been idle for 300 ms, so an edit is measured
 * from an idle clock, not from the middle of an animation (the scrollbar's fade, say),
 * where it would also wait for the next 60 Hz slot. */
static gboolean run_next_step(gpointer data) {
    (void)data;
    if (g_get_monotonic_time() - last_paint < 300000) return G_SOURCE_CONTINUE;
    next_step();
    return G_SOURCE_REMOVE;
}

static void after_quiet(void) {
    g_timeout_add(50, run_next_step, NULL);
}

static void on_before_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock; (void)data;
    frame_started = g_get_monotonic_time();
}

static gboolean scroll_on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data);

static void on_after_paint(GdkFrameClock *clock, gpointer data) {
    (void)data;
    gint64 now = g_get_monotonic_time();
    last_paint = now;
    if (step_index == 0) {
        printf("first-frame %" G_GINT64_FORMAT "\n", now);
        if (!strings && !canvas) { report_peak_and_quit(); return; }
        step_index = 1;
        after_quiet();
        return;
    }
    if (action_started) {
        printf("edit %s %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n", action_name, now - action_started,
               now - frame_started);
        action_started = 0;
        after_quiet();
        return;
    }
    if (dragging) {
        gint64 frame_time = gdk_frame_clock_get_frame_time(clock);
        if (last_frame_time) {
            printf("drag-frame %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n", now - frame_started,
                   frame_time - last_frame_time);
        }
        last_frame_time = frame_time;
        if (!drag_tick) {
            dragging = FALSE;
            printf("drag-end %d\n", drag_frames);
            after_quiet();
        }
        return;
    }
    if (scrolling) {
        gint64 frame_time = gdk_frame_clock_get_frame_time(clock);
        if (last_frame_time) {
            printf("scroll-frame %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n",
                   now - frame_started, frame_time - last_frame_time);
            scroll_frames++;
        }
        last_frame_time = frame_time;
        if (!scroll_tick) {   /* reached the bottom */
            scrolling = FALSE;
            printf("scroll-end %d\n", scroll_frames);
            after_quiet();
        }
    }
}

static gboolean scroll_on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)widget; (void)clock; (void)data;
    GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    double bottom = gtk_adjustment_get_upper(adj) - gtk_adjustment_get_page_size(adj);
    double value = gtk_adjustment_get_value(adj);
    if (value >= bottom) { scroll_tick = 0; return G_SOURCE_REMOVE; }
    gtk_adjustment_set_value(adj, MIN(value + scroll_step, bottom));
    return G_SOURCE_CONTINUE;
}

static void start_scroll(void) {
    GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled));
    double page = gtk_adjustment_get_page_size(adj);
    double span = gtk_adjustment_get_upper(adj) - page;
    /* A page per frame, or more to finish in at most IMAGER_BENCH_SCROLL_FRAMES frames:
     * either way every frame shows only rows it has not shown before. */
    scroll_step = MAX(page, span / env_int("IMAGER_BENCH_SCROLL_FRAMES", 1000));
    scrolling = TRUE;
    last_frame_time = 0;
    scroll_tick = gtk_widget_add_tick_callback(list_view, scroll_on_tick, NULL, NULL);
}

static int env_int(const char *name, int fallback) {
    const char *value = g_getenv(name);
    return value && atoi(value) > 0 ? atoi(value) : fallback;
}

/* The canvas: a square filling the smaller side, and a dot over it. */
static void draw_canvas(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    (void)area; (void)data;
    double side = MIN(width, height), x = (width - side) / 2, y = (height - side) / 2;
    cairo_set_source_rgb(cr, 0.2, 0.3, 0.5);
    cairo_rectangle(cr, x, y, side, side);
    cairo_fill(cr);
    cairo_set_source_rgba(cr, 1, 0.9, 0.65, 0.8);
    cairo_arc(cr, x + dot_x * side, y + dot_y * side, 0.15 * side, 0, 2 * G_PI);
    cairo_fill(cr);
}

/* One step of the drag per frame, round the same circle as Imager's script. */
static gboolean drag_on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)widget; (void)clock; (void)data;
    if (drag_frames >= env_int("IMAGER_BENCH_DRAG_FRAMES", 240)) { drag_tick = 0; return G_SOURCE_REMOVE; }
    drag_frames++;
    double angle = 2 * G_PI * drag_frames / 60;
    dot_x = 0.5 + 0.1 * sin(angle);
    dot_y = 0.5 - 0.1 * (1 - cos(angle));
    gtk_widget_queue_draw(canvas);
    return G_SOURCE_CONTINUE;
}

/* Steps 1..4*cycles are the edits (add, rename, delete, undo, again and again); then the scroll. */
static void next_step(void) {
    if (canvas) {
        if (step_index++ == 1) {
            dragging = TRUE;
            last_frame_time = 0;
            drag_tick = gtk_widget_add_tick_callback(canvas, drag_on_tick, NULL, NULL);
        } else {
            printf("done\n");
            report_peak_and_quit();
        }
        return;
    }
    guint count = g_list_model_get_n_items(G_LIST_MODEL(strings));
    int edits = 4 * env_int("IMAGER_BENCH_EDIT_CYCLES", 5);
    int step = step_index++;
    if (step <= edits) {
        action_name = (const char *[]){"add", "rename", "delete", "undo"}[(step - 1) % 4];
        action_started = g_get_monotonic_time();
        switch ((step - 1) % 4) {
        case 0:   /* a new row at the end, selected and scrolled to, as Imager's Add does */
            gtk_string_list_append(strings, "Untitled Chordset");
            gtk_single_selection_set_selected(selection, count);
            gtk_widget_activate_action(list_view, "list.scroll-to-item", "u", count);
            break;
        case 1: { /* rename it */
            const char *title[] = {"Renamed Chordset", NULL};
            gtk_string_list_splice(strings, count - 1, 1, title);
            break;
        }
        case 2:   /* delete it */
            gtk_string_list_remove(strings, count - 1);
            break;
        default:  /* undo the delete: the row comes back where it was */
            gtk_string_list_append(strings, "Renamed Chordset");
        }
    } else if (step == edits + 1) {   /* back to the top, then scroll down */
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(scrolled)), 0);
        after_quiet();
    } else if (step == edits + 2) {
        start_scroll();
    } else {
        printf("done\n");
        report_peak_and_quit();
    }
}

static void setup_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GtkWidget *label = gtk_label_new(NULL);
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_widget_set_margin_top(label, 12);
    gtk_widget_set_margin_bottom(label, 12);
    gtk_widget_set_margin_start(label, 12);
    gtk_list_item_set_child(item, label);
}

static void bind_row(GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data) {
    (void)factory; (void)data;
    GtkStringObject *object = gtk_list_item_get_item(item);
    gtk_label_set_text(GTK_LABEL(gtk_list_item_get_child(item)), gtk_string_object_get_string(object));
}

static void on_map(GtkWidget *widget, gpointer data) {
    (void)data;
    frame_clock = gtk_widget_get_frame_clock(widget);
    g_signal_connect(frame_clock, "before-paint", G_CALLBACK(on_before_paint), NULL);
    g_signal_connect(frame_clock, "after-paint", G_CALLBACK(on_after_paint), NULL);
}

/* The window's content under its header bar. */
static void set_content(GtkWidget *content) {
#ifdef FLOOR_LIBADWAITA
    GtkWidget *box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    gtk_box_append(GTK_BOX(box), adw_header_bar_new());
    if (content) {
        gtk_widget_set_vexpand(content, TRUE);
        gtk_box_append(GTK_BOX(box), content);
    }
    adw_application_window_set_content(ADW_APPLICATION_WINDOW(window), box);
#else
    gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
    if (content) gtk_window_set_child(GTK_WINDOW(window), content);
#endif
}

static void activate(GtkApplication *app, gpointer data) {
    long rows = (long)GPOINTER_TO_SIZE(data);
#ifdef FLOOR_LIBADWAITA
    window = adw_application_window_new(app);
#else
    window = gtk_application_window_new(app);
#endif
    gtk_window_set_title(GTK_WINDOW(window), "Floor");
    gtk_window_set_default_size(GTK_WINDOW(window), 760, 640);   /* Imager's first size */
    GtkWidget *content = NULL;
    if (rows == -2) {
        gtk_window_set_default_size(GTK_WINDOW(window), 760, 480);   /* the chord editor's */
        canvas = gtk_drawing_area_new();
        gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(canvas), 320);
        gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(canvas), 320);
        gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(canvas), draw_canvas, NULL, NULL);
        content = canvas;
    } else if (rows >= 0) {
        strings = gtk_string_list_new(NULL);
        for (long i = 0; i < rows; i++) {
            char title[32];
            snprintf(title, sizeof title, "Chordset %ld", i + 1);
            gtk_string_list_append(strings, title);
        }
        GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
        g_signal_connect(factory, "setup", G_CALLBACK(setup_row), NULL);
        g_signal_connect(factory, "bind", G_CALLBACK(bind_row), NULL);
        selection = gtk_single_selection_new(G_LIST_MODEL(strings));
        list_view = gtk_list_view_new(GTK_SELECTION_MODEL(selection), factory);
        scrolled = gtk_scrolled_window_new();
        gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list_view);
        content = scrolled;
    }
    set_content(content);
    g_signal_connect(window, "map", G_CALLBACK(on_map), NULL);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    long rows = -1;
    if (argc == 3 && strcmp(argv[1], "list") == 0) rows = atol(argv[2]);
    else if (argc == 2 && strcmp(argv[1], "canvas") == 0) rows = -2;
    else if (!(argc == 2 && strcmp(argv[1], "window") == 0)) {
        fprintf(stderr, "usage: gtk_floor window | list N | canvas\n");
        return 2;
    }
#ifdef FLOOR_LIBADWAITA
    GtkApplication *app = GTK_APPLICATION(adw_application_new("io.github.imagerproject.BenchFloor", G_APPLICATION_NON_UNIQUE));
#else
    GtkApplication *app = gtk_application_new("io.github.imagerproject.BenchFloor", G_APPLICATION_NON_UNIQUE);
#endif
    g_signal_connect(app, "activate", G_CALLBACK(activate), GSIZE_TO_POINTER((gsize)rows));
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
