import CGtk
import ImagerGLib

/// GTK 4.10's GtkFileDialog (through the desktop portal when there is one) asked a
/// `FileTransfer.Question`: the same title, accept label, filters and suggested name as the
/// GTK 4.8 chooser. It answers with the path alone: GtkFileDialog does not say which filter
/// was chosen.
enum FileDialog {
    /// `done` gets the path chosen, and is not called on Cancel.
    static func show(_ question: FileTransfer.Question, accept: String, parent: Widget,
                     _ done: @escaping (String) -> Void) {
        let asked = kind(of: question.action)
        let filters = question.filters.map(FileTransfer.makeFilter)
        let box = Unmanaged.passRetained(Reply(asked, done)).toOpaque()
        let callback: GAsyncReadyCallback = { source, result, data in
            // GIO calls back on the main loop that showed the dialog: GTK's main thread.
            MainActor.assumeIsolated {
                let reply = Unmanaged<Reply>.fromOpaque(data!).takeRetainedValue()
                if let path = takeGString(cgtk_file_dialog_finish(source, result, reply.question)) { reply.done(path) }
            }
        }
        var pointers: [OpaquePointer?] = filters
        pointers.withUnsafeMutableBufferPointer { buffer in
            cgtk_file_dialog_ask(cgtk_window(parent), asked, question.title, accept, buffer.baseAddress, Int32(buffer.count),
                                 question.suggestedName, callback, box)
        }
        // The dialog holds its own references to the filters.
        for filter in filters { g_object_unref(UnsafeMutableRawPointer(filter)) }
    }

    private static func kind(of action: GtkFileChooserAction) -> CGtkFileQuestion {
        switch action {
        case GTK_FILE_CHOOSER_ACTION_SAVE: CGTK_FILE_SAVE
        case GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER: CGTK_FILE_FOLDER
        default: CGTK_FILE_OPEN
        }
    }

    private final class Reply {
        let question: CGtkFileQuestion
        let done: (String) -> Void
        init(_ question: CGtkFileQuestion, _ done: @escaping (String) -> Void) {
            self.question = question
            self.done = done
        }
    }
}
