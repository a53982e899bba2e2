#!/usr/bin/env bash
# Tests/Debian13/make-root.sh [DIR]
# Makes a Debian 13 (trixie) root in DIR with the packages that building Imager and running its
# unit, GTK and end-to-end tests and its benchmark need, so that the same checkout can be built and tested against
# trixie's GTK 4.18 on a Debian 12 machine. Run Tests/Debian13/run-in-root.sh DIR COMMAND to use it.
# DIR defaults to ${XDG_CACHE_HOME:-$HOME/.cache}/imager/debian13-root.
#
# The root is cached: it records the hash of its package list, and is made again only when that
# list (or the suite) changes. The Debian mirror is the one this machine's apt already uses, read
# from its configuration; IMAGER_DEBIAN_MIRROR=URI overrides it. Needs root (mmdebstrap makes
# device nodes and runs maintainer scripts); installs mmdebstrap with apt-get when it is missing.
set -euo pipefail
[ $# -le 1 ] || { sed -n '2,4p' "$0" >&2; exit 2; }
dir=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/imager/debian13-root}
suite=trixie
stamp_name=.imager-root-packages

# What the root holds, by purpose. Names are trixie's (libcurl4t64 is bookworm's libcurl4,
# pkgconf replaces pkg-config, GCC 14 replaces 12).
packages=(
  # the Swift toolchain at /opt/swift (bound in) runs on these: its linker and C runtime,
  # SwiftPM's libcurl, libxml2, ncurses, SQLite, and git to check out dependencies
  binutils libc6-dev libgcc-14-dev libstdc++-14-dev zlib1g-dev
  libcurl4t64 libxml2 libedit2 libncurses6 libsqlite3-0 libuuid1 tzdata
  git ca-certificates
  # building Imager: GTK 4, libadwaita and SQLite headers, pkg-config, msgfmt for the translations
  libgtk-4-dev libadwaita-1-dev libsqlite3-dev liblo-dev pkgconf gettext
  # MIDI: JACK and the ALSA sequencer's headers
  libjack-jackd2-dev libasound2-dev
  # what the app needs at run time beyond GTK's own dependencies: its icon theme is SVG only,
  # and SVG icons load through librsvg's gdk-pixbuf loader
  adwaita-icon-theme librsvg2-common fonts-cantarell
  # the tests: a display, input, a session bus, the accessibility bus, screenshots and OCR,
  # and a German locale (under C.UTF-8, as under C, Debian 13's C library ignores LANGUAGE)
  xvfb xauth xdotool dbus at-spi2-core x11-utils libxfixes3 locales
  # two monitors for Perform's Output test: Xorg's dummy outputs, xrandr, a window manager
  xserver-xorg-core xserver-xorg-video-dummy x11-xserver-utils openbox
  imagemagick tesseract-ocr tesseract-ocr-eng
  python3 python3-pyatspi gir1.2-gtk-4.0 libglib2.0-bin
  liblo-tools jackd2 python3-jack-client
  # jack_wait, with which the benchmark waits for its JACK server (in jackd2 on Debian 12)
  jack-example-tools
  sqlite3 util-linux mount iproute2 procps
  # the benchmark (packaging/bench.sh --debian13): a C compiler for its floors, and Syncthing
  # for the figure of an edit reaching another machine's window
  gcc syncthing
)

list=$(printf '%s\n' "$suite" "${packages[@]}" | sort -u)
hash=$(printf '%s\n' "$list" | sha256sum | cut -d' ' -f1)
if [ -f "$dir/$stamp_name" ] && [ "$(cat "$dir/$stamp_name")" = "$hash" ]; then
  echo "make-root: $dir is up to date (package list $hash)"
  exit 0
fi
[ "$(id -u)" -eq 0 ] || { echo "make-root: run as root (mmdebstrap makes device nodes and runs maintainer scripts)" >&2; exit 1; }

if ! command -v mmdebstrap >/dev/null; then
  echo "make-root: installing mmdebstrap"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends mmdebstrap >/dev/null
fi

mirror=$("$(dirname "$0")/../debian-mirror.sh")

echo "make-root: making a Debian 13 ($suite) root in $dir from $mirror"
echo "make-root: packages: ${packages[*]}"
mkdir -p "$(dirname "$dir")"
new="$dir.new"
rm -rf "$new"
started=$SECONDS
# Recommends stay out (the root holds what the list names and what it depends on); documentation
# and manual pages too. Translations stay: the tests run the app in German.
# dbus needs a machine id, which mmdebstrap leaves empty.
mmdebstrap --variant=apt --mode=root \
  --aptopt='APT::Install-Recommends "false"' \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/man/*' \
  --include="$(IFS=,; echo "${packages[*]}")" \
  --customize-hook='tr -d - < /proc/sys/kernel/random/uuid > "$1/etc/machine-id"' \
  --customize-hook='echo "de_DE.UTF-8 UTF-8" > "$1/etc/locale.gen" && chroot "$1" locale-gen >/dev/null' \
  "$suite" "$new" "$mirror"
printf '%s\n' "$hash" > "$new/$stamp_name"
printf '%s\n' "$list" > "$new/$stamp_name.list"
rm -rf "$dir"
mv "$new" "$dir"
echo "make-root: made $dir in $((SECONDS - started)) s ($(du -sh "$dir" | cut -f1))"
