#!/usr/bin/env bash
# A benchmark, not a test: tick's total cost per interrupt with inject=0 and
# inject=2000 under free-running TCG, and the rise it finds (ideally 2000 cycles).
# Run it on a quiet machine: `make bench-inject`.
exec "$(dirname "$0")/../host/tick-inject.sh" --tcg timer=lapic,hpet hz=10000 runs=10 ms=200
