#!/usr/bin/env bash
# A short run of each libFuzzer target (tests/fuzz/, `make fuzz` for the long one):
# FUZZ_SMOKE_SECONDS (default 1) each from the committed seeds, on a scratch corpus.
# Exit 0 when none crashed, 1 when one did (the crashing input is kept in
# build/fuzz/smoke-crash-*), 77 when clang's libFuzzer is not installed here.
set -uo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SMOKE_SECONDS:-1}
cc=${FUZZ_CC:-clang}

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if ! command -v "$cc" >/dev/null; then
	echo "skipped: $cc is not installed (Debian package clang)"
	exit 77
fi
echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { return 0; }' >"$scratch/probe.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined -o "$scratch/probe" "$scratch/probe.c" 2>"$scratch/probe.err"; then
	cat "$scratch/probe.err"
	echo "skipped: $cc cannot link libFuzzer (-fsanitize=fuzzer; Debian: the clang package's libclang-rt)"
	exit 77
fi

make -s fuzz-build FUZZ_CC="$cc" || { echo "the fuzz targets do not build"; exit 1; }

status=0
for target in fuzz_acpi fuzz_multiboot2 fuzz_cmdline fuzz_deflate fuzz_smbios; do
	mkdir -p "$scratch/$target"
	dict=()
	[[ -f tests/fuzz/$target.dict ]] && dict=(-dict="tests/fuzz/$target.dict")
	if build/fuzz/$target -max_total_time="$seconds" -print_final_stats=1 \
		-artifact_prefix=build/fuzz/smoke-crash-$target- "${dict[@]}" \
		"$scratch/$target" "tests/fuzz/corpus/$target" >"$scratch/$target.log" 2>&1; then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/$target.log")
		echo "$target: no crash in ${seconds}s (${runs:-?} runs)"
	else
		tail -40 "$scratch/$target.log"
		echo "$target: CRASH (input in build/fuzz/smoke-crash-$target-*)"
		status=1
	fi
done
exit $status
