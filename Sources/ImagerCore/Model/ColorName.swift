/// A colour described in words, so that a screen reader can say "dark blue" where a sighted
/// user sees a dark blue cell ("Chord 3: orange, #E99057"). The words are typed values; the
/// GTK layer turns them into (translatable) text. The rules are in docs/colour-names.md:
/// they read the colour on the HSL wheel, which is how people name hues, with two
/// exceptions people make too: a dark orange or yellow is "brown", and a light red or
/// magenta is "pink".
public struct ColorName: Hashable, Sendable {
    public enum Hue: CaseIterable, Sendable {
        case red, orange, brown, yellow, green, cyan, blue, purple, magenta, pink
        // Colours with (almost) no hue, named by lightness alone.
        case black, darkGrey, grey, lightGrey, white
        case transparent

        /// Black, greys and white carry their lightness in the word itself.
        public var isNeutral: Bool {
            switch self {
            case .black, .darkGrey, .grey, .lightGrey, .white, .transparent: true
            default: false
            }
        }
    }

    public enum Lightness: Sendable {
        case veryDark, dark, light, veryLight
    }

    public enum Saturation: Sendable {
        /// Little colour: between the hue and grey.
        case greyish
        /// As much colour as a screen shows, at middle lightness.
        case vivid
    }

    public var lightness: Lightness?
    public var saturation: Saturation?
    public var hue: Hue
    /// Partly see-through (alpha above 0 and below 255); a fully clear colour is `.transparent`.
    public var isTranslucent: Bool

    public init(lightness: Lightness? = nil, saturation: Saturation? = nil, hue: Hue, isTranslucent: Bool = false) {
        self.lightness = lightness
        self.saturation = saturation
        self.hue = hue
        self.isTranslucent = isTranslucent
    }

    public init(_ color: RGBAColor) {
        guard color.alpha > 0 else {
            self.init(hue: .transparent)
            return
        }
        let hsl = HSL(color)
        let translucent = color.alpha < 255
        // Chroma, not HSL saturation, decides whether there is a hue at all: near black or
        // white HSL saturation is large for colours nobody would call anything but black.
        guard hsl.chroma >= 0.08 else {
            self.init(hue: Self.neutral(lightness: hsl.lightness), isTranslucent: translucent)
            return
        }
        let hue = Self.hue(degrees: hsl.hue, lightness: hsl.lightness)
        self.init(lightness: Self.lightnessWord(hsl.lightness, hue: hue),
                  saturation: Self.saturationWord(hsl.saturation, lightness: hsl.lightness),
                  hue: hue, isTranslucent: translucent)
    }

    static func neutral(lightness: Double) -> Hue {
        switch lightness {
        case ..<0.12: .black
        case ..<0.4: .darkGrey
        case ..<0.68: .grey
        case ..<0.92: .lightGrey
        default: .white
        }
    }

    /// Hue words by the angle on the HSL wheel (0° red, 120° green, 240° blue).
    static func hue(degrees: Double, lightness: Double) -> Hue {
        let base: Hue = switch degrees {
        case ..<12: .red
        case ..<42: .orange
        case ..<70: .yellow
        case ..<165: .green
        case ..<190: .cyan
        case ..<255: .blue
        case ..<290: .purple
        case ..<335: .magenta
        default: .red
        }
        switch base {
        case .orange where lightness < 0.4, .yellow where lightness < 0.4: return .brown
        case .red where lightness >= 0.7, .magenta where lightness >= 0.7: return .pink
        default: return base
        }
    }

    /// Brown and pink already say dark and light; they are only qualified beyond that.
    static func lightnessWord(_ lightness: Double, hue: Hue) -> Lightness? {
        switch lightness {
        case ..<0.15: .veryDark
        case ..<0.3: hue == .brown ? nil : .dark
        case 0.88...: .veryLight
        case 0.7...: hue == .pink ? nil : .light
        default: nil
        }
    }

    static func saturationWord(_ saturation: Double, lightness: Double) -> Saturation? {
        if saturation < 0.3 { return .greyish }
        if saturation > 0.85, (0.35...0.65).contains(lightness) { return .vivid }
        return nil
    }
}

/// Hue in degrees, saturation, lightness and chroma (0 to 1) of an 8-bit sRGB colour.
struct HSL {
    var hue: Double, saturation: Double, lightness: Double, chroma: Double

    init(_ color: RGBAColor) {
        let r = Double(color.red) / 255, g = Double(color.green) / 255, b = Double(color.blue) / 255
        let high = max(r, g, b), low = min(r, g, b)
        chroma = high - low
        lightness = (high + low) / 2
        saturation = chroma == 0 ? 0 : chroma / (1 - abs(2 * lightness - 1))
        var degrees: Double
        if chroma == 0 {
            degrees = 0
        } else if high == r {
            degrees = 60 * ((g - b) / chroma)
        } else if high == g {
            degrees = 60 * ((b - r) / chroma + 2)
        } else {
            degrees = 60 * ((r - g) / chroma + 4)
        }
        hue = degrees < 0 ? degrees + 360 : degrees
    }
}
