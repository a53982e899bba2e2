import Foundation

/// Reads a change or snapshot file from where the last round stopped, up to its last whole
/// line: a file that is still arriving (or was cut short) is read as far as it is whole,
/// and the rest on a later round. A damaged line is skipped and reported; the lines after
/// it are read.
public enum ChangeFileReader {
    public struct Result: Sendable {
        public var operations: [SyncOperation] = []
        public var skipped: [SkippedRecord] = []
        /// Bytes read: everything up to and including the last newline.
        public var readThrough: Int
    }

    public static func read(_ url: URL, from offset: Int) throws(SyncError) -> Result {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let size = try handle.seekToEnd()
            // A file shorter than what was read is not the file that was read: read it whole.
            let start = UInt64(offset) <= size ? UInt64(offset) : 0
            if start == size { return Result(readThrough: Int(size)) }
            try handle.seek(toOffset: start)
            data = try handle.readToEnd() ?? Data()
            return parse(data, startingAt: Int(start), path: url.path)
        } catch {
            throw .unreadable(path: url.path, reason: ChordsetStore.describe(error))
        }
    }

    static func parse(_ data: Data, startingAt start: Int, path: String) -> Result {
        var result = Result(readThrough: start)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") {
                defer { lineStart = index + 1 }
                if index == lineStart { continue }
                let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), as: UTF8.self)
                switch ChangeLine.decode(Substring(line)) {
                case let .success(operation): result.operations.append(operation)
                case let .failure(problem):
                    result.skipped.append(SkippedRecord(path: path, byteOffset: start + lineStart, problem: problem))
                }
            }
            result.readThrough = start + lineStart
        }
        return result
    }
}
