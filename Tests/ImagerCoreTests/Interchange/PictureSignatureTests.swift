import Foundation
import Testing
@testable import ImagerCore

/// A picture handed to the chordsets import is named as one, by its first bytes, whatever
/// the file is called; JSON is never taken for a picture.
@Suite struct PictureSignatureTests {
    @Test func picturesAreKnownByTheirFirstBytes() {
        #expect(PictureSignature.format(of: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])) == "PNG")
        #expect(PictureSignature.format(of: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])) == "JPEG")
        #expect(PictureSignature.format(of: Data("GIF89a....".utf8)) == "GIF")
        #expect(PictureSignature.format(of: Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == "WebP")
    }

    @Test func jsonAndShortFilesAreNotPictures() {
        for text in ["{\"version\": 1, \"chordsets\": []}", "", "[", "\u{FEFF}{}", "RIFF", "  {}"] {
            #expect(PictureSignature.format(of: Data(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func theImportSaysItIsAPictureNotThatAByteIsWrong() {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xDB]) + Data(repeating: 0x20, count: 64)
        #expect(throws: InterchangeError(file: "photo.jpg", pictureFormat: "JPEG")) {
            try ChordsetDocument.decode(jpeg, file: "photo.jpg")
        }
        let error = InterchangeError(file: "photo.jpg", pictureFormat: "JPEG")
        #expect(error.description == "photo.jpg: is a JPEG picture, not a chordsets file")
    }
}
