/*
 * The floor of Perform's frames: the least a GTK 4 program can do, in C, to show what Perform
 * shows, one full-screen picture cross-fading into the next. It follows the protocol of
 * imager-bench-window's `--mode perform` (Tools/Sources/imager-bench-window/PerformScript.swift),
 * so one parser reads both.
 *
 *   fade_floor fullscreen   a bare GtkWindow made full screen on the display's monitor
 *   fade_floor W H          the same window at W × H pixels of content
 *
 * With IMAGER_BENCH_PERFORM_STRIKES=N it strikes instead, as the script's strikes do: N cuts
 * from one picture to the other, each once the window has painted nothing for 40 ms, with no
 * tick callback (the frame clock runs only for the frame a cut asks for), each reported as
 * "perform-strike <us>" (from the cut to the end of the first frame painted after it) and
 * "perform-strike-parts <us> <us>" (until that frame's before-paint, and the frame), then
 * "done", "peak-rss-kib" and the end. A strike draws nothing but its frame: the least a GTK
 * program can pay to show a picture struck alone.
 *
 * Under X11 a frame reaches the X server through a shared-memory pool of cairo's. Cairo gives
 * a pool back as soon as nothing in it is in use and makes a new one (64 MiB at 1920 × 1080,
 * its pages touched afresh) for the next frame; between strikes nothing else holds one, so
 * every strike would pay for a new pool, about three times a frame's work. In strikes the
 * floor keeps a block in the pool (`keep_shared_memory_pool`): Imager's window keeps its
 * pool too (strace: one pool for all of its strikes).
 *
 * Two pictures as large as the window are drawn once, before the first change. A "key" (a
 * timer, every 100 ms and 250 ms in turn, as the script's keys come) swaps them and starts a
 * 0.15 s cross-fade from the picture on screen to the other. IMAGER_BENCH_PERFORM_CHANGES keys
 * (200). It prints "perform-size W H" once the window has its size, then for every frame in
 * which the picture changed "perform-frame <work us> <interval us>" (the frame clock's
 * before-paint to after-paint, and frame time since the frame before), for every key
 * "perform-input <us>" (from the key to the end of the first frame painted after it), then
 * "perform-end <changes> 0 2", "done", "peak-rss-kib <VmHWM>", and quits.
 *
 * How a frame is made is the cheapest way measured under GSK's cairo renderer at 3840 × 2160
 * (docs/benchmark.md), FADE_FLOOR_WAY's default:
 *   drawing-area   a GtkDrawingArea whose draw function paints both pictures (cairo RGB24
 *                  image surfaces) into GTK's cairo node, the new one at the fade's opacity
 * and, to compare, the others GTK offers:
 *   textures       each picture a GdkTexture: a texture node underneath, the other in an
 *                  opacity node over it (what a GPU renderer draws without uploading; the
 *                  cairo renderer copies each texture into a new image every frame)
 *   cairo-nodes    each picture a GskCairoNode drawn once, appended again every frame under
 *                  the same opacity node
 * GTK's cairo renderer allocates a frame-sized image for every frame (the drawing area's cairo
 * node, a group, a texture's copy): 32 MiB at 3840 × 2160, which glibc gives back to the
 * kernel when it is freed and takes again, page by page, in the next frame. The floor keeps
 * freed memory for the next frame instead (mallopt below): the least a frame costs, not an
 * allocator's habit.
 */
#include <gtk/gtk.h>
#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#include <cairo-xlib.h>
#endif
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FADE_US 150000

enum way { WAY_TEXTURES, WAY_CAIRO_NODES, WAY_DRAWING_AREA };

static enum way way = WAY_DRAWING_AREA;
static GtkWidget *window, *picture_widget;
static int wanted_width, wanted_height;   /* 0: full screen */
static int width, height;                 /* the pictures' size, once made */
static cairo_surface_t *surfaces[2];
static GdkTexture *textures[2];
static GskRenderNode *cairo_nodes[2];
static int over = 0;                      /* the picture fading in, or shown alone */
static gboolean fading;
static gint64 fade_started;               /* frame time; 0 until the first frame of the fade */
static double opacity = 1;
static int changes, played;
static int strikes;                       /* > 0: strikes instead of the performance */
static gint64 last_paint_at;
static gboolean playing, finished;
static gint64 key_pressed_at, frame_started, last_frame_time;
static gboolean picture_changes;

static int env_int(const char *name, int fallback) {
    const char *value = g_getenv(name);
    return value && atoi(value) > 0 ? atoi(value) : fallback;
}

/* ---- The widget: a picture filling it, drawn from a snapshot. ---- */

