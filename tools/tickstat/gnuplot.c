/* gnuplot for tickstat plot (see gnuplot.h). gnuplot exits 0 when the writes of
 * its image fail (a full disk left a 0-byte or cut PNG, and tickstat said nothing),
 * so it draws to its standard output and tickstat writes the file, checking every
 * write, the flush to the disk and the close. Its messages are kept, and shown
 * only when it fails: its warnings on a drawing that succeeded ("difficulty fitting
 * plot titles into key", "empty y range") are its layout's, not the user's. */
#define _GNU_SOURCE      /* pipe2 */
#include "gnuplot.h"
#include "tickstat.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* Text from a log or the command line inside a gnuplot '...' string: a quote is
 * doubled, and a control character (a newline would end the command) is a space. */
void put_quoted(FILE *g, const char *s)
{
	for (; *s; s++)
		if (*s == '\'')
			fputs("''", g);
		else
			fputc((unsigned char)*s < ' ' ? ' ' : *s, g);
}

static bool is_script(const char *out)
{
	return !strcmp(strrchr(out, '.'), ".gp");
}

struct gnuplot *gnuplot_open(const char *out, int width, int height)
{
	const char *ext = strrchr(out, '.');
	if (!ext || (strcmp(ext, ".png") && strcmp(ext, ".svg") && strcmp(ext, ".gp")))
		usage_error("-o FILE must end in .png, .svg or .gp");
	struct gnuplot *gp = calloc(1, sizeof(*gp));
	if (!gp || !(gp->script = open_memstream(&gp->text, &gp->len))) {
		free(gp);
		return NULL;
	}
	gp->out = out;
	FILE *g = gp->script;
	if (strcmp(ext, ".svg"))
		fprintf(g, "set terminal pngcairo size %d,%d font ',10' noenhanced\n", width, height);
	else
		fprintf(g, "set terminal svg size %d,%d dynamic font ',10' noenhanced\n", width, height);
	if (is_script(out)) {    /* else the image comes on gnuplot's standard output */
		fprintf(g, "set output '");
		char png[4096];
		snprintf(png, sizeof(png), "%.*s.png", (int)(ext - out), out);
		put_quoted(g, png);
		fprintf(g, "'\n");
	}
	fprintf(g, "set grid\n");
	return gp;
}

/* ---- the file, written by tickstat -------------------------------------------- */

struct sink {
	const char *path;
	FILE *f;
	size_t bytes;
	int err;                 /* the first write's errno, 0 while all is well */
};

static bool sink_open(struct sink *s, const char *path)
{
	*s = (struct sink){ .path = path, .f = fopen(path, "w") };
	if (!s->f)
		say_error("cannot write %s: %s", path, strerror(errno));
	return s->f != NULL;
}

static void sink_put(struct sink *s, const void *data, size_t len)
{
	if (!s->err && fwrite(data, 1, len, s->f) != len)
		s->err = errno ? errno : EIO;
	s->bytes += len;
}

/* Flush, to the disk too (a filesystem may say ENOSPC only then), and close; a
 * file not written whole is removed, not left cut (a symbolic link or a device
 * given as FILE stays). Returns 0 or 2. */
static int sink_close(struct sink *s, bool keep)
{
	errno = 0;
	if (!s->err && fflush(s->f))
		s->err = errno ? errno : EIO;
	if (!s->err && fsync(fileno(s->f)) && errno != EINVAL && errno != ENOTSUP)
		s->err = errno;
	if (fclose(s->f) && !s->err)
		s->err = errno ? errno : EIO;
	if (s->err)
		say_error("cannot write %s: %s", s->path, strerror(s->err));
	struct stat st;
	if ((s->err || !keep) && !lstat(s->path, &st) && S_ISREG(st.st_mode))
		unlink(s->path);
	return s->err || !keep ? 2 : 0;
}

/* ---- gnuplot, its script in, its image out ------------------------------------ */

/* gnuplot with its standard input, output and error on pipes (fd[0] its input,
 * fd[1] its output, fd[2] its messages); false (and why) when it cannot be
 * started. */
static bool spawn_gnuplot(pid_t *pid, int fd[3])
{
	int p[3][2], err;
	char *argv[] = { "gnuplot", NULL };
	posix_spawn_file_actions_t fa;
	for (int i = 0; i < 3; i++)
		if (pipe2(p[i], O_CLOEXEC)) {
			say_error("pipe: %s", strerror(errno));
			return false;
		}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, p[0][0], 0);
	posix_spawn_file_actions_adddup2(&fa, p[1][1], 1);
	posix_spawn_file_actions_adddup2(&fa, p[2][1], 2);
	err = posix_spawnp(pid, "gnuplot", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(p[0][0]);
	close(p[1][1]);
	close(p[2][1]);
	fd[0] = p[0][1], fd[1] = p[1][0], fd[2] = p[2][0];
	if (err) {
		say_error("cannot run gnuplot: %s (Debian's package is "
			"gnuplot-nox)", strerror(err));
		for (int i = 0; i < 3; i++)
			close(fd[i]);
	}
	return !err;
}

