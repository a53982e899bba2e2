/// The release, shown by `imager --version` and the About dialog; matches the metainfo's newest release.
public enum ImagerVersion {
    public static let current = "0.1.0"
}
