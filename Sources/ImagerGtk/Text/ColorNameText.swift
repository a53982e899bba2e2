import ImagerCore
import Synchronization

/// The words of a `ColorName`, in the order English puts them: "translucent very dark
/// greyish blue". Every word is its own string so that a translation can reorder
/// them with one format string per language.
extension ColorName {
    /// The colour in words, translated. There are fewer than a thousand names, and every
    /// chord cell a row binds asks for one (up to five gettext lookups): each is made once.
    var text: String {
        if let known = Self.texts.withLock({ $0[self] }) { return known }
        let made = words
        Self.texts.withLock { $0[self] = made }
        return made
    }

    private static let texts = Mutex<[ColorName: String]>([:])

    private var words: String {
        var words: [String] = []
        if isTranslucent { words.append(tr("translucent")) }
        if let lightness { words.append(lightness.text) }
        if let saturation { words.append(saturation.text) }
        words.append(hue.text)
        // Translators: the separator between colour words ("very dark" + "greyish" + "blue").
        return words.joined(separator: tr(" "))
    }
}

extension ColorName.Hue {
    var text: String {
        switch self {
        case .red: tr("red")
        case .orange: tr("orange")
        case .brown: tr("brown")
        case .yellow: tr("yellow")
        case .green: tr("green")
        case .cyan: tr("cyan")
        case .blue: tr("blue")
        case .purple: tr("purple")
        case .magenta: tr("magenta")
        case .pink: tr("pink")
        case .black: tr("black")
        case .darkGrey: tr("dark grey")
        case .grey: tr("grey")
        case .lightGrey: tr("light grey")
        case .white: tr("white")
        case .transparent: tr("transparent")
        }
    }
}

extension ColorName.Lightness {
    var text: String {
        switch self {
        case .veryDark: tr("very dark")
        case .dark: tr("dark")
        case .light: tr("light")
        case .veryLight: tr("very light")
        }
    }
}

extension ColorName.Saturation {
    var text: String {
        switch self {
        case .greyish: tr("greyish")
        case .vivid: tr("vivid")
        }
    }
}
