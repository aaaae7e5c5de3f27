#!/usr/bin/env bash
# tickstat plot writes a PNG and an SVG through gnuplot from a generated log.
set -uo pipefail
cd "$(dirname "$0")/../.."
command -v gnuplot >/dev/null || { echo "skip: gnuplot is not installed (gnuplot-nox)"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
build/gen-log -r 4 -z 200 > "$tmp/t.log" || exit 1
build/tickstat plot "$tmp/t.log" -o "$tmp/t.png" || exit 1
build/tickstat plot "$tmp/t.log" -o "$tmp/t.svg" || exit 1
[[ $(head -c 8 "$tmp/t.png" | od -An -c | tr -d ' ') == '211PNG\r\n032\n' ]] || { echo "not a PNG"; exit 1; }
grep -q 'Cost per timer interrupt against HZ' "$tmp/t.svg" || { echo "SVG lacks its title"; exit 1; }
build/tickstat plot "$tmp/t.log" -o "$tmp/t.gif" 2>/dev/null; [[ $? -eq 2 ]] || { echo ".gif must be refused"; exit 1; }
echo "PNG and SVG written"
