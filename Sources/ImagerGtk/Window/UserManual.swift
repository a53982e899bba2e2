import CGtk

/// The user's manual: Mallard pages installed under `share/help/C/<app id>/`, which the
/// desktop's help viewer (Yelp) opens from the `help:` address. F1 and Help in the main menu.
enum UserManual {
    static let address = "help:io.github.imagerproject.Imager"

    /// Why the manual did not open.
    enum Failure {
        /// The desktop has no program for `help:` addresses (Yelp is not installed).
        case noViewer
        /// Anything else, in the desktop's words.
        case other(String)

        /// GIO says "Operation not supported" when no program handles the address's scheme,
        /// which would tell the person nothing. GTK 4.18's launcher passes GIO's message on
        /// under an error of its own, without GIO's code: there, a desktop with no program
        /// for `help:` is what tells.
        nonisolated init(_ error: UnsafeMutablePointer<GError>?) {
            guard let error else { self = .other(""); return }
            if error.pointee.domain == g_io_error_quark(), error.pointee.code == G_IO_ERROR_NOT_SUPPORTED.rawValue {
                self = .noViewer
            } else if !UserManual.hasViewer {
                self = .noViewer
            } else {
                self = .other(error.pointee.message.map { String(cString: $0) } ?? "")
            }
        }
    }

    /// Whether the desktop has a program for `help:` addresses.
    nonisolated static var hasViewer: Bool {
        guard let viewer = g_app_info_get_default_for_uri_scheme("help") else { return false }
        g_object_unref(UnsafeMutableRawPointer(viewer))
        return true
    }

    /// Asks the desktop to show the manual over `window`. When it cannot, `failed` learns why,
    /// to tell the person.
    static func open(over window: Widget, failed: @escaping @MainActor (Failure) -> Void) {
        let box = Unmanaged.passRetained(Reply(failed)).toOpaque()
        let callback: GAsyncReadyCallback = { source, result, data in
            // GIO calls back on the main loop that started the launch: GTK's main thread.
            MainActor.assumeIsolated {
                let reply = Unmanaged<Reply>.fromOpaque(data!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let opened = cgtk_show_uri_finish(source, result, &error) != 0
                let failure = opened ? nil : Failure(error)
                if let error { g_error_free(error) }
                if let failure { reply.failed(failure) }
            }
        }
        cgtk_show_uri(cgtk_window(window), address, callback, box)
    }

    private final class Reply {
        let failed: @MainActor (Failure) -> Void
        init(_ failed: @escaping @MainActor (Failure) -> Void) { self.failed = failed }
    }
}
