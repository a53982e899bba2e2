import Testing
@testable import ImagerCore

@Suite struct OSCSettingsTests {
    @Test func offOnPort9000ForThisComputerUnlessToldOtherwise() {
        let settings = OSCSettings()
        #expect(!settings.enabled)
        #expect(settings.port == 9000)
        #expect(settings.listen == .local)
        #expect(settings.listen.bindAddress == "127.0.0.1")
        #expect(OSCSettings.Listen.network.bindAddress == "0.0.0.0")
    }

    @Test func aPortOutOfRangeGivesTheStandardOneAndATypoStaysLocal() {
        #expect(OSCSettings(port: 80).port == 9000)
        #expect(OSCSettings(port: 70000).port == 9000)
        #expect(OSCSettings(port: 9100).port == 9100)
        #expect(OSCSettings.Listen(storedName: "network") == .network)
        #expect(OSCSettings.Listen(storedName: "netwrok") == .local)
        #expect(OSCSettings.Listen(storedName: nil) == .local)
    }
}
