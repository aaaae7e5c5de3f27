#!/usr/bin/env bash
# tickstat's figures against exact rational arithmetic (issue 29): 1,001 random sets
# of each kind -- ordinary decimals, small integers, constant sets, integers near
# 3e15 and above 1e12, large values with a small spread (where ministat's one-pass
# variance goes negative), values near 1e-200 to 1e-300 and 1e50 to 1e99, both
# signs, and decimals of 20 digits that a double cannot hold -- through `compare -n
# --ministat`, every printed figure judged by tests/host/tickstat-exact.py with
# Python's fractions over the same files: 0 off by more than its rounding.
set -uo pipefail
cd "$(dirname "$0")/../.."
ts=build/tickstat
[[ -x $ts ]] || { echo "build/tickstat missing (make host)"; exit 1; }
exec python3 tests/host/tickstat-exact.py "$ts" tools/tickstat/stats.c 1001 "${SEED:-29}"
