#!/usr/bin/env bash
# help/check.sh: checks the user's manual (help/C/*.page, Mallard 1.0) as Yelp will read it:
# every page is valid Mallard, every page id matches its file name, every link leads to a page,
# every picture a page shows exists, and every page is reached from the index. Then it makes
# the translation template (help/update-pot.sh) in a scratch folder, checks that it parses and
# that help/imager-help.pot is that template (run help/update-pot.sh after editing a page).
# Needs yelp-tools and itstool (Tests/install-test-deps.sh installs them); all offline.
set -euo pipefail
cd "$(dirname "$0")"

for tool in yelp-check itstool msgcat; do
  command -v "$tool" >/dev/null 2>&1 || { echo "help/check.sh needs $tool (apt-get install yelp-tools itstool gettext)" >&2; exit 1; }
done

failed=0
check() {
  local what=$1; shift
  local out status=0
  out=$("$@" 2>&1) || status=$?
  # yelp-check links and ids report a problem by printing it; validate also by its status.
  if [ $status -ne 0 ] || [ -n "$out" ]; then
    echo "help: $what:"
    echo "$out" | sed 's/^/  /'
    failed=1
  else
    echo "help: $what: ok"
  fi
}
check "valid Mallard" yelp-check validate C/*.page
check "page ids match file names" yelp-check ids C/*.page
check "links lead to pages" yelp-check links C/*.page
check "pictures exist" yelp-check media C/*.page
check "every page reached from the index" yelp-check orphans C/*.page

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fresh="$scratch/imager-help.pot"
if ! ./update-pot.sh "$fresh" >/dev/null || ! msgcat "$fresh" -o /dev/null; then
  echo "help: translation template: itstool's template is missing or does not parse"
  failed=1
elif ! diff -q <(grep -v '^"POT-Creation-Date:' "$fresh") <(grep -v '^"POT-Creation-Date:' imager-help.pot 2>/dev/null) >/dev/null; then
  echo "help: translation template: help/imager-help.pot is out of date; run help/update-pot.sh"
  failed=1
else
  echo "help: translation template: ok ($(($(grep -c '^msgid ' "$fresh") - 1)) messages)"
fi
exit $failed
