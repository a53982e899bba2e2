import CGtk
import Foundation
import ImagerCore

/// The `.json` file a row dragged out of the window becomes: its chordset (or the selection it
/// is part of) with the lumis in the interchange format (`ChordsetDocument`), named after the
/// title ("Chordsets.json" for several, as Export suggests), in a fresh private folder under
/// `~/.cache/imager/drag/`. A file manager or another app copies it when the
/// drop lands, so each drag's files are removed at the next drag: by then any drop has long
/// been read.
enum DragFile {
    /// Why no file could be offered; the drag still moves the row within the list.
    struct Failure: Error, Equatable, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Where the drags' folders go; tests point it elsewhere.
    static var root = URL(fileURLWithPath: String(cString: g_get_user_cache_dir()))
        .appendingPathComponent("imager", isDirectory: true)
        .appendingPathComponent("drag", isDirectory: true)

    /// Removes the earlier drags' folders, then writes `chordsets` to a new one.
    static func write(_ chordsets: [Chordset], lumis: [ChordsetLumis]) throws(Failure) -> URL {
        removeOld()
        let folder = try makePrivateFolder()
        let name = chordsets.count == 1 ? fileName(for: chordsets[0].title) : "Chordsets.json"
        let file = folder.appendingPathComponent(name)
        guard let contents = ChordsetsWithLumis(chordsets, lumis: lumis) else {
            throw Failure(path: file.path, reason: "the lumis do not match the chordsets")
        }
        do throws(AtomicFile.WriteError) {
            try AtomicFile.write(ChordsetDocument.encode(contents), to: file.path)
        } catch {
            throw Failure(path: error.path, reason: error.reason)
        }
        return file
    }

    /// Removes every earlier drag's folder.
    static func removeOld() {
        guard let folders = try? FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil) else { return }
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    /// "Warm.json": the title without what a file name cannot hold (slashes, control
    /// characters, a leading dot that would hide it), cut to fit a file system's 255 bytes.
    static func fileName(for title: String) -> String {
        var name = String(title.unicodeScalars.map { scalar -> Character in
            scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control ? "-" : Character(scalar)
        })
        name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        while name.hasPrefix(".") { name.removeFirst() }
        if name.isEmpty { name = "Chordset" }
        while name.utf8.count > 200 { name.removeLast() }
        return name + ".json"
    }

    /// A new folder only this user can read, so another user cannot swap the file mid-drag.
    private static func makePrivateFolder() throws(Failure) -> URL {
        do {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw Failure(path: root.path, reason: error.localizedDescription)
        }
        var template = Array((root.path + "/XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        guard let made else { throw Failure(path: root.path, reason: String(cString: strerror(errno))) }
        return URL(fileURLWithPath: made, isDirectory: true)
    }
}
