import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file whole or not at all, and never replaces what it should not: a symbolic
/// link is written through (its target gets the new contents, the link stays), anything
/// that is not a regular file (a device, a pipe, a folder) is refused, and the new contents
/// go to a temporary file beside the target that is renamed over it once written and synced.
public enum AtomicFile {
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// `shouldStop` is asked between chunks; true removes the temporary file, leaves the
    /// target as it was, and throws a `WriteError` whose reason is "cancelled".
    public static func write(_ data: Data, to path: String, shouldStop: (() -> Bool)? = nil) throws(WriteError) {
        func fail(_ reason: String) -> WriteError { WriteError(path: path, reason: reason) }
        let target = try resolve(path)

        var info = stat()
        var mode: mode_t = 0o666 & ~currentUmask()
        if lstat(target, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw fail(info.st_mode & S_IFMT == S_IFDIR ? "it is a folder" : "it is not a regular file (a device, pipe or socket)")
            }
            mode = info.st_mode & 0o7777
        } else if errno != ENOENT {
            throw fail(String(cString: strerror(errno)))
        }

        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.\(name).XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw fail(String(cString: strerror(errno))) }
        let temporary = String(cStringBuffer: template)
        var finished = false
        defer {
            if !finished { unlink(temporary) }
        }

        let problem: Int32? = data.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                if shouldStop?() == true { return ECANCELED }
                let chunk = min(1 << 20, raw.count - offset)
                let written = Glibc.write(fd, raw.baseAddress! + offset, chunk)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            if fchmod(fd, mode) != 0 { return errno }
            if fsync(fd) != 0 { return errno }
            return nil
        }
        let closed = close(fd)
        if let problem {
            throw fail(problem == ECANCELED ? "cancelled" : String(cString: strerror(problem)))
        }
        guard closed == 0 else { throw fail(String(cString: strerror(errno))) }
        guard rename(temporary, target) == 0 else { throw fail(String(cString: strerror(errno))) }
        finished = true
        // The rename is durable once the folder is synced.
        let folderFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    /// The file a write to `path` must replace: `path` itself, or the end of its chain of
    /// symbolic links (which need not exist yet). A loop of links is refused, and so is a link
    /// `isPlanted` says another user could have aimed at one of our files.
    static func resolve(_ path: String) throws(WriteError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            if isPlanted(link: info, in: (current as NSString).deletingLastPathComponent) {
                throw WriteError(path: path, reason: "it is a symbolic link another user made in a shared folder")
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        throw WriteError(path: path, reason: "it is a loop of symbolic links")
    }

    /// What the kernel's `protected_symlinks` refuses to follow: a link in a sticky folder
    /// anyone may write to (such as /tmp), owned neither by us nor by the folder's owner.
    /// The rename that replaces the link's target does not go through the kernel's check,
    /// so it is made here.
    private static func isPlanted(link: stat, in folder: String) -> Bool {
        var folderInfo = stat()
        guard stat(folder.isEmpty ? "." : folder, &folderInfo) == 0 else { return false }
        let sharedSticky = folderInfo.st_mode & S_ISVTX != 0 && folderInfo.st_mode & S_IWOTH != 0
        return sharedSticky && link.st_uid != geteuid() && link.st_uid != folderInfo.st_uid
    }

    /// The process's umask, read without setting it (umask(2) can only be read by changing
    /// it, which would race with other threads creating files).
    private static func currentUmask() -> mode_t {
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let value = mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) {
            return value
        }
        return 0o022
    }
}
