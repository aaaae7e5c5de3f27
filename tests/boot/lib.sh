# tests/boot/lib.sh: the one reader of the scenario files (tests/boot/cases, the
# boot cases; tests/boot/matrix, make matrix's cells; tests/boot/fleet, make
# fleet's machines), sourced by tests/boot/run-case, tests/run-all,
# tests/matrix.sh and tests/fleet.sh. A file is a list of [name] sections of
# "key = value" lines; '#' lines are comments. The keys (each file's header says
# which it uses):
#   run     = tools/run's options, then kernel words
#   status  = the run's expected end (cases)
#   needs   = kvm or bochs: skip where that is missing (cases)
#   timeout = seconds for tools/run's --timeout
#   tries   = boots at most while not one record comes (firmware or GRUB failed
#             before the kernel ran), each retry said (cases)
#   pages   = with --screen-pages, at most this many QR pages (cases)
#   via     = run (tools/run, the default) or lava (tools/lava/run-job) (fleet)
#   expect  = a fixed string some record must hold (repeatable)
#   text    = a fixed string some non-record line must hold (repeatable)
#   notext  = a fixed string no non-record line may hold (repeatable)
#   check   = a numeric check of tests/boot/check (repeatable)
#   report  = a fixed string `tickstat report` of the log must print (repeatable)
#   script  = a command that boots an emulator itself and judges what it printed, for
#             what a run and its expectations cannot say (cases)

# scenario_names FILE: the section names, in order.
scenario_names() { sed -n 's/^\[\(.*\)\]$/\1/p' "$1"; }

# scenario_read FILE NAME: sets run, status, needs, timeout, tries, pages, via, script and the
# arrays expects, texts, notexts, checks, reports from section NAME. Fails, saying why,
# when there is no such section or it has a key not listed above.
scenario_read() {
	local file=$1 name=$2 line key value found=0 seen=0
	run= status= needs= timeout= tries= pages= via= script=
	expects=() texts=() notexts=() checks=() reports=()
	while IFS= read -r line; do
		if [[ $line =~ ^\[(.*)\]$ ]]; then
			[[ ${BASH_REMATCH[1]} == "$name" ]] && found=1 seen=1 || found=0
			continue
		fi
		[[ $found == 1 && $line =~ ^([a-z]+)[[:space:]]*=[[:space:]]?(.*)$ ]] || continue
		key=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
		case $key in
		run|status|needs|timeout|tries|pages|via|script) printf -v "$key" '%s' "$value" ;;
		expect) expects+=("$value") ;;
		text) texts+=("$value") ;;
		notext) notexts+=("$value") ;;
		check) checks+=("$value") ;;
		report) reports+=("$value") ;;
		*) echo "$file: [$name] has an unknown key '$key'"; return 1 ;;
		esac
	done <"$file"
	[[ $seen == 1 ]] || { echo "$file: no section [$name]"; return 1; }
}

# scenario_scripts FILE: the script of each section that has one (its first word).
scenario_scripts() { sed -n 's/^script[[:space:]]*=[[:space:]]*\([^[:space:]]*\).*/\1/p' "$1"; }

# scenario_expectations LOG: every expect, text, notext, check and report of the section
# read last against LOG; prints a FAIL line for each that does not hold, fails if one
# does not.
scenario_expectations() {
	local log=$1 records texts_seen report e t c words bad=0
	records=$(tr -d '\r' <"$log" | grep -a '^{')
	texts_seen=$(tr -d '\r' <"$log" | grep -av '^{')
	for e in "${expects[@]}"; do
		grep -qF -- "$e" <<<"$records" || { echo "FAIL: no record contains: $e"; bad=1; }
	done
	for t in "${texts[@]}"; do
		grep -qF -- "$t" <<<"$texts_seen" || { echo "FAIL: no text line contains: $t"; bad=1; }
	done
	for t in "${notexts[@]}"; do
		! grep -F -- "$t" <<<"$texts_seen" || { echo "FAIL: a text line contains: $t"; bad=1; }
	done
	for c in "${checks[@]}"; do
		read -ra words <<<"$c"
		tests/boot/check "$log" "${words[@]}" || { echo "FAIL: check $c"; bad=1; }
	done
	if [[ ${#reports[@]} -gt 0 ]]; then
		report=$(build/tickstat report "$log") || { echo "FAIL: tickstat report exits $?"; bad=1; }
		for t in "${reports[@]}"; do
			grep -qF -- "$t" <<<"$report" || { echo "FAIL: tickstat report lacks: $t"; bad=1; }
		done
	fi
	return $bad
}
