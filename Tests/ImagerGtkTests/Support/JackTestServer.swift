import Foundation

/// A JACK server of a test's own: the dummy driver (no sound device needed), under a name no
/// running test shares, which this process's JACK clients (Imager's) then find; and a fresh
/// config folder, so midi.ini starts empty.
///
/// The name comes from the pool the command-line tests use (Tests/CommandLine/jack_server.py
/// says why): `imager-test-0` to `-3`, each kept by a lock on `/dev/shm/NAME.lock` until
/// `finish`.
final class JackTestServer {
    static let poolSize = 4
    let name: String
    /// The process's XDG_CONFIG_HOME while the test runs; removed by `finish`.
    let config: URL
    private var lock: Int32

    struct PoolTaken: Error, CustomStringConvertible {
        var description: String { "all \(JackTestServer.poolSize) JACK test server names are taken" }
    }

    /// Claims a name and points JACK_DEFAULT_SERVER and XDG_CONFIG_HOME at it and a new folder.
    init(prefix: String) throws {
        var claimed: (String, Int32)?
        for index in 0..<Self.poolSize {
            let name = "imager-test-\(index)"
            let lock = open("/dev/shm/\(name).lock", O_RDONLY | O_CREAT | O_CLOEXEC, 0o644)
            guard lock >= 0 else { continue }
            if flock(lock, LOCK_EX | LOCK_NB) == 0 {
                claimed = (name, lock)
                break
            }
            close(lock)
        }
        guard let (name, lock) = claimed else { throw PoolTaken() }
        self.name = name
        self.lock = lock
        config = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-config-\(UUID())")
        setenv("JACK_DEFAULT_SERVER", name, 1)
        setenv("JACK_NO_AUDIO_RESERVATION", "1", 1)
        setenv("XDG_CONFIG_HOME", config.path, 1)
    }

    /// Starts `jackd` under the name, `periodFrames` frames a cycle at 48 kHz; the caller
    /// terminates it before `finish`. It takes a moment to answer.
    func start(periodFrames: Int) throws -> Process {
        let jackd = Process()
        jackd.executableURL = URL(fileURLWithPath: "/usr/bin/jackd")
        jackd.arguments = ["--no-realtime", "-n", name, "-d", "dummy", "-r", "48000", "-p", String(periodFrames)]
        jackd.standardOutput = FileHandle.nullDevice
        jackd.standardError = FileHandle.nullDevice
        try jackd.run()
        return jackd
    }

    /// Removes the config folder and gives the name back to the pool.
    func finish() {
        try? FileManager.default.removeItem(at: config)
        if lock >= 0 { close(lock) }
        lock = -1
    }
}
