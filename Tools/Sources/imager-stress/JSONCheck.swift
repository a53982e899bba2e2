import Foundation
import ImagerCore

/// Feeds documents to the real import path and says, for each, whether it was JSON to Imager:
/// one base64 document a line on standard input, one line out, "json" (accepted, or refused
/// for what it holds) or "not-json: <message>". Tests/CommandLine/test_json_conformance.py
/// compares the answers with a corpus and with Python's json module.
enum JSONCheck {
    static func run() -> Int32 {
        while let line = readLine(strippingNewline: true) {
            guard let data = Data(base64Encoded: line) else {
                Output.line("bad-input")
                continue
            }
            do {
                _ = try ChordsetDocument.decode(data, file: "check.json")
                Output.line("json")
            } catch {
                let prefix = "is not valid JSON ("
                if error.reason.hasPrefix(prefix) {
                    Output.line("not-json: " + error.reason.dropFirst(prefix.count).dropLast())
                } else {
                    Output.line("json")
                }
            }
        }
        return 0
    }
}
