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

/// What a keystroke costs after the list changed: the search follows the change and folds
/// only the titles that are new, not every title again.
@Suite struct TitleSearchFollowingTests {
    @Test func anAddFollowedFoldsOneTitle() {
        let search = TitleSearch()
        var list = chordsets(1_000)
        #expect(search.matches("7", in: list).count == 271)
        #expect(search.foldCount == 1_000)
        list.insert(Sample.chordset("Seventh Heaven"), at: 500)
        search.follow(.inserted(index: 500, count: 1))
        #expect(search.matches("seven", in: list) == [500])
        #expect(search.foldCount == 1_001)
    }

    @Test func aDeleteFollowedFoldsNothing() {
        let search = TitleSearch()
        var list = chordsets(1_000)
        _ = search.matches("1", in: list)
        list.removeSubrange(10..<20)
        search.follow(.removed(index: 10, count: 10))
        let matches = search.matches("chordset 1", in: list)
        #expect(matches == TitleSearch().matches("chordset 1", in: list))
        #expect(matches.prefix(3) == [1, 90, 91])  // "Chordset 10" to "19" are gone
        #expect(search.foldCount == 1_000)
    }

    @Test func aMoveFollowedFoldsNothing() {
        let search = TitleSearch()
        var list = chordsets(100)
        _ = search.matches("x", in: list)
        list.insert(list.remove(at: 3), at: 70)
        search.follow(.moved(from: 3, to: 70))
        #expect(search.matches("chordset 3", in: list) == TitleSearch().matches("chordset 3", in: list))
        #expect(search.matches("chordset 3", in: list).last == 70)
        #expect(search.foldCount == 100)
    }

    @Test func aChangeNotFollowedIsStillSeen() {
        let search = TitleSearch()
        var list = chordsets(100)
        _ = search.matches("x", in: list)
        list.insert(Sample.chordset("Xylophone"), at: 0)
        #expect(search.matches("xylo", in: list) == [0])
        list.remove(at: 0)
        list[5].title = "Xenon"
        search.follow(.updated(index: 5))
        #expect(search.matches("x", in: list) == [5])
    }

    @Test func anotherChordsetOfTheSameTitleInAPlaceKeepsItsFold() {
        let search = TitleSearch()
        var list = chordsets(100)
        _ = search.matches("x", in: list)
        // A different chordset, the same title: the folded bytes still hold.
        list[40] = Sample.chordset("Chordset 40", position: 40)
        #expect(search.matches("chordset 40", in: list) == [40])
        #expect(search.foldCount == 100)
        list[41] = Sample.chordset("Chordset Forty-one", position: 41)
        #expect(search.matches("forty", in: list) == [41])
        #expect(search.foldCount == 101)
    }

    @Test func aChangeThatDoesNotFitIsNotTrusted() {
        let search = TitleSearch()
        let list = chordsets(10)
        _ = search.matches("c", in: list)
        search.follow(.removed(index: 8, count: 5))
        search.follow(.reloaded(previousCount: 10))
        #expect(search.matches("chordset 9", in: list) == [9])
    }
}

/// `refresh` (the window calls it when idle after a change) does a keystroke's checking and
/// folding ahead of it.
@Suite struct TitleSearchRefreshTests {
    @Test func aRefreshFoldsARenamedTitleBeforeTheKeystroke() {
        let search = TitleSearch()
        var list = chordsets(100)
        _ = search.matches("c", in: list)
        list[5].title = "Zebra"
        search.follow(.updated(index: 5))
        search.refresh(list)
        let folds = search.foldCount
        #expect(search.matches("zeb", in: list) == [5])
        #expect(search.foldCount == folds, "the keystroke folded the title again")
    }

    @Test func aChangeFollowedAfterARefreshIsCheckedByTheNextSearch() {
        let search = TitleSearch()
        var list = chordsets(100)
        search.refresh(list)
        list[7].title = "Quokka"
        search.follow(.updated(index: 7))
        #expect(search.matches("quok", in: list) == [7])
        list.insert(Sample.chordset("Quince"), at: 0)
        search.follow(.inserted(index: 0, count: 1))
        #expect(search.matches("qu", in: list) == [0, 8])
    }

    @Test func withoutARefreshEverySearchChecksTheTitles() {
        let search = TitleSearch()
        var list = chordsets(100)
        #expect(search.matches("chordset 42", in: list) == [42])
        list[42].title = "Renamed, not followed"
        #expect(search.matches("chordset 42", in: list).isEmpty)
        #expect(search.matches("renamed", in: list) == [42])
    }
}

