#!/usr/bin/env bash
# Tests/debian-mirror.sh
# Prints the Debian mirror this machine's apt already uses, read from its configuration, for
# the scripts that make Debian roots with mmdebstrap; IMAGER_DEBIAN_MIRROR=URI overrides it.
# The mirror is the main archive among apt's sources (deb822 .sources files and sources.list
# alike, as apt itself parses them): the entry for this release's own suite, which is never
# debian-security (that serves "<codename>-security"). Exits 1 when apt names none.
set -euo pipefail
mirror=${IMAGER_DEBIAN_MIRROR:-}
if [ -z "$mirror" ]; then
  codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
  mirror=$(apt-get indextargets --format '$(TARGET_OF) $(RELEASE) $(REPO_URI)' 2>/dev/null \
    | awk -v c="$codename" '$1 == "deb" && $2 == c { print $3; exit }')
fi
if [ -z "$mirror" ]; then
  # No index target names this release (apt too old, or a pinned suite name): take the first
  # deb URI whose path ends in /debian, from both formats of source files.
  mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
      | awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i !~ /^\[/ && $i !~ /\]$/) { print $i; break } }'
    cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk 'tolower($1) == "uris:" { for (i = 2; i <= NF; i++) print $i }')
  mirror=$(printf '%s\n' "$mirror" | grep -E '/debian/?$' | head -n1 || true)
fi
[ -n "$mirror" ] || { echo "found no Debian mirror in apt's configuration; set IMAGER_DEBIAN_MIRROR" >&2; exit 1; }
echo "${mirror%/}"
