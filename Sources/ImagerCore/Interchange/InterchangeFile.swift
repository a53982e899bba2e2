import Foundation

/// Reads a file someone chose to import, after the checks every import makes: it exists, it is
/// a regular file (not a folder, device or pipe, even behind a symbolic link), and it is not
/// larger than `maximumSize`, so a hostile path cannot make Imager read without end.
///
/// Every import reads through here: JSON (`ChordsetDocument.read`) and the palette formats.
enum InterchangeFile {
    static func read(_ url: URL, maximumSize: Int) throws(InterchangeError) -> Data {
        let name = url.path
        // attributesOfItem does not follow symbolic links; the size and type checks must see
        // the file itself, or a link to a huge file or a device would be read whole.
        let file = url.resolvingSymlinksInPath()
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw InterchangeError(file: name, reason: "the file does not exist")
        }
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        } catch {
            throw InterchangeError(file: name, reason: "cannot be read")
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: throw InterchangeError(file: name, reason: "is a folder, not a file")
        default: throw InterchangeError(file: name, reason: "is not a regular file (a device, pipe or socket)")
        }
        if let size = attributes[.size] as? Int, size > maximumSize {
            throw InterchangeError(file: name, reason: "is \(size / 1_000_000) MB; Imager reads files of up to \(maximumSize / 1_048_576) MiB")
        }
        do {
            let data = try Data(contentsOf: file)
            // The size was checked before reading, but the file may have grown since.
            guard data.count <= maximumSize else {
                throw InterchangeError(file: name, reason: "is larger than \(maximumSize / 1_048_576) MiB")
            }
            return data
        } catch let error as InterchangeError {
            throw error
        } catch {
            throw InterchangeError(file: name, reason: "cannot be read")
        }
    }
}
