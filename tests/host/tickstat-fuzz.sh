#!/usr/bin/env bash
# Fuzz tickstat's log reader with libFuzzer for a bounded time (the argument, else
# FUZZ_SMOKE_SECONDS, default 1 s; `make fuzz` passes a longer one), starting from
# generated and damaged logs and record bodies; the target also holds the fast record
# parser to the full one.
set -uo pipefail
cd "$(dirname "$0")/../.."
secs=${1:-${FUZZ_SMOKE_SECONDS:-1}}
fuzzer=build/fuzz/fuzz_tickstat_log
if [[ ! -x $fuzzer ]]; then
	command -v clang >/dev/null || { echo "skip: clang is not installed"; exit 77; }
	echo "$fuzzer missing (make host)"; exit 1
fi
corpus=build/fuzz/corpus
mkdir -p "$corpus"
if [[ -x build/gen-log && -z $(ls -A "$corpus") ]]; then
	build/gen-log -r 2 -z 20 > "$corpus/small.log"
	head -n 5 "$corpus/small.log" > "$corpus/head.log"
	sed '3s/0/1/' "$corpus/small.log" > "$corpus/crc.log"
fi
# Record bodies without their "crc" member: the target gives each line one that
# matches, so that the two parsers meet intact records (fuzz_tickstat_log.c).
if [[ -s $corpus/small.log && ! -e $corpus/bodies.log ]]; then
	sed -n 's/,"crc":"[0-9a-f]*"}$//p' "$corpus/small.log" | head -n 200 > "$corpus/bodies.log"
	printf '%s\n' '{"type":"x","seq":1,"s":"a\u00e9\n","a":[0,18446744073709551615],"n":-9223372036854775808,"b":false' \
		'{ "type" : "x", "seq":1 ,"t":true}' > "$corpus/forms.log"
fi
# libFuzzer writes a crash-* file and exits non-zero on any finding.
$fuzzer -max_total_time="$secs" -max_len=8192 -print_final_stats=1 \
	-artifact_prefix=build/fuzz/ "$corpus" 2>&1 | tail -20
rc=${PIPESTATUS[0]}
[[ $rc -eq 0 ]] || { echo "fuzzer found a failure (exit $rc); see build/fuzz/crash-*"; exit 1; }
