import CGtk
import Foundation
import ImagerCore

/// The `.json` file a row dragged out of the window becomes: its chordset (or the selection it
/// is part of) with the lumis in the interchange format (`ChordsetDocument`), named after the
/// title ("Chordsets.json" for several, as Export suggests), in a fresh private folder under
/// `~/.cache/imager/drag/`. A file manager or another app copies it when the
/// drop lands, so each drag's files are removed at the next drag: by then any drop has long
/// been read. The drag folder must be this user's alone (`PrivateFolder`): when the cache's
/// is a link or another user's, the drag uses `imager/drag` in the runtime folder instead.
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
    /// Where they go when `root` cannot be made private.
    static var fallbackRoot = URL(fileURLWithPath: String(cString: g_get_user_runtime_dir()))
        .appendingPathComponent("imager", isDirectory: true)
        .appendingPathComponent("drag", isDirectory: true)

    /// Removes the earlier drags' folders, then writes `chordsets` to a new one.
    static func write(_ chordsets: [Chordset], lumis: [ChordsetLumis]) throws(Failure) -> URL {
        let root = try privateRoot()
        removeOld(in: root)
        let folder = try makeFolder(in: root)
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
    static func removeOld(in root: URL) {
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

    /// `root`, or `fallbackRoot` when `root` is refused; the last two levels of each (`imager`
    /// and `drag`) are checked, created or closed to others as `PrivateFolder` does.
    private static func privateRoot() throws(Failure) -> URL {
        var refusal: PrivateFolder.Refusal?
        for candidate in [root, fallbackRoot] {
            do throws(PrivateFolder.Refusal) {
                return try PrivateFolder.prepare(Array(candidate.pathComponents.suffix(2)),
                                                 under: candidate.deletingLastPathComponent().deletingLastPathComponent())
            } catch {
                refusal = refusal ?? error
            }
        }
        throw Failure(path: refusal?.path ?? root.path, reason: refusal?.reason ?? "no private folder")
    }

    /// A new folder only this user can read, so another user cannot swap the file mid-drag.
    private static func makeFolder(in root: URL) throws(Failure) -> URL {
        var template = Array((root.path + "/XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!).map { String(cString: $0) } }
        guard let made else { throw Failure(path: root.path, reason: String(cString: strerror(errno))) }
        return URL(fileURLWithPath: made, isDirectory: true)
    }
}
