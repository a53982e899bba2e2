import CGtk

/// The window's entry point, called by the `imager` executable when no command-line
/// option asked for something else.
public enum ImagerApp {
    /// Runs the GtkApplication (single instance: a second launch presents the first
    /// one's window) and returns the exit status.
    public static func run(arguments: [String]) -> Int32 {
        StartupTrace.mark("run")
        let application = ImagerApplication()
        return application.run(arguments: arguments)
    }
}
