#!/usr/bin/env bash
# The whole test suite, as the README gives it: installs what it needs (Debian 12), builds,
# then runs every stage and prints one closing line, "stages: N passed, N failed".
#   unit + in-process GTK tests   swift test, under Xvfb with a D-Bus session
#   command line                  Tests/CommandLine/run.sh: --list/--import/--export, damaged stores
#   end to end                    Tests/EndToEnd/run.sh: the real window driven by xdotool and AT-SPI
#   translations                  po/update-pot.sh --check: the template matches the sources, German is complete
#   help                          help/check.sh: the manual's pages are valid Mallard, their template builds
#   packaging                     packaging/check-packaging.sh: desktop file, metainfo, install, Flatpak manifest
#   benchmark smoke               packaging/bench.sh --smoke: the benchmark still runs (no timing goals)
#   fuzzers                       Tests/Fuzz/run.sh: libFuzzer on the readers of outside bytes, 45 s each
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
stage() {
  local name=$1; shift
  echo
  echo "=== $name"
  local started=$SECONDS
  if "$@"; then
    passed=$((passed + 1)); echo "=== $name: passed ($((SECONDS - started)) s)"
  else
    failed=$((failed + 1)); failures+=("$name"); echo "=== $name: FAILED ($((SECONDS - started)) s)"
  fi
}

stage "unit and in-process GTK tests" \
  xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- env GSK_RENDERER=cairo NO_AT_BRIDGE=1 swift test
stage "command line" Tests/CommandLine/run.sh "$binary"
stage "end to end" Tests/EndToEnd/run.sh "$binary"
stage "translations" po/update-pot.sh --check
stage "help" help/check.sh
stage "packaging" env IMAGER_BINARY="$binary" packaging/check-packaging.sh
stage "benchmark smoke" packaging/bench.sh --smoke
stage "fuzzers" env IMAGER_FUZZ_SEED="${IMAGER_FUZZ_SEED:-1}" Tests/Fuzz/run.sh

echo
[ $failed -eq 0 ] || echo "failed stages: ${failures[*]}"
echo "stages: $passed passed, $failed failed"
[ $failed -eq 0 ]
