import Foundation
import ImagerCore
import ImagerDrawing

/// `imager --list | --list-setlists | --export FILE | --import FILE | --export-palette ID FILE | --render ID FILE | --version | --help`,
/// the edits (`EditCommands`) and sync (`SyncCommands`): the same store as the window, no display needed. Every
/// error goes to stderr and exits non-zero.
enum CommandLineTool {
    enum Command: Equatable {
        case list(ids: Bool), listSetLists, export(String), `import`(String), version, help
        case edit(Edit)
        case syncFolder(String?), sync
        case exportPalette(id: UUID, path: String, format: PaletteFormat)
        case fromImage(path: String, title: String?)
        case render(id: UUID, path: String, side: Int)
        case midiMonitor, midiLearn(MidiMappedAction)
    }

    static let usage = """
        Usage: imager [OPTION]
        Edit chordsets: titled rows of eight coloured chords.

        Without an option, opens the window.

          --list           print one line per chordset: the title, a tab, then the eight colours
          --list --ids     the same, each line starting with the chordset's id and a tab
          --list-setlists  print one line per set list: its id, a tab, its title, a tab,
                           then how many chordsets it holds
          --rename ID TITLE
                           rename the chordset with the id ID
          --set-color ID SLOT COLOR
                           set chord SLOT (1 to 8) of the chordset to COLOR (#RRGGBB or #RRGGBBAA)
          --delete ID      delete the chordset
          --move ID INDEX  move the chordset to INDEX in the list (0 is the top)
          --delete-all     delete every chordset
          --sync-folder DIR|none
                           sync through DIR, a folder Syncthing, Nextcloud or any folder sync
                           keeps the same on all your computers; none stops syncing
          --sync           run one sync round: publish this computer's changes, merge the
                           other computers', and print what was done
          --export FILE    write every chordset and set list to FILE as JSON (- for standard
                           output)
          --import FILE    append the chordsets and set lists in FILE: a GIMP palette if
                           its name ends in .gpl (each 8 colours make a chordset), else
                           Imager's JSON; the whole file is checked first, and nothing is
                           imported if any part of it is invalid
          --export-palette ID FILE [--format gpl|css|svg]
                           write the chordset with the id ID (as in --export) to FILE as a
                           GIMP palette, CSS custom properties or an SVG strip, by FILE's
                           extension (.gpl, .css, .svg); - with --format for standard output
          --render ID FILE.png [--size PX]
                           draw the chordset with the id ID as one PNG strip of its eight
                           chords, PX pixels square each (default \(ChordsetPicture.defaultSide), \(ChordsetPicture.sideRange.lowerBound) to \(ChordsetPicture.sideRange.upperBound)),
                           exactly as the window draws them
          --from-image FILE [--title TITLE]
                           add a chordset of the eight colours that best stand for the
                           picture FILE (PNG, JPEG, ...), titled TITLE or the file's name,
                           and print it as --list does
          --midi-monitor   connect to every MIDI controller (through JACK when a JACK server
                           is running, else the ALSA sequencer), print what each note and
                           control asks Perform to do, and light the pad of each chord
                           played; until interrupted
          --midi-learn ACTION
                           map the next control pressed or moved to ACTION (chord-1 to
                           chord-8, next-chord, previous-chord, next-chordset,
                           previous-chordset, blackout, fade-time, master, tap-tempo)
          --version        print the version
          --help           print this help

        Data: $XDG_DATA_HOME/\(StoreLocation.appID)/\(StoreLocation.databaseFileName)
        MIDI mappings: $XDG_CONFIG_HOME/\(StoreLocation.appID)/\(MidiSettingsFile.fileName)
        """

