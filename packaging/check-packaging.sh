#!/usr/bin/env bash
# Checks Imager's desktop integration and Flatpak packaging on a plain Debian machine, where
# Flatpak runtimes cannot be downloaded: validates the desktop file and metainfo, parses the
# manifest, replays the manifest's build commands in a network namespace with no network (GRDB
# from a local clone standing in for the manifest's git source), installs into an /app-like
# prefix, moves that prefix elsewhere and launches the moved copy under Xvfb until its window
# shows. docs/packaging.md describes each step.
#
# Usage: packaging/check-packaging.sh        (as root on CI; installs missing tools with apt)
#
# Environment:
#   IMAGER_BINARY   an imager binary that is already built: skip the release build, only
#                   resolve offline, and install and launch this binary instead
#   CHECK_WORKDIR   keep the work directory here (reused between runs, so the offline release
#                   build is incremental); default: a temporary directory, removed at the end
#   LAUNCH_TIMEOUT  seconds to wait for the window to appear (default 60)
#   IMAGER_SCREENSHOT  if set, save a PNG of the launched window to this path
set -Eeuo pipefail

readonly APP_ID="io.github.imagerproject.Imager"
readonly GRDB_URL="https://github.com/groue/GRDB.swift"
readonly GRDB_CACHE="/opt/swift-packages/groue/GRDB.swift.git"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
manifest="$repo/packaging/$APP_ID.yml"
launch_timeout="${LAUNCH_TIMEOUT:-60}"
# Build commands run from the copied sources, so a relative binary path must be made absolute.
if [[ -n "${IMAGER_BINARY:-}" ]]; then
    IMAGER_BINARY="$(realpath "$IMAGER_BINARY")"
    export IMAGER_BINARY
fi

trap 'printf "    FAIL: line %s: %s\n" "$LINENO" "$BASH_COMMAND" >&2' ERR

step() { printf '\n==> %s\n' "$*"; }
ok() { printf '    ok: %s\n' "$*"; }
fail() {
    printf '    FAIL: %s\n' "$*" >&2
    exit 1
}

# --- work directory ---------------------------------------------------------------------
if [[ -n "${CHECK_WORKDIR:-}" ]]; then
    mkdir -p "$CHECK_WORKDIR"
    work="$(cd "$CHECK_WORKDIR" && pwd)"
else
    work="$(mktemp -d "${TMPDIR:-/tmp}/imager-packaging.XXXXXX")"
    trap 'rm -rf "$work"' EXIT
fi

