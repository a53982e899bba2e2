import CGdkPixbuf
import Foundation
import ImagerCore
import ImagerGLib

/// Reads a picture file with gdk-pixbuf (PNG, JPEG, and whatever loaders are installed) into
/// the core's `PixelBuffer`, reduced to at most `workingPixels`. No GTK widget is involved, so
/// it runs on any thread: the window clusters off the main loop, the command line has no display.
///
/// A decompression bomb never gets decoded: the loader's "size-prepared" signal reports the
/// picture's size from its header, before any pixel is allocated, and a picture of more than
/// `maximumPixels` is refused there (the loader is told the size is 0 × 0, which tells the
/// format's module to stop without allocating, as `gdk_pixbuf_get_file_info` does). A large
/// picture that is allowed is reduced as it loads where the format can (JPEG, SVG), else
/// sampled once decoded (see `requestedSize`).
public enum PictureDecoder {
    /// 100 million pixels: a 50-megapixel photo passes, a 30,000 × 30,000 bomb does not.
    public static let maximumPixels = 100_000_000
    /// What clustering needs: a million pixels say as much about colour as fifty million.
    public static let workingPixels = 1_000_000
    /// Files are read in pieces this large, with Cancel and the size check between them.
    static let chunkSize = 64 * 1024

    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(file: String, reason: String)
        /// gdk-pixbuf does not recognise it, or it is damaged or cut short.
        case notAPicture(file: String, detail: String)
        case tooLarge(file: String, width: Int, height: Int)
        /// Decoded, but every pixel is transparent: there is no colour to take.
        case nothingVisible(file: String)
        case cancelled

        public var description: String {
            switch self {
            case let .unreadable(file, reason): "\(file): \(reason)"
            case let .notAPicture(file, detail): "\(file): is not a picture Imager can read, or it is damaged or cut short (\(detail))"
            case let .tooLarge(file, width, height):
                "\(file): is \(width) × \(height) pixels; Imager reads pictures of up to \(maximumPixels / 1_000_000) megapixels"
            case let .nothingVisible(file): "\(file): every pixel is transparent"
            case .cancelled: "Cancelled"
            }
        }

