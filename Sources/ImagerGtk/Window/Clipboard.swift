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

    /// The JSON interchange format's MIME type, offered beside plain text for chordsets.
    static let jsonType = "application/json"

    /// Puts chordsets on the clipboard twice over: as JSON for Imager (and any program that
    /// reads the interchange format), and as plain text for everything else.
    static func setChordsets(json: String, text: String, for widget: Widget) {
        let jsonProvider = provider(jsonType, json)
        let textProvider = provider("text/plain;charset=utf-8", text)
        var providers: [UnsafeMutablePointer<GdkContentProvider>?] = [jsonProvider, textProvider]
        // The union takes over the two providers' references.
        let union = providers.withUnsafeMutableBufferPointer { gdk_content_provider_new_union($0.baseAddress, 2) }
        gdk_clipboard_set_content(gtk_widget_get_clipboard(widget), union)
        g_object_unref(UnsafeMutableRawPointer(union))
    }

    private static func provider(_ mimeType: String, _ text: String) -> UnsafeMutablePointer<GdkContentProvider>? {
        let bytes = Array(text.utf8).withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        return gdk_content_provider_new_for_bytes(mimeType, bytes)
    }

    /// Calls `done` with the clipboard's chordsets as JSON text when it offers the interchange
    /// type, otherwise with its plain text (which may hold JSON too, copied from an editor).
    static func readChordsetText(for widget: Widget, _ done: @escaping @MainActor (String?) -> Void) {
        let clipboard = gtk_widget_get_clipboard(widget)
        guard gdk_content_formats_contain_mime_type(gdk_clipboard_get_formats(clipboard), jsonType) != 0 else {
            readText(for: widget, done)
            return
        }
        let box = Unmanaged.passRetained(Reply(done)).toOpaque()
        let opened: GAsyncReadyCallback = { source, result, data in
            MainActor.assumeIsolated {
                var error: UnsafeMutablePointer<GError>?
                guard let input = gdk_clipboard_read_finish(OpaquePointer(source), result, nil, &error) else {
                    if let error { g_error_free(error) }
                    Unmanaged<Reply>.fromOpaque(data!).takeRetainedValue().done(nil)
                    return
                }
                let output = g_memory_output_stream_new_resizable()!
                let copied: GAsyncReadyCallback = { source, result, data in
                    MainActor.assumeIsolated {
                        let reply = Unmanaged<Reply>.fromOpaque(data!).takeRetainedValue()
                        guard let stream = UnsafeMutablePointer<GOutputStream>(OpaquePointer(source)) else {
                            reply.done(nil)
                            return
                        }
                        var error: UnsafeMutablePointer<GError>?
                        let size = g_output_stream_splice_finish(stream, result, &error)
                        if let error { g_error_free(error) }
                        guard size >= 0, let bytes = g_memory_output_stream_steal_as_bytes(UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GMemoryOutputStream.self)) else {
                            g_object_unref(UnsafeMutableRawPointer(stream))
                            reply.done(nil)
                            return
                        }
                        var length: gsize = 0
                        let pointer = g_bytes_get_data(bytes, &length)
                        let text = pointer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(length)), as: UTF8.self) }
                        g_bytes_unref(bytes)
                        g_object_unref(UnsafeMutableRawPointer(stream))
                        reply.done(text)
                    }
                }
                let flags = GOutputStreamSpliceFlags(rawValue: G_OUTPUT_STREAM_SPLICE_CLOSE_SOURCE.rawValue | G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET.rawValue)
                g_output_stream_splice_async(output, input, flags, G_PRIORITY_DEFAULT, nil, copied, data)
                g_object_unref(UnsafeMutableRawPointer(input))
            }
        }
        var types: [UnsafePointer<CChar>?] = []
        jsonType.withCString { json in
            types = [json, nil]
            types.withUnsafeMutableBufferPointer { buffer in
                gdk_clipboard_read_async(clipboard, buffer.baseAddress, G_PRIORITY_DEFAULT, nil, opened, box)
            }
        }
    }
}
