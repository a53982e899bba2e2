import Foundation
@testable import ImagerCore
import Testing

/// The About window's "What's New" comes from the metainfo's newest release.
struct ReleaseNotesTests {
    @Test func theFirstReleaseListedIsTheNewestAndItsDescriptionIsItsNotes() {
        let metainfo = """
            <component><description><p>Not a release.</p></description>
              <releases>
                <release version="0.2.0" date="2026-12-01">
                  <description>
                    <p>Set lists.</p>
                    <ul><li>Blackout</li></ul>
                  </description>
                </release>
                <release version='0.1.0'><description><p>First.</p></description></release>
              </releases>
            </component>
            """
        #expect(ReleaseNotes.newest(inMetainfo: metainfo)
            == ReleaseNotes(version: "0.2.0", markup: "<p>Set lists.</p>\n        <ul><li>Blackout</li></ul>"))
    }

    @Test func aReleaseWithoutADescriptionOrAVersionGivesNoNotes() {
        #expect(ReleaseNotes.newest(inMetainfo: "<releases><release version=\"1\" date=\"x\"/></releases>") == nil)
        #expect(ReleaseNotes.newest(inMetainfo: "<releases><release date=\"x\"><description><p>a</p></description></release></releases>") == nil)
        #expect(ReleaseNotes.newest(inMetainfo: "<releases><release version=\"1\"></release><release version=\"0\"><description><p>old</p></description></release></releases>") == nil)
        #expect(ReleaseNotes.newest(inMetainfo: "no metainfo") == nil)
    }

    @Test func theRepositorysMetainfoIsFoundAndHasNotes() throws {
        let executable = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../.build/debug/imager").standardized
        let url = try #require(DataFiles.metainfoURL(environment: [:], executable: executable))
        #expect(url.lastPathComponent == "io.github.imagerproject.Imager.metainfo.xml")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(ReleaseNotes.newest(inMetainfo: text)?.version.isEmpty == false)
    }
}