/* What came on p's descriptor to f (or to the sink); at its end, or on an error,
 * the descriptor is closed and set to -1. */
static void take_output(struct pollfd *p, struct sink *s, FILE *f)
{
	char buf[1 << 16];
	if (!p->revents)
		return;
	ssize_t n = read(p->fd, buf, sizeof(buf));
	if (n > 0 && s)
		sink_put(s, buf, (size_t)n);
	else if (n > 0)
		fwrite(buf, 1, (size_t)n, f);
	else if (n == 0 || errno != EINTR) {
		close(p->fd);
		p->fd = -1;
	}
}

/* One poll's work: more of the script to gnuplot, what it drew so far to the sink,
 * its messages to msg. A descriptor done with is closed and set to -1. */
static void exchange_step(struct pollfd *p, const struct gnuplot *gp, size_t *sent,
			  struct sink *s, FILE *msg)
{
	if (p[1].fd >= 0 && p[1].revents) {
		ssize_t n = write(p[1].fd, gp->text + *sent, gp->len - *sent);
		if (n > 0)
			*sent += (size_t)n;
		if ((n < 0 && errno != EAGAIN && errno != EINTR) || *sent == gp->len) {
			close(p[1].fd);  /* all sent, or gnuplot stopped reading (EPIPE) */
			p[1].fd = -1;
		}
	}
	take_output(&p[0], s, NULL);
	take_output(&p[2], NULL, msg);
}

/* The script in while the image and the messages come out: all at once, since
 * gnuplot may write before it has read the whole script. Returns the bytes of the
 * script sent. */
static size_t exchange(const int fd[3], const struct gnuplot *gp, struct sink *s, FILE *msg)
{
	struct pollfd p[3] = { { fd[1], POLLIN, 0 }, { fd[0], POLLOUT, 0 }, { fd[2], POLLIN, 0 } };
	int to = fd[0];
	size_t sent = 0;
	void (*was)(int) = signal(SIGPIPE, SIG_IGN);   /* gnuplot may stop reading */
	fcntl(to, F_SETFL, O_NONBLOCK);
	if (!gp->len) {
		close(to);
		p[1].fd = -1;
	}
	while (p[0].fd >= 0 || p[2].fd >= 0) {
		int ready = poll(p, 3, -1);
		if (ready < 0 && errno == EINTR)
			continue;
		if (ready < 0)
			break;
		exchange_step(p, gp, &sent, s, msg);
	}
	for (int i = 0; i < 3; i++)
		if (p[i].fd >= 0)
			close(p[i].fd);
	signal(SIGPIPE, was);
	return sent;
}

/* Whether gnuplot drew its image; else why not, after its messages. */
static bool gnuplot_ended_well(pid_t pid, size_t sent, size_t len, size_t bytes,
			       const char *messages)
{
	int status;
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	bool well = WIFEXITED(status) && !WEXITSTATUS(status) && sent == len && bytes;
	if (!well && messages)
		fputs(messages, stderr);
	if (WIFSIGNALED(status))
		say_error("gnuplot was killed by signal %d",
			WTERMSIG(status));
	else if (WEXITSTATUS(status))
		say_error("gnuplot failed (exit status %d; its "
			"messages are above)", WEXITSTATUS(status));
	else if (sent < len)
		say_error("gnuplot stopped reading its script");
	else if (!bytes)
		say_error("gnuplot drew no image");
	else
		return true;
	return false;
}

static int draw_image(const struct gnuplot *gp)
{
	struct sink s;
	pid_t pid;
	int fd[3];
	char *text = NULL;
	size_t len = 0;
	FILE *msg = open_memstream(&text, &len);
	if (!msg || !sink_open(&s, gp->out)) {
		if (msg)
			fclose(msg);
		free(text);
		return 2;
	}
	if (!spawn_gnuplot(&pid, fd)) {
		fclose(msg);
		free(text);
		return sink_close(&s, false);
	}
	size_t sent = exchange(fd, gp, &s, msg);
	fclose(msg);
	bool well = gnuplot_ended_well(pid, sent, gp->len, s.bytes, text);
	free(text);
	return sink_close(&s, well);
}

int gnuplot_finish(struct gnuplot *gp)
{
	int rc = 2;
	if (fclose(gp->script) != 0) {
		say_error("out of memory");
	} else if (is_script(gp->out)) {
		struct sink s;
		if (sink_open(&s, gp->out)) {
			sink_put(&s, gp->text, gp->len);
			rc = sink_close(&s, true);
		}
	} else {
		rc = draw_image(gp);
	}
	free(gp->text);
	free(gp);
	return rc;
}
