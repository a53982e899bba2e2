import Foundation
import Testing
@testable import ImagerCore

/// The store's id reader: the same ids as Foundation's from the text `uuidString` writes, and
/// nothing malformed.
@Suite struct UUIDTextTests {
    @Test func readsWhatFoundationReads() {
        for _ in 0..<2_000 {
            let id = UUID()
            #expect(UUID(text: id.uuidString) == id)
            #expect(UUID(text: id.uuidString.lowercased()) == id)
        }
        #expect(UUID(text: "00000000-0000-0000-0000-000000000000") == UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    }

    @Test(arguments: [
        "", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F0", "E621E1F8C36C-495A-93FC-0C247A3E6E5F-",
        "E621E1F8-C36C-495A-93FC_0C247A3E6E5F", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5 ",
        "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}", "E621E1F8-C36C-495A-93FC-0C247A3E6É5", "E621E1F8--36C-495A-93FC-0C247A3E6E5F",
        "E621E1F8C36C495A93FC0C247A3E6E5F", " E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ])
    func refusesAnythingButTheFullForm(_ text: String) {
        // Stricter than Foundation's sscanf, which reads "E621E1F8--36C-…" as "E621E1F8-FD6C-…".
        #expect(UUID(text: text) == nil)
    }
}
