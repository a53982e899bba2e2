import CGtk
import Foundation
import ImagerGLib
import ImagerTestSupport

/// `--mode perform`: a scripted performance for packaging/bench.sh. Once the
/// window's list is complete, opens Perform (F5's action) on the first chordset, makes the
/// window 1920 × 1080 (`perform-size W H` once the canvas has that size), then plays
/// IMAGER_BENCH_PERFORM_CHANGES chord changes (200) at the standard 0.15 s fade, a key every
/// 100 ms or 250 ms in turn (so half of them interrupt a fade), with a PageDown or PageUp
/// every 25th. `--mode perform-output` plays the same in Perform's output window, full screen
/// on the display's monitor (the picture at the monitor's size: bench.sh's Xvfb is 3840 × 2160),
/// instead of resizing the main window.
/// `--mode perform-osc` and `--mode perform-midi` play the chords (no PageDown or PageUp) from
/// outside instead of by key, at the same pace: `/imager/chord i` to the OSC port
/// IMAGER_BENCH_OSC_PORT on the loopback address, or a note through the JACK server
/// JACK_DEFAULT_SERVER names into `Imager:midi_in` (ChordSenders.swift), once Imager has
/// connected itself to the sender.
/// Each frame in which the canvas drew (a fade ran, or a chord was played) is
/// reported as `perform-frame <work us> <interval us>`: before-paint to after-paint, and
/// frame-clock time since the frame before. Keys are pressed and messages sent from a timer,
/// between frames as a performer's are, while a tick callback keeps the frame clock running.
/// Each key that played a chord, and each message, is reported as `perform-input <us>`: from
/// the key press, or from just before the message was sent, to the end of the first frame
/// painted that shows the new chord. A key plays its chord at once, so that is the first frame
/// painted after it; a message's chord is the first frame at whose end Perform plays it (it
/// was played before that frame's paint: nothing runs between a frame's paint and its
/// after-paint). A message whose chord has not shown a second after it was sent is reported as
/// `perform-input-timeout`, and the next is sent.
/// With IMAGER_BENCH_PERFORM_STRIKES=N instead, there is no performance: N chords are struck
/// one at a time, the same way (key or message), each once the chord before it has shown and
/// no frame has been painted for 40 ms, with no tick callback (the frame clock runs only when
/// Imager asks for a frame): a performer's single strikes on a quiet stage. The fade time
/// must be a cut (perform.ini's `fade-seconds=0`, which the benchmark writes), so the first
/// frame that shows the new chord shows it whole; each is reported as `perform-strike <us>`,
/// from the key press or the send to the end of the first frame at whose end Perform plays it,
/// and as `perform-strike-parts <us> <us>`: the same time in two parts, until that frame's
/// before-paint (the chord rendered into its layer, and for a message its way to Imager) and
/// the frame itself (before-paint to after-paint). A strike whose chord has not shown a second
/// after its message, when the transport may have lost the message (a JACK xrun just after
/// it: `ChordSender.mayHaveLost`), is reported as `perform-strike-lost-in-transport` and
/// struck again, up to `strikesStruckAgain`; any other is `perform-input-timeout`.
/// Then `perform-end <changes> <chord renders> <layers made>`, `done`, the peak memory, quit.
final class PerformScript {
    static let width: Int32 = 1920, height: Int32 = 1080

    /// How a chord is played: by key, or by a message from outside.
    enum Input {
        case keys
        case controller(ChordSender)
    }

    /// How long a message's chord may take to show before it counts as lost.
    static let messageTimeout: gint64 = 1_000_000

