/// Who answers the window's file questions (Import…, Export…, Sync…): GTK's file chooser for
/// the user. The window is given one; a program that drives the window without a person at
/// the dialog gives its own answers.
struct FileChooser {
    /// Asks `question` with the accept button's label, over the parent window; calls back with
    /// the path and the filter chosen, and not at all on Cancel.
    typealias Ask = (_ question: FileTransfer.Question, _ accept: String, _ parent: Widget, _ nameFollowsFilter: Bool,
                     _ done: @escaping (String, FileTransfer.Filter?) -> Void) -> Void

    let ask: Ask

    /// GTK's chooser, through the desktop portal when there is one: GtkFileDialog from GTK
    /// 4.10, which does not say which filter was chosen; GtkFileChooserNative on GTK 4.8.
    static let dialog = FileChooser { question, accept, parent, nameFollowsFilter, done in
        if RunningVersions.usesNewDialogs {
            FileDialog.show(question, accept: accept, parent: parent) { path in done(path, nil) }
        } else {
            FileTransfer.showDialog(question, accept: accept, parent: parent, nameFollowsFilter: nameFollowsFilter, done)
        }
    }
}
