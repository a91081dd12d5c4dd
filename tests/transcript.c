/* Runs one protocol transcript (tests/rules/...): feeds its `> request` lines to `grognard engine`
 * and compares each reply with the `< expected` lines that follow its request, as parsed JSON:
 * every field of the expected object must be in the reply with an equal value (objects compared
 * the same way, arrays element by element and of the same length). Reports the first mismatch with
 * the transcript's file and line. Usage: transcript GROGNARD FILE */
#define _GNU_SOURCE
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Does `got` contain `want` (subset for objects, exact length for arrays)? On failure writes the
 * path of the first difference. */
static int matches(const cJSON *want, const cJSON *got, char *path, size_t size)
{
    if (!got) {
        return 0;
    }
    if (cJSON_IsObject(want)) {
        if (!cJSON_IsObject(got))
            return 0;
        const cJSON *w;
        cJSON_ArrayForEach(w, want)
        {
            size_t len = strlen(path);
            snprintf(path + len, size - len, ".%s", w->string);
            if (!matches(w, cJSON_GetObjectItemCaseSensitive(got, w->string), path, size))
                return 0;
            path[len] = '\0';
        }
        return 1;
    }
    if (cJSON_IsArray(want)) {
        if (!cJSON_IsArray(got) || cJSON_GetArraySize(want) != cJSON_GetArraySize(got))
            return 0;
        for (int i = 0; i < cJSON_GetArraySize(want); i++) {
            size_t len = strlen(path);
            snprintf(path + len, size - len, "[%d]", i);
            if (!matches(cJSON_GetArrayItem(want, i), cJSON_GetArrayItem(got, i), path, size))
                return 0;
            path[len] = '\0';
        }
        return 1;
    }
    return cJSON_Compare(want, got, 1);
}

/* Runs the engine with `input` on stdin and returns its whole stdout; *status gets its exit. */
static char *run_engine(const char *engine, const char *input, int *status)
{
    char in_path[] = "/tmp/grg-transcript-in-XXXXXX";
    int in_fd = mkstemp(in_path);
    FILE *out = tmpfile();
    if (in_fd < 0 || !out)
        return NULL;
    size_t len = strlen(input);
    if (write(in_fd, input, len) != (ssize_t)len)
        return NULL;
    lseek(in_fd, 0, SEEK_SET);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in_fd, 0);
        dup2(fileno(out), 1);
        execl(engine, engine, "engine", (char *)NULL);
        _exit(127);
    }
    waitpid(pid, status, 0);
    close(in_fd);
    unlink(in_path);
    long n = ftell(out);
    rewind(out);
    char *buf = malloc((size_t)n + 1);
    if (buf) {
        size_t got = fread(buf, 1, (size_t)n, out);
        buf[got] = '\0';
    }
    fclose(out);
    return buf;
}

typedef struct step {
    int line; /* line of the request */
    int n_expect;
    int expect_line[8];
    char *expect[8];
} step;

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: transcript GROGNARD FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[2], "r");
    if (!f) {
        perror(argv[2]);
        return 2;
    }
    step *steps = calloc(4096, sizeof *steps);
    size_t cap = 1 << 20, used = 0;
    char *input = malloc(cap);
    int n = 0, lineno = 0, expected_total = 0;
    char *line = NULL;
    size_t lcap = 0;
    while (getline(&line, &lcap, f) >= 0) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '>' && n < 4096) {
            const char *req = line + 1 + (line[1] == ' ');
            /* Requests that get no reply (quit) are sent but not matched. */
            cJSON *j = cJSON_Parse(req);
            const cJSON *cmd = j ? cJSON_GetObjectItemCaseSensitive(j, "cmd") : NULL;
            int silent = cJSON_IsString(cmd) && strcmp(cmd->valuestring, "quit") == 0;
            cJSON_Delete(j);
            size_t len = strlen(req);
            while (used + len + 2 > cap)
                input = realloc(input, cap *= 2);
            memcpy(input + used, req, len);
            used += len;
            input[used++] = '\n';
            input[used] = '\0';
            if (!silent)
                steps[n++].line = lineno;
        } else if (line[0] == '<' && n > 0 && steps[n - 1].n_expect < 8) {
            step *s = &steps[n - 1];
            s->expect_line[s->n_expect] = lineno;
            s->expect[s->n_expect++] = strdup(line + 1 + (line[1] == ' '));
            expected_total++;
        }
    }
    fclose(f);
    free(line);
    int status = 0;
    char *output = run_engine(argv[1], input ? input : "", &status);
    if (!output) {
        fprintf(stderr, "%s: could not run %s\n", argv[2], argv[1]);
        return 1;
    }
    int failed = 0, checked = 0;
    char *save = NULL, *reply = strtok_r(output, "\n", &save);
    for (int i = 0; i < n && !failed; i++, reply = strtok_r(NULL, "\n", &save)) {
        for (int k = 0; k < steps[i].n_expect && !failed; k++) {
            char path[512] = "";
            cJSON *want = cJSON_Parse(steps[i].expect[k]);
            cJSON *got = reply ? cJSON_Parse(reply) : NULL;
            if (!want) {
                fprintf(stderr, "%s:%d: the expected reply is not valid JSON\n", argv[2],
                        steps[i].expect_line[k]);
                failed = 1;
            } else if (!got || !matches(want, got, path, sizeof path)) {
                fprintf(stderr,
                        "%s:%d: reply to the request on line %d differs%s%s\n  expected: %s\n  "
                        "got:      %s\n",
                        argv[2], steps[i].expect_line[k], steps[i].line, path[0] ? " at " : "",
                        path, steps[i].expect[k], reply ? reply : "(no reply)");
                failed = 1;
            }
            checked++;
            cJSON_Delete(want);
            cJSON_Delete(got);
        }
    }
    if (!failed && (!WIFEXITED(status) || WEXITSTATUS(status) != 0)) {
        fprintf(stderr, "%s: the engine did not exit cleanly (status %d)\n", argv[2], status);
        failed = 1;
    }
    if (!failed && expected_total == 0) {
        fprintf(stderr, "%s: the transcript checks no reply\n", argv[2]);
        failed = 1;
    }
    if (!failed)
        printf("%s: %d replies checked\n", argv[2], checked);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < steps[i].n_expect; k++)
            free(steps[i].expect[k]);
    free(steps);
    free(input);
    free(output);
    return failed;
}
