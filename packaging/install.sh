#!/usr/bin/env bash
# Builds Imager and installs it under a prefix; the Flatpak manifest and CI use this same
# script (with --no-build), so every way of installing puts the same files in the same places.
#
#   packaging/install.sh [--no-build] [PREFIX]   install (PREFIX defaults to ~/.local)
#   packaging/install.sh --uninstall [PREFIX]    remove exactly the files an install puts there
#
# Environment:
#   SCRATCH_PATH   build directory handed to `swift build --scratch-path` (default: .build)
#   IMAGER_BINARY  with --no-build: the binary to install
#                  (default: $SCRATCH_PATH/release/imager, or .build/release/imager)
set -euo pipefail

readonly APP_ID="io.github.imagerproject.Imager"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

usage() {
    # The header comment above is the help text.
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
}

die() {
    echo "install.sh: $*" >&2
    exit 1
}

# The one list of installed files: "source-in-repo destination-under-prefix mode".
# Install and uninstall both read it, so they cannot drift apart. The binary's source is
# filled in later because it depends on the build.
installed_files() {
    cat <<EOF
@BINARY@ bin/imager 755
data/seed.json share/$APP_ID/seed.json 644
@TRANSLATED@/$APP_ID.desktop share/applications/$APP_ID.desktop 644
data/icons/hicolor/scalable/apps/$APP_ID.svg share/icons/hicolor/scalable/apps/$APP_ID.svg 644
data/icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg share/icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg 644
data/icons/hicolor/scalable/actions/$APP_ID-tool-select-symbolic.svg share/icons/hicolor/scalable/actions/$APP_ID-tool-select-symbolic.svg 644
data/icons/hicolor/scalable/actions/$APP_ID-shape-circle-symbolic.svg share/icons/hicolor/scalable/actions/$APP_ID-shape-circle-symbolic.svg 644
data/icons/hicolor/scalable/actions/$APP_ID-shape-square-symbolic.svg share/icons/hicolor/scalable/actions/$APP_ID-shape-square-symbolic.svg 644
data/icons/hicolor/scalable/actions/$APP_ID-shape-triangle-symbolic.svg share/icons/hicolor/scalable/actions/$APP_ID-shape-triangle-symbolic.svg 644
data/icons/hicolor/scalable/actions/$APP_ID-shape-star-symbolic.svg share/icons/hicolor/scalable/actions/$APP_ID-shape-star-symbolic.svg 644
@TRANSLATED@/$APP_ID.metainfo.xml share/metainfo/$APP_ID.metainfo.xml 644
EOF
    # Translations: found relative to the prefix (share/locale), so a moved prefix keeps them.
    local lang
    for lang in $(grep -v '^#' "$repo/po/LINGUAS"); do
        echo "@TRANSLATED@/locale/$lang/LC_MESSAGES/imager.mo share/locale/$lang/LC_MESSAGES/imager.mo 644"
    done
    # The user's manual, where Yelp looks for help:$APP_ID: share/help/<lang>/$APP_ID/.
    local page
    for page in "$repo"/help/C/*.page; do
        page="${page##*/}"
        echo "help/C/$page share/help/C/$APP_ID/$page 644"
        for lang in $(grep -v '^#' "$repo/help/LINGUAS"); do
            echo "@TRANSLATED@/help/$lang/$page share/help/$lang/$APP_ID/$page 644"
        done
    done
}

# Desktop environments read caches of these directories; a stale cache only delays the icon
# or launcher, so failures are reported and ignored. Flatpak builds its own caches on export.
refresh_caches() {
    local prefix="$1"
    if [[ -n "${FLATPAK_ID:-}" ]]; then
        return 0
    fi
    if command -v update-desktop-database >/dev/null 2>&1 && [[ -d "$prefix/share/applications" ]]; then
        update-desktop-database -q "$prefix/share/applications" ||
            echo "install.sh: update-desktop-database failed (ignored)" >&2
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [[ -d "$prefix/share/icons/hicolor" ]]; then
        gtk-update-icon-cache -q -t -f "$prefix/share/icons/hicolor" ||
            echo "install.sh: gtk-update-icon-cache failed (ignored)" >&2
    fi
}

