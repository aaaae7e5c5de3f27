#!/usr/bin/env bash
# tickstat report --html in a real browser (issue 40; docs/TICKSTAT.md, "The HTML
# report"): Debian's headless Chromium opens the pages of seven sets of logs,
#   readme   the README's sample (tests/tickstat/readme-sample.log: tools/run
#            --icount bench=tick timer=lapic,hpet hz=100,1000 workload=spin runs=5
#            ms=50),
#   smp      a multi-CPU log (tests/tickstat/smp8-epyc.log, 8 CPUs, tick_cpus=1,all),
#   linux    a bare + Linux pair (tests/tickstat/osadds-bare-full.log and
#            osadds-linux.log),
#   machines a two-machine pair (build/gen-log -M, machine B's costs twice A's),
#   default  the default suite (tests/tickstat/default-suite-icount.log.gz: tools/run
#            --icount suite=default ms=5, 1249 records), whose page must be under
#            2 MB,
#   idle     idle's package power at each HZ and wake-up latency by state
#            (tests/tickstat/gen-idle-log.py's energy.log: no platform here has RAPL),
#   anatomy  a log with its anatomy's annex (tests/tickstat/anatomy-annexed.log:
#            tests/host/anatomy-annex.sh's hand-made boot through build/anatomy/annex);
# each page must load with no console message, no request leaving the file (the
# network log) and no reference outside it, have each section's heading and
# charts, no chart empty as laid out (html-probe.js run in a copy of the page),
# and its answer's every figure and paragraph the terminal's (each column's its
# machine's own `tickstat report`), as the probe copy's DOM shows them; a
# screenshot of its first screen (the run whose console and network are judged) is kept in
# build/test-logs/tickstat-html-NAME.png. html-check.py judges. A page with an
# image from elsewhere and a console error must fail the same judge. The README
# sample's page must print (Chromium's PDF).
# Without the browser: tickstat check and report read each page as they read its
# logs (report's text byte for byte, check's verdicts), a damaged log's page is
# damaged too, a record holding "</script" is left out and said, a page that
# cannot be written exits 2 and leaves nothing.
# Without Chromium (scripts/install-deps installs it) the test skips, saying so.
set -uo pipefail
cd "$(dirname "$0")/../.."
ts=build/tickstat logs=build/test-logs here=tests/host
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir -p "$logs"
fail=0
bad() { echo "FAIL: $*"; fail=1; }

build/gen-log -s 1 -r 5 -M aaaa1111,ACME,Box1,CPU-A,1.0,0x10 > "$tmp/A.log" &&
build/gen-log -s 2 -r 5 -M bbbb2222,ACME,Box2,CPU-B,2.0,0x20 -x 2 > "$tmp/B.log" ||
	{ echo "FAIL: gen-log"; exit 1; }
gzip -dc tests/tickstat/default-suite-icount.log.gz > "$tmp/default.log" &&
tests/tickstat/gen-idle-log.py "$tmp" || { echo "FAIL: the default suite's or idle's log"; exit 1; }
declare -A sets=(
	[readme]="tests/tickstat/readme-sample.log"
	[smp]="tests/tickstat/smp8-epyc.log"
	[linux]="tests/tickstat/osadds-bare-full.log tests/tickstat/osadds-linux.log"
	[machines]="$tmp/A.log $tmp/B.log"
	[default]="$tmp/default.log"
	[idle]="$tmp/energy.log"
	[anatomy]="tests/tickstat/anatomy-annexed.log"
)
# Each page's sections (id:charts at least; answer:figures at least).
declare -A sections=(
	[readme]="answer:4,shares:2,timers:1,holes:1,direct:1,details"
	[smp]="answer,shares:1,timers:1,holes:1,direct:1,cpus:1,details"
	[linux]="answer,shares:1,timers:1,osadds:1,details"
	[machines]="answer:20,shares:2,timers:3,direct:1,machines,details"
	[default]="answer:30,shares:3,timers:5,holes:1,direct:1,idle:1,details"
	[idle]="answer,timers:2,idle:2,details"
	[anatomy]="answer:0,anatomy:1,details"
)
# The logs of each column of the answer, where not the page's logs: the Linux logs
# have a section of their own; each machine has its own report.
declare -A columns=(
	[linux]="tests/tickstat/osadds-bare-full.log"
	[machines]="$tmp/A.log|$tmp/B.log"
)
names=(readme smp linux machines default idle anatomy)

# ---- tickstat alone: the page holds the logs --------------------------------------
for n in "${names[@]}"; do
	read -ra set <<<"${sets[$n]}"
	$ts report --html "$tmp/$n.html" "${set[@]}" || bad "$n: report --html exits $?"
	[[ -s $tmp/$n.html ]] || { bad "$n: no page"; continue; }
	cmp -s <($ts report "${set[@]}" 2>&1) <($ts report "$tmp/$n.html" 2>&1) ||
		bad "$n: tickstat report of the page is not the logs' report"
	cmp -s <($ts check "${set[@]}" | sed 's/ in [0-9]* lines$//') \
		<($ts check "$tmp/$n.html" | sed 's/ in [0-9]* lines$//') ||
		bad "$n: tickstat check of the page is not the logs' check"
