import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ImagerCore

/// Each palette writer, checked by parsing what it wrote: the GIMP palette by the grammar GIMP
/// documents (written out here, apart from the reader under test), the SVG with Foundation's
/// XML parser, the CSS by its declarations.
@Suite struct PaletteWriterTests {
    static let opaque: [RGBAColor] = [
        RGBAColor(red: 0xF6, green: 0xD1, blue: 0x4E), RGBAColor(red: 0, green: 0, blue: 0),
        RGBAColor(red: 255, green: 255, blue: 255), RGBAColor(red: 9, green: 99, blue: 199),
        RGBAColor(red: 10, green: 100, blue: 200), RGBAColor(red: 1, green: 2, blue: 3),
        RGBAColor(red: 128, green: 64, blue: 32), RGBAColor(red: 0x7E, green: 0x4B, blue: 0x73),
    ]

    static func chordset(_ title: String, colors: [RGBAColor] = opaque) -> Chordset {
        Chordset(title: title, createdAt: Sample.createdAt, chords: colors.map(Chord.init(color:)))!
    }

    static func text(_ format: PaletteFormat, _ chordset: Chordset) -> String {
        String(decoding: format.encode(chordset), as: UTF8.self)
    }

    // MARK: GIMP palette

    @Test func gimpPaletteFollowsGIMPsGrammarWithTheChordNumbersAsNames() throws {
        let lines = Self.text(.gimp, Self.chordset("Warm")).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "", "ends with a line feed")
        #expect(lines[0] == "GIMP Palette")
        #expect(lines[1] == "Name: Warm")
        #expect(lines[2] == "Columns: 8")
        #expect(lines[3].hasPrefix("#"))
        let colorLine = /^ *(\d{1,3}) +(\d{1,3}) +(\d{1,3})\t(.*)$/
        let body = lines[4..<(lines.count - 1)]
        #expect(body.count == 8)
        for (slot, line) in body.enumerated() {
            let match = try #require(try colorLine.wholeMatch(in: String(line)), "line \(slot + 5): \(line)")
            let color = Self.opaque[slot]
            #expect([Int(match.1), Int(match.2), Int(match.3)] == [Int(color.red), Int(color.green), Int(color.blue)])
            #expect(match.4 == "\(slot + 1)")
            #expect(line.count == 13, "three columns of three wide, as GIMP writes them: \(line)")
        }
    }

    @Test func gimpPaletteNotesTheAlphaItCannotKeep() {
        var colors = Self.opaque
        colors[2].alpha = 0x80
        colors[6].alpha = 0
        let text = Self.text(.gimp, Self.chordset("See-through", colors: colors))
        let comment = text.split(separator: "\n")[3]
        #expect(comment.hasPrefix("#"))
        #expect(comment.contains("chord 3, 7"))
        #expect(!Self.text(.gimp, Self.chordset("Solid")).contains("alpha"))
    }

    @Test func gimpPaletteReadsBackAsTheSameColoursAndTitle() throws {
        for title in ["Warm", "Ünïcødé 🎨 مرحبا", "  # not a comment", "Name: inside"] {
            let chordset = Self.chordset(title)
            let palette = try GimpPaletteReader.decode([UInt8](PaletteFormat.gimp.encode(chordset)), file: "x.gpl")
            #expect(palette.colors == Self.opaque)
            #expect(palette.name == ChordsetTitle.sanitized(title).trimmingCharacters(in: .whitespaces))
        }
    }

    // MARK: CSS

    @Test func cssHasOneCustomPropertyPerChordInsideRoot() throws {
        var colors = Self.opaque
        colors[7].alpha = 0x80
        let text = Self.text(.css, Self.chordset("Warm", colors: colors))
        let block = try #require(try /:root \{\n((?:.*\n)*?)\}\n$/.firstMatch(in: text))
        let declarations = block.1.split(separator: "\n").map(String.init)
        #expect(declarations.count == 8)
        for (slot, declaration) in declarations.enumerated() {
            let match = try #require(try /^  (--[a-z][a-z0-9-]*): (#[0-9A-F]{6}(?:[0-9A-F]{2})?);$/.wholeMatch(in: declaration))
            #expect(match.1 == "--warm-\(slot + 1)")
            #expect(RGBAColor(hex: String(match.2)) == colors[slot])
        }
        #expect(declarations[7].hasSuffix("#7E4B7380;"), "alpha as #RRGGBBAA")
    }

    @Test func cssCommentCannotBeClosedByTheTitle() throws {
        let text = Self.text(.css, Self.chordset("evil */ :root { --x: red; } /*"))
        let comment = try #require(text.firstRange(of: "*/"))
        #expect(text[comment.upperBound...].hasPrefix("\n:root {\n"), "the first */ is the comment's own end")
        #expect(text.contains("--evil-root-x-red-1: #F6D14E;"))
    }

    @Test(arguments: [
        ("Warm", "warm"),
        ("Ocean Breeze", "ocean-breeze"),
        ("  Été à Paris!  ", "ete-a-paris"),
        ("CAPS_and.dots", "caps-and-dots"),
        ("--a  --  b--", "a-b"),
        ("2024 Summer", "chordset-2024-summer"),
        ("東京", "chordset"),
        ("🎨", "chordset"),
        ("Ｗｉｄｅ", "wide"),
        ("Москва 2", "chordset-2"),
    ])
    func cssIdentifierIsLowercaseASCIIWithDashes(title: String, stem: String) {
        #expect(CSSIdentifier.stem(for: title) == stem)
    }

    // MARK: SVG

    @Test func svgIsValidXMLWithEightRectsInTheChordColours() throws {
        var colors = Self.opaque
        colors[1].alpha = 0x80
        colors[4].alpha = 0
        let title = #"Fish & <Chips> "quoted" 'single' 🎨"#
        let document = try SVGDocument(PaletteFormat.svg.encode(Self.chordset(title, colors: colors)))
        let svg = try #require(document.elements.first)
        #expect(svg.name == "svg")
        #expect(svg.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(svg.attributes["width"] == "512")
        #expect(svg.attributes["height"] == "64")
        #expect(svg.attributes["viewBox"] == "0 0 512 64")
        #expect(document.title == title)
        let rects = document.elements.filter { $0.name == "rect" }
        #expect(rects.count == 8)
        for (slot, rect) in rects.enumerated() {
            let color = colors[slot]
            #expect(rect.attributes["x"] == String(slot * 64))
            #expect(rect.attributes["width"] == "64")
            #expect(rect.attributes["fill"] == String(color.hex.prefix(7)))
            let opacity = rect.attributes["fill-opacity"].flatMap(Double.init) ?? 1
            #expect(UInt8((opacity * 255).rounded()) == color.alpha, "chord \(slot + 1)")
            #expect((rect.attributes["fill-opacity"] == nil) == (color.alpha == 255))
        }
    }

    @Test func svgTitleWithCharactersXMLForbidsStillParses() throws {
        // A title from an older store may hold what XML 1.0 cannot: it is replaced, not written.
        let chordset = Self.chordset("a\u{FFFE}b\u{FFFF}c")
        let document = try SVGDocument(PaletteFormat.svg.encode(chordset))
        #expect(document.title == "a\u{FFFD}b\u{FFFD}c")
    }

    @Test func svgOpacityGivesBackEveryAlpha() {
        for alpha in 0...255 {
            let text = SVGPaletteWriter.opacity(UInt8(alpha))
            #expect(UInt8((Double(text)! * 255).rounded()) == UInt8(alpha), "\(alpha) -> \(text)")
        }
    }

    // MARK: Formats

    @Test func formatFollowsTheExtensionInAnyCase() {
        #expect(PaletteFormat(fileName: "/tmp/Warm.gpl") == .gimp)
        #expect(PaletteFormat(fileName: "Warm.GPL") == .gimp)
        #expect(PaletteFormat(fileName: "a.b.Css") == .css)
        #expect(PaletteFormat(fileName: "strip.svg") == .svg)
        #expect(PaletteFormat(fileName: "strip.png") == nil)
        #expect(PaletteFormat(fileName: "gpl") == nil)
        #expect(PaletteFormat(fileName: "-") == nil)
        #expect(PaletteFormat.acceptedExtensions == ".gpl, .css or .svg")
    }
}

/// An SVG file as Foundation's XML parser reads it: elements in order with their
/// attributes, and the text of `<title>`.
private final class SVGDocument: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
    }

    private(set) var elements: [Element] = []
    private(set) var title = ""
    private var inTitle = false

    init(_ data: Data) throws {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.fileReadCorruptFile)
        }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String]) {
        elements.append(Element(name: name, attributes: attributes))
        inTitle = name == "title"
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        inTitle = false
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTitle { title += string }
    }
}
