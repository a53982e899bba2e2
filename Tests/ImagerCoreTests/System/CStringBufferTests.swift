import Testing
@testable import ImagerCore

@Suite struct CStringBufferTests {
    @Test func theTextEndsAtTheFirstNul() {
        let buffer: [CChar] = Array("no server\0left over".utf8).map { CChar(bitPattern: $0) }
        #expect(String(cStringBuffer: buffer) == "no server")
    }

    @Test func anUnterminatedBufferIsReadToItsEndAndNoFurther() {
        let buffer: [CChar] = Array("abc".utf8).map { CChar(bitPattern: $0) }
        #expect(String(cStringBuffer: buffer) == "abc")
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() {
        let buffer: [CChar] = [0x61, CChar(bitPattern: 0xFF), 0x62, 0]
        #expect(String(cStringBuffer: buffer) == "a\u{FFFD}b")
    }
}
