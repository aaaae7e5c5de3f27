#!/usr/bin/env bash
# tickstat's command line (issue 29): standard input for every command that reads
# logs, read through a redirection and through a pipe, prints what the file does;
# exit status 1 for damaged data, 2 for usage, 0 only with something printed, each
# with its message; --help on every command; plain numbers on lines of any length;
# no word of damage for an empty log; no gnuplot warning on a drawing that worked.
set -uo pipefail
cd "$(dirname "$0")/../.."
ts=$PWD/build/tickstat gen=$PWD/build/gen-log
[[ -x $ts && -x $gen ]] || { echo "build/tickstat or build/gen-log missing (make host)"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
bad=0
fail() { echo "FAIL: $*"; bad=$((bad + 1)); }

# expect STATUS 'WORDS ON STDERR' COMMAND...: its status, the words among its
# messages, and output on standard output exactly when it exits 0; each message a
# command gives of itself names it once ("tickstat: compare: ..."), each said once.
expect() {
	local want=$1 words=$2
	shift 2
	"$@" > out 2> err
	local rc=$?
	[[ $rc -eq $want ]] || fail "$* exits $rc, not $want: $(head -3 err)"
	[[ -z $words ]] || grep -qF -- "$words" err || fail "$*: no \"$words\" in: $(head -3 err)"
	if [[ $want -eq 0 && ! -s out ]]; then fail "$*: exit 0 with nothing printed"; fi
	if [[ $want -eq 2 && -s out ]]; then fail "$*: exit 2 with output: $(head -2 out)"; fi
	[[ $1 == "$ts" && -n ${2:-} ]] || return 0
	local named=$2
	[[ " check summary compare column export plot report plan " == *" $named "* ]] || return 0
	grep '^tickstat: ' err | grep -v "^tickstat: $named: " | grep -q . &&
		fail "$*: a message that does not name $named: $(grep '^tickstat: ' err | grep -v "^tickstat: $named: " | head -1)"
	grep -q "^tickstat: $named: $named: " err &&
		fail "$*: names $named twice: $(grep "$named: $named:" err | head -1)"
	[[ -z $(sort err | uniq -d) ]] || fail "$*: a message said twice: $(sort err | uniq -d | head -1)"
}

# A log whose records' fields an edit changed, each CRC made to match again.
recrc() {
	python3 -c '
import sys, zlib
for l in sys.stdin:
    l = l.rstrip("\n")
    if l.startswith("{"):
        body = l[:l.rindex(",\"crc\"")]
        l = "%s,\"crc\":\"%08x\"}" % (body, zlib.crc32(body.encode()))
    print(l)'
}

$gen -r 5 > g.log
$gen -m -r 3 > m.log

# 1. Standard input: as the file, redirected and piped (the file's name aside).
for cmd in "check" "summary" "report" "plan" "compare --by hz" "compare --by machine" \
	   "column --where timer=pit --where hz=1000 cost" "export --csv" "export --json"; do
	$ts $cmd g.log > file.out 2> file.err; frc=$?
	for how in redirect pipe; do
		if [[ $how == redirect ]]; then $ts $cmd - < g.log > in.out 2> in.err; rc=$?
		else cat g.log | $ts $cmd - > in.out 2> in.err; rc=$?; fi
		[[ $rc -eq $frc ]] || fail "$cmd - ($how) exits $rc, the file $frc: $(head -3 in.err)"
		sed -i 's/(stdin)/g.log/g' in.out
		diff -q in.out file.out > /dev/null ||
			fail "$cmd - ($how) prints otherwise than $cmd g.log: $(diff in.out file.out | head -4)"
	done
done
$ts plot - -o in.png < g.log 2> plot.err || fail "plot - exits $?: $(cat plot.err)"
[[ -s in.png ]] || fail "plot - drew nothing"
echo "standard input: every command, redirected and piped"

# 2. Exit status and messages.
sed '20s/"run":/"rum":/' g.log > damaged.log
expect 1 "damaged record refused" $ts compare --by hz damaged.log
# a damaged run leaves its set 2 values: 1 (damage), not 2 (usage)
$gen -r 3 > r3.log
n=$(grep -n '"type":"run".*"timer":"pit".*"hz":100,.*"timer_on":true' r3.log | head -1 | cut -d: -f1)
sed "${n}s/\"run\":/\"rum\":/" r3.log > r3bad.log
expect 1 "compare needs at least 3 (damaged records were refused)" $ts compare --by hz r3bad.log
expect 2 'no run record has the field "nosuchfield" (--by)' $ts compare --by nosuchfield g.log
expect 2 "no run record matches --where hz=5" $ts compare --where hz=5 --by timer g.log
expect 2 'no run record has the field "nosuch"' $ts column nosuch g.log
expect 2 'no run record has the field "nosuch"' $ts compare --field nosuch --by hz g.log
expect 2 "--delta takes a difference" $ts compare --by hz --delta abc g.log
expect 2 "--delta takes a difference" $ts compare --by hz --delta 0 g.log
expect 0 "" $ts compare --by hz --delta 2% m.log
expect 2 "report: -c needs a value" $ts report -c
expect 2 "report: -c needs a value" $ts report g.log -c
expect 2 "report: -c takes 80, 90, 95, 98, 99 or 99.5, not 97" $ts report -c 97 g.log
expect 2 "plot: -o needs a value" $ts plot g.log -o
expect 2 "plan: --precision needs a value" $ts plan g.log --precision
expect 2 "compare: -w takes a width" $ts compare -w 9x --by hz g.log
expect 2 "export: --type needs a value" $ts export --json --type
expect 2 "unknown command" $ts nosuch g.log
# runs that counted no interrupt: no cost per interrupt, and the reason
sed '/"type":"run"/s/"interrupts":[0-9]*/"interrupts":0/' g.log | recrc > noirq.log
$ts check noirq.log > /dev/null || fail "noirq.log is not whole"
expect 2 "counted no interrupts" $ts compare --by hz noirq.log
echo "exit status: 1 damaged, 2 usage or nothing to print, with the reason"

# 3. Help: every command's, and the global one naming every option.
for c in check summary compare column export plot report plan; do
	expect 0 "" $ts $c --help
	head -1 out | grep -q "^usage: tickstat $c" || fail "$c --help: $(head -1 out)"
	expect 0 "" $ts $c -h
done
$ts --help > help.out || fail "--help exits $?"
for word in ' -n' --ministat --delta --by --where --field --type --precision --baseline --all \
	    --csv --json ' -o ' ' -w ' ' -c '; do
	grep -qF -- "$word" help.out || $ts compare --help | grep -qF -- "$word" ||
		fail "no help names $word"
done
grep -qF -- '--ministat' help.out && grep -qF -- '[-n]' help.out ||
	fail "the global help leaves out -n or --ministat"
echo "help: every command, every option"

# 4. Plain numbers on lines of any length; an empty log; gnuplot's warnings.
{ printf '%05000d\n' 5; echo 6; echo 7; } > long.txt    # 5 after 4999 zeros
expect 0 "" $ts compare -n --ministat long.txt long.txt
grep -q '^x   3             5             7             6 ' out ||
	fail "a line of 5001 bytes is not one value: $(grep '^x' out)"
: > empty.log
expect 1 "no records in this log" $ts summary empty.log
grep -q 'damaged' err && fail "an empty log said damaged: $(cat err)"
# a real 1-and-2-CPU log's runs under three workloads of long names: gnuplot warns
# "difficulty fitting plot titles into key" and of an empty y range
python3 -c '
import json, sys
for l in open(sys.argv[1]):
    if not l.startswith("{\"type\":\"run\"") or "\"cpus\"" not in l:
        print(l, end=""); continue
    r = json.loads(l)
    for w in range(3):
        r["workload"] = "workload-%d-%s" % (w, "of-a-long-name-" * 8)
        print(json.dumps(r, separators=(",", ":")))' "$OLDPWD/tests/tickstat/tick-cpus-1-2.log" |
	awk 'BEGIN { n = 0 } /^\{/ { sub(/"seq":[0-9]*/, "\"seq\":" n); n++ } { print }' |
	sed -E 's/("type":"end","seq":([0-9]+),"records":)[0-9]+/\1\2/' | recrc > three.log
$ts check three.log > /dev/null || fail "three.log is not whole: $($ts check three.log 2>&1 | head -3)"
$ts plot three.log -o three.png 2> err || fail "plot three.log exits $?: $(head -3 err)"
[[ -s three.png ]] || fail "plot three.log drew nothing"
[[ -s err ]] && fail "plot: gnuplot's messages on a drawing that worked: $(head -3 err)"
echo "numbers of any length, an empty log, a drawing without gnuplot's warnings"

# 5. column --heads: a configuration alone gets its '# ' head too, before the same
# numbers; several get the heads they get without it, and no note to pick one.
$ts column --where timer=pit --where hz=1000 cost g.log > plain.out
expect 0 "" $ts column --heads --where timer=pit --where hz=1000 cost g.log
[[ $(grep -c '^# ' out) -eq 1 && $(head -1 out) == "# run "*" timer=pit "*" hz=1000 "* ]] ||
	fail "column --heads of one configuration: $(head -1 out)"
grep -v '^# ' out | diff -q - plain.out > /dev/null || fail "column --heads changes the numbers"
$ts column cost g.log > several.out 2> /dev/null
expect 0 "" $ts column --heads cost g.log
diff -q out several.out > /dev/null || fail "column --heads of several configurations differs"
[[ -s err ]] && fail "column --heads: $(cat err)"
echo "column --heads: one configuration headed, several as without it"

# 6. A log that cannot be read: said once, whichever command (a command reads a log
# up to four times), nothing printed, exit 2; beside a good log too. A wrong image
# type. A run of tickbench-linux (no run without the timer) asked for lost_ppm: why
# there is none.
for cmd in check summary report plan "compare --by hz" "column lost_ppm" "export --csv" \
	   "export --json" "plot -o nope.png"; do
	expect 2 "/nope.log: No such file" $ts $cmd /nope.log
	expect 2 "/nope.log: No such file" $ts $cmd g.log /nope.log
done
expect 2 "-o FILE must end in .png, .svg or .gp" $ts plot g.log -o x.jpg
linux=$OLDPWD/tests/tickstat/osadds-linux.log
expect 2 "no run without the timer to pair with" $ts column lost_ppm "$linux"
expect 2 "no run without the timer to pair with" $ts compare --by hz --field lost_ppm "$linux"
grep -q "the logs have none" err && fail "column lost_ppm of a Linux log: $(cat err)"
echo "a log that cannot be read, said once; a wrong image type; no pair, said"

# 7. compare --by timer on a real log of two timers (lapic's local path, hpet's
# through the I/O APIC): a path goes with its timer, so each HZ compares the two.
expect 0 "" $ts compare --by timer --field lost_ppm "$OLDPWD/tests/tickstat/qemu-tick-readcost.log"
[[ $(grep -c '^-- + .* timer=hpet delivery=ioapic against x .* timer=lapic delivery=local$' out) -eq 2 ]] ||
	fail "compare --by timer: not hpet against lapic at each HZ: $(grep -- '^--\|^one set\|^==' out | head -4)"
grep '^== ' out | grep -q 'delivery=' && fail "compare --by timer: the path left in the configuration"
echo "compare --by timer: a timer's path goes with it"

# 8. Figures that cannot be: a share of a mean of 0 (48 zeros against 5 x 7.45, 99 %:
# "inf% +/- -nan%"), a rank test's p below the least its sets can give, runs needed
# fewer than the runs there for a difference not proven.
yes 0 | head -48 > zeros.txt; yes 7.45 | head -5 > five.txt
expect 0 "" $ts compare -n -c 99 --ministat zeros.txt five.txt
grep -Eqi 'inf|nan' out && fail "compare --ministat against a mean of 0: $(grep -Ei 'inf|nan' out)"
expect 0 "" $ts compare -n -c 99 zeros.txt five.txt
grep -Eqi 'inf|nan' out && fail "compare against a mean of 0: $(grep -Ei 'inf|nan' out)"
yes 5 | head -40 > forty.txt; printf '6\n9\n20\n' > spread3.txt
expect 0 "" $ts compare -n forty.txt spread3.txt
grep -q '^Mann-Whitney U = 120, p = 0.000162 (rank test, exact' out ||
	fail "Mann-Whitney on 40 + 3: $(grep Mann out)"
n=$(sed -n 's/^Runs needed .*: \([0-9]*\) per set (.*Welch.*/\1/p' out)
[[ ${n:-0} -gt 3 ]] || fail "runs needed for 40 + 3 not proven: $(grep '^Runs needed' out)"
echo "no share of a mean of 0, exact rank p, runs needed by the verdict's test"

[[ $bad -eq 0 ]] && echo "all well" || { echo "$bad failure(s)"; exit 1; }
