import CGtk
import Foundation
import ImagerCore

/// The window's entry point.
package enum ImagerApp {
    /// The product: the user's store, single instance (a second launch presents the first
    /// one's window). Called by the `imager` executable when no command-line option asked
    /// for something else; returns the exit status.
    package static func run(arguments: [String]) -> Int32 {
        StartupTrace.mark("run")
        Translation.setUp()
        let application = ImagerApplication(store: .user)
        return application.run(arguments: arguments)
    }
}