#define FLOOR_TYPE_PICTURE (floor_picture_get_type())
G_DECLARE_FINAL_TYPE(FloorPicture, floor_picture, FLOOR, PICTURE, GtkWidget)
struct _FloorPicture { GtkWidget parent; };
G_DEFINE_TYPE(FloorPicture, floor_picture, GTK_TYPE_WIDGET)

static void append_picture(GtkSnapshot *snapshot, int index) {
    graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, width, height);
    if (way == WAY_TEXTURES) gtk_snapshot_append_texture(snapshot, textures[index], &bounds);
    else gtk_snapshot_append_node(snapshot, cairo_nodes[index]);
}

static void floor_picture_snapshot(GtkWidget *widget, GtkSnapshot *snapshot) {
    (void)widget;
    if (!textures[0] && !cairo_nodes[0]) return;
    if (fading && opacity < 1) {
        append_picture(snapshot, 1 - over);
        gtk_snapshot_push_opacity(snapshot, opacity);
        append_picture(snapshot, over);
        gtk_snapshot_pop(snapshot);
    } else {
        append_picture(snapshot, over);
    }
}

static void floor_picture_class_init(FloorPictureClass *class) {
    GTK_WIDGET_CLASS(class)->snapshot = floor_picture_snapshot;
}

static void floor_picture_init(FloorPicture *self) { (void)self; }

/* The drawing-area way: both image surfaces painted into the area's cairo node every frame. */
static void draw_pictures(GtkDrawingArea *area, cairo_t *cr, int w, int h, gpointer data) {
    (void)area; (void)w; (void)h; (void)data;
    if (!surfaces[0]) return;
    if (fading && opacity < 1) {
        cairo_set_source_surface(cr, surfaces[1 - over], 0, 0);
        cairo_paint(cr);
        cairo_set_source_surface(cr, surfaces[over], 0, 0);
        cairo_paint_with_alpha(cr, opacity);
    } else {
        cairo_set_source_surface(cr, surfaces[over], 0, 0);
        cairo_paint(cr);
    }
}

/* ---- The pictures: two different full-screen images, drawn once. ---- */

static void draw_picture(cairo_t *cr, int index) {
    /* A background colour, and soft discs over it, as a chord with lumis looks. */
    const double colours[2][3] = {{0.55, 0.12, 0.30}, {0.10, 0.35, 0.60}};
    cairo_set_source_rgb(cr, colours[index][0], colours[index][1], colours[index][2]);
    cairo_paint(cr);
    for (int disc = 0; disc < 3; disc++) {
        double x = width * (0.25 + 0.25 * disc), y = height * (index ? 0.35 : 0.65), radius = height * 0.2;
        cairo_pattern_t *glow = cairo_pattern_create_radial(x, y, 0, x, y, radius);
        cairo_pattern_add_color_stop_rgba(glow, 0, 1, 0.9, 0.6, 0.9);
        cairo_pattern_add_color_stop_rgba(glow, 1, 1, 0.9, 0.6, 0);
        cairo_set_source(cr, glow);
        cairo_arc(cr, x, y, radius, 0, 2 * G_PI);
        cairo_fill(cr);
        cairo_pattern_destroy(glow);
    }
}

static void make_pictures(void) {
    width = gtk_widget_get_width(picture_widget);
    height = gtk_widget_get_height(picture_widget);
    for (int index = 0; index < 2; index++) {
        graphene_rect_t bounds = GRAPHENE_RECT_INIT(0, 0, width, height);
        if (way == WAY_CAIRO_NODES) {
            cairo_nodes[index] = gsk_cairo_node_new(&bounds);
            cairo_t *cr = gsk_cairo_node_get_draw_context(cairo_nodes[index]);
            draw_picture(cr, index);
            cairo_destroy(cr);
            continue;
        }
        /* A texture's opaque pixels in cairo's ARGB32, which is GDK_MEMORY_DEFAULT; the
         * drawing area's in RGB24, which cairo copies without blending. */
        surfaces[index] = cairo_image_surface_create(way == WAY_TEXTURES ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
                                                     width, height);
        cairo_t *cr = cairo_create(surfaces[index]);
        draw_picture(cr, index);
        cairo_destroy(cr);
        cairo_surface_flush(surfaces[index]);
        if (way == WAY_TEXTURES) {
            int stride = cairo_image_surface_get_stride(surfaces[index]);
            GBytes *bytes = g_bytes_new(cairo_image_surface_get_data(surfaces[index]), (gsize)stride * height);
            textures[index] = gdk_memory_texture_new(width, height, GDK_MEMORY_DEFAULT, bytes, stride);
            g_bytes_unref(bytes);
        }
    }
}

/* ---- The script. ---- */

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