    /// nil when the arguments are for the window (none of ours), else the command to run.
    static func parse(_ arguments: [String]) -> Result<Command, UsageError>? {
        let ours: Set<String> = ["--list", "--list-setlists", "--export", "--import", "--export-palette", "--from-image", "--render", "--version", "--help", "-h",
                                 "--rename", "--set-color", "--delete", "--move", "--delete-all", "--sync-folder", "--sync",
                                 "--midi-monitor", "--midi-learn"]
        guard let first = arguments.first else { return nil }
        guard ours.contains(first) || first.hasPrefix("--export=") || first.hasPrefix("--import=") else {
            // GApplication's own options (--gapplication-service, --help-all) belong to the window.
            if first.hasPrefix("--gapplication-") || first.hasPrefix("--help-") { return nil }
            let name = first.split(separator: "=", maxSplits: 1).first.map(String.init) ?? first
            return .failure(UsageError(message: first.hasPrefix("-") ? "unknown option “\(name)”" : "unexpected argument “\(first)”"))
        }
        var rest = Array(arguments.dropFirst())
        func value(_ option: String) -> Result<String, UsageError> {
            if let inline = first.split(separator: "=", maxSplits: 1).dropFirst().first { return .success(String(inline)) }
            guard !rest.isEmpty else { return .failure(UsageError(message: "\(option) needs a FILE")) }
            return .success(rest.removeFirst())
        }
        let command: Result<Command, UsageError>
        switch first {
        case "--list":
            let ids = rest.first == "--ids"
            if ids { rest.removeFirst() }
            command = .success(.list(ids: ids))
        case "--list-setlists": command = .success(.listSetLists)
        case "--rename", "--set-color", "--delete", "--move", "--delete-all": command = parseEdit(first, &rest)
        case "--sync-folder": command = parseSyncFolder(&rest)
        case "--sync": command = .success(.sync)
        case "--midi-monitor": command = .success(.midiMonitor)
        case "--midi-learn": command = parseMidiLearn(&rest)
        case "--version": command = .success(.version)
        case "--help", "-h": command = .success(.help)
        case "--export-palette": command = parseExportPalette(&rest)
        case "--from-image": command = parseFromImage(&rest)
        case "--render": command = parseRender(&rest)
        case _ where first.hasPrefix("--export"): command = value("--export").map(Command.export)
        default: command = value("--import").map(Command.import)
        }
        if case .success = command, let extra = rest.first {
            return .failure(UsageError(message: "unexpected argument “\(extra)”"))
        }
        return command
    }

    struct UsageError: Error { var message: String }

