/* A command's messages: every one prefixed with the program and the command, once
 * (the log reader's too, in tickstat and in the anatomy's annex). */
#include "say_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

const char *usage_command;
const char *say_program = "tickstat";

static void vsay_error(const char *fmt, va_list ap)
{
	fprintf(stderr, "%s: %s%s", say_program, usage_command ? usage_command : "",
		usage_command ? ": " : "");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void say_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsay_error(fmt, ap);
	va_end(ap);
}

void usage_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsay_error(fmt, ap);
	va_end(ap);
	fprintf(stderr, "(tickstat %s%s--help for usage)\n", usage_command ? usage_command : "",
		usage_command ? " " : "");
	exit(2);
}