static gboolean press_key(gpointer data) {
    (void)data;
    if (played >= changes) return G_SOURCE_REMOVE;
    if (!key_pressed_at) key_pressed_at = g_get_monotonic_time();
    /* What is on screen now fades out under the other picture. */
    over = 1 - over;
    fading = TRUE;
    fade_started = 0;
    opacity = 0;
    gtk_widget_queue_draw(picture_widget);
    played++;
    g_timeout_add(played % 2 == 0 ? 250 : 100, press_key, NULL);
    return G_SOURCE_REMOVE;
}

static void finish(void) {
    if (finished) return;
    finished = TRUE;
    playing = FALSE;
    printf("perform-end %d 0 2\n", played);
    printf("done\n");
    report_peak_and_quit();
}

static gboolean on_tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)data;
    if (fading) {
        gint64 now = gdk_frame_clock_get_frame_time(clock);
        if (!fade_started) fade_started = now;
        opacity = MIN(1.0, (double)(now - fade_started) / FADE_US);
        if (opacity >= 1) fading = FALSE;
        gtk_widget_queue_draw(widget);
    }
    if (played >= changes && !fading && !key_pressed_at) {
        finish();
        return G_SOURCE_REMOVE;
    }
    return G_SOURCE_CONTINUE;
}

/* ---- Strikes: one cut at a time, on a quiet window. ---- */

#define QUIET_BEFORE_STRIKE_US 40000

/* A block in the cairo shared-memory pool that frames of `frame_bytes` come from, held for the
 * run: cairo then keeps the pool. Cairo sizes a pool at eight times the power of two above
 * its first block, so a block over half that power of two makes a pool the frames fit in. */
static void keep_shared_memory_pool(size_t frame_bytes) {
#ifdef GDK_WINDOWING_X11
    GdkDisplay *display = gdk_display_get_default();
    if (!GDK_IS_X11_DISPLAY(display)) return;
    size_t block = 1;
    while (block <= frame_bytes) block <<= 1;
    const int width = 1024;   /* 4096 bytes a row */
    int rows = (int)(block / 2 / (width * 4)) + 1;
    Display *x = gdk_x11_display_get_xdisplay(display);
    cairo_surface_t *root = cairo_xlib_surface_create(x, DefaultRootWindow(x), DefaultVisual(x, DefaultScreen(x)), 1, 1);
    /* Never freed: the run ends with the process. */
    cairo_surface_create_similar_image(root, CAIRO_FORMAT_ARGB32, width, rows);
    cairo_surface_destroy(root);
#else
    (void)frame_bytes;
#endif
}

static gboolean strike_when_quiet(gpointer data) {
    (void)data;
    gint64 now = g_get_monotonic_time();
    if (key_pressed_at || now - last_paint_at < QUIET_BEFORE_STRIKE_US) return G_SOURCE_CONTINUE;
    if (played >= strikes) {
        finish();
        return G_SOURCE_REMOVE;
    }
    key_pressed_at = now;
    over = 1 - over;
    fading = FALSE;
    opacity = 1;
    gtk_widget_queue_draw(picture_widget);
    played++;
    return G_SOURCE_CONTINUE;
}

static void on_before_paint(GdkFrameClock *clock, gpointer data) {
    (void)clock; (void)data;
    frame_started = g_get_monotonic_time();
    picture_changes = fading || key_pressed_at;
}

static void on_after_paint(GdkFrameClock *clock, gpointer data) {
    (void)data;
    if (!playing) return;
    gint64 now = g_get_monotonic_time(), frame_time = gdk_frame_clock_get_frame_time(clock);
    last_paint_at = now;
    if (strikes) {
        if (key_pressed_at) {
            printf("perform-strike %" G_GINT64_FORMAT "\n", now - key_pressed_at);
            printf("perform-strike-parts %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n",
                   frame_started - key_pressed_at, now - frame_started);
            key_pressed_at = 0;
        }
        return;
    }
    if (picture_changes && last_frame_time) {
        printf("perform-frame %" G_GINT64_FORMAT " %" G_GINT64_FORMAT "\n", now - frame_started,
               frame_time - last_frame_time);
    }
    if (key_pressed_at) {
        printf("perform-input %" G_GINT64_FORMAT "\n", now - key_pressed_at);
        key_pressed_at = 0;
    }
    picture_changes = FALSE;
    last_frame_time = frame_time;
}