done
sed '0,/"type":"run"/s/"cycles":/"cycles ":/' tests/tickstat/readme-sample.log > "$tmp/damaged.log"
$ts report --html "$tmp/damaged.html" "$tmp/damaged.log" 2>/dev/null
[[ $? == 1 ]] || bad "a damaged log's page: report --html does not exit 1"
size=$(stat -c %s "$tmp/default.html")
((size < 2 * 1024 * 1024)) || bad "the default suite's page is $size bytes, not under 2 MB"
echo "the default suite's page: $size bytes"
$ts check "$tmp/damaged.html" > /dev/null 2>&1
[[ $? == 1 ]] || bad "a damaged log's page is not damaged to tickstat check"
python3 - "$tmp/script.log" <<'EOF'
import sys, zlib
lines = open("tests/tickstat/tick-cpus-1.log").read().splitlines()
out = []
for line in lines:
    if line.startswith('{"type":"boot"'):
        body = line[:line.index(',"crc"')].replace('"cmdline":"', '"cmdline":"</script><!-- ')
        line = body + ',"crc":"%08x"}' % (zlib.crc32(body.encode()) & 0xffffffff)
    out.append(line)
open(sys.argv[1], "w").write("\n".join(out) + "\n")
EOF
$ts report --html "$tmp/script.html" "$tmp/script.log" 2> "$tmp/script.err"
grep -q 'left out of the page' "$tmp/script.err" || bad "a record holding </script: not said"
[[ $(grep -c '^{' "$tmp/script.html") == $(($(grep -c '^{' "$tmp/script.log") - 1)) ]] ||
	bad "a record holding </script is not the one left out"
$ts report --html /dev/full tests/tickstat/tick-cpus-1.log 2> "$tmp/full.err"
[[ $? == 2 ]] && grep -q 'cannot write /dev/full' "$tmp/full.err" ||
	bad "a page that cannot be written: not exit 2 with the reason"

# ---- in the browser --------------------------------------------------------------
browser=$(command -v chromium || true)
if [[ -z $browser ]]; then
	((fail)) && exit 1
	echo "SKIP: Debian's chromium is not installed (scripts/install-deps installs it): no browser"
	exit 77
fi
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
       --disable-background-networking --disable-component-update --disable-sync
       --disable-extensions --hide-scrollbars --window-size=1280,1024
       --host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1")
chrome() {      # NAME ARGS...: a run of its own, with a new empty profile
	local name=$1; shift
	mkdir -p "$tmp/profile-$name"
	timeout 120 "$browser" "${flags[@]}" --user-data-dir="$tmp/profile-$name" "$@"
}
# The page (its first screen shot, its console and its network log), its probe
# copy (inline scripts allowed there alone: the DOM with the charts' layout), the
# judge.
judge() {       # NAME PAGE SHOT SECTIONS TERMINAL...
	local n=$1 page=$2 shot=$3 want=$4; shift 4
	sed "s|default-src 'none'; style-src 'unsafe-inline'|default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'|" \
		"$page" > "$tmp/$n.probe.html"
	{ echo '<script>'; cat "$here/html-probe.js"; echo '</script>'; } >> "$tmp/$n.probe.html"
	rm -f "$shot"
	chrome "$n" --enable-logging=stderr --v=0 --log-net-log="$tmp/$n.net.json" \
		--screenshot="$shot" "file://$(realpath "$page")" > /dev/null 2> "$tmp/$n.console"
	[[ -s $shot ]] && echo "screenshot: $shot ($(stat -c %s "$shot") bytes)" ||
		echo "FAIL: no screenshot"
	chrome "$n-probe" --dump-dom "file://$(realpath "$tmp/$n.probe.html")" \
		> "$tmp/$n.probe.dom" 2>/dev/null
	python3 "$here/html-check.py" "$tmp/$n.console" "$tmp/$n.net.json" "$tmp/$n.probe.dom" \
		"$want" "$@" && [[ -s $shot ]]
}
for n in "${names[@]}"; do
	[[ -s $tmp/$n.html ]] || continue
	terms=()
	IFS='|' read -ra cols <<<"${columns[$n]:-${sets[$n]}}"
	for i in "${!cols[@]}"; do
		read -ra set <<<"${cols[$i]}"
		$ts report "${set[@]}" > "$tmp/$n.term$i" 2>/dev/null
		terms+=("$tmp/$n.term$i")
	done
	echo "== $n ($(stat -c %s "$tmp/$n.html") bytes)"
	judge "$n" "$tmp/$n.html" "$logs/tickstat-html-$n.png" "${sections[$n]}" "${terms[@]}" ||
		bad "$n: the page in Chromium"
done

# Printable: the README sample's page printed to PDF by Chromium, its text there.
chrome print --no-pdf-header-footer --print-to-pdf="$tmp/readme.pdf" \
	"file://$(realpath "$tmp/readme.html")" > /dev/null 2>&1
[[ $(head -c 5 "$tmp/readme.pdf" 2>/dev/null) == %PDF- ]] && (($(stat -c %s "$tmp/readme.pdf") > 20000)) ||
	bad "the README sample's page did not print to a PDF"

# The judge fails a page that reaches out and writes to the console.
sed -e "s|<meta http-equiv=\"Content-Security-Policy\"[^>]*>||" \
    -e 's|</main>|<img src="http://127.0.0.1:9/x.png" alt=""><script>console.error("tampered")</script></main>|' \
	"$tmp/readme.html" > "$tmp/tampered.html"
judge tampered "$tmp/tampered.html" "$tmp/tampered.png" "${sections[readme]}" "$tmp/readme.term0" \
	> "$tmp/tampered.out"
grep -q 'console: .*tampered' "$tmp/tampered.out" || bad "the judge missed a console error"
grep -q 'a request left the file: http://127.0.0.1:9/x.png (initiator null)' "$tmp/tampered.out" ||
	bad "the judge missed a request leaving the file"
grep -q 'references outside the file' "$tmp/tampered.out" ||
	bad "the judge missed a reference outside the file"

((fail)) && exit 1
echo "PASS: seven pages in Chromium, their records read back, the judge's own failures"
