#!/usr/bin/env bash
# A 5-second slice of `make soak` under -icount, where nothing may be lost: three
# pairs of 50 ms runs of the 10 kHz local APIC tick, every interrupt counted, no hole
# unexplained, records valid to the last line.
exec "$(dirname "$0")/../soak.sh" --icount runs=3 ms=50
