#!/usr/bin/env bash
# tools/anatomy/measured.sh ELF: the measured code of a tickbench image (the bare
# kernel's debug ELF or build/tickbench-linux), as the anatomy's plugin reads it
# (measured=FILE): the section measured_text (bench/core/measured.h) as
#   range START END
# and each function symbol in it as
#   entry ADDRESS NAME
# (hexadecimal). Fails, saying why, when the ELF has no such section or symbols.
set -euo pipefail
elf=${1:?usage: tools/anatomy/measured.sh ELF}
read -r addr size < <(readelf -W -S "$elf" | sed 's/^ *\[ *[0-9]*\]//' |
	awk '$1 == "measured_text" { print $3, $5 }') ||
	{ echo "measured.sh: $elf has no section measured_text" >&2; exit 1; }
start=$(printf '%016x' $((16#$addr))) end=$(printf '%016x' $((16#$addr + 16#$size)))
printf '# the measured code of %s\nrange 0x%s 0x%s\n' "$(basename "$elf")" "$start" "$end"
# nm's addresses are 16 hex digits, as start and end: they compare as strings.
nm --defined-only "$elf" | awk -v s="$start" -v e="$end" '
	$2 ~ /^[tT]$/ && $1 >= s && $1 < e { print "entry 0x" $1, $3 }' |
	sort -u | grep . || { echo "measured.sh: no function in $elf's measured_text" >&2; exit 1; }
