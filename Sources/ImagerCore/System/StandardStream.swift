import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writing to standard output and error without dying: `FileHandle.write` traps (a `try!`
/// inside Foundation) when the other end is gone or the disk is full, so `imager --list >
/// /dev/full` crashed. These return the error instead; SIGPIPE is ignored process-wide by
/// `ignoreBrokenPipes()` so a closed pipe is an EPIPE error, not a silent death.
public enum StandardStream {
    public struct WriteError: Error, Equatable, CustomStringConvertible {
        public var errno: Int32
        public var description: String { String(cString: strerror(errno)) }
    }

    /// Call once at start-up.
    public static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    public static func writeOutput(_ text: String) throws(WriteError) {
        try write(Data(text.utf8), to: STDOUT_FILENO)
    }

    public static func writeOutput(_ data: Data) throws(WriteError) {
        try write(data, to: STDOUT_FILENO)
    }

    /// For messages: a failure to write an error message has nowhere to be reported. Every
    /// control character but the line breaks is escaped (`TerminalText`): a message may
    /// quote outside text, and none of it may reach the terminal raw.
    public static func writeError(_ text: String) {
        try? write(Data(TerminalText.escaped(text, keepingLineBreaks: true).utf8), to: STDERR_FILENO)
    }

    public static func write(_ data: Data, to descriptor: Int32) throws(WriteError) {
        let failure: Int32? = data.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failure { throw WriteError(errno: failure) }
    }
}
