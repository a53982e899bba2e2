import CLo
import Foundation
import ImagerCore
import Synchronization

/// Imager's OSC server: a UDP socket on `OSCSettings.port`, bound to the loopback address
/// ("This Computer") or to every interface ("Other Devices on the Network"), read on a
/// thread of its own. liblo decodes each datagram; `OSCAddresses` turns it into an action,
/// handed to `deliver` (a `ControllerInput`, which takes it to the main loop).
///
/// The socket is Imager's, not a `lo_server_thread`'s: liblo 0.31 (Debian 12's) binds its
/// servers to every interface whatever address it is given, and "This Computer" must not
/// open a port to the network. Hostile input is expected: a datagram that does not decode,
/// an unknown address or a wrong argument is counted and dropped; nothing is kept from one
/// datagram to the next, and the thread never waits on the main loop.
nonisolated final class OSCServer: Sendable {
    enum StartError: Error, Equatable {
        case portInUse(Int)
        case cannotListen(port: Int, reason: String)
    }

    let settings: OSCSettings
    private let socket: Int32
    /// A pipe whose write end wakes the thread to stop.
    private let wakeRead: Int32, wakeWrite: Int32
    private let deliver: @Sendable (ControllerAction) -> Void
    private let finished = DispatchSemaphore(value: 0)
    /// Datagrams received, and those ignored (malformed, unknown, out of range).
    private let receivedCount = Atomic<Int>(0)
    private let ignoredCount = Atomic<Int>(0)

    var received: Int { receivedCount.load(ordering: .relaxed) }
    var ignored: Int { ignoredCount.load(ordering: .relaxed) }

    /// The largest datagram read whole; longer ones are cut and fail to decode (no OSC
    /// message Imager takes is longer than a few dozen bytes).
    private static let bufferSize = 65_536

    /// Opens the socket and starts the thread.
    init(settings: OSCSettings, deliver: @escaping @Sendable (ControllerAction) -> Void) throws(StartError) {
        self.settings = settings
        self.deliver = deliver
        let socket = Glibc.socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw .cannotListen(port: settings.port, reason: String(cString: strerror(errno))) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(settings.port).bigEndian)
        inet_pton(AF_INET, settings.listen.bindAddress, &address.sin_addr)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else {
            let code = errno
            close(socket)
            if code == EADDRINUSE { throw .portInUse(settings.port) }
            throw .cannotListen(port: settings.port, reason: String(cString: strerror(code)))
        }
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw .cannotListen(port: settings.port, reason: reason)
        }
        for descriptor in pipe { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        self.socket = socket
        wakeRead = pipe[0]
        wakeWrite = pipe[1]
        let thread = Thread { [self] in run() }
        thread.name = "OSC"
        thread.start()
    }

    /// Stops the thread (within a second) and closes the socket.
    func stop() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        _ = finished.wait(timeout: .now() + 1)
    }

    private func run() {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: Self.bufferSize, alignment: 8)
        defer {
            buffer.deallocate()
            close(socket)
            close(wakeRead)
            close(wakeWrite)
            finished.signal()
        }
        var fds = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        while true {
            guard poll(&fds, 2, -1) >= 0 || errno == EINTR else { return }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            // Everything queued, then back to poll (which also notices a stop between bursts).
            for _ in 0..<4096 {
                let size = recv(socket, buffer, Self.bufferSize, Int32(MSG_DONTWAIT))
                guard size >= 0 else { break }
                receivedCount.add(1, ordering: .relaxed)
                switch Self.decode(buffer, size: size) {
                case let .action(action): deliver(action)
                case .release: break
                case .ignored: ignoredCount.add(1, ordering: .relaxed)
                }
            }
        }
    }

    /// What one datagram asks for. liblo validates the address, the type tags and that every
    /// argument lies inside the datagram; what it refuses is ignored.
    static func decode(_ data: UnsafeMutableRawPointer, size: Int) -> OSCAddresses.Outcome {
        guard size >= 4, let path = lo_get_path(data, size) else { return .ignored }
        var result: Int32 = 0
        guard let message = lo_message_deserialise(data, size, &result), result == 0 else { return .ignored }
        defer { lo_message_free(message) }
        var arguments: [OSCArgument] = []
        // Imager's addresses take one number at most; a second is never looked at.
        for index in 0..<min(lo_message_get_argc(message), 2) {
            var value = 0.0
            var isInteger: Int32 = 0
            guard clo_message_number(message, index, &value, &isInteger) != 0 else {
                arguments.append(.other)
                continue
            }
            arguments.append(isInteger != 0 ? .int(Int64(max(-9e18, min(9e18, value)))) : .float(value))
        }
        return OSCAddresses.outcome(address: String(cString: path), arguments: arguments)
    }
}
