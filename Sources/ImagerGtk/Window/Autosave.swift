import Foundation
import ImagerCore
import ImagerGLib

/// Saves the controller at the moments the window decides (focus lost, close, quit, a
/// signal), and also about two seconds after the last edit, so a crash while the window
/// keeps the focus loses at most those seconds. Reports every save: the `Saved ...` line on
/// stdout (a log line, kept in English), failures on stderr. A save that finds another
/// program writing (`.busy`) is tried again shortly, without blocking the main loop.
final class Autosave {
    /// Quiet time after the last edit before the timed save.
    static let quietMilliseconds: UInt32 = 2_000
    /// How soon a save that met another writer's lock is tried again.
    static let busyRetryMilliseconds: UInt32 = 250

    private let controller: ChordsetController
    /// How many saves ran: tests count them.
    private(set) var saveCount = 0
    /// Runs before each save, told whether to close what is being typed (the window commits
    /// a title being typed): every save but the timed one, which comes while the person may
    /// still be typing, and so leaves the field open (it is saved once committed).
    var willSave: (_ closeTyping: Bool) -> Void = { _ in }
    /// Runs after each save with what happened (the window shows or hides its banner).
    var didSave: (SaveOutcome) -> Void = { _ in }
    private var timedSave: ScheduledWork?

    init(controller: ChordsetController) {
        self.controller = controller
    }

    /// An edit happened: save once the user has paused for `quietMilliseconds`.
    func editMade() {
        schedule(after: Self.quietMilliseconds)
    }

    /// Whether a timed save or a retry is waiting.
    var isScheduled: Bool { timedSave?.isPending ?? false }

    private func schedule(after milliseconds: UInt32) {
        timedSave?.cancel()
        timedSave = MainLoop.after(milliseconds: milliseconds) { [weak self] in
            guard let self else { return }
            self.timedSave = nil
            if self.controller.hasUnsavedChanges { self.save(timed: true) }
        }
    }

    @discardableResult
    func save(timed: Bool = false) -> SaveOutcome {
        timedSave?.cancel()
        timedSave = nil
        willSave(!timed)
        let outcome = controller.save()
        saveCount += 1
        switch outcome {
        case let .saved(report):
            do {
                try StandardStream.writeOutput(report.line + "\n")
            } catch {
                // Standard output is gone (a closed pipe, a full disk): the save itself worked.
                StandardStream.writeError("imager: cannot write to standard output: \(error)\n")
            }
        case let .failed(error) where error.isBusy:
            // Another program is writing; its lock is waited out here, not on the main loop.
            schedule(after: Self.busyRetryMilliseconds)
        case let .failed(error):
            StandardStream.writeError("imager: \(error.description) Your changes are kept.\n")
        }
        didSave(outcome)
        return outcome
    }
}
