/// A GIMP palette as read from a `.gpl` file: its name (if the file has a `Name:` line) and
/// its colours in file order. Colour names are not kept: a chord has no name to give them.
public struct GimpPalette: Equatable, Sendable {
    public var name: String?
    public var colors: [RGBAColor]
    /// The line of `Name:`, for an error about the name; nil without one.
    public var nameLine: Int?

    public init(name: String?, colors: [RGBAColor], nameLine: Int? = nil) {
        self.name = name
        self.colors = colors
        self.nameLine = nameLine
    }
}
