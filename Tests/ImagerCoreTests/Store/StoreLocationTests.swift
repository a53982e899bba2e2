import Foundation
import Testing
@testable import ImagerCore

@Suite struct StoreLocationTests {
    @Test func xdgDataHomeIsHonoured() {
        let url = StoreLocation.databaseURL(environment: ["XDG_DATA_HOME": "/data/me", "HOME": "/home/me"])
        #expect(url.path == "/data/me/io.github.imagerproject.Imager/imager.sqlite")
    }

    @Test func withoutXDGDataHomeItIsUnderDotLocalShare() {
        let url = StoreLocation.databaseURL(environment: ["HOME": "/home/me"])
        #expect(url.path == "/home/me/.local/share/io.github.imagerproject.Imager/imager.sqlite")
    }

    @Test(arguments: ["", "relative/data", "~/data"])
    func aRelativeOrEmptyXDGDataHomeIsIgnored(_ value: String) {
        let url = StoreLocation.databaseURL(environment: ["XDG_DATA_HOME": value, "HOME": "/home/me"])
        #expect(url.path == "/home/me/.local/share/io.github.imagerproject.Imager/imager.sqlite")
    }

    @Test func withoutHomeTheProcessHomeDirectoryIsUsed() {
        let url = StoreLocation.dataDirectory(environment: [:])
        #expect(url.path == URL(fileURLWithPath: NSHomeDirectory())
            .appendingPathComponent(".local/share/io.github.imagerproject.Imager").path)
    }

    @Test func theDataDirectoryHoldsTheDatabase() {
        let environment = ["XDG_DATA_HOME": "/data/me"]
        #expect(StoreLocation.databaseURL(environment: environment).deletingLastPathComponent().path
            == StoreLocation.dataDirectory(environment: environment).path)
    }
}
