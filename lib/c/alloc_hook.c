/* lib/'s memory (see alloc_hook.h). */
#include "alloc_hook.h"

#if __STDC_HOSTED__
#include <stdlib.h>

static void *host_resize(void *p, size_t old, size_t size) { return realloc(p, size ? size : 1); }
static const struct heap host = { host_resize, free };
static const struct heap *heap = &host;
#else
static const struct heap *heap;
#endif

void heap_use(const struct heap *h) { heap = h; }

void *heap_resize(void *p, size_t old, size_t size)
{
	return heap ? heap->resize(p, old, size) : NULL;
}

void heap_free(void *p)
{
	if (p && heap && heap->release)
		heap->release(p);
}