    private let window: WindowDriver
    private let onOutput: Bool
    private let input: Input
    private let changes: Int
    /// When the last key that played a chord was pressed, until a frame shows it; 0 for none.
    private var keyPressedAt: gint64 = 0
    /// The chord (0-7) of the last message sent and when it was sent, until a frame shows it.
    private var awaited: (slot: Int, sentAt: gint64)?
    private var played = 0
    private var frameStarted: gint64 = 0
    private var lastFrameTime: gint64 = 0
    /// This frame draws the canvas: a fade was running as it began, or a key played a chord.
    private var canvasChanges = false
    private var work: PerformWork?
    private var playing = false
    private var finishing = false
    /// How many chords are struck one at a time instead of a performance (0: a performance).
    private let strikes: Int
    private var struck = 0
    private var striking = false
    /// Strikes struck again because the transport may have lost their message.
    private var struckAgain = 0
    /// At most one strike in 40 is struck again; past that, each lost one is a timeout.
    private var strikesStruckAgain: Int { max(1, strikes / 40) }
    /// The end of the last frame painted.
    private var lastPaintAt: gint64 = 0
    /// How long no frame must have been painted before a strike.
    static let quietBeforeStrike: gint64 = 40_000

    static func start(window: WindowDriver, onOutput: Bool, input: Input = .keys) {
        let script = PerformScript(window: window, onOutput: onOutput, input: input)
        Signal.connect(window.widget, "map") { script.whenListComplete() }
        if gtk_widget_get_mapped(window.widget) != 0 { script.whenListComplete() }
    }

