import Foundation

/// A JACK server of a test's own: the dummy driver (no sound device needed), under a name no
/// other test shares, which this process's JACK clients (Imager's) then find; and a fresh
/// config folder, so midi.ini starts empty.
struct JackTestServer {
    let name: String
    /// The process's XDG_CONFIG_HOME while the test runs; removed by `removeConfig`.
    let config: URL

    /// Names a server (`prefix`, the process and a random number) and points
    /// JACK_DEFAULT_SERVER and XDG_CONFIG_HOME at it and a new folder.
    init(prefix: String) {
        name = "\(prefix)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        config = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-config-\(UUID())")
        setenv("JACK_DEFAULT_SERVER", name, 1)
        setenv("JACK_NO_AUDIO_RESERVATION", "1", 1)
        setenv("XDG_CONFIG_HOME", config.path, 1)
    }

    /// Starts `jackd` under the name, `periodFrames` frames a cycle at 48 kHz; the caller
    /// terminates it. It takes a moment to answer.
    func start(periodFrames: Int) throws -> Process {
        let jackd = Process()
        jackd.executableURL = URL(fileURLWithPath: "/usr/bin/jackd")
        jackd.arguments = ["--no-realtime", "-n", name, "-d", "dummy", "-r", "48000", "-p", String(periodFrames)]
        jackd.standardOutput = FileHandle.nullDevice
        jackd.standardError = FileHandle.nullDevice
        try jackd.run()
        return jackd
    }

    func removeConfig() { try? FileManager.default.removeItem(at: config) }
}
