#!/usr/bin/env bash
# The command-line and "nothing lost" tests: Tests/CommandLine/run.sh PATH/TO/imager
# Builds the test driver imager-stress (Tools/), then runs every test_*.py here with Debian's python3
# (it has the stdlib sqlite3). Closes with "N passed, N failed, N skipped"; non-zero if any failed.
#   IMAGER_SCRATCH_PATH   SwiftPM build folder for imager-stress (default .build, the app's: the
#                         Tools package uses the app's libraries, already built there)
#   IMAGER_STRESS         an imager-stress already built: nothing is built, so the tests can run
#                         beside a `swift test`, which holds SwiftPM's lock on the build folder
#   extra arguments       -k PATTERN to run only matching tests
set -uo pipefail
if [ $# -lt 1 ] || [ ! -x "$1" ]; then
  echo "usage: $0 PATH/TO/imager [-k PATTERN]" >&2
  echo "0 passed, 1 failed"
  exit 2
fi
binary=$(realpath "$1"); shift
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"

if [ -n "${IMAGER_STRESS:-}" ]; then
  [ -x "$IMAGER_STRESS" ] || { echo "IMAGER_STRESS=$IMAGER_STRESS is not a program"; echo "0 passed, 1 failed"; exit 2; }
  stress=$(realpath "$IMAGER_STRESS")
else
  scratch=${IMAGER_SCRATCH_PATH:-.build}
  if ! build_log=$(swift build --package-path Tools --scratch-path "$scratch" --product imager-stress 2>&1); then
    echo "$build_log" | grep -v "prohibited flag" | tail -30
    echo "could not build imager-stress"
    echo "0 passed, 1 failed"
    exit 1
  fi
  stress="$(swift build --package-path Tools --scratch-path "$scratch" --product imager-stress --show-bin-path)/imager-stress"
fi
export IMAGER_BINARY="$binary" IMAGER_STRESS="$stress"

# The tmpfs mounts the tests make live in a private mount namespace, so none outlives the run.
if [ "$(id -u)" -eq 0 ] && unshare --mount --propagation private true 2>/dev/null; then
  exec unshare --mount --propagation private /usr/bin/python3 "$here/runner.py" "$@"
fi
exec /usr/bin/python3 "$here/runner.py" "$@"
