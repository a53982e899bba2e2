/*
 * CAdw shims: what Swift cannot import from libadwaita directly (type casts, varargs calls)
 * and ADW_CHECK_VERSION guards, so that one Swift source builds against libadwaita 1.2
 * (Debian 12) and later (1.7 on Debian 13, 1.8 in the GNOME 49 runtime).
 * No application logic lives here.
 */
#ifndef IMAGER_CADW_SHIM_H
#define IMAGER_CADW_SHIM_H

/* GTK's declarations come from CGtk (this include becomes an import of that module), so
 * that Swift sees one GTK, whichever of the two modules a file imports. */
#include "../CGtk/shim.h"
#include <adwaita.h>

/* ---- casts (ADW_HEADER_BAR(x) etc. are macros); all are plain pointer casts ---- */
static inline AdwApplicationWindow *cadw_application_window(gpointer p) { return (AdwApplicationWindow *)p; }
static inline AdwHeaderBar *cadw_header_bar(gpointer p) { return (AdwHeaderBar *)p; }
static inline AdwWindowTitle *cadw_window_title(gpointer p) { return (AdwWindowTitle *)p; }
static inline AdwToastOverlay *cadw_toast_overlay(gpointer p) { return (AdwToastOverlay *)p; }
static inline AdwStatusPage *cadw_status_page(gpointer p) { return (AdwStatusPage *)p; }
static inline AdwClampScrollable *cadw_clamp_scrollable(gpointer p) { return (AdwClampScrollable *)p; }
static inline AdwPreferencesPage *cadw_preferences_page(gpointer p) { return (AdwPreferencesPage *)p; }
static inline AdwPreferencesGroup *cadw_preferences_group(gpointer p) { return (AdwPreferencesGroup *)p; }
static inline AdwActionRow *cadw_action_row(gpointer p) { return (AdwActionRow *)p; }
static inline AdwPreferencesRow *cadw_preferences_row(gpointer p) { return (AdwPreferencesRow *)p; }

/* The application: an AdwApplication is a GtkApplication that sets up libadwaita (its
 * stylesheet and style manager) at startup. */
static inline GtkApplication *cadw_application_new(const char *id, GApplicationFlags flags) {
    return GTK_APPLICATION(adw_application_new(id, flags));
}

/* The running libadwaita's version, for what differs between versions at run time. */
static inline guint cadw_major_version(void) { return adw_get_major_version(); }
static inline guint cadw_minor_version(void) { return adw_get_minor_version(); }

/* ---- the About window: AdwAboutDialog over the window from 1.5, AdwAboutWindow before ---- */
static inline void cadw_present_about(GtkWidget *parent, const char *name, const char *icon,
                                      const char *version, const char *comments,
                                      const char *website, const char *issue_url,
                                      const char *license, const char *release_version,
                                      const char *release_notes) {
#if ADW_CHECK_VERSION(1, 5, 0)
    AdwAboutDialog *about = ADW_ABOUT_DIALOG(adw_about_dialog_new());
    adw_about_dialog_set_application_name(about, name);
    adw_about_dialog_set_application_icon(about, icon);
    adw_about_dialog_set_version(about, version);
    adw_about_dialog_set_comments(about, comments);
    adw_about_dialog_set_website(about, website);
    adw_about_dialog_set_issue_url(about, issue_url);
    adw_about_dialog_set_license(about, license);
    if (release_notes) {
        adw_about_dialog_set_release_notes_version(about, release_version);
        adw_about_dialog_set_release_notes(about, release_notes);
    }
    adw_dialog_present(ADW_DIALOG(about), parent);
#else
    AdwAboutWindow *about = ADW_ABOUT_WINDOW(adw_about_window_new());
    adw_about_window_set_application_name(about, name);
    adw_about_window_set_application_icon(about, icon);
    adw_about_window_set_version(about, version);
    adw_about_window_set_comments(about, comments);
    adw_about_window_set_website(about, website);
    adw_about_window_set_issue_url(about, issue_url);
    adw_about_window_set_license(about, license);
    if (release_notes) {
        adw_about_window_set_release_notes_version(about, release_version);
        adw_about_window_set_release_notes(about, release_notes);
    }
    gtk_window_set_transient_for(GTK_WINDOW(about), GTK_WINDOW(parent));
    gtk_window_set_modal(GTK_WINDOW(about), TRUE);
    gtk_window_present(GTK_WINDOW(about));
#endif
}

