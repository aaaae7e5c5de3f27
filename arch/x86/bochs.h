/* Bochs's debugging ports (Bochs 2.7, iodev/unmapped.cc and the bochsrc option
 * port_e9_hack in its user guide): port 0xE9 reads back 0xE9 when the bochsrc
 * enables port_e9_hack, and the bytes "Shutdown" written one by one to port 0x8900
 * end the simulation (BX_FATAL "Shutdown port: shutdown requested"). */
#ifndef ARCH_X86_BOCHS_H
#define ARCH_X86_BOCHS_H

#include <stdbool.h>

#define BOCHS_E9_PORT        0xe9     /* reads 0xe9 with port_e9_hack: enabled=1 */
#define BOCHS_SHUTDOWN_PORT  0x8900   /* "Shutdown", one byte per write */

/* True when port 0xE9 reads back 0xE9, which only Bochs with port_e9_hack (and
 * QEMU's debugcon, which tools/run never attaches) does; a PC's floating bus reads
 * 0xff. Reads only: a real PC never gets a write from this file. */
bool bochs_detect(void);

/* End the Bochs simulation through its shutdown port. Call only after
 * bochs_detect() said true; returns if Bochs ignores the request. */
void bochs_shutdown(void);

#endif
