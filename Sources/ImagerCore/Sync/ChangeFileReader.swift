import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a change or snapshot file from where the last read stopped, in pieces, up to its
/// last whole line: a file that is still arriving (or was cut short) is read as far as it is
/// whole, and the rest on a later round. A damaged line is skipped and reported; the lines
/// after it are read.
///
/// Memory and time are bounded whatever the file holds: a line longer than
/// `maximumLineLength` is skipped (reported once) without being held, a read stops after
/// `Limits.lines` operations or `Limits.lineBytes` bytes of lines (the caller merges them and
/// reads on), and after `Limits.scan` bytes looked at, so that one file cannot hold a round.
/// A read may stop inside an over-long line; it then records where it stopped, and the next
/// read, finding no newline just before its starting place, skips on to the line's end.
public enum ChangeFileReader {
    public static let maximumLineLength = 1 << 20
    /// Damaged lines reported one by one per read; the rest are counted in one report.
    static let maximumReports = 100
    private static let pieceSize = 1 << 16

    public struct Limits: Sendable {
        public var lines = 20_000
        public var lineBytes = 32 << 20
        public var scan = 1 << 30
        public init() {}
    }

    public struct Result: Sendable {
        public var operations: [SyncOperation] = []
        public var skipped: [SkippedRecord] = []
        /// Bytes of the file behind this read: up to and including the last newline read, or
        /// the place reached inside an over-long line.
        public var readThrough: Int
        /// Bytes looked at.
        public var scanned = 0
        /// Stopped on `lines` or `lineBytes`: more whole lines may follow at once.
        public var isBatchFull = false
    }

    public static func read(_ file: ReadableFile, from offset: Int, limits: Limits = Limits()) throws(SyncError) -> Result {
        do {
            return try scan(file, from: offset, limits: limits)
        } catch {
            throw .unreadable(path: file.path, reason: error.reason)
        }
    }

    private static func scan(_ file: ReadableFile, from offset: Int, limits: Limits) throws(FileSystemError) -> Result {
        // A file shorter than what was read is not the file that was read: read it whole.
        let start = offset <= file.size ? offset : 0
        var result = Result(readThrough: start)
        if start == file.size { return result }

        let piece = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 1)
        defer { piece.deallocate() }
        var skipping = false
        if start > 0 {
            let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: piece[0..<1]), at: start - 1)
            skipping = count == 1 && piece[0] != UInt8(ascii: "\n")
        }
        var line: [UInt8] = []
        var lineStart = start
        var position = start
        var lineBytes = 0
        var unreported = 0
        let newline = Int32(UInt8(ascii: "\n"))

        func finish(_ bytes: UnsafeRawBufferPointer?) {
            let text = bytes.map { String(decoding: $0, as: UTF8.self) } ?? String(decoding: line, as: UTF8.self)
            lineBytes += text.utf8.count
            switch ChangeLine.decode(Substring(text)) {
            case let .success(operation): result.operations.append(operation)
            case let .failure(problem): report(problem, at: lineStart)
            }
        }
        func report(_ problem: ChangeLine.Problem, at byte: Int) {
            if result.skipped.count < maximumReports {
                result.skipped.append(SkippedRecord(path: file.path, byteOffset: byte, problem: problem))
            } else {
                unreported += 1
            }
        }

        reading: while result.scanned < limits.scan {
            let wanted = min(pieceSize, limits.scan - result.scanned)
            let count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: piece[0..<wanted]), at: position)
            if count == 0 { break }
            var index = 0
            while index < count {
                let rest = count - index
                let found = memchr(piece.baseAddress! + index, newline, rest)
                    .map { piece.baseAddress!.distance(to: $0) }
                let end = found ?? count
                if skipping {
                    guard let found else { break }
                    skipping = false
                    index = found + 1
                    lineStart = position + index
                    result.readThrough = lineStart
                    continue
                }
                if line.count + (end - index) > maximumLineLength {
                    report(.malformed("it is longer than \(maximumLineLength / 1_048_576) MiB"), at: lineStart)
                    line = []
                    skipping = true
                    continue
                }
                guard let found else {
                    line.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[index..<count]))
                    break
                }
                if line.isEmpty {
                    if found > index { finish(UnsafeRawBufferPointer(rebasing: piece[index..<found])) }
                } else {
                    line.append(contentsOf: UnsafeRawBufferPointer(rebasing: piece[index..<found]))
                    finish(nil)
                    line.removeAll(keepingCapacity: true)
                }
                index = found + 1
                lineStart = position + index
                result.readThrough = lineStart
                if result.operations.count >= limits.lines || lineBytes >= limits.lineBytes {
                    result.isBatchFull = true
                    result.scanned += index
                    break reading
                }
            }
            position += count
            result.scanned += count
        }
        // Inside an over-long line: what was looked at is behind us (see the type's comment).
        if skipping { result.readThrough = position }
        if unreported > 0 {
            result.skipped.append(SkippedRecord(path: file.path, byteOffset: result.readThrough,
                                                problem: .malformed("\(unreported) more damaged lines before this byte were skipped too")))
        }
        return result
    }
}