# --- tools ------------------------------------------------------------------------------
ensure_tools() {
    step "tools"
    # command -> Debian package that provides it
    local -A wanted=(
        [desktop-file-validate]=desktop-file-utils
        [appstreamcli]=appstream
        [flatpak-builder]=flatpak-builder
        [xvfb-run]=xvfb
        [xauth]=xauth
        [xdotool]=xdotool
        [dbus-run-session]=dbus
        [strace]=strace
        [unshare]=util-linux
        [git]=git
        [python3]=python3
        [pgrep]=procps
        [yelp-check]=yelp-tools
    )
    if [[ -n "${IMAGER_SCREENSHOT:-}" ]]; then
        wanted[import]=imagemagick
    fi
    local missing=() cmd
    for cmd in "${!wanted[@]}"; do
        command -v "$cmd" >/dev/null 2>&1 || missing+=("${wanted[$cmd]}")
    done
    # The release build links GTK 4 and SQLite through pkg-config.
    if [[ -z "${IMAGER_BINARY:-}" ]]; then
        pkg-config --exists gtk4 2>/dev/null || missing+=(libgtk-4-dev)
        pkg-config --exists libadwaita-1 2>/dev/null || missing+=(libadwaita-1-dev)
        pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev)
        pkg-config --exists liblo 2>/dev/null || missing+=(liblo-dev)
        pkg-config --exists jack 2>/dev/null || missing+=(libjack-jackd2-dev)
        pkg-config --exists alsa 2>/dev/null || missing+=(libasound2-dev)
        command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
    fi
    if ((${#missing[@]})); then
        [[ "$(id -u)" == 0 ]] || fail "missing packages ${missing[*]}; install them or run as root"
        echo "    installing ${missing[*]}"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
    command -v swift >/dev/null 2>&1 || fail "swift is not on PATH"
    ok "all tools present"
}

# --- metadata validation ----------------------------------------------------------------
validate_desktop_file() {
    step "desktop-file-validate data/$APP_ID.desktop"
    local out
    out="$(desktop-file-validate "$repo/data/$APP_ID.desktop" 2>&1)" || {
        echo "$out"
        fail "desktop-file-validate failed"
    }
    # Hints and warnings print but exit 0; any of them is a failure here.
    [[ -z "$out" ]] || {
        echo "$out"
        fail "desktop-file-validate printed the issues above"
    }
    ok "no errors, warnings or hints"
}

validate_metainfo() {
    step "appstreamcli validate --pedantic --no-net data/$APP_ID.metainfo.xml"
    local out line unexplained=0
    out="$(appstreamcli validate --pedantic --no-net "$repo/data/$APP_ID.metainfo.xml" 2>&1)" || {
        echo "$out"
        fail "appstreamcli validate failed"
    }
    while IFS= read -r line; do printf '    %s\n' "$line"; done <<<"$out"
    # Allowed, each for a reason that cannot be fixed in the file:
    #  P cid-contains-uppercase-letter: the app ID is fixed (and reverse-DNS IDs
    #    with capitals are normal for GNOME apps);
    #  I unknown-tag developer: Debian 12's AppStream 0.16 predates <developer id>, which
    #    AppStream 1.0 and Flathub require in place of the deprecated <developer_name>.
    while IFS= read -r line; do
        case "$line" in
            "P: "*"cid-contains-uppercase-letter"*) ;;
            "I: "*"unknown-tag developer") ;;
            [EWIP]": "*) unexplained=1 ;;
        esac
    done <<<"$out"
    ((unexplained == 0)) || fail "appstreamcli reported issues other than the two explained ones"
    ok "no errors or warnings; only the explained notes"
}

