#!/usr/bin/env bash
# build/tickbench-linux on this machine itself, no emulator: bench=tick
# workload=spin runs=3 ms=100 ends pass, its log passes tickstat check, its platform
# record names this kernel (os linux, os_release uname -r), its linux record says
# which CPU and tick, its runs count the CPU's timer interrupts; tickstat check
# refuses an os other than none and linux. Bad words and options (timer=pit,
# hz=1000, --cpu 999, an unknown word, bench=latency, a word without its value) end
# with exit status 2 and a message naming the word, before anything is written:
# stdout empty, the --log file not created.
set -uo pipefail
cd "$(dirname "$0")/../.."
prog=build/tickbench-linux ts=build/tickstat
[[ -x $prog && -x $ts ]] || { echo "build/tickbench-linux or build/tickstat missing (make host)"; exit 1; }
out=build/test-logs/linux-prog
rm -rf "$out" && mkdir -p "$out"
fail() { echo "FAIL: $*"; exit 1; }

$prog --log "$out/run.log" bench=tick workload=spin runs=3 ms=100 2>"$out/text" ||
	fail "tickbench-linux exits $? ($(tail -3 "$out/text"))"
cat "$out/text"
$ts check "$out/run.log" || fail "tickstat check refuses the log"
json() { $ts export --json --type "$1" "$out/run.log"; }
release=$(uname -r)
[[ $(json platform | jq -r '.[0].os + " " + .[0].os_release') == "linux $release" ]] ||
	fail "the platform record does not name this kernel ($release)"
[[ $(json boot | jq -r '.[0].cmdline') == "bench=tick workload=spin runs=3 ms=100" ]] ||
	fail "the boot record does not hold the words"
cpu=$(json linux | jq -r '.[0].linux_cpu')
[[ $cpu =~ ^[0-9]+$ ]] && grep -q "^linux: CPU $cpu " "$out/text" || fail "the linux record names no CPU"
runs=$(json run | jq '[.[] | select(.handler == "linux" and .workload == "spin" and .timer_on
	and .interrupts >= 0 and .step_cycles > 0 and .cycles > 0)] | length')
[[ $runs == 3 ]] || fail "$runs good spin runs, wanted 3"
grep -q '^tickbench-linux: finished, status pass\.$' "$out/text" || fail "no final status line"
grep -q '^{' "$out/text" && fail "a record on standard error"
echo "3 runs on CPU $cpu under Linux $release: log intact"

# tickstat check: os is none or linux.
python3 - "$out/run.log" "$out/bsd.log" <<'PY' || fail "cannot write bsd.log"
import re, sys, zlib
with open(sys.argv[2], "w") as f:
    for line in open(sys.argv[1]):
        if line.startswith('{"type":"platform"'):
            body = re.sub(r',"crc":"[0-9a-f]{8}"\}\n$', "", line).replace('"os":"linux"', '"os":"bsd"')
            line = '%s,"crc":"%08x"}\n' % (body, zlib.crc32(body.encode()))
        f.write(line)
PY
$ts check "$out/bsd.log" 2>"$out/bsd.err" && fail "tickstat check takes os bsd"
grep -q 'not none or linux' "$out/bsd.err" || fail "tickstat check does not say why: $(cat "$out/bsd.err")"

refused() {   # what the message must hold, then the arguments
	local want=$1 rc; shift
	rm -f "$out/bad.log"
	$prog --log "$out/bad.log" "$@" >"$out/bad.out" 2>"$out/bad.err"; rc=$?
	echo "tickbench-linux $*: exit $rc: $(head -1 "$out/bad.err")"
	[[ $rc == 2 ]] || fail "$*: exit $rc, wanted 2"
	grep -qF -- "$want" "$out/bad.err" || fail "$*: the message lacks '$want'"
	[[ ! -e $out/bad.log && ! -s $out/bad.out ]] || fail "$*: something was written"
}
refused 'timer= has no meaning under an OS' bench=tick timer=pit
refused 'hz= has no meaning under an OS' hz=1000 workload=spin
refused 'no such CPU online here' --cpu 999 bench=tick
refused 'bad word "bogus=1": unknown option' bench=tick bogus=1
refused 'bench= takes tick or none' bench=latency
refused 'bad word "runs"' runs
refused 'unknown option' --cpus 1
echo "bad words refused, nothing written"
