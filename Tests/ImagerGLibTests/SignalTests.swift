import CGLib
import ImagerGLib
import Testing

/// The glue's promise: a handler is called with the signal's arguments, and the Swift closure a
/// connection owns is released when the connection ends, by disconnect or with its object.
@MainActor
struct SignalTests {
    /// Notices its own release.
    final class Witness {
        var calls: [String] = []
        let released: () -> Void
        init(released: @escaping () -> Void) { self.released = released }
        deinit { released() }
    }

    @Test func aHandlerHearsTheSignalsArgument() {
        let stringType = g_variant_type_new("s")
        defer { g_variant_type_free(stringType) }
        let action = g_simple_action_new("go", stringType)!
        defer { unref(action) }
        var heard: [String] = []
        Signal.connectPointer(action, "activate") { parameter in
            let variant = OpaquePointer(parameter!)
            heard.append(String(cString: g_variant_get_string(variant, nil)))
        }
        g_action_activate(action, g_variant_new_string("first"))
        g_action_activate(action, g_variant_new_string("second"))
        #expect(heard == ["first", "second"])
    }

    @Test func theHandlerIsReleasedWithItsObject() {
        var released = false
        do {
            let action = g_simple_action_new("go", nil)!
            let witness = Witness { released = true }
            Signal.connectPointer(action, "activate") { _ in witness.calls.append("activate") }
            g_action_activate(action, nil)
            #expect(witness.calls == ["activate"])
            #expect(!released)
            unref(action)
        }
        #expect(released)
    }

    @Test func aDisconnectedHandlerIsReleasedAndNoLongerCalled() {
        let action = g_simple_action_new("go", nil)!
        defer { unref(action) }
        var released = false
        var calls = 0
        do {
            let witness = Witness { released = true }
            let handle = Signal.connectPointer(action, "activate") { _ in calls += 1; _ = witness }
            handle.disconnect()
            handle.disconnect()   // a second disconnect is harmless
        }
        g_action_activate(action, nil)
        #expect(calls == 0)
        #expect(released)
    }
}
