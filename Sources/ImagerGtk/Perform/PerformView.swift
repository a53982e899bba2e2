import CGtk
import Foundation
import ImagerCore
import ImagerGLib

/// The Perform view: one large canvas showing a chordset's chords, played with keys 1-8,
/// Left/Right, Space, `[` `]`, PageUp/PageDown, or the strip along the bottom; B blacks out
/// (Shift+B at once), F11 toggles full screen and Escape leaves. The rules are `PerformState`'s (core); this class turns
/// keys, clicks and frames into its commands and shows what it says.
package final class PerformView {
    let controller: ChordsetController
    /// Owned (one reference): the view's root, which the window puts in place of its content.
    let widget: Widget
    package let canvas: PerformCanvas
    let strip: PerformStrip
    /// Borrowed: the revealer the strip fades in and out with.
    let stripRevealer: Widget
    /// The live chordset's title, shown for a moment when it changes.
    let chordsetTitle = PerformNotice.chordsetTitle()
    /// "Slowed for safe light", for a moment when safe light holds a change back.
    let safeLightNotice = PerformNotice.safeLight()
    private let swatches = ChordSwatches()
    private let pointer: PointerHider
    package internal(set) var state: PerformState
    /// Tap tempo and Follow tempo (PerformView+Controllers).
    let tempo = PerformTempoFollower()
    /// Where the picture goes (this view, or a monitor of its own with this view as the
    /// control surface); set by the window before `start`.
    package var stage: PerformStage?
    /// Between the performer's commands and `state`: keeps the output from flashing.
    package private(set) var safeLight: SafeLightGate

    /// The window's handlers.
    var onLeave: () -> Void = {}
    var onToggleFullScreen: () -> Void = {}
    /// The performer chose another fade time: remember it (`PerformSettings`).
    var onFadeTimeChanged: (FadeTime) -> Void = { _ in }
    /// The performer chose another fade curve: remember it (`PerformSettings`).
    var onFadeCurveChanged: (FadeCurve) -> Void = { _ in }
    /// The chord lit on the output (its slot), or nil when blacked out: what a controller's pads show.
    var onLiveChanged: (Int?) -> Void = { _ in }
    /// The chordsets Page Up and Page Down walk, in order, when Perform plays a set list;
    /// nil: the whole list.
    var setListChordsets: (() -> [UUID])?
    /// The clock commands are timed by, in seconds: the same one as the frame clock's frame
    /// time (g_get_monotonic_time), so a key and the frames after it agree. Tests replace it.
    var now: () -> Double = { Double(g_get_monotonic_time()) / 1_000_000 }

    /// The strip hides after this long without pointer motion.
    static let stripTimeout: UInt32 = 2000
    private var stripTimer: ScheduledWork?
    private var stripHasFocus = false
    /// The strip's layout waiting for the next idle moment (see `build`).
    private var stripFit: ScheduledWork?
    /// Where the pointer was last seen, in the window's coordinates.
    private var lastPointer: (x: Double, y: Double)?
    private var tickID: guint = 0
    private var shownChordsetID: UUID?

    /// Starts on chord 1 of the chordset with `id` (at `position` in the list), or nil if
    /// there is no such chordset.
    init?(controller: ChordsetController, chordsetID id: UUID, fadeTime: FadeTime, fadeCurve: FadeCurve = .standard,
          safeLight: Bool = true) {
        guard let position = controller.index(of: id) else { return nil }
        self.controller = controller
        state = PerformState(chordsetID: id, position: position, fadeTime: fadeTime, fadeCurve: fadeCurve)
        self.safeLight = SafeLightGate(isOn: safeLight)
        canvas = PerformCanvas()
        strip = PerformStrip()
        // Hidden outright once faded, so screen readers do not find buttons no one can see.
        stripRevealer = Revealers.make(GTK_REVEALER_TRANSITION_TYPE_CROSSFADE)
        widget = gtk_overlay_new()
        g_object_ref_sink(widget)
        pointer = PointerHider(over: widget, after: Self.stripTimeout)
        PerformStyle.install()
        build()
        connect()
        showChordset()
        announce()
        strip.showFadeTime(fadeTime)
        strip.showFadeCurve(fadeCurve)
    }

    isolated deinit {
        stopTicking()
        stripTimer?.cancel()
        stripFit?.cancel()
        g_object_unref(widget)
    }

    private func build() {
        widget.addCSSClasses("perform-view")
        gtk_overlay_set_child(cgtk_overlay(widget), canvas.widget)
        gtk_revealer_set_transition_duration(cgtk_revealer(stripRevealer), 400)
        gtk_revealer_set_child(cgtk_revealer(stripRevealer), strip.widget)
        gtk_widget_set_valign(stripRevealer, GTK_ALIGN_END)
        gtk_widget_set_halign(stripRevealer, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_bottom(stripRevealer, 24)
        gtk_overlay_add_overlay(cgtk_overlay(widget), stripRevealer)
        gtk_overlay_add_overlay(cgtk_overlay(widget), chordsetTitle.widget)
        gtk_overlay_add_overlay(cgtk_overlay(widget), safeLightNotice.widget)
        // The canvas fills the view: its size is the view's, in a window, maximized or full
        // screen. The strip is laid out for that width once the allocation is over (changing
        // it inside the allocation would ask for another one).
        Signal.connectIntPair(canvas.widget, "resize") { [weak self] width, _ in
            // On a monitor of its own the canvas is not the view's size: the control surface
            // lays its strip out for its own window (`controlSurfaceShown`).
            guard let self, !self.isControlSurface else { return }
            self.stripFit?.cancel()
            self.stripFit = MainLoop.idle { [weak self] in
                self?.stripFit = nil
                self?.strip.fit(viewWidth: width)
            }
        }
        canvas.pictureOf = { [weak controller] chord in
            guard let controller, let chordset = controller.chordset(id: chord.chordsetID) else {
                return (RGBAColor(red: 0, green: 0, blue: 0), [])
            }
            return (chordset.color(at: chord.slot), controller.lumis(of: chord.chordsetID)[chord.slot])
        }
        canvas.play(state.current, fading: false, opacityOnScreen: 1)
    }

    private func connect() {
        let keys = gtk_event_controller_key_new()!
        // Capture: the view's keys work wherever the focus is inside it (the canvas, a strip
        // button, the slider), before a button or the slider can take an arrow key.
        gtk_event_controller_set_propagation_phase(cgtk_event_controller(keys.raw), GTK_PHASE_CAPTURE)
        Signal.connectKey(keys, "key-pressed") { [weak self] keyval, modifiers in
            self?.handleKey(keyval, modifiers: modifiers) ?? false
        }
        gtk_widget_add_controller(widget, keys)

        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(motion, "motion") { [weak self] x, y in self?.pointerMoved(x: x, y: y) }
        gtk_widget_add_controller(widget, motion)

        let focus = gtk_event_controller_focus_new()!
        Signal.connect(focus, "enter") { [weak self] in
            self?.stripHasFocus = true
            self?.revealStrip()
        }
        Signal.connect(focus, "leave") { [weak self] in
            self?.stripHasFocus = false
            self?.hideStripLater()
        }
        gtk_widget_add_controller(strip.widget, focus)

        strip.onPlay = { [weak self] slot in self?.perform(.play(slot: slot)) }
        strip.onFadeTime = { [weak self] fadeTime in self?.chooseFadeTime(fadeTime) }
        strip.onFadeCurve = { [weak self] curve in self?.chooseFadeCurve(curve) }
        strip.onBlackout = { [weak self] black in
            guard let self, black != self.state.isBlackedOut else { return }
            self.perform(.blackout(cut: false))
        }
        strip.onFullScreen = { [weak self] in self?.onToggleFullScreen() }
        strip.onLeave = { [weak self] in self?.onLeave() }
    }

    /// Puts the keyboard focus on the canvas and shows the strip and the chordset's title
    /// for their first two seconds; the pointer hides after as long.
    func start() {
        // Laid out for the window's width from the first frame; the canvas's size keeps it so.
        fitStripToWindow()
        gtk_widget_grab_focus(canvas.widget)
        startFollowingTempo()
        revealStrip()
        if let chordset { chordsetTitle.show(chordset.title) }
        // A pointer at rest over the view is not motion: GTK's first event there repeats it.
        lastPointer = PointerPosition.inWindow(of: widget)
        pointer.moved()
    }

    /// The picture left for a monitor of its own (true) or came back (false): as the control
    /// surface the view keeps its strip and pointer in sight; as the picture it hides them.
    func controlSurfaceShown(_ shown: Bool) {
        fitStripToWindow()
        if shown {
            pointer.stop()
            revealStrip()
        } else {
            pointer.moved()
            hideStripLater()
        }
    }

    private func fitStripToWindow() {
        if let window = widget.rootWidget {
            strip.fit(viewWidth: gtk_widget_get_width(window))
        }
    }

    private var isControlSurface: Bool { stage?.isPictureElsewhere == true }

    /// Leaving: the output window closes, and the pointer shows again over whatever comes next.
    func stop() {
        tempo.stop()
        stage?.close()
        pointer.stop()
        chordsetTitle.hide()
    }

    // MARK: Commands

    /// A key press; true when it was Perform's. Keys with Ctrl or Alt are left to the window.
    @discardableResult
    package func handleKey(_ keyval: UInt32, modifiers: GdkModifierType = GdkModifierType(rawValue: 0)) -> Bool {
        // Tab brings the strip back first, so the keyboard can reach its buttons; GTK then
        // moves the focus as usual.
        if keyval == UInt32(GDK_KEY_Tab) || keyval == UInt32(GDK_KEY_ISO_Left_Tab) || keyval == UInt32(GDK_KEY_KP_Tab) {
            revealStrip()
            return false
        }
        let held = modifiers.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue)
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        guard held == 0, let name = gdk_keyval_name(keyval).map({ String(cString: $0) }),
              let command = PerformCommand.forKey(named: name, shift: shift) else { return false }
        play(command)
        return true
    }

    /// A command from the keyboard or a controller. A chord or a blackout played that way
    /// begins the show: the strip (up for Perform's first seconds, or since the pointer last
    /// moved) and the chordset's title leave the picture in the frame that brings the new
    /// chord, rather than lie over it until their timeout. The pointer and Tab bring the strip
    /// back; the strip's own buttons, and keys while the keyboard's focus is in the strip,
    /// leave it up. A command that brings another chordset shows that chordset's title.
    func play(_ command: PerformCommand) {
        let chordsetBefore = state.current.chordsetID
        perform(command)
        guard command.playsThePicture else { return }
        hideStrip(atOnce: true)
        if state.current.chordsetID == chordsetBefore { chordsetTitle.hide(atOnce: true) }
    }

    func perform(_ command: PerformCommand) {
        let time = now()
        applyDueChange(at: time)
        let opacityOnScreen = state.fade?.opacity(at: time) ?? 1
        let before = (chord: state.current, fade: state.fade)
        // Safe light decides when a change of the output starts and how long it takes.
        let outcome: SafeLightGate.Outcome
        if let setListChordsets, command.movesThroughChordsets {
            outcome = safeLight.request(command, at: time, state: &state, setList: setListChordsets(), picture: swatchOf)
        } else {
            outcome = safeLight.request(command, at: time, state: &state, setList: controller.chordsets.lazy.map(\.id),
                                        picture: swatchOf)
        }
        switch outcome {
        case let .applied(effect, slowed):
            show(effect, at: time, opacityOnScreen: opacityOnScreen, before: before)
            if slowed { safeLightNotice.show() }
        case .delayed:
            safeLightNotice.show()
            startTicking()
        }
    }

    /// A change safe light held back, once its time has come by `time`: shown as of its own time.
    private func applyDueChange(at time: Double) {
        guard let start = safeLight.pending?.start, start <= time else { return }
        let opacityOnScreen = state.fade?.opacity(at: start) ?? 1
        let before = (chord: state.current, fade: state.fade)
        guard let effect = safeLight.applyDue(at: time, state: &state, picture: swatchOf) else { return }
        show(effect, at: start, opacityOnScreen: opacityOnScreen, before: before)
    }

    /// Each chord as safe light reckons its light.
    private var swatchOf: (ChordRef) -> PictureSwatch {
        { [weak controller, swatches] chord in
            guard let controller, let chordset = controller.chordset(id: chord.chordsetID) else { return .black }
            return swatches.swatch(of: chord, background: chordset.color(at: chord.slot),
                                   lumis: controller.lumis(of: chord.chordsetID)[chord.slot])
        }
    }

    /// Follows what a command did to `state` at `time`, from the chord and fade `before` it:
    /// the canvas, the strip, the name.
    private func show(_ effect: PerformState.Effect, at time: Double, opacityOnScreen: Double,
                      before: (chord: ChordRef, fade: CrossFade?)) {
        switch effect {
        case .none:
            break
        case .played, .blackoutChanged, .dimmed:
            // Safe light may bring a chord, the blackout's end and a dimming at once: all show.
            // The canvas starts over only when the chord or its fade did: a key for the chord
            // already fading in, which safe light lets the fade finish, leaves it alone.
            if state.current != before.chord || state.fade != before.fade {
                canvas.play(state.current, fading: state.fade != nil, opacityOnScreen: opacityOnScreen)
                if state.current.chordsetID != shownChordsetID {
                    showChordset()
                    if let chordset { chordsetTitle.show(chordset.title) }
                }
                strip.markPlaying(state.current.slot)
            }
            canvas.setBlackness(state.blackness(at: time))
            strip.showBlackout(state.isBlackedOut)
            onLiveChanged(state.isBlackedOut ? nil : state.current.slot)
            announce()
            if state.fade != nil || state.blackFade != nil { startTicking() }
        case .fadeTimeChanged:
            strip.showFadeTime(state.fadeTime)
            onFadeTimeChanged(state.fadeTime)
        case .tapTempo:
            tapTempo(at: time)
        case .toggleFullScreen:
            onToggleFullScreen()
        case .leave:
            onLeave()
        }
    }

    private func chooseFadeTime(_ fadeTime: FadeTime) {
        state.setFadeTime(fadeTime)
        onFadeTimeChanged(fadeTime)
    }

    func chooseFadeCurve(_ curve: FadeCurve) {
        guard curve != state.fadeCurve else { return }
        state.setFadeCurve(curve)
        strip.showFadeCurve(curve)
        onFadeCurveChanged(curve)
    }

    /// The chordset playing, as the list has it now.
    var chordset: Chordset? { controller.chordset(id: state.current.chordsetID) }

    /// "Warm, chord 3 of 8", or "Blackout" from the moment the output starts going black:
    /// what the canvas shows, for screen readers.
    var accessibleName: String {
        if state.isBlackedOut {
            // Translators: what a screen reader says the Perform view shows while it is black.
            return tr("Blackout")
        }
        return Self.accessibleName(title: chordset?.title ?? "", slot: state.current.slot)
    }

    static func accessibleName(title: String, slot: Int) -> String {
        // Translators: what a screen reader says the Perform view shows: "Warm, chord 3 of 8".
        tr("{title}, chord {number} of {count}",
           ["title": title, "number": String(slot + 1), "count": String(Chordset.chordCount)])
    }

    private func announce() {
        canvas.widget.setAccessibleLabel(accessibleName)
        stage?.stateChanged()
    }

    private func showChordset() {
        shownChordsetID = state.current.chordsetID
        guard let chordset else { return }
        strip.show(chordset, lumis: controller.lumis(of: chordset.id))
        strip.markPlaying(state.current.slot)
    }

    /// A chordset changed in the controller (an edit elsewhere, another program's save).
    func controllerChanged() {
        showChordset()
        canvas.refresh()
        announce()
    }

    // MARK: Fading, frame by frame

    private func startTicking() {
        guard tickID == 0 else { return }
        let tick: GtkTickCallback = { _, clock, data in
            MainActor.assumeIsolated {
                Unmanaged<PerformView>.fromOpaque(data!).takeUnretainedValue().step(clock!) ? 1 : 0
            }
        }
        // The callback holds the view weakly in effect: it is removed in deinit and on leave.
        tickID = gtk_widget_add_tick_callback(canvas.widget, tick, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private func stopTicking() {
        guard tickID != 0 else { return }
        gtk_widget_remove_tick_callback(canvas.widget, tickID)
        tickID = 0
    }

    /// One frame; the callback ends when nothing is left to show.
    private func step(_ clock: OpaquePointer) -> Bool {
        guard present(at: Double(gdk_frame_clock_get_frame_time(clock)) / 1_000_000) else {
            tickID = 0
            return false
        }
        return true
    }

    /// Brings the canvas to `time` (a frame's): the fades' opacity and black then. True
    /// while a fade goes on.
    @discardableResult
    package func present(at time: Double) -> Bool {
        applyDueChange(at: time)
        canvas.setOpacity(state.fade?.opacity(at: time) ?? 1)
        canvas.setBlackness(state.blackness(at: time))
        safeLight.follow(state, until: time, picture: swatchOf)
        // A change safe light holds back keeps the frames coming until its time.
        guard state.advance(to: time) || safeLight.pending != nil else {
            showSettled()
            return false
        }
        return true
    }

    /// Ends any fade now (leaving, tests).
    func finishFade() {
        _ = state.advance(to: .infinity)
        showSettled()
        stopTicking()
    }

    /// What shows once nothing fades: the live chord alone, black or not.
    private func showSettled() {
        canvas.setOpacity(1)
        canvas.setBlackness(state.blackness(at: now()))
    }

    // MARK: The strip

    private func pointerMoved(x: Double, y: Double) {
        // GTK repeats the last position when widgets change under a still pointer (the strip
        // fading out, the header bar giving way to the view): only real movement brings the
        // strip back. Compared in the window's coordinates, which do not move with the view.
        let place = PointerPosition.inWindow(of: widget, x: x, y: y) ?? (x, y)
        if let last = lastPointer, abs(last.x - place.x) < 0.5, abs(last.y - place.y) < 0.5 { return }
        lastPointer = place
        if !isControlSurface { pointer.moved() }
        revealStrip()
    }

    func revealStrip() {
        Revealers.reveal(stripRevealer)
        hideStripLater()
    }

    private func hideStripLater() {
        stripTimer?.cancel()
        // The control surface keeps its strip: the performer's controls never hide.
        guard !isControlSurface else { return }
        stripTimer = MainLoop.after(milliseconds: Self.stripTimeout) { [weak self] in self?.hideStrip() }
    }

    /// Hides the strip, fading unless `atOnce`, but not while the keyboard focus is in it or
    /// the view is the control surface.
    func hideStrip(atOnce: Bool = false) {
        stripTimer?.cancel()
        guard !stripHasFocus, !isControlSurface else { return }
        if atOnce { Revealers.concealAtOnce(stripRevealer) } else { Revealers.conceal(stripRevealer) }
    }

    var isStripShown: Bool { Revealers.isRevealing(stripRevealer) }
}
