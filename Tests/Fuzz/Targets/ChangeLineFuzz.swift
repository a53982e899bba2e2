import Foundation
@testable import ImagerCore

/// One line of a change file, as another machine (or anyone who can write to the sync folder)
/// may have written it. The input is decoded as it is, which mostly exercises the checksum,
/// and again with its checksum made right, so the fuzzer reaches the record, stamp and field
/// parsing behind it. A line that decodes must encode back to a line that decodes the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func changeLineFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    check(String(decoding: bytes, as: UTF8.self))
    let payload = bytes.count > 9 && bytes[8] == UInt8(ascii: " ") ? Array(bytes[9...]) : bytes
    let repaired = String(decoding: payload, as: UTF8.self)
    check(FuzzChecksum.prefix(Array(repaired.utf8)) + repaired)
    return 0
}

private func check(_ line: String) {
    guard case let .success(operation) = ChangeLine.decode(Substring(line)) else { return }
    let encoded = ChangeLine.encode(operation)
    guard encoded.hasSuffix("\n"), case let .success(again) = ChangeLine.decode(Substring(encoded.dropLast())) else {
        fatalError("a decoded line does not encode to a line that decodes: \(encoded.debugDescription)")
    }
    guard again == operation else { fatalError("a line decodes differently once encoded again: \(encoded.debugDescription)") }
}
