import Foundation
import ImagerCore

/// Lines for the test driver. Written straight to the file descriptor, never buffered, so a
/// line the driver has read is a line the process had reached when it was killed.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// `diskFull: The disk holding ... is full.`: the case name first, for tests to match on.
    static func describe(_ error: StoreError) -> String {
        let kind = switch error {
        case .unreadable: "unreadable"
        case .newerVersion: "newerVersion"
        case .notWritable: "notWritable"
        case .diskFull: "diskFull"
        case .busy: "busy"
        case .refused: "refused"
        case .refusedLumi: "refusedLumi"
        case .refusedSetListTitle: "refusedSetListTitle"
        case .unknownSetListChordset: "unknownSetListChordset"
        case .noSuchSetList: "noSuchSetList"
        case .noSuchSetListEntry: "noSuchSetListEntry"
        case .noSuchChordset: "noSuchChordset"
        case .cancelled: "cancelled"
        case .failed: "failed"
        }
        return "\(kind): \(error)"
    }
}

/// `--name value` pairs and positional arguments.
struct Options {
    var positional: [String] = []
    var named: [String: String] = [:]

    init<S: Sequence<String>>(_ arguments: S) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument.hasPrefix("--") {
                named[String(argument.dropFirst(2))] = iterator.next() ?? ""
            } else {
                positional.append(argument)
            }
        }
    }

    func int(_ name: String, default value: Int) -> Int {
        named[name].flatMap { Int($0) } ?? value
    }

    func double(_ name: String, default value: Double) -> Double {
        named[name].flatMap { Double($0) } ?? value
    }
}
