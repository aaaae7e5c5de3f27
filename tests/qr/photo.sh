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

tried=0 read_ok=0 seed=0
for k in $(printf '%s\n' "${!first[@]}" | sort -n); do
	for angle in 5 -5; do
		seed=$((seed + 1))
		photo=$out/page-$k-rot$angle.jpg
		convert "${first[$k]}" -resize 50% -background white -rotate "$angle" \
			-gaussian-blur 0x1 -seed "$seed" -attenuate 0.6 +noise Gaussian \
			-quality 60 "$photo"
		tried=$((tried + 1))
		if tools/qr-import --list "$photo" 2>/dev/null | grep -q " page $k/"; then
			read_ok=$((read_ok + 1))
		else
			echo "not read: $photo (page $k)"
		fi
	done
done
size=$(identify -format '%wx%h' "${first[$k]}" 2>/dev/null)
echo "qr-photo: $read_ok of $tried degraded photos of ${#first[@]} pages read ($((100 * read_ok / tried)) %), screen $size"
((100 * read_ok >= 95 * tried)) || { echo "FAIL: under 95 % read"; exit 1; }
