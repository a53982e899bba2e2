import Foundation
import ImagerCore
import ImagerDrawing

/// Colours and lumis the drawing tests share.
enum Palette {
    static let night = RGBAColor(hex: "#1E2A47")!
    static let dusk = RGBAColor(hex: "#E99057")!
    static let mint = RGBAColor(hex: "#8FD6B4")!
    static let sun = RGBAColor(hex: "#FFE9A8")!
    static let rose = RGBAColor(hex: "#F06A8A")!
    static let sky = RGBAColor(hex: "#6FB7FF")!
    static let red = RGBAColor(red: 255, green: 0, blue: 0)
    static let blue = RGBAColor(red: 0, green: 0, blue: 255)
    static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
}

extension Lumi {
    /// A lumi in the middle of the square, for tests that look at one shape.
    static func centred(_ shape: LumiShape, size: Double = 0.7, rotation: Double = 0,
                        color: RGBAColor = Palette.sun, glow: Double = 0) -> Lumi {
        Lumi(shape: shape, x: 0.5, y: 0.5, size: size, rotation: rotation, color: color, glow: glow)
    }
}

extension ChordImage {
    /// Whether the pixel is within `tolerance` of `color` in every channel.
    func pixel(x: Int, y: Int, isNear color: RGBAColor, tolerance: Int = 2) -> Bool {
        ReferenceImage.channelDistance(pixel(x: x, y: y), color) <= tolerance
    }
}

extension RGBAColor {
    /// This colour (straight alpha) over an opaque `below`, rounded as 8-bit channels.
    func over(_ below: RGBAColor) -> RGBAColor {
        let a = Double(alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * a + Double(bottom) * (1 - a)).rounded())
        }
        return RGBAColor(red: mix(red, below.red), green: mix(green, below.green), blue: mix(blue, below.blue), alpha: 255)
    }
}
