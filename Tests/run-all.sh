#!/usr/bin/env bash
# The whole test suite, as the README gives it: installs what it needs (Debian 12 or 13), builds,
# then runs every stage and prints one closing line, "stages: N passed, N failed".
#   test build                    swift build --build-tests
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
# tests and the end-to-end tests again, each reported as its own stage ("Debian 13: ..").
# Some stages run in the background, beside the others, and are reported after this machine's:
# the command-line tests beside the unit tests, and the Debian 13 stages followed by the
# fuzzers beside everything (that lane ends sooner than this machine's, and the whole run is
# shorter for it).
# IMAGER_DEBIAN13=0 leaves the Debian 13 stages out, IMAGER_DEBIAN13_E2E=0 only the end-to-end
# tests there (quicker runs while working). On a Debian 13 machine the stages above are the
# Debian 13 ones, and the root is not made.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

Tests/install-test-deps.sh || { echo "could not install the test dependencies"; exit 1; }
# The app, and the command-line tests' driver imager-stress (from Tools/, into the same scratch
# folder, where SwiftPM reuses the app's libraries).
build_log=$(mktemp)
swift build 2>&1 | grep -v "prohibited flag" | tee "$build_log"
built=${PIPESTATUS[0]}
if [ "$built" -eq 0 ]; then
  swift build --package-path Tools --scratch-path .build --product imager-stress 2>&1 | grep -v "prohibited flag" | tee "$build_log"
  built=${PIPESTATUS[0]}
fi
if [ "$built" -ne 0 ]; then
  echo
  echo "the build failed:"
  grep -a -E "error:" "$build_log" | head -40
  rm -f "$build_log"
  echo "stages: 0 passed, 1 failed"
  exit 1
fi
rm -f "$build_log"
binary="$root/.build/debug/imager"
stress="$root/.build/debug/imager-stress"

passed=0 failed=0 failures=()
# What failed, line by line (a test's FAIL or ✘ line, a compiler's error), gathered from every
# stage's output and printed again at the very end: a CI log is often read from its tail.
failed_lines=$(mktemp)
stage_log=$(mktemp)
lanes=()
trap 'rm -f "$failed_lines" "$stage_log"; for lane in "${lanes[@]}"; do rm -f "$lane" "$lane".*; done' EXIT
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

# Stages that run in the background beside this machine's, into a log of their own that is
# printed, with their results, once this machine's stages are done (in_background FUNCTION,
# then report_background): on 2 cores the sets take little more than the longest alone, as
# much of each is waiting on windows.
in_background() {
  local lane
  lane=$(mktemp)
  lanes+=("$lane")
  (
    passed=0 failed=0 failures=() failed_lines="$lane.failed" stage_log="$lane.stage"
    "$@"
    echo "$passed $failed ${failures[*]}" >"$lane.result"
  ) </dev/null >"$lane" 2>&1 &
  echo $! >"$lane.pid"
}
report_background() {
  local lane more_passed more_failed more_failures
  for lane in "${lanes[@]}"; do
    wait "$(cat "$lane.pid")"
    cat "$lane"
    if read -r more_passed more_failed more_failures <"$lane.result" 2>/dev/null; then
      passed=$((passed + more_passed)) failed=$((failed + more_failed))
      [ -z "$more_failures" ] || failures+=("$more_failures")
      cat "$lane.failed" >>"$failed_lines" 2>/dev/null || true
    else
      failed=$((failed + 1)); failures+=("stages in the background that ended without a report")
    fi
  done
}

fuzzers() {
  stage "fuzzers" env IMAGER_FUZZ_SEED="${IMAGER_FUZZ_SEED:-1}" Tests/Fuzz/run.sh 30
}

# The Debian 13 root's stages, then the fuzzers (that lane ends sooner than this machine's).
# The root has its own network namespace, so its X servers never meet these.
debian13=0
if [ "$(. /etc/os-release && echo "${VERSION_ID:-}")" = 13 ]; then
  echo
  echo "=== this machine is Debian 13: the stages below run on it, so no Debian 13 root is made"
elif [ "${IMAGER_DEBIAN13:-1}" != 0 ]; then
  debian13=1
  debian13_root=${XDG_CACHE_HOME:-$HOME/.cache}/imager/debian13-root
  in_root() { Tests/Debian13/run-in-root.sh "$debian13_root" "$@"; }
  debian13_build() { in_root swift build --scratch-path .build-debian13 --build-tests 2>&1 | grep -v "prohibited flag" | tail -40; [ "${PIPESTATUS[0]}" -eq 0 ]; }
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  debian13_stages() {
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
  }
  in_background debian13_stages
  echo
  echo "=== the Debian 13 stages and the fuzzers run in the background; their report follows this machine's"
fi

test_build() { swift build --build-tests 2>&1 | grep -v "prohibited flag"; [ "${PIPESTATUS[0]}" -eq 0 ]; }
stage "test build" test_build
# The command-line tests beside the unit tests: they build nothing (swift test holds SwiftPM's
# lock on .build while it runs), and the unit tests mostly wait on windows.
in_background stage "command line" env IMAGER_STRESS="$stress" Tests/CommandLine/run.sh "$binary"
echo
echo "=== the command-line tests run in the background; their report follows this machine's"
stage "unit and in-process GTK tests" \
  xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- env GSK_RENDERER=cairo NO_AT_BRIDGE=1 swift test --skip-build
stage "end to end" Tests/EndToEnd/run.sh "$binary"
stage "translations" po/update-pot.sh --check
stage "help" help/check.sh
stage "packaging" env IMAGER_BINARY="$binary" packaging/check-packaging.sh
stage "benchmark smoke" packaging/bench.sh --smoke
[ $debian13 -eq 1 ] || fuzzers

echo
echo "=== waiting for the stages in the background"
report_background

echo
if [ -s "$failed_lines" ]; then
  echo "what failed:"
  cat "$failed_lines"
fi
[ $failed -eq 0 ] || echo "failed stages: ${failures[*]}"
echo "stages: $passed passed, $failed failed"
[ $failed -eq 0 ]
