import CGtk

/// Anything that points at a GObject, however Swift imported its C type: complete structs
/// come in as typed pointers, private ones as OpaquePointer. Lets one function take both.
protocol ObjectPointer {
    var raw: gpointer { get }
}

extension OpaquePointer: ObjectPointer {
    var raw: gpointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer: ObjectPointer {
    var raw: gpointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: ObjectPointer {
    var raw: gpointer { self }
}

/// Drops one reference.
func unref(_ object: some ObjectPointer) {
    g_object_unref(object.raw)
}
