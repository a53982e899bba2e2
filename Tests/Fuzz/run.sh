#!/usr/bin/env bash
# Coverage-guided fuzzing (libFuzzer) of the readers that take outside bytes; see docs/fuzzing.md.
#   Tests/Fuzz/run.sh [SECONDS] [TARGET...]
# Builds ImagerCore's sources once with `-sanitize=fuzzer,address` (GRDB, uninstrumented, comes
# from the SwiftPM build in .build), links one fuzzer per file in Targets/, and runs each for
# SECONDS (45 by default) starting from its corpus in Corpus/TARGET. A crash, a failed check,
# a leak or an input slower than 10 s fails the target; its input is kept under
# .build/fuzz/crashes/TARGET. Closes with "N passed, N failed"; non-zero if any failed.
#   IMAGER_FUZZ_JOBS   fuzzers run side by side (default: the number of cores, at most 2)
#   IMAGER_FUZZ_SEED   libFuzzer's random seed (default: a new one each run); CI sets one, so
#                      that its run repeats the same search
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root"

seconds=${1:-45}
shift || true
# Each fuzzer, its file in Targets/ (each also compiles Targets/FuzzChecksum.swift), and the
# longest input it is given: the instrumented readers are slow on long inputs, and length
# beyond a few lines or entries finds nothing new.
declare -A sources=(
  [change-line]=ChangeLineFuzz.swift:4096
  [snapshot]=SnapshotFuzz.swift:8192
  [chordset-json]=ChordsetJSONFuzz.swift:16384
  [gimp-palette]=GimpPaletteFuzz.swift:4096
)
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(change-line snapshot chordset-json gimp-palette)

out=$root/.build/fuzz
mkdir -p "$out"
fail_build() { echo "$1"; echo "0 passed, ${#targets[@]} failed"; exit 1; }

# GRDB's module and objects, from the ordinary debug build.
if ! log=$(swift build --target ImagerCore 2>&1); then
  echo "$log" | grep -v "prohibited flag" | tail -20
  fail_build "could not build ImagerCore"
fi
bin=$(swift build --show-bin-path)
grdb_map=$(find "$root/.build/checkouts/GRDB.swift/Sources/GRDBSQLite" -name module.modulemap | head -1)
[ -n "$grdb_map" ] || fail_build "GRDB's checkout is not in .build/checkouts"

sanitizers=fuzzer,address
common=(-sanitize=$sanitizers -O -g -parse-as-library -swift-version 6 -I "$bin/Modules" -Xcc -fmodule-map-file="$grdb_map")
started=$SECONDS
mapfile -t core_sources < <(find Sources/ImagerCore -name '*.swift' | sort)
# The library is built again only when ImagerCore's sources (or these flags) change.
fingerprint=$( (echo "${common[*]}"; cat "${core_sources[@]}") | sha256sum | cut -d' ' -f1)
if [ -f "$out/libImagerCore.a" ] && [ "$(cat "$out/ImagerCore.fingerprint" 2>/dev/null)" = "$fingerprint" ]; then
  echo "ImagerCore for fuzzing is up to date"
else
  rm -f "$out/libImagerCore.a" "$out/ImagerCore.fingerprint"
  echo "building ImagerCore for fuzzing (${#core_sources[@]} files)"
fi
if [ ! -f "$out/libImagerCore.a" ] && ! log=$(swiftc "${common[@]}" -enable-testing -module-name ImagerCore -wmo -num-threads "$(nproc)" -emit-module \
    -emit-module-path "$out/ImagerCore.swiftmodule" -emit-library -static -o "$out/libImagerCore.a" \
    "${core_sources[@]}" 2>&1); then
  echo "$log" | tail -30
  fail_build "could not build ImagerCore for fuzzing"
fi
echo "$fingerprint" >"$out/ImagerCore.fingerprint"
for target in "${targets[@]}"; do
  [ -n "${sources[$target]:-}" ] || fail_build "no fuzzer $target (there are: ${!sources[*]})"
  source="$here/Targets/${sources[$target]%%:*}"
  rm -f "$out/$target"
  # The linker's warnings about AddressSanitizer's local symbols are noise.
  log=$(swiftc "${common[@]}" -I "$out" -module-name "Fuzz_${target//-/_}" "$source" "$here/Targets/FuzzChecksum.swift" \
      "$out/libImagerCore.a" "$bin"/GRDB.build/*.o -lsqlite3 -o "$out/$target" 2>&1 | grep -v "Cannot export local symbol")
  [ -x "$out/$target" ] || { echo "$log" | tail -30; fail_build "could not build the fuzzer $target"; }
done
echo "built ${#targets[@]} fuzzers in $((SECONDS - started)) s"

# A Swift trap ends the run at once, without the backtracer (which would take its time).
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}

passed=0 failed=0
run_one() {
  local target=$1
  local work="$out/corpus/$target" crashes="$out/crashes/$target" log="$out/$target.log"
  mkdir -p "$work" "$crashes"
  # New inputs go to the scratch corpus; the seeds in the repository are only read.
  "$out/$target" "$work" "$here/Corpus/$target" ${IMAGER_FUZZ_SEED:+-seed="$IMAGER_FUZZ_SEED"} \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len="${sources[$target]##*:}" -print_final_stats=1 -artifact_prefix="$crashes/" >"$log" 2>&1
}
report() {
  local target=$1 status=$2 log="$out/$1.log"
  local done_line runs speed
  done_line=$(grep -E '^#[0-9]+.*(DONE|pulse|NEW|REDUCE|INITED)' "$log" | tail -1)
  runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log" | tail -1)
  speed=$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+)/\1/p' "$log" | tail -1)
  local cov ft corp
  cov=$(echo "$done_line" | sed -nE 's/.*cov: ([0-9]+).*/\1/p')
  ft=$(echo "$done_line" | sed -nE 's/.*ft: ([0-9]+).*/\1/p')
  corp=$(echo "$done_line" | sed -nE 's/.*corp: ([0-9]+).*/\1/p')
  if [ "$status" -eq 0 ]; then
    passed=$((passed + 1))
    echo "$target: passed, ${runs:-?} inputs at ${speed:-?} exec/s, coverage ${cov:-?} edges ${ft:-?} features, corpus ${corp:-?}"
  else
    failed=$((failed + 1))
    echo "$target: FAILED (status $status); the input is kept in $out/crashes/$target:"
    grep -E "Fatal error|ERROR: |SUMMARY|Test unit written|Base64" "$log" | head -10 | sed 's/^/  /'
  fi
}

cores=$(nproc)
jobs=${IMAGER_FUZZ_JOBS:-$((cores < 2 ? 1 : 2))}
pending=("${targets[@]}")
while [ ${#pending[@]} -gt 0 ]; do
  batch=("${pending[@]:0:$jobs}")
  pending=("${pending[@]:$jobs}")
  declare -A pids=()
  for target in "${batch[@]}"; do
    run_one "$target" &
    pids[$target]=$!
  done
  for target in "${batch[@]}"; do
    wait "${pids[$target]}"
    report "$target" $?
  done
  unset pids
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
