import Foundation
import Synchronization

/// A thread that runs `step` again and again (each step waits a little for its transport)
/// until stopped; `stop` returns once the last step has ended, so the transport can then be
/// closed under it safely.
final class ReadingThread: Sendable {
    private let running = Atomic<Bool>(true)
    private let ended = DispatchSemaphore(value: 0)

    init(name: String, step: @escaping @Sendable () -> Bool) {
        let thread = Thread { [self] in
            while running.load(ordering: .acquiring), step() {}
            ended.signal()
        }
        thread.name = name
        thread.start()
    }

    func stop() {
        running.store(false, ordering: .releasing)
        ended.wait()
    }
}
