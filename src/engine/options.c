/* Options: chosen when a game is created, validated against the ruleset's declarations, fixed for
 * the whole game. A scenario's special rules are options it sets; the caller's choices override. */
#include "internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int grg_options_set(grg_options *o, const char *name, int value)
{
    for (int i = 0; i < o->n; i++)
        if (strcmp(o->items[i].name, name) == 0) {
            o->items[i].value = value;
            return 0;
        }
    if (o->n >= GRG_MAX_OPTIONS || strlen(name) >= GRG_ID_LEN)
        return -1;
    snprintf(o->items[o->n].name, GRG_ID_LEN, "%s", name);
    o->items[o->n++].value = value;
    return 0;
}

int grg_option_index(const grg_ruleset *rs, const char *name)
{
    for (int i = 0; i < rs->n_options; i++)
        if (strcmp(rs->options[i].name, name) == 0)
            return i;
    return -1;
}

static int value_ok(const grg_option_def *d, int v)
{
    if (d->values) {
        int n = 0;
        while (d->values[n])
            n++;
        return v >= 0 && v < n;
    }
    return v >= d->min && v <= d->max;
}

int grg_option_parse(const grg_ruleset *rs, const char *name, const char *text, int *value,
                     char *msg, size_t msg_size)
{
    int i = grg_option_index(rs, name);
    if (i < 0) {
        snprintf(msg, msg_size, "the %s ruleset has no option '%s'", rs->name, name);
        return -1;
    }
    const grg_option_def *d = &rs->options[i];
    if (d->values) {
        for (int k = 0; d->values[k]; k++)
            if (strcmp(d->values[k], text) == 0) {
                *value = k;
                return 0;
            }
        int len = snprintf(msg, msg_size, "option '%s' takes one of:", name);
        for (int k = 0; d->values[k] && len >= 0 && (size_t)len < msg_size; k++)
            len += snprintf(msg + len, msg_size - (size_t)len, " %s", d->values[k]);
        return -1;
    }
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno || end == text || *end || v < d->min || v > d->max) {
        snprintf(msg, msg_size, "option '%s' takes a whole number from %d to %d", name, d->min,
                 d->max);
        return -1;
    }
    *value = (int)v;
    return 0;
}

int grg_options_assign(const grg_ruleset *rs, const char *assignment, grg_options *o, char *msg,
                       size_t msg_size)
{
    char name[GRG_ID_LEN];
    const char *eq = strchr(assignment, '=');
    int value;
    if (!eq || eq == assignment || (size_t)(eq - assignment) >= sizeof name) {
        snprintf(msg, msg_size, "an option is written NAME=VALUE, not '%s'", assignment);
        return -1;
    }
    snprintf(name, sizeof name, "%.*s", (int)(eq - assignment), assignment);
    if (grg_option_parse(rs, name, eq + 1, &value, msg, msg_size) < 0)
        return -1;
    if (grg_options_set(o, name, value) < 0) {
        snprintf(msg, msg_size, "too many options");
        return -1;
    }
    return 0;
}

static int apply_list(const grg_ruleset *rs, const grg_option_value *items, int n,
                      int32_t values[GRG_MAX_OPTIONS], const char *who, grg_err *err)
{
    for (int k = 0; k < n; k++) {
        int i = grg_option_index(rs, items[k].name);
        if (i < 0) {
            err->code = -1;
            snprintf(err->message, sizeof err->message, "%s: the %s ruleset has no option '%s'",
                     who, rs->name, items[k].name);
            return -1;
        }
        if (!value_ok(&rs->options[i], items[k].value)) {
            err->code = -1;
            snprintf(err->message, sizeof err->message,
                     "%s: value %d is out of range for option '%s'", who, items[k].value,
                     items[k].name);
            return -1;
        }
        values[i] = items[k].value;
    }
    return 0;
}

int grg__options_resolve(const grg_ruleset *rs, const grg_scenario *sc, const grg_options *opt,
                         int32_t values[GRG_MAX_OPTIONS], grg_err *err)
{
    memset(values, 0, sizeof(int32_t) * GRG_MAX_OPTIONS);
    if (rs->n_options > GRG_MAX_OPTIONS) {
        err->code = -1;
        snprintf(err->message, sizeof err->message, "ruleset %s declares too many options",
                 rs->name);
        return -1;
    }
    for (int i = 0; i < rs->n_options; i++)
        values[i] = rs->options[i].def;
    if (apply_list(rs, sc->options, sc->n_options, values, "scenario", err) < 0)
        return -1;
    if (opt && apply_list(rs, opt->items, opt->n, values, "options", err) < 0)
        return -1;
    return 0;
}
