import Foundation
import Testing
@testable import ImagerCore

/// The window's search: titles containing the text, ignoring case and accents.
@Suite struct TitleSearchTests {
    func chordsets(_ titles: [String]) -> [Chordset] {
        titles.enumerated().map { Sample.chordset($1, position: Double($0)) }
    }

    @Test func caseAndAccentsAreIgnoredOnBothSides() {
        let search = TitleSearch()
        let list = chordsets(["Café Noir", "CAFE", "Cafeteria", "Tea", "Åre Winter", "naïve"])
        #expect(search.matches("cafe", in: list) == [0, 1, 2])
        #expect(search.matches("CAFÉ", in: list) == [0, 1, 2])
        #expect(search.matches("are", in: list) == [4])
        #expect(search.matches("NAIVE", in: list) == [5])
        #expect(search.matches("noir", in: list) == [0])
    }

    @Test func anEmptyQueryMatchesEverythingAndNothingMatchesNothing() {
        let search = TitleSearch()
        let list = chordsets(["Warm", "Ocean"])
        #expect(search.matches("", in: list) == [0, 1])
        #expect(search.matches("zzz", in: list) == [])
    }

    @Test func typingOnAndDeletingGiveTheMatchesOfEachText() {
        let search = TitleSearch()
        let list = chordsets(["Warm", "Wave", "Ocean", "Wavelength"])
        #expect(search.matches("wa", in: list) == [0, 1, 3])
        #expect(search.matches("wav", in: list) == [1, 3])
        #expect(search.matches("wa", in: list) == [0, 1, 3])
        #expect(search.matches("oc", in: list) == [2])
    }

    @Test func aRenameIsSeen() {
        let search = TitleSearch()
        var list = chordsets(["Warm", "Ocean"])
        #expect(search.matches("sea", in: list) == [])
        list[1].title = "Sea"
        #expect(search.matches("sea", in: list) == [1])
        #expect(search.title(of: list[0], matches: "WARM"))
    }

    @Test func lettersThatAreNotMarkedBaseLettersMatchOnlyThemselves() {
        let search = TitleSearch()
        let list = chordsets(["Søren", "Straße"])
        #expect(search.matches("soren", in: list) == [])
        #expect(search.matches("SØREN", in: list) == [0])
        #expect(search.matches("straße", in: list) == [1])
    }

    @Test func anInsertAboveIsSeen() {
        let search = TitleSearch()
        var list = chordsets(["Warm", "Ocean"])
        #expect(search.matches("ocean", in: list) == [1])
        list.insert(Sample.chordset("Deep Ocean"), at: 0)
        #expect(search.matches("ocean", in: list) == [0, 2])
        list.remove(at: 1)
        #expect(search.matches("warm", in: list) == [])
    }
}
