import Foundation

/// The newest release in the app's AppStream metainfo: its version and its description, as
/// AppStream markup (`<p>`, `<ul>`, `<ol>`, `<li>`, `<em>`, `<code>`), which the About window
/// shows as "What's New". AppStream lists releases newest first.
public struct ReleaseNotes: Equatable, Sendable {
    public let version: String
    public let markup: String

    public init(version: String, markup: String) {
        self.version = version
        self.markup = markup
    }

    /// The metainfo is Imager's own file, yet read as any file is: at most this much.
    static let readLimit = 256 * 1024

    /// The notes of the installed metainfo (`DataFiles.metainfoURL`), or nil when there is
    /// none, it is too large, or it names no release with a description.
    public static func installed() -> ReleaseNotes? {
        guard let url = DataFiles.metainfoURL(),
              let file = try? ReadableFile.open(userChosen: url.path),
              let data = try? file.contents(upTo: readLimit),
              let text = String(data: data, encoding: .utf8) else { return nil }
        return newest(inMetainfo: text)
    }

    /// The first `<release>` of the `<releases>` element, with its `version` and the inside
    /// of its `<description>`, trimmed.
    public static func newest(inMetainfo text: String) -> ReleaseNotes? {
        guard let releases = text.range(of: "<releases>"),
              let start = text.range(of: "<release ", range: releases.upperBound..<text.endIndex),
              let tagEnd = text.range(of: ">", range: start.upperBound..<text.endIndex) else { return nil }
        let tag = text[start.upperBound..<tagEnd.lowerBound]
        guard let version = attribute("version", in: tag), !tag.hasSuffix("/") else { return nil }
        let end = text.range(of: "</release>", range: tagEnd.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        guard let open = text.range(of: "<description>", range: tagEnd.upperBound..<end),
              let close = text.range(of: "</description>", range: open.upperBound..<end) else { return nil }
        let markup = text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        return markup.isEmpty ? nil : ReleaseNotes(version: version, markup: markup)
    }

    /// The value of `name="…"` (or `name='…'`) in a tag's attributes.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        for quote in ["\"", "'"] {
            guard let start = tag.range(of: "\(name)=\(quote)"),
                  let end = tag.range(of: quote, range: start.upperBound..<tag.endIndex) else { continue }
            return String(tag[start.upperBound..<end.lowerBound])
        }
        return nil
    }
}
