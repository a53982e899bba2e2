/// Reads GIMP's palette format as GIMP documents and reads it
/// (https://developer.gimp.org/core/standards/gpl, and `gimp_palette_load_gpl`):
///
///     GIMP Palette            the first line, exactly (trailing spaces allowed)
///     Name: Warm              optional, only as the second line
///     Columns: 8              optional, only right after Name:; 0 to 256
///     # a comment             anywhere after the header
///                             a totally empty line is skipped
///     246 209  78	Sunflower  R G B (whole numbers 0-255, separated by spaces or tabs),
///                             then an optional name
///
/// Lines end in LF; a CR before it (a file from Windows) is dropped, as is a UTF-8 byte order
/// mark before the magic line. Where GIMP only warns and goes on (a value out of range, a
/// missing component, a line of spaces), this reader refuses the file at that line: a colour
/// GIMP would have guessed is a colour the person did not choose.
public enum GimpPaletteReader {
    public static func decode(_ bytes: [UInt8], file: String) throws(GimpPaletteError) -> GimpPalette {
        var lines = Lines(bytes: bytes)
        func fail(_ line: Int?, _ problem: GimpPaletteError.Problem) -> GimpPaletteError {
            GimpPaletteError(file: file, line: line, problem: problem)
        }
        func next() throws(GimpPaletteError) -> (number: Int, text: String)? {
            guard let (number, raw) = lines.next() else { return nil }
            guard let text = String(validating: raw, as: UTF8.self) else { throw fail(number, .notUTF8) }
            return (number, text)
        }

        guard var line = try next() else { throw fail(1, .notAPalette) }
        var magic = Substring(line.text)
        if magic.hasPrefix("\u{FEFF}") { magic = magic.dropFirst() }
        guard trimmingTrailingBlanks(magic) == GimpPaletteWriter.magic else { throw fail(line.number, .notAPalette) }

        var palette = GimpPalette(name: nil, colors: [])
        guard var current = try next() else { throw fail(nil, .noColors) }
        if current.text.hasPrefix("Name: ") {
            palette.name = trimmingBlanks(current.text.dropFirst(6))
            palette.nameLine = current.number
            guard let after = try next() else { throw fail(nil, .noColors) }
            current = after
            if current.text.hasPrefix("Columns: ") {
                let value = trimmingBlanks(current.text.dropFirst(9))
                guard value.utf8.allSatisfy(isDigit), let columns = Int(value), (0...256).contains(columns) else {
                    throw fail(current.number, .badColumns(value))
                }
                guard let afterColumns = try next() else { throw fail(nil, .noColors) }
                current = afterColumns
            }
        }

        line = current
        while true {
            if !line.text.isEmpty && !line.text.hasPrefix("#") {
                palette.colors.append(try color(in: line.text, number: line.number, file: file))
            }
            guard let following = try next() else { break }
            line = following
        }
        guard !palette.colors.isEmpty else { throw fail(nil, .noColors) }
        return palette
    }

    /// `R G B [name]`: three whole numbers 0-255 after optional blanks, separated by blanks.
    private static func color(in text: String, number: Int, file: String) throws(GimpPaletteError) -> RGBAColor {
        var rest = Substring(text)
        var values: [UInt8] = []
        for component in [GimpPaletteError.Component.red, .green, .blue] {
            rest = rest.drop(while: isBlank)
            let token = rest.prefix(while: { !isBlank($0) })
            rest = rest.dropFirst(token.count)
            guard !token.isEmpty else {
                throw GimpPaletteError(file: file, line: number, problem: .missingComponent(component))
            }
            guard token.utf8.allSatisfy(isDigit) else {
                throw GimpPaletteError(file: file, line: number, problem: .notANumber(component, String(token)))
            }
            guard let value = Int(token), let byte = UInt8(exactly: value) else {
                throw GimpPaletteError(file: file, line: number, problem: .outOfRange(component, String(token)))
            }
            values.append(byte)
        }
        // Whatever follows the blue value is the colour's name, which a chord has no place for.
        return RGBAColor(red: values[0], green: values[1], blue: values[2])
    }

    private static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func trimmingBlanks(_ text: Substring) -> String {
        trimmingTrailingBlanks(text.drop(while: isBlank))
    }

    private static func trimmingTrailingBlanks(_ text: Substring) -> String {
        var end = text.endIndex
        while end > text.startIndex, isBlank(text[text.index(before: end)]) { end = text.index(before: end) }
        return String(text[text.startIndex..<end])
    }

    /// The file's lines as bytes, numbered from 1, split at LF with a CR before it dropped.
    /// A last line without LF counts; the empty "line" after a final LF does not.
    private struct Lines {
        let bytes: [UInt8]
        var start = 0
        var number = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func next() -> (Int, ArraySlice<UInt8>)? {
            guard start < bytes.count else { return nil }
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var line = bytes[start..<end]
            if line.last == 0x0D { line = line.dropLast() }
            start = end + 1
            number += 1
            return (number, line)
        }
    }
}
