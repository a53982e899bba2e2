/// Text a C function wrote into a buffer of ours (an error message, a file name made by
/// `mkstemp`): up to its first NUL, and never past the buffer's end, even when the C side
/// left it unterminated. Bytes that are not UTF-8 become U+FFFD.
extension String {
    public init(cStringBuffer buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self.init(decoding: bytes, as: UTF8.self)
    }
}
