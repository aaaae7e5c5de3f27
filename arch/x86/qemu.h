/* QEMU's paravirtual devices: fw_cfg (docs/specs/fw_cfg.rst in QEMU's source) and
 * isa-debug-exit (hw/misc/debugexit.c: a write of v exits QEMU with (v << 1) | 1). */
#ifndef ARCH_X86_QEMU_H
#define ARCH_X86_QEMU_H

#include <stdint.h>
#include <stdbool.h>

#define FW_CFG_PORT_SEL   0x510
#define FW_CFG_PORT_DATA  0x511
#define   FW_CFG_SIGNATURE 0x0000   /* reads "QEMU" */
#define DEBUG_EXIT_PORT   0xf4

/* True when QEMU's fw_cfg answers. Only probed under a hypervisor (CPUID says so),
 * so a real PC never sees a write to port 0x510. */
bool qemu_detect(bool under_hypervisor);

/* Ask QEMU to exit with (code << 1) | 1. Returns if no isa-debug-exit device. */
void qemu_exit(uint8_t code);

#endif
