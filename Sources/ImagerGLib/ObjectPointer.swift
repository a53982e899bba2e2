import CGLib

/// Anything that points at a GObject, however Swift imported its C type: complete structs
/// come in as typed pointers, private ones as OpaquePointer. Lets one function take both.
/// Converting a pointer touches no GLib state, so any thread may (deinits use it to unref).
public protocol ObjectPointer {
    var raw: gpointer { get }
}

extension OpaquePointer: ObjectPointer {
    public var raw: gpointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutablePointer: ObjectPointer {
    public var raw: gpointer { UnsafeMutableRawPointer(self) }
}

extension UnsafeMutableRawPointer: ObjectPointer {
    public var raw: gpointer { self }
}

/// Drops one reference.
public func unref(_ object: some ObjectPointer) {
    g_object_unref(object.raw)
}