static void start_playing(void) {
    make_pictures();
    printf("perform-size %d %d\n", width, height);
    GdkFrameClock *clock = gtk_widget_get_frame_clock(picture_widget);
    g_signal_connect(clock, "before-paint", G_CALLBACK(on_before_paint), NULL);
    g_signal_connect(clock, "after-paint", G_CALLBACK(on_after_paint), NULL);
    playing = TRUE;
    gtk_widget_queue_draw(picture_widget);
    if (strikes) {
        GtkNative *native = gtk_widget_get_native(picture_widget);
        GdkSurface *surface = gtk_native_get_surface(native);
        keep_shared_memory_pool((size_t)gdk_surface_get_width(surface) * gdk_surface_get_height(surface) * 4);
        last_paint_at = g_get_monotonic_time();
        g_timeout_add(5, strike_when_quiet, NULL);
        return;
    }
    /* A tick callback keeps the frame clock running throughout, as the script's does. */
    gtk_widget_add_tick_callback(picture_widget, on_tick, NULL, NULL);
    press_key(NULL);
}

/* Waits until the picture has its final size (the monitor's, when full screen). */
static gboolean wait_for_size(gpointer data) {
    (void)data;
    int w = gtk_widget_get_width(picture_widget), h = gtk_widget_get_height(picture_widget);
    if (w <= 0 || !gtk_widget_get_mapped(picture_widget)) return G_SOURCE_CONTINUE;
    if (wanted_width) {
        if (w != wanted_width || h != wanted_height) return G_SOURCE_CONTINUE;
    } else {
        GdkSurface *surface = gtk_native_get_surface(gtk_widget_get_native(picture_widget));
        GdkMonitor *monitor = gdk_display_get_monitor_at_surface(gdk_surface_get_display(surface), surface);
        GdkRectangle geometry;
        if (!monitor) return G_SOURCE_CONTINUE;
        gdk_monitor_get_geometry(monitor, &geometry);
        if (w != geometry.width || h != geometry.height) return G_SOURCE_CONTINUE;
    }
    start_playing();
    return G_SOURCE_REMOVE;
}

static void activate(GtkApplication *app, gpointer data) {
    (void)data;
    window = gtk_application_window_new(app);
    gtk_window_set_title(GTK_WINDOW(window), "Fade floor");
    if (way == WAY_DRAWING_AREA) {
        picture_widget = gtk_drawing_area_new();
        gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(picture_widget), draw_pictures, NULL, NULL);
    } else {
        picture_widget = g_object_new(FLOOR_TYPE_PICTURE, NULL);
    }
    gtk_widget_set_hexpand(picture_widget, TRUE);
    gtk_widget_set_vexpand(picture_widget, TRUE);
    gtk_window_set_child(GTK_WINDOW(window), picture_widget);
    if (wanted_width) {
        gtk_window_set_default_size(GTK_WINDOW(window), wanted_width, wanted_height);
    } else {
        /* As Perform's output window: undecorated, at the monitor's size, full screen there. */
        GListModel *monitors = gdk_display_get_monitors(gdk_display_get_default());
        GdkMonitor *monitor = g_list_model_get_item(monitors, 0);
        GdkRectangle geometry;
        gdk_monitor_get_geometry(monitor, &geometry);
        gtk_window_set_decorated(GTK_WINDOW(window), FALSE);
        gtk_window_set_default_size(GTK_WINDOW(window), geometry.width, geometry.height);
        gtk_window_fullscreen_on_monitor(GTK_WINDOW(window), monitor);
        g_object_unref(monitor);
    }
    gtk_window_present(GTK_WINDOW(window));
    g_timeout_add(50, wait_for_size, NULL);
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc == 3) {
        wanted_width = atoi(argv[1]);
        wanted_height = atoi(argv[2]);
    }
    if (!(argc == 2 && strcmp(argv[1], "fullscreen") == 0) && !(argc == 3 && wanted_width > 0 && wanted_height > 0)) {
        fprintf(stderr, "usage: fade_floor fullscreen | WIDTH HEIGHT\n");
        return 2;
    }
    const char *chosen = g_getenv("FADE_FLOOR_WAY");
    if (chosen && strcmp(chosen, "cairo-nodes") == 0) way = WAY_CAIRO_NODES;
    else if (chosen && strcmp(chosen, "textures") == 0) way = WAY_TEXTURES;
    else if (chosen && strcmp(chosen, "drawing-area") != 0) {
        fprintf(stderr, "fade_floor: FADE_FLOOR_WAY is textures, cairo-nodes or drawing-area\n");
        return 2;
    }
    changes = env_int("IMAGER_BENCH_PERFORM_CHANGES", 200);
    strikes = env_int("IMAGER_BENCH_PERFORM_STRIKES", 0);
    /* Frame-sized blocks (up to 32 MiB, glibc's largest threshold) come from the heap and stay
     * there when freed, up to 256 MiB, for the next frame's, as Imager's FrameMemory does. */
    mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 256 * 1024 * 1024);
    GtkApplication *app = gtk_application_new("io.github.imagerproject.BenchFadeFloor", G_APPLICATION_NON_UNIQUE);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), 1, argv);
    g_object_unref(app);
    return status;
}
