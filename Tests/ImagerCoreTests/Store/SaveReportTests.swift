import Testing
@testable import ImagerCore

@Suite struct SaveReportTests {
    @Test func theLineHasTheIssuesFormat() {
        let report = SaveReport(chordsets: 12, chords: 96, rowsWritten: 3, milliseconds: 1.4)
        #expect(report.line == "Saved 12 chordsets (96 chords): 3 rows written in 1.4 ms")
    }

    @Test func millisecondsAreRoundedToOneDecimal() {
        #expect(SaveReport(chordsets: 12, chords: 96, rowsWritten: 3, milliseconds: 1.4321).line
            == "Saved 12 chordsets (96 chords): 3 rows written in 1.4 ms")
        #expect(SaveReport(chordsets: 12, chords: 96, rowsWritten: 3, milliseconds: 1.46).line
            == "Saved 12 chordsets (96 chords): 3 rows written in 1.5 ms")
        #expect(SaveReport(chordsets: 12, chords: 96, rowsWritten: 3, milliseconds: 250).line
            == "Saved 12 chordsets (96 chords): 3 rows written in 250.0 ms")
    }

    @Test func oneOfAnythingIsSingular() {
        #expect(SaveReport(chordsets: 1, chords: 8, rowsWritten: 1, milliseconds: 0.2).line
            == "Saved 1 chordset (8 chords): 1 row written in 0.2 ms")
        #expect(SaveReport(chordsets: 0, chords: 0, rowsWritten: 0, milliseconds: 0).line
            == "Saved 0 chordsets (0 chords): 0 rows written in 0.0 ms")
    }

    @Test func largeCountsAreWrittenInFull() {
        #expect(SaveReport(chordsets: 100_000, chords: 800_000, rowsWritten: 900_000, milliseconds: 1234.56).line
            == "Saved 100000 chordsets (800000 chords): 900000 rows written in 1234.6 ms")
    }
}
