#!/usr/bin/env bash
# help/build.sh OUTDIR
# Writes the translated manual of every language listed in help/LINGUAS to
# OUTDIR/help/<lang>/*.page, from help/C/*.page and the translation help/<lang>/<lang>.po
# (itstool, as GNOME's manuals do). packaging/install.sh installs these beside help/C.
# With help/LINGUAS empty it writes nothing and needs nothing.
set -euo pipefail
[ $# -eq 1 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
out=$1
here=$(cd "$(dirname "$0")" && pwd)
for lang in $(grep -v '^#' "$here/LINGUAS"); do
  command -v itstool >/dev/null || { echo "help/build.sh: itstool missing (apt-get install itstool)" >&2; exit 1; }
  mkdir -p "$out/help/$lang"
  msgfmt --check -o "$out/help/$lang/$lang.mo" "$here/$lang/$lang.po"
  itstool -m "$out/help/$lang/$lang.mo" -o "$out/help/$lang/" "$here"/C/*.page
  rm "$out/help/$lang/$lang.mo"
done