/// The folded titles are kept in one buffer (`FoldedTitles`): what it must never do.
@Suite struct TitleSearchBufferTests {
    @Test func aMatchNeverRunsFromOneTitleIntoTheNext() {
        let search = TitleSearch()
        let list = ["Ab", "Cd", "é", "Ø"].enumerated().map { Sample.chordset($1, position: Double($0)) }
        #expect(search.matches("bc", in: list) == [])
        #expect(search.matches("b", in: list) == [0])
        #expect(search.matches("de", in: list) == [])
        #expect(search.matches("eø", in: list) == [])
        #expect(search.matches("ø", in: list) == [3])
    }

    /// Random inserts, deletes, moves and renames (one, or a dozen at once), most followed
    /// and some not: after each, a search gives what folding every title afresh and
    /// searching it alone gives.
    @Test func followedAndUnfollowedChangesMatchASearchFromScratch() {
        var random = SeededGenerator(seed: 0x5EA2C4)
        let words = ["Warm", "Ocean", "Café", "CAFE", "Søren", "Straße", "naïve", "Ember", "", "Åre"]
        func title() -> String {
            let word = words.randomElement(using: &random)!
            return word.isEmpty ? "Untitled \(random.next() % 100)" : "\(word) \(random.next() % 100)"
        }
        var list = (0..<200).map { Sample.chordset(title(), position: Double($0)) }
        let search = TitleSearch()
        let queries = ["a", "ca", "cafe", "ø", "1", "e 3", "n", "ss", "zz"]
        for step in 0..<400 {
            let followed = random.next() % 5 != 0
            var change: ListChange
            switch random.next() % 6 {
            case 0:
                let index = Int(random.next() % UInt64(list.count + 1)), count = Int(random.next() % 4)
                list.insert(contentsOf: (0..<count).map { _ in Sample.chordset(title()) }, at: index)
                change = .inserted(index: index, count: count)
            case 1 where list.count > 10:
                let index = Int(random.next() % UInt64(list.count - 5)), count = Int(random.next() % 5)
                list.removeSubrange(index..<(index + count))
                change = .removed(index: index, count: count)
            case 2:
                let from = Int(random.next() % UInt64(list.count)), to = Int(random.next() % UInt64(list.count))
                list.insert(list.remove(at: from), at: to)
                change = .moved(from: from, to: to)
            case 3:
                // Renames all over the list, more runs than are folded in place.
                for _ in 0..<12 { list[Int(random.next() % UInt64(list.count))].title = title() }
                change = .reloaded(previousCount: list.count)
            default:
                let index = Int(random.next() % UInt64(list.count))
                list[index].title = title()
                change = .updated(index: index)
            }
            if followed { search.follow(change) }
            let query = queries[step % queries.count]
            let needle = TitleFolding.fold(query)
            let expected = list.indices.filter { index in
                let folded = TitleFolding.fold(list[index].title)
                return folded.count >= needle.count
                    && (0...(folded.count - needle.count)).contains { Array(folded[$0..<($0 + needle.count)]) == needle }
            }
            #expect(search.matches(query, in: list) == expected, "step \(step): \(change), followed: \(followed)")
        }
    }
}

/// Titles folded on another thread before the first keystroke (`TitleSearch.prepare`).
@Suite struct TitleSearchPreparedTests {
    @Test func preparedTitlesSpareTheFirstSearchItsFolds() async {
        let list = chordsets(1_000)
        let prepared = await Task.detached { TitleSearch.prepare(list) }.value
        let search = TitleSearch()
        search.adopt(prepared)
        #expect(search.matches("chordset 99", in: list) == [99, 990, 991, 992, 993, 994, 995, 996, 997, 998, 999])
        #expect(search.foldCount == 0)
    }

    @Test func titlesPreparedFromAnOlderListAreCheckedAndFoldedAgain() {
        var list = chordsets(100)
        let prepared = TitleSearch.prepare(list)
        list[7].title = "Xenon"
        list.insert(list.remove(at: 3), at: 50)
        let search = TitleSearch()
        search.adopt(prepared)
        #expect(search.matches("x", in: list) == [6])  // Xenon, one place up since the move
        #expect(search.matches("chordset 3", in: list) == TitleSearch().matches("chordset 3", in: list))
        list.append(Sample.chordset("Xylophone"))
        #expect(search.matches("x", in: list) == [6, 100])
    }
}

/// `count` chordsets titled "Chordset 0", "Chordset 1"…, in list order.
private func chordsets(_ count: Int) -> [Chordset] {
    (0..<count).map { Sample.chordset("Chordset \($0)", position: Double($0)) }
}
