import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder of this user's own under a folder the user chose (the cache, the runtime folder),
/// for files handed to other programs. Each level below the base is opened without following
/// a link and checked on its descriptor: a missing level is created 0700; a link, something
/// that is not a folder, a folder of another user, or a sticky folder shared with everyone (as
/// /tmp is) is refused; any other folder of ours that others
/// may write to is closed to them first, since whoever can write to it could swap what we put
/// there before the other program reads it.
public enum PrivateFolder {
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot use \(path): \(reason)" }
    }

    /// `base` followed by `levels` ("imager", "drag"), made ready; returns its path.
    public static func prepare(_ levels: [String], under base: URL) throws(Refusal) -> URL {
        var path = base.path
        var folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw Refusal(path: path, reason: String(cString: strerror(errno))) }
        defer { close(folder) }
        for level in levels {
            path = (path as NSString).appendingPathComponent(level)
            if mkdirat(folder, level, 0o700) != 0, errno != EEXIST {
                throw Refusal(path: path, reason: String(cString: strerror(errno)))
            }
            let next = openat(folder, level, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else {
                // Linux says ENOTDIR for a link opened with O_DIRECTORY | O_NOFOLLOW: ask what it is.
                let failure = errno
                var info = stat()
                let isLink = fstatat(folder, level, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFLNK
                let reason = isLink || failure == ELOOP ? "it is a symbolic link"
                    : failure == ENOTDIR ? "it is not a folder" : String(cString: strerror(failure))
                throw Refusal(path: path, reason: reason)
            }
            close(folder)
            folder = next
            var info = stat()
            guard fstat(folder, &info) == 0 else { throw Refusal(path: path, reason: String(cString: strerror(errno))) }
            guard info.st_uid == geteuid() else { throw Refusal(path: path, reason: "it belongs to another user") }
            // A sticky folder others may write to (as /tmp is) is shared on purpose: closing
            // it would lock every other user and program out of it.
            if info.st_mode & S_ISVTX != 0, info.st_mode & 0o002 != 0 {
                throw Refusal(path: path, reason: "it is a folder shared with other users")
            }
            if info.st_mode & 0o077 != 0, fchmod(folder, 0o700) != 0 {
                throw Refusal(path: path, reason: String(cString: strerror(errno)))
            }
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
