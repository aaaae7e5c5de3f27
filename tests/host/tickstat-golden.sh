#!/usr/bin/env bash
# Every tickstat command's output on every log of tests/ (tests/tickstat/*.log, the
# real boot logs of tests/tickstat/boot/, and the logs build/gen-log and
# build/gen-os-log write) is the one kept in tests/tickstat/golden/: standard
# output, standard error and the exit status of each command, byte for byte. The
# bulky outputs (summary, summary --all, export) are kept as their SHA-256 and size,
# the others whole, so that a change shows in the diff.
#   tests/host/tickstat-golden.sh           compare
#   tests/host/tickstat-golden.sh --update  write tests/tickstat/golden/ anew (a
#                                           change of output meant: review its diff)
#   TICKSTAT=OTHER/tickstat tests/host/tickstat-golden.sh --update
#                                           another build's outputs as the kept ones
#                                           (the build before a change, on today's logs)
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD ts=${TICKSTAT:-$PWD/build/tickstat} gen=$PWD/build/gen-log gen_os=$PWD/build/gen-os-log
golden=$root/tests/tickstat/golden
for p in "$ts" "$gen" "$gen_os"; do [[ -x $p ]] || { echo "$p missing (make host)"; exit 1; }; done
update=
[[ ${1:-} == --update ]] && update=1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# Each command on one log; the bulky ones digested.
commands=("check" "report" "plan" "compare --by hz --field lost_ppm" "compare --by timer"
	  "column --heads cost" "column --heads direct" "column --heads lost_ppm")
digested=("summary" "summary --all" "export --csv" "export --json")

# run TITLE COMMAND...: the command's output as the kept text (run from the log's folder).
run() {
	local title=$1
	shift
	"$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	echo "\$ tickstat $title"
	cat "$tmp/out"
	[[ -s $tmp/err ]] && { echo "--- stderr"; cat "$tmp/err"; }
	echo "--- exit $rc"
}

run_digest() {
	local title=$1
	shift
	"$@" >"$tmp/out" 2>"$tmp/err"
	local rc=$?
	echo "\$ tickstat $title"
	echo "sha256 $(sha256sum <"$tmp/out" | cut -d' ' -f1), $(wc -c <"$tmp/out") bytes"
	[[ -s $tmp/err ]] && echo "stderr sha256 $(sha256sum <"$tmp/err" | cut -d' ' -f1)"
	echo "--- exit $rc"
}

# outputs LOG...: every command on each log, then report, summary and plot's script
# on all of them at once.
outputs() {
	local log c
	for log in "$@"; do
		for c in "${commands[@]}"; do run "$c $log" "$ts" $c "$log"; done
		for c in "${digested[@]}"; do run_digest "$c $log" "$ts" $c "$log"; done
	done
	run "report (all)" "$ts" report "$@"
	run_digest "summary (all)" "$ts" summary "$@"
	"$ts" plot "$@" -o plot.gp >/dev/null 2>&1
	echo "\$ tickstat plot (all) -o plot.gp"
	cat plot.gp 2>/dev/null
}

# in_copy DIR: a scratch folder with DIR's logs, by name (plot writes beside them).
in_copy() {
	local dir=$tmp/logs-${1//\//-}
	mkdir -p "$dir" && cp "$1"/*.log "$dir/" && cd "$dir"
}
mkdir -p "$tmp/new" "$tmp/gen"
(in_copy tests/tickstat && outputs *.log) >"$tmp/new/tickstat.txt"
(in_copy tests/tickstat/boot && outputs *.log) >"$tmp/new/boot.txt"
(
	cd "$tmp/gen"
	"$gen" -r 10 >gen.log && "$gen" -m -r 10 >gen-m.log && "$gen" -c -r 4 >gen-c.log &&
		"$gen_os" >os-bare.log && "$gen_os" -L >os-linux.log || exit 1
	outputs gen.log gen-m.log gen-c.log os-bare.log os-linux.log
) >"$tmp/new/generated.txt" || { echo "FAIL: the generators"; exit 1; }

if [[ $update ]]; then
	mkdir -p "$golden"
	cp "$tmp/new/"*.txt "$golden/"
	echo "wrote $golden: $(ls "$golden" | tr '\n' ' ')"
	exit 0
fi
bad=0
for f in tickstat boot generated; do
	if ! diff -u "$golden/$f.txt" "$tmp/new/$f.txt" >"$tmp/diff"; then
		echo "FAIL: tickstat's output on the logs of $f.txt differs from tests/tickstat/golden/$f.txt:"
		head -60 "$tmp/diff"
		bad=1
	fi
done
((bad)) && { echo "(a change meant: tests/host/tickstat-golden.sh --update, and review the diff)"; exit 1; }
echo "every command's output on every log of tests/ as kept in tests/tickstat/golden/"
