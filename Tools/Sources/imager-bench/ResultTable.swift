import Foundation

/// The one table the benchmark prints: a row per figure and N, Imager next to its floor,
/// with the goal beside the result.
struct ResultTable {
    struct Row {
        var figure: String
        /// The number of chordsets; nil for a figure that does not depend on it.
        var count: Int?
        var imager: String
        var floor: String
        var ratio: String
        var goal: String = ""
        /// nil when the row has no goal, or the goal is not checked (a smoke run).
        var met: Bool?
        /// The figure hit its timeout: it measured nothing, and shows as a failure.
        var timedOut = false
    }

    var rows: [Row] = []
    /// Figures that are no measurement (an edit that hit its timeout): each fails the run,
    /// smoke or not, with a `FAILED:` line.
    var failures: [String] = []

    mutating func add(_ row: Row) { rows.append(row) }

    /// The row for `figure` at `count` as a figure that hit the timeout of `timeout`: no
    /// number of Imager's (what was timed is the timeout's), no ratio, and a failure of the run.
    mutating func addTimedOut(_ row: Row, timeout: String) {
        var row = row
        row.imager = "timed out"
        row.ratio = "–"
        row.met = false
        row.timedOut = true
        rows.append(row)
        let size = row.count.map { " at N = \(grouped($0))" } ?? ""
        failures.append("FAILED: \(row.figure)\(size) hit its \(timeout) timeout: the edit painted nothing, so the figure is the timeout's")
    }

    /// `row` as a figure that measured nothing, its `imager` saying why: **FAILED** as met?,
    /// and with `failure`, a `FAILED:` line that fails the run.
    mutating func addFailure(_ row: Row, failure: String?) {
        var row = row
        row.met = false
        row.timedOut = true
        rows.append(row)
        if let failure { failures.append("FAILED: \(failure)") }
    }

    var markdown: String {
        let header = ["figure", "N", "Imager", "floor", "ratio", "goal", "met?"]
        let cells = rows.map { row in
            [row.figure, row.count.map(grouped) ?? "", row.imager, row.floor, row.ratio, row.goal,
             row.timedOut ? "**FAILED**" : row.met.map { $0 ? "yes" : "**no**" } ?? ""]
        }
        let widths = header.indices.map { column in
            ([header[column]] + cells.map { $0[column] }).map(\.count).max()!
        }
        func line(_ values: [String]) -> String {
            "| " + values.indices.map { values[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(header), rule] + cells.map(line)).joined(separator: "\n")
    }
}

/// 100000 -> "100,000", as docs/benchmark.md writes its sizes.
func grouped(_ value: Int) -> String {
    let digits = Array(String(value))
    var out = ""
    for (index, digit) in digits.enumerated() {
        if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return out
}

func formatMilliseconds(_ value: Double) -> String {
    switch value {
    case ..<1: String(format: "%.3f ms", value)
    case ..<10: String(format: "%.2f ms", value)
    case ..<100: String(format: "%.1f ms", value)
    default: String(format: "%.0f ms", value)
    }
}

func formatMiB(_ value: Double) -> String { String(format: "%.1f MiB", value) }

func formatRatio(_ imager: Double, _ floor: Double) -> String {
    guard floor > 0 else { return "" }
    return String(format: "%.2f×", imager / floor)
}
