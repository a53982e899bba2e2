import CGLib
import Foundation

// String conversions touch no GLib state: usable from any thread.

/// Calls `body` with a NULL-terminated `const char * const *`, as GLib wants string lists.
public func withCStringArray<Result>(_ strings: [String],
                              _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Result) -> Result {
    let copies = strings.map { UnsafePointer(strdup($0)) } + [nil]
    defer { copies.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
    return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
}

/// Takes ownership of a g_malloc'ed C string (NULL allowed) and frees it.
public func takeGString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
}
