#!/usr/bin/env bash
# po/build.sh OUTDIR
# Compiles the translations listed in po/LINGUAS into OUTDIR/locale/<lang>/LC_MESSAGES/imager.mo
# and writes the desktop file and the metainfo with every translation merged in
# (OUTDIR/<app id>.desktop, OUTDIR/<app id>.metainfo.xml). packaging/install.sh installs
# these; the end-to-end tests point IMAGER_LOCALE_DIR at OUTDIR/locale.
set -euo pipefail
export LC_ALL=C.UTF-8
[ $# -eq 1 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
out=$1
repo=$(cd "$(dirname "$0")/.." && pwd)
app=io.github.imagerproject.Imager
command -v msgfmt >/dev/null || { echo "po/build.sh: msgfmt missing (apt-get install gettext)" >&2; exit 1; }
mkdir -p "$out/locale"
for lang in $(grep -v '^#' "$repo/po/LINGUAS"); do
  mkdir -p "$out/locale/$lang/LC_MESSAGES"
  msgfmt --check -o "$out/locale/$lang/LC_MESSAGES/imager.mo" "$repo/po/$lang.po"
done
msgfmt --desktop --template="$repo/data/$app.desktop" -d "$repo/po" -o "$out/$app.desktop"
msgfmt --xml --template="$repo/data/$app.metainfo.xml" -d "$repo/po" -o "$out/$app.metainfo.xml"
