import ImagerCore

/// The words of a `ColorName`, in the order English puts them: "translucent very dark
/// greyish blue". Every word is its own string so that translation (issue 13) can reorder
/// them with one format string per language.
extension ColorName {
    var text: String {
        var words: [String] = []
        if isTranslucent { words.append("translucent") }
        if let lightness { words.append(lightness.text) }
        if let saturation { words.append(saturation.text) }
        words.append(hue.text)
        return words.joined(separator: " ")
    }
}

extension ColorName.Hue {
    var text: String {
        switch self {
        case .red: "red"
        case .orange: "orange"
        case .brown: "brown"
        case .yellow: "yellow"
        case .green: "green"
        case .cyan: "cyan"
        case .blue: "blue"
        case .purple: "purple"
        case .magenta: "magenta"
        case .pink: "pink"
        case .black: "black"
        case .darkGrey: "dark grey"
        case .grey: "grey"
        case .lightGrey: "light grey"
        case .white: "white"
        case .transparent: "transparent"
        }
    }
}

extension ColorName.Lightness {
    var text: String {
        switch self {
        case .veryDark: "very dark"
        case .dark: "dark"
        case .light: "light"
        case .veryLight: "very light"
        }
    }
}

extension ColorName.Saturation {
    var text: String {
        switch self {
        case .greyish: "greyish"
        case .vivid: "vivid"
        }
    }
}
