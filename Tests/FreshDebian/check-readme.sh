#!/usr/bin/env bash
# Tests/FreshDebian/check-readme.sh 12|13 [--as-user] [--no-tests]
# Checks the README's two commands on a fresh Debian 12 or 13: in a minimal root that holds
# only what a fresh Debian machine with Swift 6.3 installed has, a clone of this repository's
# HEAD runs `packaging/install-build-deps.sh && swift run imager` (the window must open; it is
# photographed and closed with Ctrl+Q), then `Tests/install-test-deps.sh` and a part of the
# suite (see below). As root by default; --as-user runs both as a new user with passwordless
# sudo instead. --no-tests stops after the window. Run it as root; prints "N passed, N failed"
# over its steps at the end, and keeps its log and screenshots in
# ${XDG_CACHE_HOME:-$HOME/.cache}/imager/fresh-debianN-check[-user]/ (after a failure also the
# root's changed files, in upper/).
#
# The fresh root is made once with mmdebstrap (variant minbase) from the Debian mirror this
# machine's apt already uses, and cached in ~/.cache/imager/fresh-debianN-root; every check runs
# on an overlay over it, so each starts from the pristine root and the README's installs really
# happen. The root holds: Debian's required packages and apt, the packages the Swift toolchain
# runs on (as in Tests/Debian13/make-root.sh's first group), sudo, ca-certificates and git;
# the Swift toolchain at /opt/swift and the machine's Swift package cache at /opt/swift-packages
# are bound in read-only, with the git url.*.insteadOf settings that point at that cache (and
# safe.directory for its repositories, which root owns), and /etc/profile.d puts swift on PATH,
# as installing Swift does.
#
# The window is shown on an Xvfb server of this machine's (only its socket goes into the root),
# and this machine's xdotool and ImageMagick find, photograph and close it: the build
# dependencies alone must make the window work, so the test packages (Xvfb among them) are not
# installed into the root before the README's first command has run.
#
# The part of the suite: the unit and in-process GTK tests (swift test, under Xvfb as the suite
# runs them), the command-line tests matching IMAGER_FRESH_CLI (default "window_start"), and
# the end-to-end tests matching IMAGER_FRESH_E2E (default "german,closing_over,
# undo_toast_shows,control_w_closes": the window in German, which needs a German locale on
# Debian 13; closing over a read-only data folder, which mounts through sudo as the user; the
# undo toast read off the screen; Ctrl+W). Not the whole of Tests/run-all.sh: on Debian 12 it
# would make a nested Debian 13 root.
set -uo pipefail
usage() { sed -n '2,11p' "$0" >&2; exit 2; }
release=${1:-}; shift || true
as_user=0 tests=1
for a in "$@"; do
  case $a in --as-user) as_user=1 ;; --no-tests) tests=0 ;; *) usage ;; esac
done
case $release in
  12) suite=bookworm gcc=12 curl=libcurl4 ;;
  13) suite=trixie gcc=14 curl=libcurl4t64 ;;
  *) usage ;;
esac
[ "$(id -u)" -eq 0 ] || { echo "check-readme: run as root (mmdebstrap, mounts, chroot)" >&2; exit 1; }
for tool in mmdebstrap Xvfb xdotool import unshare; do
  command -v "$tool" >/dev/null || { echo "check-readme: needs $tool on this machine (apt-get install mmdebstrap xvfb xdotool imagemagick)" >&2; exit 1; }
