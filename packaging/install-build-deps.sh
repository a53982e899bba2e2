#!/usr/bin/env bash
# Installs the Debian packages (12 or 13) that building and running Imager need, if any are
# missing: GTK 4, libadwaita, SQLite, liblo (OSC), JACK and ALSA (MIDI) headers, gettext (msgfmt builds the translations), and
# the icon theme with librsvg's loader (Debian 13's icons are SVG only). As root it runs apt-get itself (after apt-get update, which a fresh
# machine needs); as a desktop user it uses sudo. Installs nothing when all are present.
set -euo pipefail
packages=(libgtk-4-dev libadwaita-1-dev libsqlite3-dev liblo-dev libjack-jackd2-dev libasound2-dev gettext adwaita-icon-theme librsvg2-common)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install ${missing[*]} as root (sudo is not installed)" >&2; exit 1; }
  sudo="sudo"
fi
echo "installing: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