/* ---- messages with buttons ("responses"): AdwAlertDialog over the window from 1.5,
 * AdwMessageDialog (a window of its own, titled by its heading) before; both emit
 * "response" with the chosen response's id ---- */
static inline GtkWidget *cadw_message_new(GtkWidget *parent, const char *heading, const char *body) {
#if ADW_CHECK_VERSION(1, 5, 0)
    (void)parent;
    return adw_alert_dialog_new(heading, body);
#else
    GtkWidget *dialog = adw_message_dialog_new(GTK_WINDOW(parent), heading, body);
    gtk_window_set_title(GTK_WINDOW(dialog), heading);
    gtk_window_set_modal(GTK_WINDOW(dialog), TRUE);
    return dialog;
#endif
}

static inline void cadw_message_add_response(GtkWidget *dialog, const char *id, const char *label,
                                             gboolean destructive) {
#if ADW_CHECK_VERSION(1, 5, 0)
    adw_alert_dialog_add_response(ADW_ALERT_DIALOG(dialog), id, label);
    if (destructive)
        adw_alert_dialog_set_response_appearance(ADW_ALERT_DIALOG(dialog), id, ADW_RESPONSE_DESTRUCTIVE);
#else
    adw_message_dialog_add_response(ADW_MESSAGE_DIALOG(dialog), id, label);
    if (destructive)
        adw_message_dialog_set_response_appearance(ADW_MESSAGE_DIALOG(dialog), id, ADW_RESPONSE_DESTRUCTIVE);
#endif
}

/* Enter answers `default_id`; Escape (and closing) answers `close_id`. */
static inline void cadw_message_set_default_and_close(GtkWidget *dialog, const char *default_id,
                                                      const char *close_id) {
#if ADW_CHECK_VERSION(1, 5, 0)
    adw_alert_dialog_set_default_response(ADW_ALERT_DIALOG(dialog), default_id);
    adw_alert_dialog_set_close_response(ADW_ALERT_DIALOG(dialog), close_id);
#else
    adw_message_dialog_set_default_response(ADW_MESSAGE_DIALOG(dialog), default_id);
    adw_message_dialog_set_close_response(ADW_MESSAGE_DIALOG(dialog), close_id);
#endif
}

/* Shows the message, or brings it to the front again. */
static inline void cadw_message_present(GtkWidget *dialog, GtkWidget *parent) {
#if ADW_CHECK_VERSION(1, 5, 0)
    adw_dialog_present(ADW_DIALOG(dialog), parent);
#else
    (void)parent;
    gtk_window_present(GTK_WINDOW(dialog));
#endif
}

/* Closes a message without an answer. */
static inline void cadw_message_close(GtkWidget *dialog) {
#if ADW_CHECK_VERSION(1, 5, 0)
    adw_dialog_force_close(ADW_DIALOG(dialog));
#else
    gtk_window_destroy(GTK_WINDOW(dialog));
#endif
}

/* ---- a preferences window: a window of its own on every version (libadwaita 1.6 prefers
 * AdwPreferencesDialog, inside the window; the window keeps one behaviour everywhere) ---- */
static inline GtkWidget *cadw_preferences_window_new(GtkWidget *parent, const char *title, GtkWidget *page) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    GtkWidget *window = adw_preferences_window_new();
    adw_preferences_window_add(ADW_PREFERENCES_WINDOW(window), ADW_PREFERENCES_PAGE(page));
    adw_preferences_window_set_search_enabled(ADW_PREFERENCES_WINDOW(window), FALSE);
    G_GNUC_END_IGNORE_DEPRECATIONS
    gtk_window_set_title(GTK_WINDOW(window), title);
    gtk_window_set_transient_for(GTK_WINDOW(window), GTK_WINDOW(parent));
    gtk_window_set_modal(GTK_WINDOW(window), TRUE);
    gtk_window_set_destroy_with_parent(GTK_WINDOW(window), TRUE);
    return window;
}

/* A further page of the preferences window above (its own title in the window's switcher). */
static inline void cadw_preferences_window_add_page(GtkWidget *window, GtkWidget *page) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    adw_preferences_window_add(ADW_PREFERENCES_WINDOW(window), ADW_PREFERENCES_PAGE(page));
    G_GNUC_END_IGNORE_DEPRECATIONS
}

/* Typing in a preferences window searches its rows' titles (the window above has it off). */
static inline void cadw_preferences_window_enable_search(GtkWidget *window) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    adw_preferences_window_set_search_enabled(ADW_PREFERENCES_WINDOW(window), TRUE);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

#endif
