import CGLib
import Foundation
import ImagerGLib
import Testing

/// Work scheduled through `MainLoop` runs when GLib's default context is iterated (as GTK's
/// loop does), in order, and not once it is cancelled.
@MainActor
struct MainLoopTests {
    /// Iterates the default context until `done` or about two seconds have passed.
    private func iterate(until done: () -> Bool) {
        let deadline = g_get_monotonic_time() + 2_000_000
        while !done() && g_get_monotonic_time() < deadline {
            g_main_context_iteration(nil, 0)
            g_usleep(1_000)
        }
    }

    @Test func idleWorkRunsOnceInOrder() {
        var ran: [Int] = []
        MainLoop.idle { ran.append(1) }
        MainLoop.idle { ran.append(2) }
        iterate { ran.count >= 2 }
        for _ in 0..<10 { g_main_context_iteration(nil, 0) }   // more passes: nothing runs twice
        #expect(ran == [1, 2])
    }

    @Test func cancelledWorkNeverRuns() {
        var ran = false
        let work = MainLoop.after(milliseconds: 10) { ran = true }
        #expect(work.isPending)
        work.cancel()
        #expect(!work.isPending)
        var later = false
        MainLoop.after(milliseconds: 50) { later = true }
        iterate { later }
        #expect(later)
        #expect(!ran)
    }

    @Test func repeatingWorkStopsWhenItSaysSo() {
        var count = 0
        let work = MainLoop.repeating(milliseconds: 1) { count += 1; return count < 3 }
        iterate { !work.isPending }
        #expect(count == 3)
        #expect(!work.isPending)
    }

    @MainActor final class Flag { var raised = false }

    @Test func workFromAnotherThreadRunsOnTheLoop() {
        let flag = Flag()
        let thread = Thread {
            MainLoop.idleFromAnyThread { flag.raised = true }
        }
        thread.start()
        iterate { flag.raised }
        #expect(flag.raised)
    }
}
