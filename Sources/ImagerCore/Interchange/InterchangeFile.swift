import Foundation

/// Reads a file someone chose to import, after the checks every import makes: it exists, it is
/// a regular file (not a folder, device or pipe, even behind a symbolic link), and it is not
/// larger than `maximumSize`, so a hostile path cannot make Imager read without end. The checks
/// are made on the opened file (`ReadableFile`), which a pipe cannot hold up.
///
/// Every import reads through here: JSON (`ChordsetDocument.read`) and the palette formats.
enum InterchangeFile {
    static func read(_ url: URL, maximumSize: Int) throws(InterchangeError) -> Data {
        let name = url.path
        let file: ReadableFile
        do {
            file = try ReadableFile.open(userChosen: name)
        } catch {
            switch error.problem {
            case .missing: throw InterchangeError(file: name, reason: "the file does not exist")
            case .folder: throw InterchangeError(file: name, reason: "is a folder, not a file")
            case .special: throw InterchangeError(file: name, reason: "is not a regular file (a device, pipe or socket)")
            default: throw InterchangeError(file: name, reason: "cannot be read")
            }
        }
        if file.size > maximumSize {
            throw InterchangeError(file: name, reason: "is \(file.size / 1_000_000) MB; Imager reads files of up to \(maximumSize / 1_048_576) MiB")
        }
        let data: Data?
        do {
            data = try file.contents(upTo: maximumSize)
        } catch {
            throw InterchangeError(file: name, reason: "cannot be read")
        }
        // The size was checked when it was opened, but the file may have grown since.
        guard let data else { throw InterchangeError(file: name, reason: "is larger than \(maximumSize / 1_048_576) MiB") }
        return data
    }
}
