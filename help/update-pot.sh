#!/usr/bin/env bash
# help/update-pot.sh [OUTPUT]: makes the user manual's translation template,
# help/imager-help.pot (or OUTPUT), from help/C/*.page with itstool, as GNOME's manuals do.
# A translator copies it to help/<lang>/<lang>.po, translates it and adds <lang> to
# help/LINGUAS; help/build.sh then makes that language's pages and packaging/install.sh
# installs them. help/check.sh fails while the committed template is out of date.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
output=$(realpath -m "${1:-$here/imager-help.pot}")
cd "$here"
command -v itstool >/dev/null 2>&1 || { echo "help/update-pot.sh needs itstool (apt-get install itstool)" >&2; exit 1; }
itstool -o "$output" C/*.page
echo "$output: $(($(grep -c '^msgid ' "$output") - 1)) messages"
