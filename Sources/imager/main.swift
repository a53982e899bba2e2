import Foundation
import ImagerCore
import ImagerGtk

// Command-line flags run without a display; anything else opens the window
// (GtkApplication parses its own options, such as --gapplication-service).
StandardStream.ignoreBrokenPipes()
let arguments = Array(CommandLine.arguments.dropFirst())
switch CommandLineTool.parse(arguments) {
case .some(.success(let command)):
    exit(CommandLineTool.run(command))
case .some(.failure(let error)):
    CommandLineTool.printError("imager: \(error.message)\nTry “imager --help”.")
    exit(2)
case .none:
    exit(ImagerApp.run(arguments: CommandLine.arguments))
}
