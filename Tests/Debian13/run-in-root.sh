#!/usr/bin/env bash
# Tests/Debian13/run-in-root.sh DIR COMMAND [ARG...]
# Runs COMMAND inside the Debian 13 root that Tests/Debian13/make-root.sh made in DIR, in the
# same directory as here when that is inside the repository, else at the repository's top.
# The root itself is read-only, so one root serves any number of runs; each run gets a private
# /tmp, /run and HOME. Bound in: /proc, /dev, /sys, this repository (read-write, at its own path,
# so scratch paths such as .build-debian13 land in the checkout), the Swift toolchain at
# /opt/swift and the package cache at /opt/swift-packages (read-only), a worktree's main git
# directory (read-only), and this machine's
# git url.*.insteadOf settings (which point SwiftPM's GitHub URLs at that cache).
# The root has a network namespace of its own, with loopback only: X servers keep their
# abstract sockets there, so an Xvfb in the root and one on the machine can take the same
# display number, and test servers never meet the machine's ports; runs inside and outside
# can go on at once. Nothing inside needs the network (the package cache is bound in).
# Uses bwrap when it is installed, else unshare --mount --net with chroot; both tear their
# mounts down with the process.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,4p' "$0" >&2; exit 2; }
root=$(realpath "$1"); shift
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
[ -f "$root/.imager-root-packages" ] || { echo "run-in-root: $root is not a root made by make-root.sh" >&2; exit 1; }

workdir=$PWD
case "$workdir/" in "$repo"/*) ;; *) workdir=$repo ;; esac

# Only the url.* settings of the machine's git configuration go in: they are what SwiftPM needs,
# and nothing else of this machine's setup belongs in the root.
gitconfig=$(mktemp)
trap 'rm -f "$gitconfig"' EXIT
git config --system --get-regexp '^url\.' 2>/dev/null | while read -r key value; do
  git config --file "$gitconfig" --add "$key" "$value"
done

path=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# A worktree's .git names the main repository's git directory: bound in read-only, so git
# (and SwiftPM, which asks it) can read the checkout.
git_common=$(git -C "$repo" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
case "$git_common/" in "$repo"/*|/) git_common="" ;; esac
optional_binds=()
for d in /opt/swift /opt/swift-packages $git_common; do
  [ -d "$d" ] && optional_binds+=("$d")
done

# Mount points for what is bound in at its own path; the root is read-only once inside.
for d in "$repo" "${optional_binds[@]}"; do mkdir -p "$root$d"; done
[ -e "$root/etc/gitconfig" ] || touch "$root/etc/gitconfig"

if command -v bwrap >/dev/null; then
  args=(--ro-bind "$root" / --proc /proc --dev /dev --tmpfs /dev/shm --ro-bind /sys /sys
        --tmpfs /tmp --tmpfs /var/tmp --tmpfs /run --tmpfs /root --unshare-net
        --bind "$repo" "$repo" --ro-bind "$gitconfig" /etc/gitconfig)
  for d in "${optional_binds[@]}"; do args+=(--ro-bind "$d" "$d"); done
  # As root, the command keeps root's capabilities, as it would on the machine: some tests
  # mount (a read-only data folder), and dbus-daemon raises its file limit.
  [ "$(id -u)" -ne 0 ] || args+=(--cap-add ALL)
  exec bwrap "${args[@]}" --die-with-parent --chdir "$workdir" \
    --setenv PATH "$path" --setenv HOME /root --unsetenv XDG_CACHE_HOME --unsetenv XDG_RUNTIME_DIR \
    --unsetenv DISPLAY --unsetenv DBUS_SESSION_BUS_ADDRESS -- "$@"
fi

# unshare: private mount and network namespaces (loopback brought up), a read-only bind of
# the root on itself, and the rest mounted over it; everything goes when the namespaces'
# last process ends.
[ "$(id -u)" -eq 0 ] || { echo "run-in-root: without bwrap this needs root" >&2; exit 1; }
export RIR_ROOT=$root RIR_REPO=$repo RIR_GITCONFIG=$gitconfig RIR_WORKDIR=$workdir RIR_PATH=$path
export RIR_OPT="${optional_binds[*]}"
exec unshare --mount --net --propagation private -- bash -c '
  set -e
  ip link set lo up
  r=$RIR_ROOT
  mount --bind "$r" "$r"
  mount -t proc proc "$r/proc"
  mount --rbind /dev "$r/dev"
  mount -t tmpfs tmpfs "$r/dev/shm"
  mount --rbind /sys "$r/sys"
  for d in tmp var/tmp run root; do mount -t tmpfs tmpfs "$r/$d"; done
  mount --bind "$RIR_REPO" "$r$RIR_REPO"
  for d in $RIR_OPT; do mount --bind "$d" "$r$d"; mount -o remount,bind,ro "$r$d"; done
  mount --bind "$RIR_GITCONFIG" "$r/etc/gitconfig"
  mount -o remount,bind,ro "$r"
  cd_to=$RIR_WORKDIR path=$RIR_PATH
  unset RIR_ROOT RIR_REPO RIR_GITCONFIG RIR_WORKDIR RIR_PATH RIR_OPT XDG_CACHE_HOME XDG_RUNTIME_DIR DISPLAY DBUS_SESSION_BUS_ADDRESS
  exec chroot "$r" /usr/bin/env PATH="$path" HOME=/root sh -c "cd \"\$0\" && exec \"\$@\"" "$cd_to" "$@"
' run-in-root "$@"