        /// The same failure naming the file as `file` (a window shows the file's name, not
        /// the whole path the decoder was given).
        public func naming(_ file: String) -> Failure {
            switch self {
            case let .unreadable(_, reason): .unreadable(file: file, reason: reason)
            case let .notAPicture(_, detail): .notAPicture(file: file, detail: detail)
            case let .tooLarge(_, width, height): .tooLarge(file: file, width: width, height: height)
            case .nothingVisible: .nothingVisible(file: file)
            case .cancelled: .cancelled
            }
        }
    }

    /// What the size-prepared handler saw and decided; shared with the C callback.
    private final class SizeCheck {
        var width = 0
        var height = 0
        var refused = false
    }

    /// `progress` hears the share of the file read so far (0 to 1), after each piece; the
    /// format's module decodes as the pieces arrive, so this is the share of the work done.
    public static func decode(path: String, shouldStop: () -> Bool = { false },
                              progress: (Double) -> Void = { _ in }) throws(Failure) -> PixelBuffer {
        // Opened without blocking and checked on its descriptor: a pipe or a device is refused
        // before anything is read (gdk-pixbuf is only ever given the bytes, never the path).
        let file: ReadableFile
        do {
            file = try ReadableFile.open(userChosen: path)
        } catch {
            switch error.problem {
            case .missing: throw .unreadable(file: path, reason: "the file does not exist")
            case .folder: throw .unreadable(file: path, reason: "is a folder, not a file")
            case .special: throw .unreadable(file: path, reason: "is not a regular file (a device, pipe or socket)")
            default: throw .unreadable(file: path, reason: "cannot be read")
            }
        }

        let loader = gdk_pixbuf_loader_new()!
        defer { unref(loader) }
        let check = SizeCheck()
        Signal.connectIntPairOnEmittingThread(loader, "size-prepared") { width, height in
            check.width = Int(width)
            check.height = Int(height)
            let pixels = Int(width) * Int(height)
            if width <= 0 || height <= 0 || pixels > PictureDecoder.maximumPixels {
                check.refused = true
                gdk_pixbuf_loader_set_size(loader, 0, 0)
            } else if let format = gdk_pixbuf_loader_get_format(loader),
                      let name = takeGString(gdk_pixbuf_format_get_name(format)),
                      let reduced = PictureDecoder.requestedSize(width: Int(width), height: Int(height), format: name) {
                gdk_pixbuf_loader_set_size(loader, Int32(reduced.width), Int32(reduced.height))
            }
        }

        var tail: [UInt8] = []
        var open = true
        func closeQuietly() {
            guard open else { return }
            open = false
            gdk_pixbuf_loader_close(loader, nil)
        }
        defer { closeQuietly() }
        let fileSize = max(1, file.size)
        var bytesRead = 0
        var buffer = Data(count: chunkSize)
        while true {
            if shouldStop() { throw .cancelled }
            let count = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(FileSystemError) in try file.read(into: raw, at: bytesRead) }
            }
            guard case let .success(count) = count else { throw .unreadable(file: path, reason: "cannot be read") }
            let chunk = buffer.prefix(count)
            if chunk.isEmpty { break }
            bytesRead += chunk.count
            tail = Array((tail + chunk.suffix(16)).suffix(16))
            var error: UnsafeMutablePointer<GError>?
            let written = chunk.withUnsafeBytes { raw in
                gdk_pixbuf_loader_write(loader, raw.bindMemory(to: UInt8.self).baseAddress, gsize(raw.count), &error)
            }
            if check.refused { throw .tooLarge(file: path, width: check.width, height: check.height) }
            if written == 0 {
                open = false   // a failed write closes the loader
                throw .notAPicture(file: path, detail: take(error))
            }
            progress(min(1, Double(bytesRead) / Double(fileSize)))
        }
        var error: UnsafeMutablePointer<GError>?
        open = false
        let closed = gdk_pixbuf_loader_close(loader, &error)
        if check.refused { throw .tooLarge(file: path, width: check.width, height: check.height) }
        guard closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            throw .notAPicture(file: path, detail: error == nil ? "no picture in it" : take(error))
        }
        if let format = gdk_pixbuf_loader_get_format(loader), let name = takeGString(gdk_pixbuf_format_get_name(format)),
           !isWhole(tail, format: name) {
            throw .notAPicture(file: path, detail: "the file ends before the picture does")
        }
        if shouldStop() { throw .cancelled }
        guard let pixels = rgba(of: pixbuf) else {
            throw .notAPicture(file: path, detail: "an unsupported pixel layout")
        }
        return pixels
    }

    /// The size to ask the `format`'s module for, or nil to let it decode the whole picture.
    /// Only formats that decode smaller for less work are asked:
    /// - JPEG: the picture divided by 2, 4 or 8, rounded up, the first that fits in
    ///   `workingPixels` (else 1/8): exactly the sizes libjpeg decodes to by scaling its DCT,
    ///   so a 50-megapixel photo is decoded straight to 1/8 of its size and the loader has
    ///   nothing left to scale.
    /// - SVG: drawn at `workingPixels`.
    /// Any other format (PNG among them) decodes every pixel whatever it is asked; asking for
    /// a size would only add the loader's bilinear scaling of the whole picture, so it is
    /// left whole and sampled by `rgba(of:)` instead.
    public static func requestedSize(width: Int, height: Int, format: String) -> (width: Int, height: Int)? {
        guard width * height > workingPixels else { return nil }
        switch format {
        case "jpeg":
            for divisor in [2, 4, 8] {
                let reduced = (width: (width + divisor - 1) / divisor, height: (height + divisor - 1) / divisor)
                if reduced.width * reduced.height <= workingPixels || divisor == 8 { return reduced }
            }
            return nil
        case "svg":
            let scale = (Double(workingPixels) / Double(width * height)).squareRoot()
            return (max(1, Int(Double(width) * scale)), max(1, Int(Double(height) * scale)))
        default:
            return nil
        }
    }

    /// Every `step`-th pixel of every `step`-th row keeps a picture of more than
    /// `workingPixels` under it. Point samples, not averages: each sampled colour is one the
    /// picture has, and each area keeps its share of the samples.
    static func samplingStep(width: Int, height: Int) -> Int {
        var step = 1
        while ((width + step - 1) / step) * ((height + step - 1) / step) > workingPixels { step += 1 }
        return step
    }

    /// gdk-pixbuf's incremental loaders return a cut-short PNG or JPEG as a whole picture, the
    /// rows never sent left as whatever memory held. Both formats end in a fixed marker (PNG's
    /// IEND chunk, JPEG's end-of-image), so a file without it at the end is refused. Other
    /// formats are left to their loader's own checks.
    static func isWhole(_ tail: [UInt8], format: String) -> Bool {
        switch format {
        case "png": tail.suffix(12) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        // Some cameras pad after the marker; allow a few bytes of it.
        case "jpeg": (tail.suffix(8).indices.dropLast()).contains { tail[$0] == 0xFF && tail[$0 + 1] == 0xD9 }
        default: true
        }
    }

    /// The pixbuf's pixels as tightly packed RGBA (gdk-pixbuf pads rows and may have no
    /// alpha), sampled down to `workingPixels` (see `samplingStep`).
    private static func rgba(of pixbuf: OpaquePointer) -> PixelBuffer? {
        let fullWidth = Int(gdk_pixbuf_get_width(pixbuf)), fullHeight = Int(gdk_pixbuf_get_height(pixbuf))
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), stride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        guard gdk_pixbuf_get_bits_per_sample(pixbuf) == 8, channels == 3 || channels == 4, fullWidth > 0, fullHeight > 0,
              let source = gdk_pixbuf_read_pixels(pixbuf) else { return nil }
        let step = samplingStep(width: fullWidth, height: fullHeight)
        let width = (fullWidth + step - 1) / step, height = (fullHeight + step - 1) / step
        var out = [UInt8](repeating: 255, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { target in
            for y in 0..<height {
                let row = source + y * step * stride
                for x in 0..<width {
                    let from = row + x * step * channels, to = (y * width + x) * 4
                    target[to] = from[0]
                    target[to + 1] = from[1]
                    target[to + 2] = from[2]
                    if channels == 4 { target[to + 3] = from[3] }
                }
            }
        }
        return PixelBuffer(width: width, height: height, rgba: out)
    }

    /// Takes ownership of a g_malloc'ed C string (NULL allowed) and frees it.
    private static func takeGString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { g_free(pointer) }
        return String(cString: pointer)
    }

    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}
