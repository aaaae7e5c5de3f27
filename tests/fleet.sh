#!/usr/bin/env bash
# make fleet: the same suite on several different "machines" here, one of them
# through LAVA's dispatcher (tools/lava/run-job, as a lab would run it), then the
# comparison across them. Machines: QEMU pc with a qemu64 CPU (SeaBIOS), QEMU q35 with
# the max CPU through lava-run, QEMU q35 with a Nehalem CPU under OVMF, Bochs, and
# KVM where /dev/kvm works. Each log lands in build/fleet/NAME.log; a machine that
# cannot run here (no Bochs, no KVM) is named and left out, never faked.
#   tests/fleet.sh [WORDS...]     other kernel words than the default suite below
set -uo pipefail
cd "$(dirname "$0")/.."
out=build/fleet
mkdir -p "$out"
words=("$@")
[[ ${#words[@]} -gt 0 ]] || words=(bench=readcost,armcost,latency,tick hz=100,1000 runs=3 ms=20
				    workload=spin)

# name | how: "run OPTIONS" (tools/run) or "lava OPTIONS" (tools/lava/run-job)
machines=(
	"qemu-pc-qemu64|run --machine pc --cpu qemu64"
	"qemu-q35-max-lava|lava --machine q35 --cpu max"
	"qemu-q35-nehalem-uefi|run --machine q35 --cpu Nehalem --firmware uefi"
	"bochs-haswell|run --emulator bochs --timeout 900"
	"kvm-host|run --accel kvm --timeout 600"
)

logs=()
printf '%-24s %-8s %6s  %s\n' machine result seconds log
for m in "${machines[@]}"; do
	name=${m%%|*} how=${m#*|}
	read -r -a opts <<<"${how#* }"
	start=$SECONDS
	case ${how%% *} in
	run)  tools/run --quiet --log "$out/$name.log" "${opts[@]}" "${words[@]}" >"$out/$name.out" 2>&1 ;;
	lava) tools/lava/run-job --name "$name" --out "$out/$name-lava" "${opts[@]}" "${words[@]}" \
		>"$out/$name.out" 2>&1 && cp "$out/$name-lava/serial.log" "$out/$name.log" ;;
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
