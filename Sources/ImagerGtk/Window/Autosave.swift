import Foundation
import ImagerCore

/// Saves the controller at the moments the window decides (focus lost, close, quit, a
/// signal) and reports every save: the `Saved ...` line on stdout, flushed at once because
/// tests read it through a pipe, and failures on stderr.
final class Autosave {
    private let controller: ChordsetController
    /// How many saves ran: tests count them.
    private(set) var saveCount = 0
    /// Runs before each save (the window commits a title being typed).
    var willSave: () -> Void = {}
    /// Runs after each save with what happened (the window shows or hides its banner).
    var didSave: (SaveOutcome) -> Void = { _ in }

    init(controller: ChordsetController) {
        self.controller = controller
    }

    @discardableResult
    func save() -> SaveOutcome {
        willSave()
        let outcome = controller.save()
        saveCount += 1
        switch outcome {
        case let .saved(report):
            FileHandle.standardOutput.write(Data((report.line + "\n").utf8))
        case let .failed(error):
            FileHandle.standardError.write(Data("imager: \(error.description) Your changes are kept.\n".utf8))
        }
        didSave(outcome)
        return outcome
    }
}
