#include "qemu.h"
#include "cpu.h"

bool qemu_detect(bool under_hypervisor)
{
	if (!under_hypervisor)
		return false;
	outw(FW_CFG_PORT_SEL, FW_CFG_SIGNATURE);
	char sig[4];
	for (int i = 0; i < 4; i++)
		sig[i] = (char)inb(FW_CFG_PORT_DATA);
	return sig[0] == 'Q' && sig[1] == 'E' && sig[2] == 'M' && sig[3] == 'U';
}

void qemu_exit(uint8_t code)
{
	outb(DEBUG_EXIT_PORT, code);
}
