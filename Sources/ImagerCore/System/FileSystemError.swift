import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Why a file or folder was not opened, read or written, naming it.
public struct FileSystemError: Error, Equatable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case missing
        case symbolicLink
        case folder
        /// Not a folder where a folder was expected.
        case notAFolder
        /// A pipe, a device or a socket.
        case special
        /// Belongs to another user.
        case notOwned
        case system(Int32)
    }

    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    static func system(_ path: String, _ code: Int32 = errno) -> FileSystemError {
        FileSystemError(path: path, problem: code == ENOENT ? .missing : .system(code))
    }

    public var reason: String {
        switch problem {
        case .missing: "it does not exist"
        case .symbolicLink: "it is a symbolic link"
        case .folder: "it is a folder, not a file"
        case .notAFolder: "it is not a folder"
        case .special: "it is not a regular file (a device, pipe or socket)"
        case .notOwned: "it belongs to another user"
        case let .system(code): String(cString: strerror(code))
        }
    }

    public var description: String { "\(path): \(reason)" }
}