done
[ -x /opt/swift/usr/bin/swift ] || { echo "check-readme: needs the Swift toolchain at /opt/swift" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
cache=${XDG_CACHE_HOME:-$HOME/.cache}/imager
base=$cache/fresh-debian$release-root
stamp_name=.imager-fresh-root-packages
person=root
[ $as_user = 0 ] || person=tester
out=$cache/fresh-debian$release-check$([ $as_user = 0 ] || echo -user)

# What a fresh Debian machine with Swift 6.3 installed has, beyond minbase: the toolchain's
# linker, C runtime, SwiftPM's libcurl, libxml2, ncurses, SQLite and git, and sudo.
packages=(
  binutils libc6-dev "libgcc-$gcc-dev" "libstdc++-$gcc-dev" zlib1g-dev
  "$curl" libxml2 libedit2 libncurses6 libsqlite3-0 libuuid1 tzdata
  git ca-certificates sudo
)
list=$(printf '%s\n' "$suite" "${packages[@]}" | sort -u)
hash=$(printf '%s\n' "$list" | sha256sum | cut -d' ' -f1)
if ! [ -f "$base/$stamp_name" ] || [ "$(cat "$base/$stamp_name")" != "$hash" ]; then
  mirror=$("$repo/Tests/debian-mirror.sh") || exit 1
  echo "check-readme: making a fresh Debian $release ($suite) root in $base from $mirror"
  started=$SECONDS
  rm -rf "$base.new"
  mkdir -p "$cache"
  # A machine id, as an installed system has; swift on PATH, as installing Swift does.
  mmdebstrap --variant=minbase --mode=root \
    --include="$(IFS=,; echo "${packages[*]}")" \
    --customize-hook='tr -d - < /proc/sys/kernel/random/uuid > "$1/etc/machine-id"' \
    --customize-hook='echo "PATH=/opt/swift/usr/bin:\$PATH" > "$1/etc/profile.d/swift.sh"' \
    "$suite" "$base.new" "$mirror" || { echo "check-readme: mmdebstrap failed" >&2; exit 1; }
  printf '%s\n' "$hash" > "$base.new/$stamp_name"
  rm -rf "$base" && mv "$base.new" "$base"
  echo "check-readme: made $base in $((SECONDS - started)) s"
fi

# The check's own folder: the overlay's upper and work folders, the log and the screenshot.
rm -rf "$out"
mkdir -p "$out/upper" "$out/work" "$out/merged"
log=$out/log
n=150
while [ -e "/tmp/.X$n-lock" ] || [ -e "/tmp/.X11-unix/X$n" ]; do n=$((n + 1)); done
display=:$n
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >"$out/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 2
kill -0 $xvfb 2>/dev/null || { echo "check-readme: Xvfb $display did not start" >&2; cat "$out/xvfb.log" >&2; exit 1; }

# Everything below runs in a private mount namespace: the overlay and the binds go with it.
export CR_BASE=$base CR_OUT=$out CR_REPO=$repo CR_PERSON=$person CR_DISPLAY=$display CR_TESTS=$tests
export CR_CLI=${IMAGER_FRESH_CLI:-window_start} CR_E2E=${IMAGER_FRESH_E2E:-german,closing_over,undo_toast_shows,control_w_closes}
export CR_RELEASE=$release CR_LOG=$log
unshare --mount --propagation private -- bash -c '
  set -u
  m=$CR_OUT/merged
  mount -t overlay overlay -o "lowerdir=$CR_BASE,upperdir=$CR_OUT/upper,workdir=$CR_OUT/work" "$m" || exit 1
  mount -t proc proc "$m/proc"
  mount --rbind /dev "$m/dev"
  mount -t tmpfs tmpfs "$m/dev/shm"
  mount --rbind /sys "$m/sys"
  mount -t tmpfs tmpfs "$m/run"
  for d in /opt/swift /opt/swift-packages; do
    [ -d "$d" ] || continue
    mkdir -p "$m$d"; mount --bind "$d" "$m$d"; mount -o remount,bind,ro "$m$d"
  done
  # The display: only the X socket of this machine'"'"'s Xvfb.
  mkdir -p "$m/tmp/.X11-unix"; mount --bind /tmp/.X11-unix "$m/tmp/.X11-unix"
  # The network as this machine resolves it, and the git settings that point at the package cache.
  cp -L /etc/resolv.conf "$m/etc/resolv.conf"
  # The /etc/hosts that the Debian installer writes (mmdebstrap writes none), naming this host:
  # without it sudo complains on every call.
  [ -e "$m/etc/hosts" ] || printf "127.0.0.1\tlocalhost\n127.0.1.1\t%s\n::1\tlocalhost ip6-localhost ip6-loopback\n" "$(hostname)" > "$m/etc/hosts"
  git config --system --get-regexp "^url\." 2>/dev/null | while read -r key value; do
    git config --file "$m/etc/gitconfig" --add "$key" "$value"
  done
  # The cache belongs to root; git reads another owner'"'"'s repository only when told it is safe
  # (for a user, as on any machine that shares such a cache).
  [ -d /opt/swift-packages ] && realpath /opt/swift-packages/*/*.git | sort -u | while read -r d; do
    git config --file "$m/etc/gitconfig" --add safe.directory "$d"
  done
  in_root() { chroot "$m" /usr/sbin/runuser -l "$CR_PERSON" -w DISPLAY,NO_AT_BRIDGE,IMAGER_E2E_ONLY,IMAGER_E2E_SCREENSHOTS -c "$1"; }

  if [ "$CR_PERSON" = root ]; then home=/root; else
    chroot "$m" useradd --create-home --shell /bin/bash "$CR_PERSON" || exit 1
    echo "$CR_PERSON ALL=(ALL) NOPASSWD: ALL" > "$m/etc/sudoers.d/$CR_PERSON"
    chmod 440 "$m/etc/sudoers.d/$CR_PERSON"
    home=/home/$CR_PERSON
  fi
  git clone -q --no-hardlinks "$CR_REPO" "$m$home/imager" || exit 1
  chroot "$m" chown -R "$CR_PERSON:" "$home/imager"
  echo "check-readme: Debian $CR_RELEASE as $CR_PERSON, clone of $(git -C "$CR_REPO" rev-parse --short HEAD) in $home/imager"

  passed=0 failed=0
  step() { if [ "$2" = 0 ]; then passed=$((passed + 1)); echo "=== $1: passed ($3 s)"; else failed=$((failed + 1)); echo "=== $1: FAILED ($3 s)"; fi; }

  # The README'"'"'s first command, as written; the window it opens is photographed and closed.
  echo "=== build and run: packaging/install-build-deps.sh && swift run imager"
  started=$SECONDS
  export DISPLAY=$CR_DISPLAY NO_AT_BRIDGE=1
  in_root "cd ~/imager && packaging/install-build-deps.sh && swift run imager" > "$CR_OUT/build-and-run.log" 2>&1 &
  app=$!
  window=""
  while kill -0 $app 2>/dev/null; do
    window=$(xdotool search --onlyvisible --name "Imager" 2>/dev/null | head -n1)
    [ -n "$window" ] && break
    sleep 5
  done
  status=1
  if [ -n "$window" ]; then
    sleep 5
    import -window root "$CR_OUT/window.png"
    xdotool windowfocus --sync "$window" key --clearmodifiers ctrl+q
    for _ in $(seq 30); do kill -0 $app 2>/dev/null || break; sleep 1; done
    if kill -0 $app 2>/dev/null; then
      echo "the window did not close on Ctrl+Q"; kill $app
    else
      wait $app; status=$?
      echo "window seen ($CR_OUT/window.png), closed with Ctrl+Q, exit status $status"
    fi
  else
    wait $app; echo "no window: the command ended with status $?"
  fi
  tail -n 25 "$CR_OUT/build-and-run.log"
  step "build and run" $status $((SECONDS - started))

  # The tests start X servers of their own in the root.
  umount "$m/tmp/.X11-unix"
  if [ "$CR_TESTS" = 1 ] && [ $status = 0 ]; then
    unset DISPLAY
    started=$SECONDS
    echo "=== test dependencies: Tests/install-test-deps.sh"
    in_root "cd ~/imager && Tests/install-test-deps.sh" 2>&1 | tail -n 25
    step "test dependencies" "${PIPESTATUS[0]}" $((SECONDS - started))

    started=$SECONDS
    echo "=== unit and in-process GTK tests"
    in_root "cd ~/imager && swift build --build-tests 2>&1 | grep -v \"prohibited flag\" | tail -n 20 && xvfb-run -a -s \"-screen 0 1280x800x24\" dbus-run-session -- env GSK_RENDERER=cairo NO_AT_BRIDGE=1 swift test --skip-build" > "$CR_OUT/swift-test.log" 2>&1
    status=$?
    grep -E "Executed [0-9]+ tests|Test run with|error:|failed" "$CR_OUT/swift-test.log" | tail -n 15
    step "unit and in-process GTK tests" $status $((SECONDS - started))

    started=$SECONDS
    echo "=== command line: -k $CR_CLI"
    in_root "cd ~/imager && Tests/CommandLine/run.sh .build/debug/imager -k $CR_CLI" 2>&1 | tail -n 15
    step "command line" "${PIPESTATUS[0]}" $((SECONDS - started))

    started=$SECONDS
    echo "=== end to end: $CR_E2E"
    export IMAGER_E2E_ONLY=$CR_E2E IMAGER_E2E_SCREENSHOTS=$home/e2e-screenshots
    in_root "cd ~/imager && Tests/EndToEnd/run.sh .build/debug/imager" 2>&1 | tail -n 25
    step "end to end" "${PIPESTATUS[0]}" $((SECONDS - started))
    cp -r "$m$home/e2e-screenshots" "$CR_OUT/" 2>/dev/null
  fi
  echo "$passed passed, $failed failed"
  [ $failed = 0 ]
' 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# What the root gained (the packages, the clone and its builds) is kept only to look into a failure.
[ "$status" -ne 0 ] || rm -rf "$out/upper" "$out/work" "$out/merged"
echo "check-readme: log and screenshots in $out"
exit "$status"
