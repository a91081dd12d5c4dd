/* cdb reach benchmark on Kadesh: the reach query (every position a unit or group can end its
 * impulse in, CDB-9) for every Egyptian unit and for the 12-unit group of the division of Ra,
 * against a plain unit-cost BFS flood of the same map measured in the same run (the baseline of
 * bench/hex.c). Prints microseconds per query and the ratios to one flood. */
#include "grognard/game.h"
#include "grognard/proto.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SECONDS 1.0

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The baseline: unit-cost BFS over every hex of the map from its centre, as bench/hex.c does. */
static long flood(const grg_map *m, int *dist, int *queue)
{
    int n = m->width * m->height, head = 0, tail = 0;
    for (int i = 0; i < n; i++)
        dist[i] = -1;
    int start = (m->height / 2) * m->width + m->width / 2;
    dist[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
        int i = queue[head++];
        grg_hex h = grg_map_hex_at(m, i);
        for (int d = 0; d < 6; d++) {
            int j = grg_map_index(m, grg_hex_neighbour(h, d));
            if (j >= 0 && dist[j] < 0) {
                dist[j] = dist[i] + 1;
                queue[tail++] = j;
            }
        }
    }
    return tail;
}

/* Runs fn for about SECONDS and returns seconds per call. */
#define MEASURE(result, call)                                                                      \
    do {                                                                                           \
        long runs_ = 0;                                                                            \
        double t0_ = now(), t_;                                                                    \
        do {                                                                                       \
            call;                                                                                  \
            runs_++;                                                                               \
        } while ((t_ = now()) - t0_ < SECONDS);                                                    \
        result = (t_ - t0_) / (double)runs_;                                                       \
    } while (0)

int main(void)
{
    grg_problems *p = calloc(1, sizeof *p);
    grg_loaded *l = NULL;
    if (grg_load_scenario("data/scenarios/cdb/kadesh.json", grg_data_dir(), &l, p, NULL) < 0) {
        fprintf(stderr, "cannot load Kadesh (%s: %s)\n", p->n ? p->items[0].path : "",
                p->n ? p->items[0].message : "");
        return 1;
    }
    grg_options o = {0};
    grg_options_set(&o, "surprised_corps", 0); /* so that Ra has points on turn 1 */
    grg_err err;
    grg_game *g = grg_game_new(l->rs, l->sc, &o, 1, NULL, &err);
    grg_action end = grg_action_make(GRG_A_END_PHASE, -1);
    while (g && g->active != grg_scenario_side(l->sc, "egypt"))
        if (grg_apply(g, &end, NULL, NULL) < 0)
            break;
    if (!g || g->active != grg_scenario_side(l->sc, "egypt")) {
        fprintf(stderr, "cannot reach the Egyptian movement phase\n");
        return 1;
    }
    const grg_map *m = &l->sc->map;
    int *dist = malloc(sizeof(int) * (size_t)(m->width * m->height));
    int *queue = malloc(sizeof(int) * (size_t)(m->width * m->height));
    grg_reach *r = malloc(sizeof *r);
    double t_flood, t_units, t_group;
    long reached = 0;
    MEASURE(t_flood, reached = flood(m, dist, queue));

    int units[GRG_MAX_UNITS], n = 0, group[12], ng = 0;
    for (int u = 0; u < g->n_units; u++)
        if (g->units[u].status == GRG_UNIT_ON_MAP && g->units[u].side == g->active)
            units[n++] = u;
    for (int u = 0; u < g->n_units && ng < 12; u++)
        if (strcmp(l->sc->corps[g->units[u].corps].id, "ra") == 0)
            group[ng++] = u;
    long positions = 0, answered = 0;
    MEASURE(t_units, {
        positions = answered = 0;
        for (int i = 0; i < n; i++) {
            grg_verdict why;
            if (grg_query_reach(g, &units[i], 1, r, &why) == 0) {
                positions += r->n;
                answered++;
            }
        }
    });
    t_units /= n;
    grg_verdict why;
    if (grg_query_reach(g, group, ng, r, &why) < 0) {
        fprintf(stderr, "the Ra group cannot move: %s %s\n", why.rule, why.message);
        return 1;
    }
    long gpos = r->n;
    MEASURE(t_group, grg_query_reach(g, group, ng, r, &why));

    printf("cdb reach on Kadesh (%dx%d map)\n", m->width, m->height);
    printf("  baseline BFS flood        %9.2f us  (%ld hexes)\n", t_flood * 1e6, reached);
    printf("  reach, one unit           %9.2f us  (%d units, %ld answered, %ld positions)  x%.1f\n",
           t_units * 1e6, n, answered, positions, t_units / t_flood);
    printf("  reach, 12-unit group      %9.2f us  (%ld positions)  x%.1f\n", t_group * 1e6, gpos,
           t_group / t_flood);
    free(r);
    free(dist);
    free(queue);
    grg_game_free(g);
    grg_loaded_free(l);
    free(p);
    return 0;
}
