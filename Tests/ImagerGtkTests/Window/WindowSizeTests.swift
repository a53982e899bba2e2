import Foundation
@testable import ImagerGtk
import XCTest

/// window.ini is read with GKeyFile; no display needed.
final class WindowSizeTests: XCTestCase {
    private var folder: URL!
    private var path: String { folder.appendingPathComponent("window.ini").path }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func testAnEmptyFileGivesTheFallbackSizeQuietly() throws {
        try assertIgnoredQuietly("")
    }

    func testAFileWithoutTheWindowGroupGivesTheFallbackSizeQuietly() throws {
        try assertIgnoredQuietly("[other]\nwidth=900\nheight=700\n")
    }

    func testAWidthThatIsNotANumberGivesTheFallbackSizeQuietly() throws {
        try assertIgnoredQuietly("[window]\nwidth=abc\n")
    }

    func testAFileThatIsNotAKeyFileGivesTheFallbackSizeQuietly() throws {
        try assertIgnoredQuietly("\u{0}\u{1}not a key file ===\n[[[")
    }

    func testAMissingMaximizedKeyStillGivesTheSavedSize() throws {
        try "[window]\nwidth=900\nheight=700\n".write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(WindowSize.load(from: path), WindowSize(width: 900, height: 700, maximized: false))
    }

    func testASavedSizeIsReadBack() {
        let size = WindowSize(width: 1000, height: 720, maximized: true)
        size.save(to: path)
        XCTAssertEqual(WindowSize.load(from: path), size)
    }

    /// Loads the broken file with standard error captured, then saves over it as the next
    /// close does and reads the new size back.
    private func assertIgnoredQuietly(_ contents: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try contents.write(toFile: path, atomically: true, encoding: .utf8)

        let (size, errors) = capturingStandardError { WindowSize.load(from: path) }

        XCTAssertEqual(size, WindowSize.fallback, file: file, line: line)
        XCTAssertEqual(errors, "", "nothing should be printed for a broken window.ini", file: file, line: line)
        let saved = WindowSize(width: 800, height: 600, maximized: false)
        saved.save(to: path)
        XCTAssertEqual(WindowSize.load(from: path), saved, "the next close rewrites the file", file: file, line: line)
    }

    /// Runs `work` with file descriptor 2 pointed at a temporary file: GLib's warnings are
    /// written there by g_log's default writer, not through Swift.
    private func capturingStandardError<T>(_ work: () -> T) -> (T, String) {
        let capture = folder.appendingPathComponent("stderr.txt").path
        let descriptor = open(capture, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let saved = dup(2)
        dup2(descriptor, 2)
        let result = work()
        fflush(nil)
        dup2(saved, 2)
        close(saved)
        close(descriptor)
        let text = (try? String(contentsOfFile: capture, encoding: .utf8)) ?? ""
        return (result, text)
    }
}
