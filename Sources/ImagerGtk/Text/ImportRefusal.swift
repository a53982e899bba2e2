import Foundation
import ImagerCore

/// What the window says when an import is refused: the file by its name (not its path), and
/// the reason in people's words ("The 2nd chordset, “Broken”, has 7 chords; each needs 8")
/// rather than the command line's JSON path. Nothing from a refused file is stored. The
/// file's name and the words quoted from it are outside text: a control character in them
/// is shown escaped (`TerminalText`), as on the command line, never acted on or hidden.
enum ImportRefusal {
    static func heading(file path: String) -> String {
        tr("Could not import “{file}”", ["file": TerminalText.escaped(URL(fileURLWithPath: path).lastPathComponent)])
    }

    static func detail(_ failure: TransferJobs.Failure) -> String {
        TerminalText.escaped(unescapedDetail(failure))
    }

    private static func unescapedDetail(_ failure: TransferJobs.Failure) -> String {
        guard case let .file(error) = failure else { return sentence(failure.description) }
        if let problem = error.chordsetProblem { return sentence(words(problem)) }
        if let problem = error.lumiProblem { return sentence(words(problem)) }
        return sentence(failure.description)
    }

    /// "Lumi 3 of chord 6 in the 4th chordset has the shape “hexagon”; a shape is circle,
    /// square, triangle or star."
    static func words(_ problem: LumiProblem) -> String {
        let chordset = tr("the {ordinal} chordset", ["ordinal": englishOrdinal(problem.chordset + 1),
                                                      "number": String(problem.chordset + 1)])
        let chord = String(problem.chord + 1)
        let lumi = problem.lumi.map {
            tr("lumi {lumi} of chord {chord} in {chordset}", ["lumi": String($0 + 1), "chord": chord, "chordset": chordset])
        } ?? ""
        switch problem.reason {
        case .notAList:
            return tr("the lumis of chord {chord} in {chordset} are not a list", ["chord": chord, "chordset": chordset])
        case let .tooMany(count):
            return tr("chord {chord} in {chordset} has {count} lumis; a chord holds at most {maximum}",
                      ["chord": chord, "chordset": chordset, "count": String(count), "maximum": String(Lumi.maximumPerChord)])
        case .notAnObject: return tr("{lumi} is not a lumi (each must be a JSON object)", ["lumi": lumi])
        case let .missing(key): return tr("{lumi} has no “{key}”", ["lumi": lumi, "key": key.rawValue])
        case let .wrongType(key, found), let .unrepresentable(key, found):
            return tr("{lumi} has the {key} {found}, which Imager cannot read", ["lumi": lumi, "key": key.rawValue, "found": found])
        case let .unknownShape(word):
            return tr("{lumi} has the shape “{shape}”; a shape is circle, square, triangle or star", ["lumi": lumi, "shape": word])
        case let .outOfRange(field, value):
            return tr("{lumi} has the {field} {value}, which is not {range}",
                      ["lumi": lumi, "field": field.rawValue, "value": "\(value)", "range": range(field)])
        case let .badColor(text):
            return tr("{lumi} has the colour “{found}”; a colour is written #RRGGBB or #RRGGBBAA", ["lumi": lumi, "found": text])
        }
    }

    private static func range(_ field: Lumi.Field) -> String {
        switch field {
        case .x, .y, .glow: tr("between 0 and 1")
        case .size: tr("greater than 0 and at most 1")
        case .rotation: tr("from 0 to less than 360")
        }
    }

    static func words(_ problem: ChordsetProblem) -> String {
        let number = problem.index + 1
        // Translators: {ordinal} is the English ordinal ("2nd"); {number} is the plain number,
        // for languages that write ordinals otherwise ("der {number}. Akkordsatz").
        let ordinal: KeyValuePairs<String, String> = ["ordinal": englishOrdinal(number), "number": String(number)]
        let chordset = problem.title.map {
            tr("the {ordinal} chordset, “{title}”,", ["ordinal": englishOrdinal(number), "number": String(number), "title": $0])
        } ?? tr("the {ordinal} chordset", ordinal)
        switch problem.reason {
        case .notAnObject: return tr("{chordset} is not a chordset (each must be a JSON object)", ["chordset": chordset])
        case .noTitle: return tr("{chordset} has no title", ["chordset": chordset])
        case .titleNotText: return tr("{chordset} has a title that is not text", ["chordset": chordset])
        case .emptyTitle: return tr("{chordset} has an empty title", ["chordset": chordset])
        case let .titleTooLong(length):
            return tr("{chordset} has a title of {length} characters; a title has at most {maximum}",
                      ["chordset": chordset, "length": String(length), "maximum": String(ChordsetTitle.maximumLength)])
        case let .idNotUUID(found): return tr("{chordset} has an id that is not a UUID: {found}", ["chordset": chordset, "found": found])
        case .duplicateID: return tr("{chordset} has the same id as a chordset before it", ["chordset": chordset])
        case .createdAtNotANumber: return tr("{chordset} has a creation date that is not a number", ["chordset": chordset])
        case .noChords: return tr("{chordset} has no chords", ["chordset": chordset])
        case .chordsNotAList: return tr("{chordset} has chords that are not a list", ["chordset": chordset])
        case let .chordCount(count):
            return trn("{chordset} has {count} chord; each needs 8", "{chordset} has {count} chords; each needs 8", count,
                       ["chordset": chordset])
        case let .chordNotAnObject(slot):
            return tr("chord {chord} of {chordset} has no colour", ["chord": String(slot + 1), "chordset": chordset])
        case let .badColor(slot, found):
            return tr("chord {chord} of {chordset} has the colour {found}; a colour is written #RRGGBB or #RRGGBBAA",
                      ["chord": String(slot + 1), "chordset": chordset, "found": found])
        }
    }

    /// "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st".
    static func englishOrdinal(_ number: Int) -> String {
        let suffix = switch (number % 10, number % 100) {
        case (_, 11...13): "th"
        case (1, _): "st"
        case (2, _): "nd"
        case (3, _): "rd"
        default: "th"
        }
        return "\(number)\(suffix)"
    }

    /// The first letter up, a full stop at the end: a sentence for the dialog.
    private static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        let capitalised = first.uppercased() + text.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }
}
