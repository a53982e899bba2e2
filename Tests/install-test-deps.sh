#!/usr/bin/env bash
# Installs the Debian packages that building and testing Imager need, if any are missing
# (Debian 12 and 13 name them alike, but for CPython's test suite, named for Python's version,
# and JACK's example clients),
# and makes the German locale the translation tests run in. Uses sudo when not root. Safe to
# run again: it installs and makes nothing when all are present.
set -euo pipefail
# Debian 12 has Python 3.11, Debian 13 Python 3.13; elsewhere the Python installed decides.
# Debian 13 moved JACK's example clients (jack_wait, with which the benchmark waits for its
# JACK server) from jackd2 into a package of their own.
jack_tools=()
case "$(. /etc/os-release && echo "${VERSION_ID:-}")" in
  12) python=3.11 ;;
  13) python=3.13; jack_tools=(jack-example-tools) ;;
  *) python=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null || echo 3.11) ;;
esac
packages=(
  libgtk-4-dev libadwaita-1-dev libsqlite3-dev   # build: GTK 4, libadwaita and SQLite headers
  liblo-dev liblo-tools                  # build: liblo decodes OSC; tests: oscsend sends it
  libjack-jackd2-dev libasound2-dev      # build: MIDI through JACK and the ALSA sequencer
  jackd2 python3-jack-client             # MIDI tests and the benchmark's MIDI figure: a JACK server with the dummy driver, and a sender on it
  "${jack_tools[@]}"
  gettext                                # xgettext checks the template, msgfmt builds the translations
  adwaita-icon-theme librsvg2-common fonts-cantarell   # the window's icons (SVG on Debian 13) and font
  xvfb xauth xdotool dbus at-spi2-core   # a display, input, a session bus, the accessibility bus
  x11-utils imagemagick                  # xmessage takes the focus away; import and convert photograph the window
  tesseract-ocr tesseract-ocr-eng        # end-to-end tests read what a user sees off the screen (titles, toasts)
  libxfixes3                             # ask X for the pointer's image (Perform hides a still pointer)
  xserver-xorg-core xserver-xorg-video-dummy x11-xserver-utils openbox   # two monitors for Perform's Output: Xorg's dummy outputs, xrandr, a window manager for full screen
  python3-pyatspi python3-dogtail        # end-to-end tests read the accessibility tree (for /usr/bin/python3)
  gir1.2-gtk-4.0                         # the end-to-end file drop drags from a small GTK 4 program of its own
  desktop-file-utils appstream flatpak-builder   # packaging checks
  sqlite3 util-linux iproute2            # the database CLI for checks; unshare, mount; ip (lo in a namespace)
  bubblewrap                             # Tests/Debian13/run-in-root.sh enters the Debian 13 root without root
  syncthing                              # the sync integration test runs two daemons
  yelp-tools itstool                     # the user's manual: yelp-check validates its pages, itstool makes their template
  "libpython$python-testsuite"           # CPython's JSON tests: the JSON_checker corpus for test_json_conformance.py
  locales                                # the German locale below
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# The translation tests run the app in German. Under the C locale gettext ignores LANGUAGE, and
# Debian 13's C library under C.UTF-8 too, so a German locale must exist: de_DE.UTF-8, made
# the Debian way (named in /etc/locale.gen, so that an upgrade of locales makes it again).
if ! locale -a 2>/dev/null | grep -qix 'de_DE\.utf-\?8'; then
  echo "making the de_DE.UTF-8 locale"
  grep -q '^de_DE\.UTF-8 UTF-8' /etc/locale.gen 2>/dev/null || echo "de_DE.UTF-8 UTF-8" | $sudo tee -a /etc/locale.gen >/dev/null
  $sudo locale-gen >/dev/null
fi
