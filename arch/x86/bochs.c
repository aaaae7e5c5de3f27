#include "bochs.h"
#include "cpu.h"

bool bochs_detect(void)
{
	return inb(BOCHS_E9_PORT) == BOCHS_E9_PORT && inb(BOCHS_E9_PORT) == BOCHS_E9_PORT;
}

void bochs_shutdown(void)
{
	static const char shutdown[] = "Shutdown";
	for (const char *p = shutdown; *p; p++)
		outb(BOCHS_SHUTDOWN_PORT, (uint8_t)*p);
}
