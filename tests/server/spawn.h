/* Starts a real `grognard serve` for the server's tests (harness.h) and its benchmark
 * (bench/server.c): a child process that dies with its parent (PR_SET_PDEATHSIG), given
 * `--port 0` among its arguments, so that the kernel picks a free port and the server prints it
 * on its first line. Header-only. */
#ifndef GRG_TEST_SERVER_SPAWN_H
#define GRG_TEST_SERVER_SPAWN_H

#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <unistd.h>

/* Runs argv (argv[0] the executable, NULL-terminated) with its standard output piped back, and
 * reads the port from the first line ("... 127.0.0.1:PORT ..."), waiting up to 10 s. Returns the
 * port, or -1 with *pid the child (or -1) for the caller to reap. */
static inline int tc_serve(char *const argv[], pid_t *pid)
{
    int out[2];
    *pid = -1;
    if (pipe(out) < 0)
        return -1;
    *pid = fork();
    if (*pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(out[1], 1);
        close(out[0]);
        close(out[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(out[1]);
    char line[256] = "";
    size_t n = 0;
    struct pollfd p = {out[0], POLLIN, 0};
    while (*pid > 0 && n < sizeof line - 1 && !strchr(line, '\n') && poll(&p, 1, 10000) > 0) {
        ssize_t r = read(out[0], line + n, sizeof line - 1 - n);
        if (r <= 0)
            break;
        n += (size_t)r;
        line[n] = '\0';
    }
    close(out[0]);
    char *c = strstr(line, "127.0.0.1:");
    int port = c ? atoi(c + 10) : 0;
    return port > 0 ? port : -1;
}

#endif
