@testable import ImagerGtk

@MainActor
extension FileChooser {
    /// No chooser is shown: `answer` answers in its place, with a path or nil for Cancel, so an
    /// action runs end to end without a person at the dialog.
    static func answering(_ answer: @escaping (FileTransfer.Question) -> String?) -> FileChooser {
        FileChooser { question, _, _, _, done in
            if let path = answer(question) { done(path, nil) }
        }
    }
}
