import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A regular file open for reading, checked on its descriptor (fstat) after opening, so what
/// was checked is what is read. Opening never blocks: a pipe or a device is opened
/// non-blocking and refused before anything is read from it.
public final class ReadableFile {
    public let descriptor: Int32
    /// For messages only.
    public let path: String
    /// The size when it was opened (a file still arriving may have grown since).
    public let size: Int
    public let modified: Date

    private init(descriptor: Int32, path: String, info: stat) {
        self.descriptor = descriptor
        self.path = path
        size = Int(info.st_size)
        modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
    }

    deinit { close(descriptor) }

    /// A file at a path the user gave (a link they made is followed to its file).
    public static func open(userChosen path: String) throws(FileSystemError) -> ReadableFile {
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(path) }
        return try checked(descriptor, path: path)
    }

    /// `name` in the folder `directory`, never through a symbolic link.
    static func open(_ name: String, in directory: Int32, path: String) throws(FileSystemError) -> ReadableFile {
        let descriptor = openat(directory, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            let code = errno
            // O_NOFOLLOW on a link fails with ELOOP.
            throw FileSystemError(path: path, problem: code == ELOOP ? .symbolicLink : code == ENOENT ? .missing : .system(code))
        }
        return try checked(descriptor, path: path)
    }

    private static func checked(_ descriptor: Int32, path: String) throws(FileSystemError) -> ReadableFile {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let error = FileSystemError.system(path)
            close(descriptor)
            throw error
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return ReadableFile(descriptor: descriptor, path: path, info: info)
        case S_IFDIR:
            close(descriptor)
            throw FileSystemError(path: path, problem: .folder)
        default:
            close(descriptor)
            throw FileSystemError(path: path, problem: .special)
        }
    }

    /// Reads up to `buffer.count` bytes from `offset`; 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(FileSystemError) -> Int {
        while true {
            let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
            if count >= 0 { return count }
            if errno != EINTR { throw .system(path) }
        }
    }

    /// The whole file when it holds at most `limit` bytes; nil when it holds more (which are
    /// never read). Memory follows the file's size, not the limit.
    public func contents(upTo limit: Int) throws(FileSystemError) -> Data? {
        var bytes = [UInt8](repeating: 0, count: min(limit, size) + 1)
        var filled = 0
        while filled <= limit {
            if filled == bytes.count {
                // Grown since it was opened.
                bytes.append(contentsOf: repeatElement(0, count: min(max(bytes.count, 4096), limit + 1 - bytes.count)))
            }
            let count = try bytes.withUnsafeMutableBytes { raw in
                Result { () throws(FileSystemError) in
                    try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled..<raw.count]), at: filled)
                }
            }.get()
            if count == 0 { break }
            filled += count
        }
        return filled <= limit ? Data(bytes[0..<filled]) : nil
    }
}
