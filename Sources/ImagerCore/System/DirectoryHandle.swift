import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder held open by its descriptor. Everything in it is reached by name relative to
/// that descriptor (`openat`, `mkdirat`, `renameat`, `unlinkat`) and never through a
/// symbolic link, so a link planted in a folder that other people or programs can write into
/// (a sync folder) cannot make Imager open, write or remove anything outside it; and a
/// folder renamed or replaced by a link while it is open is not followed either.
///
/// Only regular files are read, written, replaced and removed; what is not one (a link, a
/// folder, a pipe) is reported as a `FileSystemError` and left untouched.
public final class DirectoryHandle {
    public let descriptor: Int32
    /// For messages only: nothing is opened by this path.
    public let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// The folder at a path the user chose (a link they made to it is followed).
    public static func open(userChosen path: String) throws(FileSystemError) -> DirectoryHandle {
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileSystemError(path: path, problem: errno == ENOTDIR ? .notAFolder : errno == ENOENT ? .missing : .system(errno))
        }
        return DirectoryHandle(descriptor: descriptor, path: path)
    }

    public func path(of name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    // MARK: What is in it

    /// What one entry is, as `fstatat` sees it without following a link.
    public struct Entry: Equatable, Sendable {
        public enum Kind: Equatable, Sendable { case file, folder, symbolicLink, special }
        public var kind: Kind
        public var size: Int
        public var modified: Date
        /// Owned by the user Imager runs as.
        public var isOwn: Bool
    }

    /// The entry `name`, nil when there is none.
    public func entry(_ name: String) throws(FileSystemError) -> Entry? {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return nil }
            throw .system(path(of: name))
        }
        let kind: Entry.Kind = switch info.st_mode & S_IFMT {
        case S_IFREG: .file
        case S_IFDIR: .folder
        case S_IFLNK: .symbolicLink
        default: .special
        }
        return Entry(kind: kind, size: Int(info.st_size),
                     modified: Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9),
                     isOwn: info.st_uid == geteuid())
    }

    /// The names in the folder, without `.` and `..`, in no particular order.
    public func names() throws(FileSystemError) -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0 else { throw .system(path) }
        guard let stream = fdopendir(copy) else {
            let error = FileSystemError.system(path)
            close(copy)
            throw error
        }
        defer { closedir(stream) }
        // The copy shares the descriptor's position: start from the beginning.
        rewinddir(stream)
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw .system(path) }
                return names
            }
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != ".", name != ".." { names.append(name) }
        }
    }

    // MARK: Folders

    /// The folder `name` in this one; a link to a folder is refused.
    public func folder(_ name: String) throws(FileSystemError) -> DirectoryHandle {
        let descriptor = openat(self.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw FileSystemError(path: path(of: name), problem: problem(opening: name, code))
        }
        return DirectoryHandle(descriptor: descriptor, path: path(of: name))
    }

    /// The folder `name`, made first when there is none; a link to a folder is refused.
    public func makeFolder(_ name: String) throws(FileSystemError) -> DirectoryHandle {
        if mkdirat(descriptor, name, 0o777) != 0, errno != EEXIST { throw .system(path(of: name)) }
        return try folder(name)
    }

    /// Whether the folder belongs to the user Imager runs as (checked on the descriptor). A
    /// folder Imager writes its own files into must: another user could swap what is in it.
    public var isOwn: Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && info.st_uid == geteuid()
    }

    private func problem(opening name: String, _ code: Int32) -> FileSystemError.Problem {
        switch code {
        case ENOENT: return .missing
        case ELOOP: return .symbolicLink
        case ENOTDIR:
            // O_DIRECTORY with O_NOFOLLOW: a link (to anything) or a file both say ENOTDIR.
            return (try? entry(name))??.kind == .symbolicLink ? .symbolicLink : .notAFolder
        default: return .system(code)
        }
    }

    // MARK: Files

    /// The regular file `name`, for reading.
    public func openFile(_ name: String) throws(FileSystemError) -> ReadableFile {
        try ReadableFile.open(name, in: descriptor, path: path(of: name))
    }

    /// Writes `data` as the file `name`, whole or not at all: into a new temporary file beside
    /// it (made with O_EXCL, so nothing already there is opened), synced, then renamed over
    /// `name` within this folder. `name` must be absent or a regular file of this user; a
    /// link, a folder or a pipe there is refused and left as it is.
    public func replaceFile(_ name: String, with data: Data) throws(FileSystemError) {
        try checkReplaceable(name)
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<100 {
            temporary = "." + name + "." + Self.randomSuffix()
            descriptor = openat(self.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw .system(path(of: name)) }
        var renamed = false
        defer { if !renamed { unlinkat(self.descriptor, temporary, 0) } }
        let failure: Int32? = data.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let written = write(descriptor, raw.baseAddress! + offset, min(1 << 20, raw.count - offset))
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return fsync(descriptor) == 0 ? nil : errno
        }
        let closed = close(descriptor)
        if let failure { throw .system(path(of: name), failure) }
        guard closed == 0 else { throw .system(path(of: name)) }
        // Checked again just before: renameat never follows a link, so at worst a link made
        // in between is replaced, never written through.
        try checkReplaceable(name)
        guard renameat(self.descriptor, temporary, self.descriptor, name) == 0 else { throw .system(path(of: name)) }
        renamed = true
        // The rename is durable once the folder is synced.
        fsync(self.descriptor)
    }

    /// Removes the regular file `name` of this user; anything else is left.
    public func removeFile(_ name: String) throws(FileSystemError) {
        guard let entry = try entry(name) else { return }
        try Self.checkOwnFile(entry, path: path(of: name))
        if unlinkat(descriptor, name, 0) != 0, errno != ENOENT { throw .system(path(of: name)) }
    }

    private func checkReplaceable(_ name: String) throws(FileSystemError) {
        guard let entry = try entry(name) else { return }
        try Self.checkOwnFile(entry, path: path(of: name))
    }

    private static func checkOwnFile(_ entry: Entry, path: String) throws(FileSystemError) {
        switch entry.kind {
        case .file: guard entry.isOwn else { throw FileSystemError(path: path, problem: .notOwned) }
        case .folder: throw FileSystemError(path: path, problem: .folder)
        case .symbolicLink: throw FileSystemError(path: path, problem: .symbolicLink)
        case .special: throw FileSystemError(path: path, problem: .special)
        }
    }

    private static func randomSuffix() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return String((0..<6).map { _ in letters.randomElement()! })
    }
}
