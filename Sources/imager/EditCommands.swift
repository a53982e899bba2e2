import Foundation
import ImagerCore

/// The edits the window makes, one per run, so that everything can be scripted and tested
/// without a display: `--rename`, `--set-color`, `--delete`, `--move`, `--delete-all`. Each
/// goes through the same controller and save as the window, so its change is recorded for
/// the next sync round in the same transaction as the edit.
extension CommandLineTool {
    enum Edit: Equatable {
        case rename(UUID, title: String)
        /// `slot` is 0-based here; the command line counts 1 to 8.
        case setColor(UUID, slot: Int, color: RGBAColor)
        case delete(UUID)
        case move(UUID, index: Int)
        case deleteAll
    }

    static func parseEdit(_ option: String, _ rest: inout [String]) -> Result<Command, UsageError> {
        func id() -> Result<UUID, UsageError> {
            guard !rest.isEmpty else { return .failure(UsageError(message: "\(option) needs a chordset ID")) }
            let text = rest.removeFirst()
            guard let id = UUID(uuidString: text) else {
                return .failure(UsageError(message: "“\(text)” is not a chordset id; “imager --list --ids” shows them"))
            }
            return .success(id)
        }
        func argument(_ what: String) -> Result<String, UsageError> {
            guard !rest.isEmpty else { return .failure(UsageError(message: "\(option) needs \(what)")) }
            return .success(rest.removeFirst())
        }
        switch option {
        case "--delete-all":
            return .success(.edit(.deleteAll))
        case "--delete":
            return id().map { .edit(.delete($0)) }
        case "--rename":
            return id().flatMap { id in argument("a chordset ID and a TITLE").map { .edit(.rename(id, title: $0)) } }
        case "--move":
            return id().flatMap { id in
                argument("a chordset ID and an INDEX").flatMap { text in
                    guard let index = Int(text), index >= 0 else {
                        return .failure(UsageError(message: "“\(text)” is not an index; indexes count from 0"))
                    }
                    return .success(.edit(.move(id, index: index)))
                }
            }
        default: // --set-color
            return id().flatMap { id in
                argument("a chordset ID, a SLOT (1 to 8) and a COLOR").flatMap { slotText in
                    guard let slot = Int(slotText), (1...Chordset.chordCount).contains(slot) else {
                        return .failure(UsageError(message: "“\(slotText)” is not a slot; slots are 1 to 8"))
                    }
                    return argument("a COLOR after the slot").flatMap { colorText in
                        let hex = colorText.hasPrefix("#") ? colorText : "#" + colorText
                        guard let color = RGBAColor(hex: hex) else {
                            return .failure(UsageError(message: "“\(colorText)” is not a colour; write #RRGGBB or #RRGGBBAA"))
                        }
                        return .success(.edit(.setColor(id, slot: slot - 1, color: color)))
                    }
                }
            }
        }
    }

    /// Makes the edit through a controller, as the window does, and saves.
    static func run(_ edit: Edit) -> Int32 {
        withStore { store in
            let controller = try ChordsetController(store: store)
            reportUnreadable(controller.unreadableRows)
            controller.finishLoadingNow()
            func existing(_ id: UUID) throws -> Chordset { try chordset(id, in: controller.chordsets) }
            let done: String
            switch edit {
            case let .rename(id, title):
                let chordset = try existing(id)
                switch ChordsetTitle.accepted(title, allowingUpTo: chordset.title.unicodeScalars.count) {
                case .failure(.empty): throw CommandError("cannot rename “\(TerminalText.escaped(chordset.title))”: the new title is empty")
                case let .failure(.tooLong(length)):
                    throw CommandError("cannot rename “\(TerminalText.escaped(chordset.title))”: the new title is \(length) characters long; "
                        + "the most is \(ChordsetTitle.maximumLength)")
                case .success(let accepted):
                    controller.rename(id: id, to: accepted)
                    done = "Renamed “\(TerminalText.escaped(chordset.title))” to “\(TerminalText.escaped(accepted))”"
                }
            case let .setColor(id, slot, color):
                let chordset = try existing(id)
                controller.setColor(color, slot: slot, of: id)
                done = "Set chord \(slot + 1) of “\(TerminalText.escaped(chordset.title))” to \(color.hex)"
            case let .delete(id):
                let chordset = try existing(id)
                controller.delete(id: id)
                done = "Deleted “\(TerminalText.escaped(chordset.title))”"
            case let .move(id, index):
                let chordset = try existing(id)
                guard index < controller.count else {
                    let count = controller.count
                    throw CommandError("cannot move to \(index): " + (count == 1 ? "there is 1 chordset, so the only index is 0"
                        : "there are \(count) chordsets, so indexes are 0 to \(count - 1)"))
                }
                let from = controller.chordsets.firstIndex { $0.id == id }!
                controller.move(from: from, to: index)
                done = "Moved “\(TerminalText.escaped(chordset.title))” to \(index)"
            case .deleteAll:
                let count = controller.count
                controller.deleteAll()
                done = "Deleted \(count) \(count == 1 ? "chordset" : "chordsets")"
            }
            if case let .failed(error) = controller.save() { throw error }
            printError(done)
        }
    }
}
