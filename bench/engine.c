/* Engine core benchmark: clone, legal and apply per second and bytes per state, for each shipped
 * scenario that loads. The baseline is a plain memcpy of the same number of bytes, measured in
 * the same run; the clone is printed as a ratio to it. */
#include "grognard/game.h"
#include "grognard/proto.h"

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static uint64_t next(uint64_t *x)
{
    *x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
    return *x >> 33;
}

static void bench(const char *path)
{
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    if (grg_load_scenario(path, grg_data_dir(), &l, p, NULL) < 0) {
        printf("%-40s does not load, skipped\n", path);
        free(p);
        return;
    }
    free(p);
    grg_err err;
    grg_game *g = grg_game_new(l->rs, l->sc, NULL, 1, NULL, &err);
    size_t bytes = grg_game_size(g);
    grg_game *c = grg_game_clone(g);
    unsigned char *a = malloc(bytes), *b = malloc(bytes);
    memset(a, 1, bytes);
    const int reps = 200000;
    volatile unsigned sink = 0;

    double t0 = now();
    for (int i = 0; i < reps; i++) {
        a[i % bytes] = (unsigned char)i;
        memcpy(b, a, bytes);
        sink += b[(i * 31) % bytes];
    }
    double base = (now() - t0) / reps;

    t0 = now();
    for (int i = 0; i < reps; i++) {
        grg_game_copy(c, g);
        sink += (unsigned)c->turn;
    }
    double clone = (now() - t0) / reps;

    /* legal and apply along random games, restarting at the end */
    grg_action_list *legal = malloc(sizeof *legal);
    uint64_t rng = 7;
    long n_legal = 0, n_apply = 0;
    double t_legal = 0, t_apply = 0;
    grg_game_copy(c, g);
    double t_end = now() + 1.0;
    while (now() < t_end) {
        double t1 = now();
        grg_legal(c, NULL, 0, legal);
        double t2 = now();
        t_legal += t2 - t1;
        n_legal++;
        if (legal->n == 0 || c->over) {
            grg_game_copy(c, g);
            continue;
        }
        grg_action act = legal->items[next(&rng) % (uint64_t)legal->n];
        t1 = now();
        grg_apply(c, &act, NULL, NULL);
        t_apply += now() - t1;
        n_apply++;
    }
    printf(
        "%-40s %6zu B/state  clone %7.0f ns (%.2fx memcpy %.0f ns)  legal %8.0f/s  apply %9.0f/s\n",
        path, bytes, clone * 1e9, clone / base, base * 1e9, n_legal / t_legal, n_apply / t_apply);
    (void)sink;
    free(legal);
    free(a);
    free(b);
    grg_game_free(c);
    grg_game_free(g);
    grg_loaded_free(l);
}

int main(void)
{
    glob_t gl;
    if (glob("data/scenarios/*/*.json", 0, NULL, &gl) != 0) {
        fprintf(stderr, "run from the repository root: no data/scenarios/*/*.json\n");
        return 1;
    }
    for (size_t i = 0; i < gl.gl_pathc; i++)
        bench(gl.gl_pathv[i]);
    globfree(&gl);
    return 0;
}
