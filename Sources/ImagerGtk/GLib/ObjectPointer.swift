import CGtk

/// Anything that points at a GObject, however Swift imported its C type: complete structs
/// come in as typed pointers, private ones as OpaquePointer. Lets one function take both.
/// Nonisolated: converting a pointer touches no GTK state (deinits use it to unref).
nonisolated protocol ObjectPointer {
    var raw: gpointer { get }
}

nonisolated extension OpaquePointer: ObjectPointer {
    var raw: gpointer { UnsafeMutableRawPointer(self) }
}

nonisolated extension UnsafeMutablePointer: ObjectPointer {
    var raw: gpointer { UnsafeMutableRawPointer(self) }
}

nonisolated extension UnsafeMutableRawPointer: ObjectPointer {
    var raw: gpointer { self }
}

/// Drops one reference.
nonisolated func unref(_ object: some ObjectPointer) {
    g_object_unref(object.raw)
}
