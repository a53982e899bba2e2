import Foundation

/// A program run to completion, with its standard output and standard error captured.
struct ChildProcess {
    struct Result {
        var status: Int32
        var output: String
        var errors: String
        /// CLOCK_MONOTONIC just before the spawn, in microseconds.
        var launchedAt: Int64
        var timedOut: Bool

        /// The lines of standard output that start with `key`, split into their fields after it.
        func values(_ key: String) -> [[String]] {
            output.split(separator: "\n").compactMap { line in
                let fields = line.split(separator: " ").map(String.init)
                return fields.first == key ? Array(fields.dropFirst()) : nil
            }
        }
    }

    var executable: String
    var arguments: [String]
    var environment: [String: String] = [:]
    var timeoutSeconds: Double = 120

    func run() throws -> Result {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("imager-bench-\(getpid())-\(UUID().uuidString.prefix(8))")
        let outPath = scratch.path + ".out", errPath = scratch.path + ".err"
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }

        var pid: pid_t = 0
        let launchedAt = monotonicMicroseconds()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard spawned == 0 else {
            throw BenchError("could not start \(executable): \(String(cString: strerror(spawned)))")
        }

        var status: Int32 = 0
        var timedOut = false
        let deadline = launchedAt + Int64(timeoutSeconds * 1_000_000)
        while true {
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if waited < 0 && errno != EINTR { throw BenchError("waiting for \(executable) failed") }
            if !timedOut && monotonicMicroseconds() > deadline {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(2_000)
        }
        let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitStatus,
                      output: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                      errors: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
                      launchedAt: launchedAt, timedOut: timedOut)
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension ChildProcess.Result {
    /// The result, or an error carrying the end of the child's standard error.
    func checked(_ name: String) throws -> Self {
        if timedOut { throw BenchError("\(name) did not finish in time") }
        guard status == 0 else {
            let tail = errors.split(separator: "\n").suffix(8).joined(separator: "\n")
            throw BenchError("\(name) exited with status \(status):\n\(tail)")
        }
        return self
    }
}
