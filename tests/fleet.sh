#!/usr/bin/env bash
# make fleet: the same suite on several different "machines" here, one of them
# through LAVA's dispatcher (tools/lava/run-job, as a lab would run it), then the
# comparison across them. The machines are declared in tests/boot/fleet (read by
# tests/boot/lib.sh, as the boot cases are): QEMU pc with a qemu64 CPU (SeaBIOS),
# QEMU q35 with the max CPU through lava-run, QEMU q35 with a Nehalem CPU under OVMF,
# Bochs, and KVM where /dev/kvm works. Each log lands in build/fleet/NAME.log; a
# machine that cannot run here (no Bochs, no KVM) is named and left out, never faked.
#   tests/fleet.sh [WORDS...]     other kernel words than the default suite below
set -uo pipefail
cd "$(dirname "$0")/.."
. tests/boot/lib.sh
out=build/fleet
mkdir -p "$out"
words=("$@")
[[ ${#words[@]} -gt 0 ]] || words=(bench=readcost,armcost,latency,tick hz=100,1000 runs=3 ms=20
				    workload=spin)

logs=()
printf '%-24s %-8s %6s  %s\n' machine result seconds log
for name in $(scenario_names tests/boot/fleet); do
	scenario_read tests/boot/fleet "$name" || exit 1
	read -r -a opts <<<"$run"
	start=$SECONDS
	case ${via:-run} in
	run)  tools/run --quiet --timeout "${timeout:-300}" --log "$out/$name.log" "${opts[@]}" "${words[@]}" \
		>"$out/$name.out" 2>&1 ;;
	lava) tools/lava/run-job --name "$name" --out "$out/$name-lava" "${opts[@]}" "${words[@]}" \
		>"$out/$name.out" 2>&1 && cp "$out/$name-lava/serial.log" "$out/$name.log" ;;
	*)    echo "tests/boot/fleet: [$name] via '$via' is neither run nor lava"; exit 1 ;;
	esac
	rc=$?
	case $rc in
	0) result=pass; logs+=("$out/$name.log") ;;
	77) result=absent ;;
	*) result="fail($rc)" ;;
	esac
	printf '%-24s %-8s %6d  %s\n' "$name" "$result" $((SECONDS - start)) \
		"$([[ $result == absent ]] && tail -1 "$out/$name.out" || echo "$out/$name.log")"
done

if [[ ${#logs[@]} -lt 4 ]]; then
	echo "fleet: only ${#logs[@]} machines ran; at least 4 are needed for the comparison"
	exit 1
fi
echo
build/tickstat report "${logs[@]}"
rc=$?
if command -v gnuplot >/dev/null; then     # a picture besides: its failure is said, not fatal
	build/tickstat plot "${logs[@]}" -o "$out/fleet.png" && echo "fleet: plot in $out/fleet.png" ||
		echo "fleet: tickstat plot failed"
fi
exit $rc
