/* Look-ups by id in a scenario and its ruleset data, and the problem list loaders fill. */
#include "grognard/scenario.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int grg_scenario_unit(const grg_scenario *sc, const char *id)
{
    for (int i = 0; id && i < sc->n_units; i++)
        if (strcmp(sc->units[i].id, id) == 0)
            return i;
    return -1;
}

int grg_scenario_side(const grg_scenario *sc, const char *id)
{
    for (int i = 0; id && i < sc->n_sides; i++)
        if (strcmp(sc->sides[i].id, id) == 0)
            return i;
    return -1;
}

int grg_rules_terrain(const grg_rules_data *d, const char *id)
{
    for (int i = 0; id && i < d->n_terrain; i++)
        if (strcmp(d->terrain[i].id, id) == 0)
            return i;
    return -1;
}

int grg_rules_type(const grg_rules_data *d, const char *id)
{
    for (int i = 0; id && i < d->n_types; i++)
        if (strcmp(d->types[i].id, id) == 0)
            return i;
    return -1;
}

void grg_problem_add(grg_problems *p, const char *path, const char *fmt, ...)
{
    if (p->n >= GRG_MAX_PROBLEMS) {
        p->dropped++;
        return;
    }
    grg_problem *it = &p->items[p->n++];
    snprintf(it->path, sizeof it->path, "%s", path ? path : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(it->message, sizeof it->message, fmt, ap);
    va_end(ap);
}
