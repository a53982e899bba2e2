import Foundation

/// The picture formats a file's first bytes give away. A photo handed to the chordset import
/// is named as a picture, so the message can point to making a chordset from its colours
/// instead of reporting a stray byte in what was never JSON.
public enum PictureSignature {
    /// "PNG", "JPEG", ... when `data` starts like a picture file, else nil.
    public static func format(of data: Data) -> String? {
        let head = [UInt8](data.prefix(12))
        func starts(_ bytes: [UInt8]) -> Bool { head.count >= bytes.count && Array(head.prefix(bytes.count)) == bytes }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "PNG" }
        if starts([0xFF, 0xD8, 0xFF]) { return "JPEG" }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return "GIF" }
        if head.count >= 12, starts(Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return "WebP" }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if starts(Array("BM".utf8)) { return "BMP" }
        if head.count >= 12, Array(head[4..<8]) == Array("ftyp".utf8) { return "HEIF or AVIF" }
        return nil
    }
}
