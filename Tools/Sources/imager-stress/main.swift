import Foundation

// Test support for Tests/CommandLine (not installed): drives ImagerCore the way the window
// does, so crash, full-disk, two-writer and fuzz scenarios can be scripted from outside.
//   imager-stress save-loop DB [--rows N] [--adds N] [--iterations N]
//   imager-stress shell                    (commands on stdin, one reply line each)
//   imager-stress fuzz [--seconds S] [--seed N] [--crash-file PATH] [--replay I]
//   imager-stress json-check               (base64 documents on stdin: JSON or not, one line each)
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32 = switch arguments.first {
case "save-loop": SaveLoop.run(Options(arguments.dropFirst()))
case "shell": ControllerShell.run()
case "fuzz": DecodeFuzz.run(Options(arguments.dropFirst()))
case "json-check": JSONCheck.run()
default: {
    Output.error("usage: imager-stress save-loop DB [--rows N] [--adds N] [--iterations N] | shell | fuzz [--seconds S] [--seed N] [--crash-file PATH] [--replay I] | json-check")
    return 2
}()
}
exit(status)
