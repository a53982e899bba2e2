import CGdkPixbuf

/// The picture formats gdk-pixbuf's installed loaders read (PNG and JPEG always; WebP, AVIF,
/// HEIF, SVG when their loader packages are installed), for the file chooser's filter.
public enum PictureFormats {
    public struct Format: Equatable, Sendable {
        public var name: String
        public var mimeTypes: [String]
        public var extensions: [String]
    }

    /// Every enabled format, as gdk-pixbuf lists them now.
    public static func readable() -> [Format] {
        guard let list = gdk_pixbuf_get_formats() else { return [] }
        defer { g_slist_free(list) }
        var formats: [Format] = []
        var node: UnsafeMutablePointer<GSList>? = list
        while let current = node {
            // The formats themselves belong to gdk-pixbuf; only the list is ours.
            if let data = current.pointee.data, case let format = OpaquePointer(data),
               gdk_pixbuf_format_is_disabled(format) == 0 {
                formats.append(Format(name: takeString(gdk_pixbuf_format_get_name(format)),
                                      mimeTypes: takeStrings(gdk_pixbuf_format_get_mime_types(format)),
                                      extensions: takeStrings(gdk_pixbuf_format_get_extensions(format))))
            }
            node = current.pointee.next
        }
        return formats
    }

    /// The MIME types of every readable format, each once, in gdk-pixbuf's order.
    public static func mimeTypes() -> [String] {
        var seen = Set<String>()
        return readable().flatMap(\.mimeTypes).filter { seen.insert($0).inserted }
    }

    private static func takeString(_ pointer: UnsafeMutablePointer<gchar>?) -> String {
        guard let pointer else { return "" }
        defer { g_free(pointer) }
        return String(cString: pointer)
    }

    private static func takeStrings(_ vector: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?) -> [String] {
        guard let vector else { return [] }
        defer { g_strfreev(vector) }
        var strings: [String] = []
        var index = 0
        while let string = vector[index] {
            strings.append(String(cString: string))
            index += 1
        }
        return strings
    }
}
