#!/usr/bin/env bash
# The whole test suite, as the README gives it: installs what it needs (Debian 12 or 13), builds,
# then runs every stage and prints one closing line, "stages: N passed, N failed".
#   unit + in-process GTK tests   swift test, under Xvfb with a D-Bus session
#   command line                  Tests/CommandLine/run.sh: --list/--import/--export, damaged stores
#   end to end                    Tests/EndToEnd/run.sh: the real window driven by xdotool and AT-SPI
#   translations                  po/update-pot.sh --check: the template matches the sources, German is complete
#   help                          help/check.sh: the manual's pages are valid Mallard, their template builds
#   packaging                     packaging/check-packaging.sh: desktop file, metainfo, install, Flatpak manifest
#   benchmark smoke               packaging/bench.sh --smoke: the benchmark still runs (no timing goals)
#   fuzzers                       Tests/Fuzz/run.sh 30: libFuzzer on the readers of outside bytes,
#                                 30 s each (a longer search: Tests/Fuzz/run.sh SECONDS)
# and, beside them, in a Debian 13 root (GTK 4.18, libadwaita 1.7; Tests/Debian13/make-root.sh
# makes it from this machine's Debian mirror and keeps it cached), the build, the unit and GTK
# tests and the end-to-end tests again, each reported as its own stage ("Debian 13: ..") after
# this machine's. The fuzzers run in that background lane too, after the Debian 13 stages: it
# ends sooner than this machine's, and the whole run is shorter for it.
# IMAGER_DEBIAN13=0 leaves them all out, IMAGER_DEBIAN13_E2E=0 only the end-to-end tests there
# (quicker runs while working). On a Debian 13 machine the stages above are the Debian 13 ones,
# and the root is not made.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

Tests/install-test-deps.sh || { echo "could not install the test dependencies"; exit 1; }
swift build 2>&1 | grep -v "prohibited flag" || true
if [ ! -x .build/debug/imager ] || ! swift build >/dev/null 2>&1; then
  swift build 2>&1 | tail -30
  echo "stages: 0 passed, 1 failed"
  exit 1
fi
binary="$root/.build/debug/imager"

passed=0 failed=0 failures=()
# What failed, line by line (a test's FAIL or ✘ line, a compiler's error), gathered from every
# stage's output and printed again at the very end: a CI log is often read from its tail.
failed_lines=$(mktemp)
stage_log=$(mktemp)
trap 'rm -f "$failed_lines" "$stage_log"' EXIT
stage() {
  local name=$1; shift
  echo
  echo "=== $name"
  local started=$SECONDS
  if "$@" 2>&1 | tee "$stage_log"; [ "${PIPESTATUS[0]}" -eq 0 ]; then
    passed=$((passed + 1)); echo "=== $name: passed ($((SECONDS - started)) s)"
  else
    failed=$((failed + 1)); failures+=("$name"); echo "=== $name: FAILED ($((SECONDS - started)) s)"
    grep -a -E '^(FAIL|ERROR)\b|✘|error:|Fatal error|crash' "$stage_log" | head -40 | sed "s/^/$name: /" >>"$failed_lines"
  fi
}

# The Debian 13 stages run in the background beside this machine's, into a log of their own
# that is printed, with their results, once this machine's stages are done: on 2 cores the
# two sets take little more than the longer one alone, as much of each is waiting on windows
# (the root has its own network namespace, so its X servers never meet these).
fuzzers() {
  stage "fuzzers" env IMAGER_FUZZ_SEED="${IMAGER_FUZZ_SEED:-1}" Tests/Fuzz/run.sh 30
}

debian13_pid="" debian13_log=""
if [ "$(. /etc/os-release && echo "${VERSION_ID:-}")" = 13 ]; then
  echo
  echo "=== this machine is Debian 13: the stages below run on it, so no Debian 13 root is made"
elif [ "${IMAGER_DEBIAN13:-1}" != 0 ]; then
  debian13_log=$(mktemp)
  trap 'rm -f "$failed_lines" "$stage_log" "$debian13_log" "$debian13_log.result" "$debian13_log.failed" "$debian13_log.stage"' EXIT
  debian13_root=${XDG_CACHE_HOME:-$HOME/.cache}/imager/debian13-root
  in_root() { Tests/Debian13/run-in-root.sh "$debian13_root" "$@"; }
  debian13_build() { in_root swift build --scratch-path .build-debian13 --build-tests 2>&1 | grep -v "prohibited flag" | tail -40; [ "${PIPESTATUS[0]}" -eq 0 ]; }
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  (
    passed=0 failed=0 failures=() failed_lines="$debian13_log.failed" stage_log="$debian13_log.stage"
    if stage "Debian 13: root" "${as_root[@]}" Tests/Debian13/make-root.sh "$debian13_root" &&
       stage "Debian 13: build" debian13_build; then
      stage "Debian 13: unit and in-process GTK tests" \
        in_root xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- env GSK_RENDERER=cairo NO_AT_BRIDGE=1 \
          swift test --skip-build --scratch-path .build-debian13
      if [ "${IMAGER_DEBIAN13_E2E:-1}" != 0 ]; then
        stage "Debian 13: end to end" in_root Tests/EndToEnd/run.sh .build-debian13/debug/imager
      fi
    fi
    fuzzers
    echo "$passed $failed ${failures[*]}" >"$debian13_log.result"
  ) </dev/null >"$debian13_log" 2>&1 &
  debian13_pid=$!
  echo
  echo "=== the Debian 13 stages and the fuzzers run in the background; their report follows this machine's"
fi

stage "unit and in-process GTK tests" \
  xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- env GSK_RENDERER=cairo NO_AT_BRIDGE=1 swift test
stage "command line" Tests/CommandLine/run.sh "$binary"
stage "end to end" Tests/EndToEnd/run.sh "$binary"
stage "translations" po/update-pot.sh --check
stage "help" help/check.sh
stage "packaging" env IMAGER_BINARY="$binary" packaging/check-packaging.sh
stage "benchmark smoke" packaging/bench.sh --smoke
[ -n "$debian13_pid" ] || fuzzers

if [ -n "$debian13_pid" ]; then
  echo
  echo "=== waiting for the Debian 13 stages and the fuzzers"
  wait "$debian13_pid"
  cat "$debian13_log"
  if read -r more_passed more_failed more_failures <"$debian13_log.result" 2>/dev/null; then
    passed=$((passed + more_passed)) failed=$((failed + more_failed))
    [ -z "$more_failures" ] || failures+=("$more_failures")
    cat "$debian13_log.failed" >>"$failed_lines" 2>/dev/null || true
  else
    failed=$((failed + 1)); failures+=("Debian 13 (its stages ended without a report)")
  fi
fi

echo
if [ -s "$failed_lines" ]; then
  echo "what failed:"
  cat "$failed_lines"
fi
[ $failed -eq 0 ] || echo "failed stages: ${failures[*]}"
echo "stages: $passed passed, $failed failed"
[ $failed -eq 0 ]
