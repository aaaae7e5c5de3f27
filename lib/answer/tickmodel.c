/* A tick's work model in words (see tickmodel.h). */
#include "tickmodel.h"
#include "format.h"

int tick_model_words(char *buf, size_t size, const uint64_t parts[4], const char *preset)
{
	static const char *const fmt[] = { "work %llu cycles", "data %llu KiB", "code %llu KiB",
					   "pages %llu" };
	int n = 0;
	if (preset && *preset)
		return format(buf, size, "%s", preset);
	for (int i = 0; i < 4; i++)
		if (parts[i])
			n += format(buf + n, size > (size_t)n ? size - (size_t)n : 0, "%s", n ? ", " : ""),
			n += format(buf + n, size > (size_t)n ? size - (size_t)n : 0, fmt[i],
				    (unsigned long long)parts[i]);
	return n ? n : format(buf, size, "floor");
}