build_release() {
    # Only the app: the package also holds the benchmark and stress-test executables.
    local args=(build -c release --product imager --static-swift-stdlib --package-path "$repo")
    if [[ -n "${SCRATCH_PATH:-}" ]]; then
        args+=(--scratch-path "$SCRATCH_PATH")
    fi
    echo "==> swift ${args[*]}" >&2
    swift "${args[@]}" >&2
    echo "$(swift "${args[@]}" --show-bin-path)/imager"
}

prebuilt_binary() {
    if [[ -n "${IMAGER_BINARY:-}" ]]; then
        echo "$IMAGER_BINARY"
    else
        echo "${SCRATCH_PATH:-$repo/.build}/release/imager"
    fi
}

do_install() {
    local prefix="$1" binary="$2" source dest mode
    [[ -x "$binary" ]] || die "no executable at $binary (build first, or set IMAGER_BINARY)"
    echo "==> installing Imager into $prefix"
    # The desktop file, the metainfo and the .mo files, with the translations in po/.
    local translated
    translated="$(mktemp -d)"
    "$repo/po/build.sh" "$translated" || die "could not build the translations (is gettext installed?)"
    "$repo/help/build.sh" "$translated" || die "could not build the translated manual (is itstool installed?)"
    while read -r source dest mode; do
        if [[ "$source" == "@BINARY@" ]]; then
            source="$binary"
        elif [[ "$source" == @TRANSLATED@/* ]]; then
            source="$translated/${source#@TRANSLATED@/}"
        else
            source="$repo/$source"
        fi
        [[ -f "$source" ]] || die "missing $source"
        install -D -m "$mode" "$source" "$prefix/$dest"
        echo "    $prefix/$dest"
    done < <(installed_files)
    rm -rf "$translated"
    refresh_caches "$prefix"
}

do_uninstall() {
    local prefix="$1" source dest mode
    echo "==> removing Imager from $prefix"
    while read -r source dest mode; do
        if [[ -e "$prefix/$dest" || -L "$prefix/$dest" ]]; then
            rm -f "$prefix/$dest"
            echo "    removed $prefix/$dest"
        fi
    done < <(installed_files)
    # The seed's and the manual's directories belong to Imager alone; shared directories stay.
    rmdir "$prefix/share/$APP_ID" 2>/dev/null || true
    local manual
    for manual in "$prefix"/share/help/*/"$APP_ID"; do
        rmdir "$manual" 2>/dev/null || true
    done
    refresh_caches "$prefix"
}

main() {
    local action=install build=1 prefix=""
    while (($#)); do
        case "$1" in
            --no-build) build=0 ;;
            --uninstall) action=uninstall ;;
            -h | --help) usage; exit 0 ;;
            -*) die "unknown option $1 (see --help)" ;;
            *)
                [[ -z "$prefix" ]] || die "only one PREFIX, got '$prefix' and '$1'"
                prefix="$1"
                ;;
        esac
        shift
    done
    if [[ -z "$prefix" ]]; then
        [[ -n "${HOME:-}" ]] || die "HOME is not set; give a PREFIX"
        prefix="$HOME/.local"
    fi
    # Relative prefixes would mean different places for install and uninstall.
    [[ "$prefix" == /* ]] || prefix="$PWD/$prefix"
    prefix="${prefix%/}"

    if [[ "$action" == uninstall ]]; then
        do_uninstall "$prefix"
        return
    fi
    local binary
    if ((build)); then
        binary="$(build_release)"
    else
        binary="$(prebuilt_binary)"
    fi
    do_install "$prefix" "$binary"
}

main "$@"
