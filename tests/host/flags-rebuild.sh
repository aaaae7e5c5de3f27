#!/usr/bin/env bash
# An object compiled with other flags or include paths is rebuilt (mk/kernel.mk,
# $(BUILD)/flags): its .d file alone cannot tell when a header it includes moved to
# another include folder (bench/ to bench/core/), and an incremental build linked a
# kmain.o compiled against the old struct config (the boot record's seed read from
# the wrong offset). In a scratch build directory: one object built, built again
# with the same flags (nothing to do), then with an include path more (rebuilt).
set -uo pipefail
cd "$(dirname "$0")/../.."
out=build/test-logs/flags-rebuild
rm -rf "$out" && mkdir -p "$out"
obj=$out/build/kernel-obj/kernel/kmain.o
build() { make -s LINUX=no BUILD="$out/build" "$@" "$obj" >"$out/make.log" 2>&1 || { cat "$out/make.log"; exit 1; }; }
built() { [[ $(stat -c %.9Y "$obj") != "$1" ]]; }

build
first=$(stat -c %.9Y "$obj")
sleep 0.1
build
built "$first" && { echo "FAIL: $obj rebuilt with the same flags"; exit 1; }
build INCLUDES_kmain="-I bench/core -I $out"
built "$first" || { echo "FAIL: $obj not rebuilt when an include path was added"; exit 1; }
echo "kmain.o: kept with the same flags, rebuilt when an include path changed"
