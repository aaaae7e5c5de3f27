#!/usr/bin/env bash
# A slice of `make matrix` (tests/matrix.sh) for make test: the shortened quick
# suite on pc without an HPET, q35 from a USB stick with the qemu64 CPU, and Bochs
# (its cell is left out, not failed, where Bochs is missing). About 15 s.
set -uo pipefail
cd "$(dirname "$0")/../.."
exec tests/matrix.sh tcg-pc-bios-cd-nohpet tcg-pc-bios-usb-qemu64 bochs-bios-cd
