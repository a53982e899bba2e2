import CGtk

/// The window's clipboard: text put on it, and text read from it. GTK reads the clipboard
/// asynchronously (another program may own it), so a read answers later, on the main loop.
enum Clipboard {
    static func setText(_ text: String, for widget: Widget) {
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text)
    }

    /// Calls `done` with the clipboard's text, or nil when it holds none (empty, or a picture).
    static func readText(for widget: Widget, _ done: @escaping @MainActor (String?) -> Void) {
        let box = Unmanaged.passRetained(Reply(done)).toOpaque()
        let callback: GAsyncReadyCallback = { source, result, data in
            MainActor.assumeIsolated {
                let reply = Unmanaged<Reply>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, &error)
                if let error { g_error_free(error) }
                reply.done(text.map { String(cString: $0) })
                g_free(text)
            }
        }
        gdk_clipboard_read_text_async(gtk_widget_get_clipboard(widget), nil, callback, box)
    }

    private final class Reply {
        let done: @MainActor (String?) -> Void
        init(_ done: @escaping @MainActor (String?) -> Void) { self.done = done }
    }
}
