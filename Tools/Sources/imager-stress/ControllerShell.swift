import Foundation
import GRDB
import ImagerCore

/// A ChordsetController driven line by line from stdin, so a test can interleave edits and
/// saves with things done outside the process (filling the disk, remounting read-only,
/// importing from another process). Every command answers one line: `ok ...` or `error ...`.
///
///     startup DB SEED      AppStartup.open, as the window starts (prints `notice ...` lines first)
///     open DB              ChordsetStore.open + ChordsetController
///     add N PREFIX         add N chordsets titled "PREFIX 0" ... "PREFIX N-1"
///     rename I TITLE...    rename the chordset at index I
///     rename-all TAG       rename every chordset to "TAG I"
///     delete I             delete the chordset at index I
///     set-color I SLOT HEX
///     save                 `ok saved rows=R` or `error KIND: message`
///     merge                mergeExternalChanges()
///     state                `ok count=N unsaved=M saveError=KIND|none`
///     titles               `ok ["title", ...]` (JSON)
///     hold-write DB MS     another connection holds the write lock MS milliseconds, writing a row:
///                          `ok holding` once it has it, then `ok released`
///     quit
enum ControllerShell {
    nonisolated(unsafe) static var controller: ChordsetController?

    static func run() -> Int32 {
        while let line = readLine() {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let command = words.first else { continue }
            if command == "quit" { break }
            let reply = perform(command, Array(words.dropFirst()))
            Output.line(reply)
        }
        return 0
    }

    private static func perform(_ command: String, _ words: [String]) -> String {
        if command == "startup", words.count == 2 {
            let startup = AppStartup.open(database: URL(fileURLWithPath: words[0]), seed: URL(fileURLWithPath: words[1]))
            for notice in startup.notices { Output.line("notice " + notice.description.replacingOccurrences(of: "\n", with: " ")) }
            controller = startup.controller
            return state()
        }
        if command == "open", words.count == 1 {
            do {
                controller = try ChordsetController(store: ChordsetStore.open(at: URL(fileURLWithPath: words[0])))
                return state()
            } catch {
                return "error " + Output.describe(error)
            }
        }
        if command == "hold-write", words.count == 2, let milliseconds = UInt32(words[1]) {
            return holdWrite(path: words[0], milliseconds: milliseconds)
        }
        guard let controller else { return "error no store is open (use startup or open first)" }
        func chordset(_ word: String) -> Chordset? {
            Int(word).flatMap { controller.chordsets.indices.contains($0) ? controller.chordsets[$0] : nil }
        }
        switch (command, words.count) {
        case ("add", 2):
            guard let count = Int(words[0]) else { break }
            for index in 0..<count { controller.add(title: "\(words[1]) \(index)") }
            return state()
        case ("rename", 2...):
            guard let target = chordset(words[0]) else { break }
            controller.rename(id: target.id, to: words.dropFirst().joined(separator: " "))
            return state()
        case ("rename-all", 1):
            for (index, chordset) in controller.chordsets.enumerated() {
                controller.rename(id: chordset.id, to: "\(words[0]) \(index)")
            }
            return state()
        case ("delete", 1):
            guard let target = chordset(words[0]) else { break }
            controller.delete(id: target.id)
            return state()
        case ("set-color", 3):
            guard let target = chordset(words[0]), let slot = Int(words[1]), let color = RGBAColor(hex: words[2]) else { break }
            controller.setColor(color, slot: slot, of: target.id)
            return state()
        case ("save", 0):
            switch controller.save() {
            case let .saved(report): return "ok saved rows=\(report.rowsWritten)"
            case let .failed(error): return "error " + Output.describe(error)
            }
        case ("merge", 0):
            do {
                let merged = try controller.mergeExternalChanges()
                return "ok merged=\(merged) count=\(controller.count) unsaved=\(controller.unsavedChangeCount)"
            } catch {
                return "error " + Output.describe(error)
            }
        case ("state", 0):
            return state()
        case ("titles", 0):
            let data = (try? JSONSerialization.data(withJSONObject: controller.chordsets.map(\.title))) ?? Data("[]".utf8)
            return "ok " + String(decoding: data, as: UTF8.self)
        default:
            break
        }
        return "error cannot do “\(([command] + words).joined(separator: " "))”"
    }

    private static func state() -> String {
        guard let controller else { return "ok count=0 unsaved=0 saveError=none" }
        let saveError = controller.saveError.map { String(Output.describe($0).prefix { $0 != ":" }) } ?? "none"
        return "ok count=\(controller.count) unsaved=\(controller.unsavedChangeCount) saveError=\(saveError)"
    }

    private static func holdWrite(path: String, milliseconds: UInt32) -> String {
        do {
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                try db.execute(sql: "INSERT OR REPLACE INTO app_state (key, value) VALUES ('stress-writer', ?)",
                               arguments: [String(Date().timeIntervalSince1970)])
                Output.line("ok holding")
                usleep(milliseconds * 1000)
                try db.execute(sql: "COMMIT")
            }
            try queue.close()
            return "ok released"
        } catch {
            return "error \(error)"
        }
    }
}
