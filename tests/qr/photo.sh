#!/usr/bin/env bash
# tests/qr/photo.sh DUMP...: the QR pages on QEMU screendumps as a phone's photo of
# the screen from about 50 cm gives them: each page's first dump scaled to
# half (the camera's pixels per screen pixel), rotated 5 degrees one way and the other
# (white around), blurred (Gaussian, sigma 1 pixel), with Gaussian noise (ImageMagick's
# +noise at attenuate 0.6: sigma about 12 of 255 on mid grey) and saved as JPEG at
# quality 60 (ImageMagick, seeded: the same images every time). zbarimg must read
# the right page, its CRC intact (tools/qr-import --list), in at least 95 % of them.
# Prints the page count, the screen's size and the rate. tests/host/end-screen.sh
# runs it on the 1080p dumps of its BIOS boot (not a test of its own: it needs them).
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v convert >/dev/null || { echo "skipped: ImageMagick is not installed (Debian package imagemagick)"; exit 77; }
[[ $# -gt 0 ]] || { echo "usage: tests/qr/photo.sh DUMP..."; exit 64; }
out=build/test-logs/end-screen/photo
rm -rf "$out"
mkdir -p "$out"

# The first dump of each page k: "FILE: run ID page K/N".
declare -A first
while read -r file _ _ _ page; do
	k=${page%/*}
	[[ -n ${first[$k]-} ]] || first[$k]=${file%:}
done < <(tools/qr-import --list "$@" 2>/dev/null | grep ' page [0-9]')
[[ ${#first[@]} -gt 0 ]] || { echo "FAIL: no QR page on the dumps"; exit 1; }

# Eight photos of each page: rotated +5 and -5 degrees, four noise seeds each; read
# in one zbarimg run. Over some 40 photos, 95 % allows 2 misses: at the rate measured
# (182 of 184 of the default suite's pages), 3 or more come once in about 90 runs.
seed=0 photos=() want=()
for k in $(printf '%s\n' "${!first[@]}" | sort -n); do
	for angle in 5 -5; do
		for n in 1 2 3 4; do
			seed=$((seed + 1))
			photo=$out/page-$k-rot$angle-$n.jpg
			convert "${first[$k]}" -resize 50% -background white -rotate "$angle" \
				-gaussian-blur 0x1 -seed "$seed" -attenuate 0.6 +noise Gaussian \
				-quality 60 "$photo"
			photos+=("$photo")
			want+=("$k")
		done
	done
done
tools/qr-import --list "${photos[@]}" >"$out/read" 2>/dev/null
read_ok=0
for i in "${!photos[@]}"; do
	if grep -q "^${photos[$i]}: run [0-9a-f]* page ${want[$i]}/" "$out/read"; then
		read_ok=$((read_ok + 1))
	else
		echo "not read: ${photos[$i]} (page ${want[$i]})"
	fi
done
tried=${#photos[@]}
size=$(identify -format '%wx%h' "${first[$k]}" 2>/dev/null)
echo "photo: $read_ok of $tried degraded photos of ${#first[@]} pages read ($((100 * read_ok / tried)) %), screen $size"
((100 * read_ok >= 95 * tried)) || { echo "FAIL: under 95 % read"; exit 1; }
