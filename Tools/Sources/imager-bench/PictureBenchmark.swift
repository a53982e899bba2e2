import CGdkPixbuf
import Foundation
import ImagerCore
import ImagerPicture

/// The goal: a chordset from a 50-megapixel photo is ready in under 1 s. Imager's figure is
/// all of it, file to chordset, through the path the window and `--from-image` take
/// (`ChordsetFromPicture.make`: gdk-pixbuf, then sampling and clustering). The floor is
/// gdk-pixbuf's loader alone decoding the same file, in the same pieces, to the size Imager
/// asks it for (`PictureDecoder.requestedSize`: 1/8 for this JPEG, whole for a PNG, whose
/// module cannot decode less): what no program that reads the file with gdk-pixbuf can skip.
struct PictureBenchmark {
    static let goalMilliseconds = 1_000.0
    /// A 50.3-megapixel camera's frame (Canon EOS 5DS R).
    static let fullSize = (width: 8688, height: 5792)
    /// A smoke run only proves the path works: 2 megapixels, written in a blink.
    static let smokeSize = (width: 1728, height: 1152)

    var smoke: Bool
    var repetitions: Int
    var directory: URL

    struct Figures {
        var format: SamplePhoto.Format
        var megapixels: Double
        var fileMiB: Double
        var timing: StoreBenchmark.Pair
    }

    func run(log: (String) -> Void) throws -> [Figures] {
        let size = smoke ? Self.smokeSize : Self.fullSize
        let megapixels = Double(size.width * size.height) / 1_000_000
        return try [SamplePhoto.Format.jpeg, .png].map { format in
            let path = directory.appendingPathComponent("photo.\(format.fileExtension)").path
            log(String(format: "writing a %.1f-megapixel %@ photo", megapixels, format.rawValue.uppercased()))
            defer { try? FileManager.default.removeItem(atPath: path) }
            try SamplePhoto.write(width: size.width, height: size.height, format: format, to: path)
            let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            log(String(format: "chordset from the %@ (%.0f MiB), %d times", format.rawValue.uppercased(),
                       Double(bytes) / 1_048_576, repetitions))
            var imager: [Double] = [], floor: [Double] = []
            for _ in 0..<repetitions {
                imager.append(try timeImager(path))
                floor.append(try timeFloor(path, format: format, width: size.width, height: size.height))
            }
            return Figures(format: format, megapixels: megapixels, fileMiB: Double(bytes) / 1_048_576,
                           timing: StoreBenchmark.Pair(imager: median(imager)!, floor: median(floor)!))
        }
    }

    private func timeImager(_ path: String) throws -> Double {
        var chordset: Chordset?
        var failure: PictureDecoder.Failure?
        let elapsed = milliseconds {
            do throws(PictureDecoder.Failure) {
                chordset = try ChordsetFromPicture.make(path: path, title: "Photo")
            } catch {
                failure = error
            }
        }
        if let failure { throw BenchError("imager could not read the photo: \(failure)") }
        guard chordset != nil else { throw BenchError("the photo gave no chordset") }
        return elapsed
    }

    /// gdk-pixbuf's loader fed the file in the pieces Imager feeds it, told the size Imager
    /// asks for: the decoding without the checks, the sampling and the clustering.
    private func timeFloor(_ path: String, format: SamplePhoto.Format, width: Int, height: Int) throws -> Double {
        let target = PictureDecoder.requestedSize(width: width, height: height, format: format.rawValue)
        var decoded = false
        let elapsed = try milliseconds {
            guard let handle = FileHandle(forReadingAtPath: path) else { throw BenchError("cannot open \(path)") }
            defer { try? handle.close() }
            let loader = gdk_pixbuf_loader_new()!
            defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
            // Before the first byte, so before size-prepared: the size is known here.
            if let target { gdk_pixbuf_loader_set_size(loader, Int32(target.width), Int32(target.height)) }
            while let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty {
                let written = chunk.withUnsafeBytes { raw in
                    gdk_pixbuf_loader_write(loader, raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count), nil)
                }
                guard written != 0 else { return }
            }
            decoded = gdk_pixbuf_loader_close(loader, nil) != 0 && gdk_pixbuf_loader_get_pixbuf(loader) != nil
        }
        guard decoded else { throw BenchError("gdk-pixbuf could not read the photo") }
        return elapsed
    }
}

extension ResultTable {
    mutating func addPictureFigures(_ figures: [PictureBenchmark.Figures], judged: Bool) {
        for figure in figures {
            let pair = figure.timing
            add(.init(figure: String(format: "picture: chordset from %.0f MP %@ (%.0f MiB)", figure.megapixels,
                                     figure.format.rawValue.uppercased(), figure.fileMiB),
                      count: nil, imager: formatMilliseconds(pair.imager), floor: formatMilliseconds(pair.floor),
                      ratio: formatRatio(pair.imager, pair.floor),
                      goal: String(format: "< %.0f s", PictureBenchmark.goalMilliseconds / 1000),
                      met: judged ? pair.imager < PictureBenchmark.goalMilliseconds : nil))
        }
    }
}
