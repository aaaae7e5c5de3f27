# The end screen over one cycle, for tests/host/pc-end.sh and screen-sizes.sh (sourced;
# they set $out and fail): a run booted in the background with QEMU's monitor on a
# socket, a dump every second from the first that shows the end screen until the
# text pages and a QR page after them were seen, each dump's rows kept
# (tests/host/screen-text.py --rows), then screen-text.py --cycle on them.

# The rows of row 0 (the captions) of NAME's dumps so far, in order.
captions() { local f; for f in "$out/$1"-[0-9]*.screen; do [[ -e $f ]] && sed -n 2p "$f"; done; }

# Every text page k/n seen, and (unless VGA) a QR page after the last of them.
cycle_done() {
	local caps n k
	caps=$(captions "$1")
	n=$(sed -n 's/.*   text [0-9]*\/\([0-9]*\),.*/\1/p' <<<"$caps" | head -1)
	[[ -n $n ]] || return 1
	for ((k = 1; k <= n; k++)); do grep -q "   text $k/$n," <<<"$caps" || return 1; done
	[[ $2 == vga ]] && return 0
	awk -v n="$n" '/   text [0-9]+\// { last = ($0 ~ "   text " n "/") }
		/   (page [0-9]+\/|the summary as text)/ { if (last) found = 1 }
		END { exit !found }' <<<"$caps"
}

# A data page dumped, and the summary code: beside it, or in its own turn.
codes_seen() {
	[[ $2 == vga ]] && return 0
	[[ -e $out/$1-page.ppm ]] || return 1
	[[ -e $out/$1-summary.ppm ]] || grep -q 'The small code is the summary as text' "$out/$1"-[0-9]*.screen
}

# shot NAME SCREEN FILE: one dump's rows into FILE.screen; a framebuffer's first
# data page and first summary turn kept as NAME-page.ppm and NAME-summary.ppm (the
# summary code is beside the one or the other), other pictures dropped.
shot() {
	local name=$1 screen=$2 f=$3
	if [[ $screen == vga ]]; then
		tests/host/monitor.py "$out/$name.mon" "xp /2000hx 0xb8000" >"$f.xp" 2>/dev/null || return 1
		tests/host/screen-text.py --rows "$f.xp" >"$f.screen"
		rm -f "$f.xp"
		return 0
	fi
	tests/host/monitor.py "$out/$name.mon" "screendump $f.ppm" >/dev/null 2>&1 && [[ -s $f.ppm ]] || return 1
	tests/host/screen-text.py --rows "$f.ppm" >"$f.screen"
	local turn=page
	sed -n 2p "$f.screen" | grep -q '   the summary as text' && turn=summary
	if [[ ! -e $out/$name-$turn.ppm ]] && sed -n 2p "$f.screen" | grep -q '   page [0-9]*/\|   the summary'; then
		mv "$f.ppm" "$out/$name-$turn.ppm"
	fi
	rm -f "$f.ppm"
}

# run_case NAME fb|vga RUNNER-ARGS...: boot, then a dump a second from the first
# that shows the end screen until one cycle is seen (at most 300 s), then quit.
run_case() {
	local name=$1 screen=$2 i=0 end=$((SECONDS + 300)) f
	shift 2
	tools/run --quiet --timeout 400 --log "$out/$name.log" --qemu-arg -monitor \
		--qemu-arg "unix:$out/$name.mon,server,nowait" "$@" >"$out/$name.runner" 2>&1 &
	local pid=$!
	while ((SECONDS < end)) && kill -0 "$pid" 2>/dev/null; do
		sleep 1
		f=$out/$name-$(printf %03d "$i")
		shot "$name" "$screen" "$f" || continue
		if ! sed -n 2p "$f.screen" | grep -q '^|tickbench run '; then
			rm -f "$f.screen"       # not yet the end screen
			continue
		fi
		i=$((i + 1))
		cycle_done "$name" "$screen" && codes_seen "$name" "$screen" && break
	done
	tests/host/monitor.py "$out/$name.mon" quit >/dev/null 2>&1
	wait "$pid"
}

# check NAME LOG|- CYCLE-ARGS...: the cycle's checks on NAME's dumps (against the
# serial log's report where there is one).
check() {
	local name=$1 log=$2
	shift 2
	local screens=("$out/$name"-[0-9]*.screen)
	[[ -e ${screens[0]} ]] || { fail "$name: no dump shows the end screen"; return; }
	tests/host/screen-text.py --cycle "$log" "$@" "${screens[@]}" >"$out/$name.cycle" 2>&1 ||
		fail "$name: $(grep FAIL "$out/$name.cycle" | head -3)"
	echo "$name: $(head -1 "$out/$name.cycle")"
}
