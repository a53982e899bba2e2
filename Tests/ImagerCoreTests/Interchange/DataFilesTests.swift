import Foundation
import Testing
@testable import ImagerCore

@Suite struct DataFilesTests {
    let installedExecutable = URL(fileURLWithPath: "/opt/imager-test/bin/imager")

    @Test func imagerDataDirWinsWhenItHoldsTheSeed() throws {
        let folder = try TemporaryDirectory()
        try Data("{}".utf8).write(to: folder.file("seed.json"))
        let url = DataFiles.seedURL(environment: ["IMAGER_DATA_DIR": folder.url.path], executable: installedExecutable)
        #expect(url.path == folder.file("seed.json").path)
    }

    @Test func withoutASeedAnywhereTheInstalledLocationIsNamed() throws {
        let folder = try TemporaryDirectory()
        let url = DataFiles.seedURL(environment: ["IMAGER_DATA_DIR": folder.url.path], executable: installedExecutable)
        #expect(url.path == "/opt/imager-test/share/io.github.imagerproject.Imager/seed.json")
    }

    @Test func aBuildFolderFindsTheRepositorysDataFolder() throws {
        let folder = try TemporaryDirectory()
        try Data("// swift-tools-version:6.1".utf8).write(to: folder.file("Package.swift"))
        let data = folder.url.appendingPathComponent("data", isDirectory: true)
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: data.appendingPathComponent("seed.json"))
        let executable = folder.url.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/imager")

        let url = DataFiles.seedURL(environment: [:], executable: executable)
        #expect(url.resolvingSymlinksInPath().path == data.appendingPathComponent("seed.json").resolvingSymlinksInPath().path)
    }

    @Test func aBuildFolderFindsTheRepositorysIconsAndAnInstallItsPrefixIcons() throws {
        let folder = try TemporaryDirectory()
        try Data("// swift-tools-version:6.1".utf8).write(to: folder.file("Package.swift"))
        let icons = folder.url.appendingPathComponent("data/icons/hicolor", isDirectory: true)
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
        let fromBuild = DataFiles.iconDirectories(environment: [:],
                                                  executable: folder.url.appendingPathComponent(".build/debug/imager"))
        #expect(fromBuild.map { $0.resolvingSymlinksInPath().path }
            == [icons.deletingLastPathComponent().resolvingSymlinksInPath().path])

        let prefix = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: prefix.url.appendingPathComponent("share/icons/hicolor"),
                                                withIntermediateDirectories: true)
        let installed = DataFiles.iconDirectories(environment: [:], executable: prefix.url.appendingPathComponent("bin/imager"))
        #expect(installed.map(\.path) == [prefix.url.appendingPathComponent("share/icons").path])
    }

    @Test func anInstallWhosePrefixIsOnTheDataFoldersAddsNoIconFolder() throws {
        let prefix = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: prefix.url.appendingPathComponent("share/icons/hicolor"),
                                                withIntermediateDirectories: true)
        let executable = prefix.url.appendingPathComponent("bin/imager")
        let share = prefix.url.appendingPathComponent("share").path
        #expect(DataFiles.iconDirectories(environment: ["XDG_DATA_DIRS": "/usr/share:\(share)/"], executable: executable).isEmpty)
        #expect(DataFiles.iconDirectories(environment: ["XDG_DATA_HOME": share], executable: executable).isEmpty)
        #expect(DataFiles.iconDirectories(environment: ["XDG_DATA_DIRS": "/usr/share"], executable: executable).map(\.path)
            == [prefix.url.appendingPathComponent("share/icons").path])
    }

    @Test func noIconFolderAnywhereGivesNone() throws {
        let prefix = try TemporaryDirectory()
        #expect(DataFiles.iconDirectories(environment: [:], executable: prefix.url.appendingPathComponent("bin/imager")).isEmpty)
    }

    @Test func translationsAreFoundNextToTheInstallOrWhereTheEnvironmentSays() throws {
        let prefix = try TemporaryDirectory()
        let executable = prefix.url.appendingPathComponent("bin/imager")
        #expect(DataFiles.localeDirectory(environment: [:], executable: executable) == nil)

        let locale = prefix.url.appendingPathComponent("share/locale", isDirectory: true)
        try FileManager.default.createDirectory(at: locale, withIntermediateDirectories: true)
        #expect(DataFiles.localeDirectory(environment: [:], executable: executable)?.path == locale.path)
        #expect(DataFiles.localeDirectory(environment: ["IMAGER_LOCALE_DIR": "/somewhere/locale"], executable: executable)?.path
            == "/somewhere/locale")
    }
}
