import Foundation

/// midi.ini, beside perform.ini: `$XDG_CONFIG_HOME/io.github.imagerproject.Imager/midi.ini`.
/// A key file GLib's GKeyFile reads too:
///
///     [MIDI]
///     ignore-velocity=false
///
///     [device Launchpad Mini:Launchpad Mini MIDI 1]
///     enabled=false
///     ch1-note36=chord-1
///     ch1-cc7=master
///
/// Device names come from the devices and the sound server, so they may hold anything: in a
/// group's name each control character, `[`, `]` and `\` is written `\xHH` (or `\u{HHHH}`) and
/// read back to the same name. Reading is forgiving: a line, key or group it does not
/// understand is skipped and the rest kept; a file over 1 MiB or one that is not a regular
/// file gives the standard settings.
public enum MidiSettingsFile {
    public static let fileName = "midi.ini"
    static let sizeLimit = 1 << 20
    private static let optionsGroup = "MIDI"
    private static let devicePrefix = "device "

    /// `$XDG_CONFIG_HOME/io.github.imagerproject.Imager/midi.ini`, or under `~/.config` when
    /// XDG_CONFIG_HOME is unset or not absolute.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = (environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()) + "/.config"
        }
        return "\(base)/\(StoreLocation.appID)/\(fileName)"
    }

    /// The settings in the file at `path`; the standard ones when it is missing or unreadable.
    public static func load(from path: String = path()) -> MidiSettings {
        guard let file = try? ReadableFile.open(userChosen: path), let data = try? file.contents(upTo: sizeLimit) else {
            return MidiSettings()
        }
        return parse(String(decoding: data, as: UTF8.self))
    }

    public static func parse(_ text: String) -> MidiSettings {
        var settings = MidiSettings()
        var group: String?
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]"), line.count >= 2 {
                group = String(line.dropFirst().dropLast())
                continue
            }
            guard let group, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if group == optionsGroup {
                if key == "ignore-velocity", let flag = Bool(value) { settings.ignoresVelocity = flag }
            } else if group.hasPrefix(devicePrefix), let device = unescaped(group.dropFirst(devicePrefix.count)) {
                if key == "enabled", let flag = Bool(value) {
                    settings.setEnabled(flag, device)
                } else if let control = MidiControl(storedKey: key), let action = MidiMappedAction(storedName: value) {
                    settings.learn(action, on: control, of: device)
                }
            }
        }
        return settings
    }

    public static func text(of settings: MidiSettings) -> String {
        var out = "# Imager's MIDI settings: the controls learned on each device, and the sources switched off.\n"
        out += "[\(optionsGroup)]\nignore-velocity=\(settings.ignoresVelocity)\n"
        for device in Set(settings.learned.keys).union(settings.disabledSources).sorted() {
            out += "\n[\(devicePrefix)\(escaped(device))]\n"
            if !settings.isEnabled(device) { out += "enabled=false\n" }
            for (control, action) in (settings.learned[device] ?? [:]).sorted(by: { $0.key < $1.key }) {
                out += "\(control.storedKey)=\(action.storedName)\n"
            }
        }
        return out
    }

    /// Writes the whole file at once (a crash leaves the old one or the new one), in a
    /// folder made only for this user when missing.
    public static func save(_ settings: MidiSettings, to path: String = path()) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try AtomicFile.write(Data(text(of: settings).utf8), to: path)
    }

    /// A device name as a group name: no control character (a line break would end the
    /// group), no bracket, and `\` escaped so that reading it back is exact.
    static func escaped(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            if TerminalText.needsEscape(scalar, keepingLineBreaks: false) || scalar == "[" || scalar == "]" || scalar == "\\" {
                let digits = String(scalar.value, radix: 16, uppercase: true)
                out += scalar.value < 0x100 ? "\\x" + String(repeating: "0", count: 2 - digits.count) + digits : "\\u{\(digits)}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The name `escaped` wrote, or nil if `text` is not something it writes.
    static func unescaped(_ text: some StringProtocol) -> String? {
        var out = String.UnicodeScalarView()
        var scalars = Substring(text).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                guard scalar != "[", scalar != "]" else { return nil }
                out.append(scalar)
                continue
            }
            let hex: Substring.UnicodeScalarView.SubSequence
            if scalars.first == "x" {
                hex = scalars.dropFirst().prefix(2)
                guard hex.count == 2 else { return nil }
                scalars = scalars.dropFirst(3)
            } else if scalars.starts(with: "u{".unicodeScalars), let close = scalars.firstIndex(of: "}") {
                hex = scalars[scalars.index(scalars.startIndex, offsetBy: 2)..<close]
                scalars = scalars[scalars.index(after: close)...]
            } else {
                return nil
            }
            guard let value = UInt32(String(String.UnicodeScalarView(hex)), radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
            out.append(decoded)
        }
        return String(out)
    }
}
