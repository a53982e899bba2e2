import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import ImagerCore

/// A whole change or snapshot file from another machine: split into lines and decoded as a
/// sync round reads it (`ChangeFileReader.read`, from a file), then each operation merged into its
/// record's registers and the registers read as a chordset or a lumi (`SyncValues`), as the
/// store does before it lets anything in. The file is read as it is and again with every
/// line's checksum made right. Whatever is read must be accounted for: a line read or skipped.
@_cdecl("LLVMFuzzerTestOneInput")
public func snapshotFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    read(Data(bytes))
    var repaired: [UInt8] = []
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast() {
        let payload = line.count > 9 && line[line.startIndex + 8] == UInt8(ascii: " ") ? Array(line.dropFirst(9)) : Array(line)
        let text = String(decoding: payload, as: UTF8.self)
        repaired += Array((FuzzChecksum.prefix(Array(text.utf8)) + text + "\n").utf8)
    }
    read(Data(repaired))
    return 0
}

private func read(_ data: Data) {
    // The reader takes a file, as a round does: the bytes go into a file removed as it is made.
    var template = Array("/dev/shm/imager-fuzz-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { fatalError("mkstemp: \(errno)") }
    unlink(template)
    defer { close(descriptor) }
    let written = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == data.count else { fatalError("could not write the input to memory") }
    let result: ChangeFileReader.Result
    do {
        let file = try ReadableFile.open(userChosen: "/proc/self/fd/\(descriptor)")
        result = try ChangeFileReader.read(file, from: 0)
    } catch {
        fatalError("a file in memory could not be read: \(error)")
    }
    let lines = data.prefix(result.readThrough).split(separator: UInt8(ascii: "\n")).count
    // Damaged lines past the first ones reported are counted in one last report.
    let accounted = result.skipped.count > ChangeFileReader.maximumReports
        ? result.operations.count + result.skipped.count <= lines
        : result.operations.count + result.skipped.count == lines
    guard accounted else {
        fatalError("\(lines) lines, but \(result.operations.count) read and \(result.skipped.count) skipped")
    }
    // As a round merges them: each operation admitted field by field first, and what it admits
    // must pass again unchanged (the one form every machine keeps).
    var records: [SyncRecordKey: Registers] = [:]
    for operation in result.operations {
        guard let admitted = SyncAdmission.admit(operation).admitted else { continue }
        guard SyncAdmission.admit(admitted).admitted == admitted else {
            fatalError("an admitted operation changed when admitted again: \(admitted)")
        }
        records[operation.key, default: Registers()].merge(admitted)
    }
    for (key, registers) in records {
        switch key {
        case .chordset: _ = SyncValues.chordset(registers)
        case let .lumi(id): _ = SyncValues.placement(registers[SyncField.lumi], id: id)
        case .setList: _ = SyncValues.setList(registers)
        case .setListEntry: _ = SyncValues.entry(registers)
        }
    }
}