validate_icons() {
    step "icons"
    local icon
    for icon in \
        "$repo/data/icons/hicolor/scalable/apps/$APP_ID.svg" \
        "$repo/data/icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg" \
        "$repo"/data/icons/hicolor/scalable/actions/*.svg; do
        [[ -f "$icon" ]] || fail "missing $icon"
        python3 - "$icon" <<'PY' || fail "$icon is not a well-formed SVG"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
PY
        ok "${icon#"$repo"/}"
    done
}

# --- manifest ---------------------------------------------------------------------------
# flatpak-builder prints the parsed manifest as JSON; later steps read that, not the YAML.
parse_manifest() {
    step "flatpak-builder --show-manifest packaging/$APP_ID.yml"
    # flatpak-builder makes its state directory even for this; keep it out of the repository.
    (cd "$work" && flatpak-builder --show-manifest "$manifest") \
        >"$work/manifest.json" 2>"$work/manifest.err" || {
        cat "$work/manifest.err" >&2
        fail "flatpak-builder could not parse the manifest"
    }
    python3 - "$work/manifest.json" "$repo/Package.swift" "$APP_ID" <<'PY' || fail "manifest checks failed"
import json, re, sys

manifest = json.load(open(sys.argv[1]))
package_swift = open(sys.argv[2]).read()
app_id = sys.argv[3]
problems = []

def expect(cond, message):
    print(("    ok: " if cond else "    FAIL: ") + message)
    if not cond:
        problems.append(message)

expect(manifest.get("id", manifest.get("app-id")) == app_id, f"app id is {app_id}")
expect(manifest.get("runtime") == "org.gnome.Platform", "runtime org.gnome.Platform")
expect(manifest.get("sdk") == "org.gnome.Sdk", "sdk org.gnome.Sdk")
expect(manifest.get("runtime-version") == "49", 'runtime-version "49"')
expect("org.freedesktop.Sdk.Extension.swift6" in manifest.get("sdk-extensions", []),
       "sdk-extensions has org.freedesktop.Sdk.Extension.swift6")
expect(manifest.get("command") == "imager", "command is imager")
finish = sorted(manifest.get("finish-args", []))
expect(finish == sorted(["--socket=wayland", "--socket=fallback-x11", "--share=ipc", "--share=network",
                         "--filesystem=xdg-run/pipewire-0", "--device=all"]),
       "finish-args are exactly wayland, fallback-x11, ipc, network (OSC), PipeWire's socket (JACK MIDI) and all devices (ALSA sequencer MIDI, GPU)")

def all_build_args(node):
    options = node.get("build-options", {})
    return options.get("build-args", [])

modules = [m for m in manifest.get("modules", []) if isinstance(m, dict)]
expect(not any("--share=network" in all_build_args(n) for n in [manifest] + modules),
       "no network during the build")

imager = next((m for m in modules if m.get("name") == "imager"), None)
expect(imager is not None, "module imager")
commands = imager.get("build-commands", []) if imager else []
sources = imager.get("sources", []) if imager else []
git_sources = {s.get("url"): s for s in sources if s.get("type") == "git"}

# Every SwiftPM dependency must come in as a git source at the pinned version, with a mirror.
deps = re.findall(r'\.package\(\s*url:\s*"([^"]+)"\s*,\s*exact:\s*"([^"]+)"', package_swift)
expect(len(deps) > 0, "Package.swift pins its dependencies with exact:")
for url, version in deps:
    source = git_sources.get(url)
    expect(source is not None and source.get("tag") == version,
           f"git source {url} at tag {version}")
    expect(source is not None and any("set-mirror" in c and url in c and source.get("dest", "") in c
                                      for c in commands),
           f"set-mirror points {url} at the source's dest")
builds = [c for c in commands if c.startswith("swift build")]
expect(len(builds) == 1 and "-c release" in builds[0], "one swift build -c release")
expect(any("--static-swift-stdlib" in c or "-static-stdlib" in c for c in builds),
       "Swift stdlib linked statically")
expect(any("--disable-sandbox" in c for c in builds), "swift build --disable-sandbox")
expect(any(c.startswith("packaging/install.sh --no-build") for c in commands),
       "installs with packaging/install.sh --no-build")
sys.exit(1 if problems else 0)
PY
    # Not a failure (the build stays correct), but a scratch directory missing from the dir
    # source's skip list is copied into every Flatpak build for nothing.
    local dir
    for dir in "$repo"/.build*; do
        [[ -d "$dir" ]] || continue
        grep -qx "          - $(basename "$dir")" "$manifest" ||
            echo "    note: $(basename "$dir")/ is not in the manifest's skip list; flatpak-builder will copy it"
    done
}

# Values the later steps need, read from the parsed manifest.
manifest_value() {
    python3 - "$work/manifest.json" "$1" <<'PY'
import json, sys
manifest = json.load(open(sys.argv[1]))
imager = next(m for m in manifest["modules"] if isinstance(m, dict) and m.get("name") == "imager")
what = sys.argv[2]
if what == "grdb-dest":
    print(next(s["dest"] for s in imager["sources"]
               if s.get("type") == "git" and s.get("url") == "https://github.com/groue/GRDB.swift"))
elif what == "grdb-tag":
    print(next(s["tag"] for s in imager["sources"]
               if s.get("type") == "git" and s.get("url") == "https://github.com/groue/GRDB.swift"))
elif what == "build-commands":
    print("\n".join(imager["build-commands"]))
elif what == "command":
    print(manifest["command"])
PY
}

# --- offline build, replaying the manifest --------------------------------------------
# The copy holds what the manifest's `dir` source would: tracked and untracked files that
# .gitignore does not exclude (so no .build, no Package.resolved).
copy_sources() {
    local src="$1"
    mkdir -p "$src"
    # Refresh the copy but keep its .build, so a kept CHECK_WORKDIR builds incrementally.
    find "$src" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
    if git -C "$repo" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
        # Files deleted from the work tree but still in the index are left out.
        (cd "$repo" && git ls-files -z --cached --others --exclude-standard |
            while IFS= read -r -d '' file; do
                if [[ -e "$file" || -L "$file" ]]; then printf '%s\0' "$file"; fi
            done | tar --null --files-from=- -cf -) | tar -C "$src" -xpf -
    else
        tar -C "$repo" --exclude='./.build*' --exclude=./.swiftpm --exclude=./Package.resolved \
            -cf - . | tar -C "$src" -xpf -
    fi
}

# The same shell environment flatpak-builder gives build-commands, minus the sandbox: no
# network (unshare -n), git's github.com rewrite to the machine's package cache switched
# off, a throwaway HOME so SwiftPM's shared caches cannot help either.
offline() {
    # SwiftPM leaves lock files in TMPDIR; keep them in the work directory too.
    mkdir -p "$work/tmp"
    env HOME="$work/home" TMPDIR="$work/tmp" GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null \
        FLATPAK_ID="$APP_ID" FLATPAK_DEST="$work/app" \
        unshare -n "$@"
}

offline_build() {
    local src="$work/src" dest tag command
    step "offline SwiftPM build, replaying the manifest's build-commands"
    [[ "$(id -u)" == 0 ]] || fail "unshare -n needs root"
    copy_sources "$src"
    mkdir -p "$work/home"
    dest="$(manifest_value grdb-dest)"
    tag="$(manifest_value grdb-tag)"

    # Stand-in for flatpak-builder fetching the git source: a clone of GRDB at the tag.
    rm -rf "${src:?}/$dest"
    local origin="$GRDB_URL"
    [[ -d "$GRDB_CACHE" ]] && origin="$GRDB_CACHE"
    git clone -q --depth 1 --branch "$tag" "$origin" "$src/$dest" 2>/dev/null ||
        fail "could not clone GRDB $tag from $origin"
    ok "git source $GRDB_URL@$tag placed at $dest (cloned from $origin)"

    # Without the mirror nothing could be fetched: prove the sandbox really has no way out.
    if offline git ls-remote "$GRDB_URL" >/dev/null 2>&1; then
        fail "the offline environment can still reach $GRDB_URL"
    fi
    ok "no network: git ls-remote $GRDB_URL fails in the namespace"

    rm -rf "$work/app"
    while IFS= read -r command; do
        # With a prebuilt binary, resolve (the offline part) instead of building.
        if [[ -n "${IMAGER_BINARY:-}" && "$command" == "swift build"* ]]; then
            command="swift package resolve"
        fi
        echo "    \$ $command"
        (cd "$src" && offline sh -c "$command") >"$work/step.log" 2>&1 || {
            tail -n 40 "$work/step.log" >&2
            fail "build command failed offline: $command"
        }
        tail -n 3 "$work/step.log" | sed 's/^/      /'
    done < <(manifest_value build-commands)

    python3 - "$src/.build/workspace-state.json" "$src/$dest" <<'PY' || fail "GRDB did not come from the mirror"
import json, os, sys
state = json.load(open(sys.argv[1]))
locations = [d["packageRef"]["location"] for d in state["object"]["dependencies"]]
mirror = os.path.realpath(sys.argv[2])
print("    GRDB came from:", ", ".join(locations))
sys.exit(0 if any(os.path.realpath(l) == mirror for l in locations) else 1)
PY
    ok "GRDB resolved from the local mirror $dest"
}

# --- installed prefix -------------------------------------------------------------------
# Every file the manifest, the metainfo and the desktop file refer to, relative to PREFIX.
expected_files() {
    python3 - "$repo/data/$APP_ID.metainfo.xml" "$repo/data/$APP_ID.desktop" \
        "$(manifest_value command)" <<'PY'
import configparser, sys, xml.etree.ElementTree as ET
component = ET.parse(sys.argv[1]).getroot()
desktop = configparser.RawConfigParser(interpolation=None, strict=False)
desktop.optionxform = str
desktop.read(sys.argv[2])
entry = desktop["Desktop Entry"]
cid = component.findtext("id")
files = {
    f"bin/{sys.argv[3]}",
    f"share/metainfo/{cid}.metainfo.xml",
    f"share/{cid}/seed.json",
    f"share/icons/hicolor/scalable/apps/{entry['Icon']}.svg",
    f"share/icons/hicolor/symbolic/apps/{entry['Icon']}-symbolic.svg",
}
files |= {f"share/applications/{l.text}" for l in component.iter("launchable")
          if l.get("type") == "desktop-id"}
files |= {f"bin/{b.text}" for b in component.iter("binary")}
print("\n".join(sorted(files)))
PY
}

check_prefix() {
    local prefix="$1" file
    step "installed prefix $prefix"
    while IFS= read -r file; do
        [[ -f "$prefix/$file" ]] || fail "missing $file"
        ok "$file"
    done < <(expected_files)
    [[ -x "$prefix/bin/imager" ]] || fail "bin/imager is not executable"
    # flatpak build-finish exports only files named after the app ID.
    while IFS= read -r file; do
        [[ "$(basename "$file")" == "$APP_ID"* ]] || fail "$file is not named after $APP_ID"
    done < <(cd "$prefix" && find share/applications share/icons share/metainfo -type f)
    ok "exported files are named after $APP_ID"
    # The installed desktop file and metainfo are data/'s with the translations merged in:
    # every line of data/'s desktop file is there, plus each language's, and both validate.
    local line lang
    while IFS= read -r line; do
        grep -qxF -- "$line" "$prefix/share/applications/$APP_ID.desktop" || fail "installed desktop file lacks: $line"
    done <"$repo/data/$APP_ID.desktop"
    desktop-file-validate "$prefix/share/applications/$APP_ID.desktop" || fail "installed desktop file does not validate"
    appstreamcli validate --no-net "$prefix/share/metainfo/$APP_ID.metainfo.xml" >/dev/null ||
        fail "installed metainfo does not validate"
    for lang in $(grep -v '^#' "$repo/po/LINGUAS"); do
        grep -q "^Comment\[$lang\]=" "$prefix/share/applications/$APP_ID.desktop" || fail "desktop file has no $lang comment"
        grep -q "xml:lang=\"$lang\"" "$prefix/share/metainfo/$APP_ID.metainfo.xml" || fail "metainfo has no $lang text"
        [[ -f "$prefix/share/locale/$lang/LC_MESSAGES/imager.mo" ]] || fail "no $lang catalogue"
    done
    ok "desktop file and metainfo translated (po/LINGUAS), catalogues under share/locale"
    # The user's manual, where Yelp resolves help:$APP_ID: every page of help/C, unchanged.
    local manual="$prefix/share/help/C/$APP_ID" page
    [[ -f "$manual/index.page" ]] || fail "no manual at share/help/C/$APP_ID/index.page"
    for page in "$repo"/help/C/*.page; do
        cmp -s "$page" "$manual/${page##*/}" || fail "share/help/C/$APP_ID/${page##*/} is not help/C's"
    done
    [[ "$(find "$manual" -type f | wc -l)" == "$(find "$repo/help/C" -type f | wc -l)" ]] ||
        fail "share/help/C/$APP_ID holds other files than help/C's"
    (cd "$manual" && yelp-check validate ./*.page >/dev/null && [[ -z "$(yelp-check links ./*.page)" ]]) ||
        fail "the installed manual does not validate, or a link in it leads nowhere"
    ok "manual installed as share/help/C/$APP_ID ($(find "$manual" -name '*.page' | wc -l) pages, valid)"
    if [[ -z "${IMAGER_BINARY:-}" ]]; then
        if ldd "$prefix/bin/imager" | grep -q 'libswiftCore'; then
            fail "bin/imager links the Swift stdlib dynamically"
        fi
        ok "bin/imager carries its Swift stdlib"
    fi
}

# --- launch -----------------------------------------------------------------------------
launch_moved_prefix() {
    local prefix="$1" moved="$work/moved/prefix" exec_line
    step "move the prefix and launch it from its desktop file"
    rm -rf "$work/moved" "$work/user"
    mkdir -p "$work/moved" "$work/user"
    mv "$prefix" "$moved"
    ok "moved $prefix -> $moved"
    exec_line="$(sed -n 's/^Exec=//p' "$moved/share/applications/$APP_ID.desktop" | head -n 1)"
    # Field codes (%f, %U, ...) are for the launcher to expand; no files are passed here.
    exec_line="$(sed -E 's/(^| )%[fFuUdDnNickvm]//g' <<<"$exec_line")"
    [[ -n "$exec_line" ]] || fail "no Exec line in the installed desktop file"
    ok "Exec=$exec_line"

    xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- \
        env -u WAYLAND_DISPLAY \
        PATH="$moved/bin:$PATH" \
        HOME="$work/user" \
        XDG_DATA_HOME="$work/user/data" \
        XDG_CONFIG_HOME="$work/user/config" \
        XDG_CACHE_HOME="$work/user/cache" \
        XDG_STATE_HOME="$work/user/state" \
        GSETTINGS_BACKEND=memory \
        GTK_A11Y=none NO_AT_BRIDGE=1 \
        GDK_BACKEND=x11 \
        bash -c "$(launch_script)" launch "$exec_line" "$launch_timeout" "$work" \
        "${IMAGER_SCREENSHOT:-}" >"$work/session.log" 2>&1 || {
        cat "$work/launch.report"
        echo "    the X and D-Bus session said:" >&2
        tail -n 40 "$work/session.log" | sed 's/^/      /' >&2
        fail "the installed app did not show its window"
    }
    cat "$work/launch.report"

    # The app finds its seed next to its executable, so after the move it must read it there.
    python3 - "$work/launch.strace" "$moved/share/$APP_ID/seed.json" <<'PY' || fail "the seed was not read from the moved prefix"
import os, re, sys
expected = os.path.realpath(sys.argv[2])
opened = set()
for line in open(sys.argv[1], errors="replace"):
    m = re.search(r'open(?:at)?\((?:[^,]+, )?"([^"]*seed\.json)"[^)]*\)\s*=\s*(-?\d+)', line)
    if m:
        opened.add((os.path.realpath(m.group(1)), int(m.group(2)) >= 0))
print("    seed.json opens:", sorted(opened) or "none")
sys.exit(0 if (expected, True) in opened else 1)
PY
    ok "read $moved/share/$APP_ID/seed.json"
    MOVED_PREFIX="$moved"
}

# Runs inside Xvfb and the session bus: start the app under strace, wait for its window.
launch_script() {
    cat <<'SH'
set -u
exec_line="$1" timeout="$2" work="$3" screenshot="$4"
# Daemons the session bus starts share this stdout; the report goes to its own file.
exec 3>"$work/launch.report"
read -r -a argv <<<"$exec_line"
strace -f -qq -e trace=open,openat -o "$work/launch.strace" "${argv[@]}" >"$work/launch.log" 2>&1 &
tracer=$!
app=""
window=""
for ((i = 0; i < timeout * 4; i++)); do
    sleep 0.25
    if ! kill -0 "$tracer" 2>/dev/null; then
        echo "    the app exited before showing a window; its output:" >&3
        sed 's/^/      /' "$work/launch.log" >&3
        exit 1
    fi
    [[ -n "$app" ]] || app="$(pgrep -P "$tracer" | head -n 1)"
    [[ -n "$app" ]] || continue
    window="$(xdotool search --onlyvisible --pid "$app" 2>/dev/null | head -n 1)"
    [[ -n "$window" ]] || window="$(xdotool search --onlyvisible --name '^Imager$' 2>/dev/null | head -n 1)"
    [[ -n "$window" ]] && break
done
status=0
if [[ -n "$window" ]]; then
    echo "    ok: window $window \"$(xdotool getwindowname "$window")\" after $((i / 4)) s" >&3
    # Give a seed that is read after the window maps a moment to show up in the trace.
    for ((j = 0; j < 20; j++)); do
        grep -q 'seed\.json' "$work/launch.strace" 2>/dev/null && break
        sleep 0.25
    done
    sleep 1
    if [[ -n "$screenshot" ]]; then
        import -window "$window" "$screenshot" && echo "    ok: screenshot saved to $screenshot" >&3
    fi
else
    echo "    no visible window after $timeout s; the app's output:" >&3
    sed 's/^/      /' "$work/launch.log" >&3
    status=1
fi
[[ -n "$app" ]] && kill "$app" 2>/dev/null
wait "$tracer" 2>/dev/null
exit "$status"
SH
}

check_uninstall() {
    local prefix="$1" leftovers
    step "install.sh --uninstall"
    "$repo/packaging/install.sh" --uninstall "$prefix" >/dev/null
    # Cache files belong to the shared directories, not to Imager.
    leftovers="$(cd "$prefix" && find . -type f ! -name icon-theme.cache ! -name mimeinfo.cache)"
    [[ -z "$leftovers" ]] || fail "files left after uninstall: $leftovers"
    ok "every installed file removed"
}

main() {
    echo "Imager packaging check (work directory: $work)"
    ensure_tools
    validate_desktop_file
    validate_metainfo
    validate_icons
    parse_manifest
    offline_build
    check_prefix "$work/app"
    launch_moved_prefix "$work/app"
    check_uninstall "$MOVED_PREFIX"
    step "packaging check passed"
}

main "$@"