    private init(window: WindowDriver, onOutput: Bool, input: Input) {
        self.window = window
        self.onOutput = onOutput
        self.input = input
        let environment = ProcessInfo.processInfo.environment
        changes = environment["IMAGER_BENCH_PERFORM_CHANGES"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 200
        strikes = environment["IMAGER_BENCH_PERFORM_STRIKES"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 0
    }

    private func report(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private var started = false

    private func whenListComplete() {
        guard !started else { return }
        started = true
        MainLoop.repeating(milliseconds: 20) { [self] in
            guard !window.controller.isLoadingRest, !window.controller.isEmpty else { return true }
            enterPerform()
            return false
        }
    }

    private func enterPerform() {
        window.startPerforming()
        work = window.countPerformWork()
        if onOutput {
            guard window.performOnFirstMonitor() else {
                report("perform-error no output window")
                window.quit()
                return
            }
        } else {
            gtk_window_set_default_size(cgtk_window(window.widget), Self.width, Self.height)
        }
        // Wait for the canvas to be laid out at its new size, and for a quiet moment.
        MainLoop.repeating(milliseconds: 50) { [self] in
            guard let canvas = window.performCanvas, gtk_widget_get_width(canvas) > 0 else { return true }
            if onOutput {
                // The output window takes its monitor's size; wait for the canvas to have it.
                guard let surface = gtk_native_get_surface(gtk_widget_get_native(canvas)),
                      let monitor = gdk_display_get_monitor_at_surface(gdk_surface_get_display(surface), surface) else { return true }
                var geometry = GdkRectangle()
                gdk_monitor_get_geometry(monitor, &geometry)
                guard gtk_widget_get_width(canvas) == geometry.width, gtk_widget_get_height(canvas) == geometry.height,
                      !window.isFading else { return true }
                report("perform-size \(gtk_widget_get_width(canvas)) \(gtk_widget_get_height(canvas))")
                play(on: canvas)
                return false
            }
            let missingWidth = Self.width - gtk_widget_get_width(canvas)
            let missingHeight = Self.height - gtk_widget_get_height(canvas)
            if missingWidth > 0 || missingHeight > 0 {
                // The window's frame (its shadow and border, drawn by GTK) takes a few pixels:
                // grow the window by what the canvas lacks.
                var width: Int32 = 0, height: Int32 = 0
                gtk_window_get_default_size(cgtk_window(window.widget), &width, &height)
                gtk_window_set_default_size(cgtk_window(window.widget), width + max(0, missingWidth),
                                            height + max(0, missingHeight))
                return true
            }
            guard !window.isFading else { return true }
            report("perform-size \(gtk_widget_get_width(canvas)) \(gtk_widget_get_height(canvas))")
            play(on: canvas)
            return false
        }
    }

    private func play(on canvas: UnsafeMutablePointer<GtkWidget>) {
        guard let clock = gtk_widget_get_frame_clock(canvas) else { return }
        Signal.connect(clock, "before-paint") { [self] in
            frameStarted = g_get_monotonic_time()
            canvasChanges = window.isFading || keyPressedAt != 0 || awaited.map { window.performChord?.slot == $0.slot } == true
        }
        Signal.connect(clock, "after-paint") { [self] in afterPaint(clock) }
        playing = true
        if strikes > 0 {
            switch input {
            case .keys: startStrikes()
            case let .controller(sender): whenReady(sender, since: g_get_monotonic_time()) { [self] in startStrikes() }
            }
            return
        }
        switch input {
        case .keys: pressKey()
        case let .controller(sender): whenReady(sender, since: g_get_monotonic_time()) { [self] in send(sender) }
        }
        // A tick callback keeps the frame clock running throughout, so every interval is one
        // between frames of the performance.
        let tick: GtkTickCallback = { _, clock, data in
            let script = Unmanaged<PerformScript>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { script.tick(clock!) ? 1 : 0 }
        }
        let done: GDestroyNotify = { data in Unmanaged<PerformScript>.fromOpaque(data!).release() }
        gtk_widget_add_tick_callback(canvas, tick, Unmanaged.passRetained(self).toOpaque(), done)
    }

    private func tick(_ clock: OpaquePointer) -> Bool {
        if let awaited, g_get_monotonic_time() - awaited.sentAt > Self.messageTimeout {
            report("perform-input-timeout \(awaited.sentAt)")
            self.awaited = nil
        }
        guard played < changes else {
            guard !window.isFading, keyPressedAt == 0, awaited == nil else { return true }
            finish()
            return false
        }
        return true
    }

    /// Each chord struck alone, with a cut; the frame clock runs only when Imager asks for a
    /// frame.
    private func startStrikes() {
        guard window.performFadeSeconds == 0 else {
            report("perform-error strikes need a cut: perform.ini's fade-seconds=0")
            window.quit()
            return
        }
        striking = true
        _ = MainLoop.after(milliseconds: 40) { [self] in strikeWhenQuiet() }
    }

    /// Strikes the next chord once the one before has shown and no frame has been painted
    /// for `quietBeforeStrike`; looks again every few milliseconds until then.
    private func strikeWhenQuiet() {
        let now = g_get_monotonic_time()
        if let awaited, now - awaited.sentAt > Self.messageTimeout {
            if case let .controller(sender) = input, struckAgain < strikesStruckAgain,
               sender.mayHaveLost(sentAt: awaited.sentAt) {
                report("perform-strike-lost-in-transport \(awaited.sentAt)")
                struckAgain += 1
                struck -= 1
            } else {
                report("perform-input-timeout \(awaited.sentAt)")
            }
            self.awaited = nil
        }
        guard keyPressedAt == 0, awaited == nil, !window.isFading, now - lastPaintAt >= Self.quietBeforeStrike else {
            _ = MainLoop.after(milliseconds: 5) { [self] in strikeWhenQuiet() }
            return
        }
        guard struck < strikes else {
            finish()
            return
        }
        // The pattern of the performance, never the chord already playing: its frame would
        // show nothing new.
        var number = Self.chords[struck % 8]
        if window.performChord?.slot == number - 1 { number = Self.chords[(struck + 1) % 8] }
        struck += 1
        switch input {
        case .keys:
            let pressedAt = g_get_monotonic_time()
            if window.performKey(String(number)) { keyPressedAt = pressedAt }
        case let .controller(sender):
            let sentAt = g_get_monotonic_time()
            guard sender.send(chord: number) else {
                report("perform-error \(sender.name) could not send")
                window.quit()
                return
            }
            awaited = (number - 1, sentAt)
        }
        _ = MainLoop.after(milliseconds: 5) { [self] in strikeWhenQuiet() }
    }

    /// One key, then the next 100 ms or 250 ms later, from a timer: a key arrives between
    /// frames, as a performer's does.
    private func pressKey() {
        guard played < changes else { return }
        let pressedAt = g_get_monotonic_time()
        if window.performKey(key(for: played)), keyPressedAt == 0 { keyPressedAt = pressedAt }
        played += 1
        _ = MainLoop.after(milliseconds: played % 2 == 0 ? 250 : 100) { [self] in pressKey() }
    }

    /// Chords in a pattern that jumps about, and a move through the set list now and then.
    private func key(for index: Int) -> String {
        if index % 25 == 24 { return (index / 25) % 2 == 0 ? "Page_Down" : "Page_Up" }
        return String(Self.chords[index % 8])
    }

    private static let chords = [1, 5, 8, 3, 6, 2, 7, 4]

    /// Waits (up to 10 s) for the sender to be ready, then plays.
    private func whenReady(_ sender: ChordSender, since: gint64, then play: @escaping () -> Void) {
        guard sender.isReady else {
            guard g_get_monotonic_time() - since < 10_000_000 else {
                report("perform-error \(sender.name) never reached Imager")
                window.quit()
                return
            }
            _ = MainLoop.after(milliseconds: 20) { [self] in whenReady(sender, since: since, then: play) }
            return
        }
        play()
    }

    /// One message, then the next 100 ms or 250 ms later, as `pressKey` does; each waits
    /// for the chord before it to show (or to time out), so that one frame answers one message.
    private func send(_ sender: ChordSender) {
        guard played < changes, playing else { return }
        guard awaited == nil else {
            _ = MainLoop.after(milliseconds: 2) { [self] in send(sender) }
            return
        }
        // The same pattern as the keys', never the chord already playing: its frame would
        // show nothing new.
        var number = Self.chords[played % 8]
        if window.performChord?.slot == number - 1 { number = Self.chords[(played + 1) % 8] }
        let sentAt = g_get_monotonic_time()
        guard sender.send(chord: number) else {
            report("perform-error \(sender.name) could not send")
            window.quit()
            return
        }
        awaited = (number - 1, sentAt)
        played += 1
        _ = MainLoop.after(milliseconds: played % 2 == 0 ? 250 : 100) { [self] in send(sender) }
    }

    private func afterPaint(_ clock: OpaquePointer) {
        guard playing else { return }
        let now = g_get_monotonic_time()
        let frameTime = gdk_frame_clock_get_frame_time(clock)
        // Between strikes the clock stops: the time since the frame before is no interval of
        // a performance.
        if canvasChanges, lastFrameTime != 0, !striking {
            report("perform-frame \(now - frameStarted) \(frameTime - lastFrameTime)")
        }
        let figure = striking ? "perform-strike" : "perform-input"
        func shown(since start: gint64) {
            report("\(figure) \(now - start)")
            if striking { report("perform-strike-parts \(frameStarted - start) \(now - frameStarted)") }
        }
        if keyPressedAt != 0 {
            shown(since: keyPressedAt)
            keyPressedAt = 0
        }
        if let awaited, window.performChord?.slot == awaited.slot {
            shown(since: awaited.sentAt)
            self.awaited = nil
        }
        canvasChanges = false
        lastFrameTime = frameTime
        lastPaintAt = g_get_monotonic_time()
    }

    private func finish() {
        guard !finishing else { return }
        finishing = true
        playing = false
        report("perform-end \(played) \(work?.chordRenders ?? 0) \(work?.layersMade ?? 0)")
        report("done")
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            report("peak-rss-kib \(line.split(separator: " ").dropFirst().first.map(String.init) ?? "0")")
        }
        window.quit()
    }
}
