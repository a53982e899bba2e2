import ImagerCore

/// The editor's own symbolic icons (data/icons/hicolor/scalable/actions), found through the
/// icon theme search path the application adds at start.
enum LumiIcons {
    static func shape(_ shape: LumiShape) -> String {
        "\(StoreLocation.appID)-shape-\(shape.rawValue)-symbolic"
    }

    static let select = "\(StoreLocation.appID)-tool-select-symbolic"
}