    /// Runs the command and returns the exit status.
    static func run(_ command: Command) -> Int32 {
        switch command {
        case .help:
            print(usage)
            return 0
        case .version:
            print("imager \(ImagerVersion.current)")
            return 0
        case let .list(ids):
            return withStore { store in
                let loaded = try store.load()
                reportUnreadable(loaded.unreadable)
                var out = ""
                for chordset in loaded.chordsets {
                    if ids { out += chordset.id.uuidString + "\t" }
                    out += TerminalText.escaped(chordset.title) + "\t" + chordset.chords.map(\.color.hex).joined(separator: " ") + "\n"
                }
                try writeToStandardOutput(Data(out.utf8))
            }
        case .listSetLists:
            return withStore { store in
                var out = ""
                for setList in try store.loadSetLists() {
                    out += setList.id.uuidString + "\t" + TerminalText.escaped(setList.title) + "\t\(setList.entries.count)\n"
                }
                try writeToStandardOutput(Data(out.utf8))
            }
        case let .export(path):
            return withStore { store in
                let loaded = try store.load()
                reportUnreadable(loaded.unreadable)
                let setLists = try store.loadSetLists()
                // Lumis are read one chordset at a time, inside one read transaction.
                let data = try store.readingLumis { lumisOf in
                    try ChordsetDocument.encode(loaded.chordsets, setLists: setLists, lumisOf: lumisOf)
                }
                if path == "-" {
                    try writeToStandardOutput(data)
                } else {
                    do {
                        try AtomicFile.write(data, to: path)
                    } catch {
                        throw CommandError("\(error)")
                    }
                    let count = loaded.chordsets.count
                    printError("Exported \(count) \(count == 1 ? "chordset" : "chordsets")\(setListsNote(setLists.count)) to \(path)")
                }
            }
        case let .import(path):
            // Validate the whole file before touching the store.
            let file: ImportedFile
            do {
                file = try ImportedFile.read(contentsOf: URL(fileURLWithPath: path))
            } catch {
                var message = "imager: nothing imported: \(error)"
                if case let .file(problem) = error, problem.pictureFormat != nil {
                    message += "; to make a chordset of its colours, run “imager --from-image \(path)”"
                }
                printError(message)
                return 1
            }
            return withStore { store in
                let stored: [Chordset]
                do {
                    stored = try store.append(file.chordsets)
                } catch let refusal as StoreError where refusal.refusesImportedSetList {
                    // The file is at fault: said as any refused entry is, with its path in the file.
                    throw CommandError("nothing imported: \(InterchangeError(file: path, reason: refusal.description))")
                }
                let note = file.palette.map { " (\(paletteNote($0)))" } ?? ""
                printError("Imported \(stored.count) \(stored.count == 1 ? "chordset" : "chordsets")"
                    + "\(setListsNote(file.chordsets.setLists.count)) from \(path)\(note)")
            }
        case let .exportPalette(id, path, format):
            return exportPalette(id: id, to: path, format: format)
        case let .fromImage(path, title):
            return chordsetFromImage(path, title: title)
        case let .edit(edit):
            return run(edit)
        case let .syncFolder(folder):
            return setSyncFolder(folder)
        case .sync:
            return sync()
        case let .render(id, path, side):
            return render(id: id, to: path, side: side)
        case .midiMonitor:
            return midiMonitor()
        case let .midiLearn(action):
            return midiLearn(action)
        }
    }

    /// " and 2 set lists", or nothing when there are none.
    static func setListsNote(_ count: Int) -> String {
        count == 0 ? "" : " and \(count) \(count == 1 ? "set list" : "set lists")"
    }

    struct CommandError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Opens the store as the window would (seeding it on first use) but never moves an
    /// unreadable database aside: that is the window's job, where a dialog can explain it.
    static func withStore(_ body: (ChordsetStore) throws -> Void) -> Int32 {
        let url = StoreLocation.databaseURL()
        do {
            let store = try ChordsetStore.open(at: url)
            if let problem = AppStartup.seed(store, from: DataFiles.seedURL()) { printError("imager: \(problem)") }
            try body(store)
            return 0
        } catch let error as StoreError where error.isUnreadableFile {
            printError("imager: \(error) Nothing was changed. Open Imager's window to move it aside and start a new database.")
        } catch let error as StoreError {
            printError("imager: \(error)")
        } catch {
            printError("imager: \(error)")
        }
        return 1
    }

    static func printError(_ message: String) {
        StandardStream.writeError(message + "\n")
    }

    /// A full disk or a closed pipe on standard output is an error to report, not a crash.
    static func writeToStandardOutput(_ data: Data) throws {
        do {
            try StandardStream.writeOutput(data)
        } catch {
            throw CommandError("cannot write to standard output: \(error)")
        }
    }

    /// The chordset with `id` among `chordsets`, or the command's error naming it.
    static func chordset(_ id: UUID, in chordsets: [Chordset]) throws -> Chordset {
        guard let chordset = chordsets.first(where: { $0.id == id }) else {
            throw CommandError("no chordset has the id \(id.uuidString); “imager --list --ids” shows every chordset's id")
        }
        return chordset
    }

    static func reportUnreadable(_ rows: [UnreadableRow]) {
        guard let first = rows.first else { return }
        printError("imager: \(rows.count) \(rows.count == 1 ? "chordset" : "chordsets") in the database could not be read "
            + "(\(first)); left untouched and not listed")
    }
}
