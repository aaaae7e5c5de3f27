#!/usr/bin/env bash
# tests/run-all's tiers, in a small tree of its own (tests/run-all, tests/boot/lib.sh and
# run-case, a cases file naming one script, three host scripts, two cmocka programs in
# build/tests/, one without its source in tests/unit/): `tests/run-all fast` runs the
# host scripts that no case names and fails the one that starts QEMU, though it exits
# 0, saying where it belongs, and runs the program built from tests/unit/, not the one
# whose source is gone (a stale build); the script a case names runs only in the boot
# tier, as boot-NAME.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/run-all-tiers
tree=$out/tree
rm -rf "$out" && mkdir -p "$tree/tests/boot" "$tree/tests/host" "$tree/tests/unit" "$tree/build/tests"
cp tests/run-all "$tree/tests/"
cp tests/boot/lib.sh tests/boot/run-case "$tree/tests/boot/"
printf '[declared]\nscript = tests/host/declared.sh\n' >"$tree/tests/boot/cases"
printf '#!/bin/sh\necho "a test of the fast tier"\n' >"$tree/tests/host/plain.sh"
printf '#!/bin/sh\nqemu-system-x86_64 -version\nexit 0\n' >"$tree/tests/host/boots.sh"
printf '#!/bin/sh\necho "a test the cases file names"\n' >"$tree/tests/host/declared.sh"
: >"$tree/tests/unit/test_kept.c"
printf '#!/bin/sh\necho "[  PASSED  ] 1 test(s)."\n' >"$tree/build/tests/test_kept"
printf '#!/bin/sh\necho "[  FAILED  ] 1 test(s)."; exit 1\n' >"$tree/build/tests/test_gone"
chmod +x "$tree"/tests/host/*.sh "$tree"/build/tests/*

bad=0
fail() { echo "FAIL: $*"; bad=1; }

"$tree/tests/run-all" fast >"$out/fast.out" 2>&1 && fail "run-all fast passed with a test that boots QEMU"
cat "$out/fast.out"
grep -qE '^2 passed, 1 failed, 0 skipped in ' "$out/fast.out" || fail "not 2 passed, 1 failed"
grep -qE '^test_kept +1 passed' "$out/fast.out" || fail "the cmocka program did not run"
grep -q 'test_gone' "$tree/build/test-logs/times.tsv" && fail "the fast tier ran a program whose source is gone"
grep -qx 'failed: boots' "$out/fast.out" || fail "boots.sh is not the one that failed"
grep -qF 'boots started qemu-system-x86_64 in the fast tier: a test that boots an emulator is a section of tests/boot/cases' \
	"$tree/build/test-logs/boots.log" || fail "boots.sh's log does not say where it belongs"
grep -q 'declared' "$tree/build/test-logs/times.tsv" && fail "the fast tier ran the script a case names"

TESTS=declared "$tree/tests/run-all" >"$out/all.out" 2>&1 || fail "run-all with TESTS=declared failed"
cat "$out/all.out"
grep -qE '^boot-declared +pass' "$out/all.out" || fail "the case's script did not run as boot-declared"
grep -qE '^1 passed, 0 failed, 0 skipped in ' "$out/all.out" || fail "the case's script ran twice, or not at all"
exit $bad
