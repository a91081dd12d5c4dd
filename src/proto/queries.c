/* Protocol queries: geometry (distance, neighbours, facing) and the ruleset's shared queries
 * (legal, los, reach, zoc, command, preview). None of them changes the game. */
#include "session.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* A label with no map: any valid label; with a scenario loaded, required says it must be on it. */
static int read_hex(grg_session *s, const cJSON *req, const char *field, int on_map, grg_hex *out,
                    cJSON *reply)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, field);
    if (!v)
        return grg__error(reply, "bad_request", NULL, "the field '%s' is required", field);
    if (!cJSON_IsString(v))
        return grg__error(reply, "bad_request", NULL, "'%s' must be a hex label such as \"0505\"",
                          field);
    if (grg_hex_parse(v->valuestring, out) < 0)
        return grg__error(reply, "bad_hex", NULL, "'%s' is not a hex label (CCRR)", v->valuestring);
    if (on_map && s->loaded && !grg_map_contains(&s->loaded->sc->map, *out))
        return grg__error(reply, "bad_hex", NULL, "hex %s is off the map", v->valuestring);
    return 0;
}

/* A hex as a label, or null where no label exists or, with a scenario, off its map. */
static cJSON *label_or_null(grg_session *s, grg_hex h, int digits)
{
    char lab[16];
    if (s->loaded && !grg_map_contains(&s->loaded->sc->map, h))
        return cJSON_CreateNull();
    if (grg_hex_format(h, digits, lab, sizeof lab) < 0)
        return cJSON_CreateNull();
    return cJSON_CreateString(lab);
}

static int digits(grg_session *s, const cJSON *req)
{
    if (s->loaded)
        return s->loaded->sc->map.digits;
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(req, "hex");
    size_t n = cJSON_IsString(v) ? strlen(v->valuestring) : 4;
    return (int)(n / 2);
}

int grg__cmd_distance(grg_session *s, const cJSON *req, cJSON *reply)
{
    grg_hex a, b;
    if (read_hex(s, req, "from", 0, &a, reply) < 0 || read_hex(s, req, "to", 0, &b, reply) < 0)
        return -1;
    cJSON_AddNumberToObject(reply, "distance", grg_hex_distance(a, b));
    return 0;
}

int grg__cmd_neighbours(grg_session *s, const cJSON *req, cJSON *reply)
{
    grg_hex h;
    if (read_hex(s, req, "hex", 0, &h, reply) < 0)
        return -1;
    cJSON *arr = cJSON_AddArrayToObject(reply, "hexes");
    for (int d = 0; d < 6; d++)
        cJSON_AddItemToArray(arr, label_or_null(s, grg_hex_neighbour(h, d), digits(s, req)));
    return 0;
}

int grg__cmd_facing(grg_session *s, const cJSON *req, cJSON *reply)
{
    grg_hex h;
    if (read_hex(s, req, "hex", 0, &h, reply) < 0)
        return -1;
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(req, "facing");
    if (!cJSON_IsNumber(f) || f->valuedouble != f->valueint || f->valueint < 0 || f->valueint > 5)
        return grg__error(reply, "bad_request", NULL, "\"facing\" must be a vertex from 0 to 5");
    int dirs[6];
    grg_facing_dirs(f->valueint, dirs);
    static const char *const names[] = {"frontal", "flank", "rear"};
    for (int c = 0; c < 3; c++) {
        cJSON *arr = cJSON_AddArrayToObject(reply, names[c]);
        for (int k = 0; k < 2; k++)
            cJSON_AddItemToArray(
                arr, label_or_null(s, grg_hex_neighbour(h, dirs[2 * c + k]), digits(s, req)));
    }
    return 0;
}

int grg__cmd_los(grg_session *s, const cJSON *req, cJSON *reply)
{
    grg_hex a, b;
    if (grg__need_game(s, reply) < 0 || read_hex(s, req, "from", 1, &a, reply) < 0 ||
        read_hex(s, req, "to", 1, &b, reply) < 0)
        return -1;
    grg_los_result r;
    grg_los(s->g, a, b, &r);
    cJSON_AddBoolToObject(reply, "clear", r.clear);
    if (!r.clear) {
        const grg_scenario *sc = s->loaded->sc;
        if (r.blocked_kind == 2) {
            char pa[16], pb[16], both[40];
            grg_map_label(&sc->map, r.at, pa, sizeof pa);
            grg_map_label(&sc->map, r.at2, pb, sizeof pb);
            snprintf(both, sizeof both, "%s/%s", pa, pb);
            cJSON_AddStringToObject(reply, "blocked_at", both);
        } else {
            cJSON_AddItemToObject(reply, "blocked_at", grg__hex_json(sc, r.at));
        }
        if (r.rule[0])
            cJSON_AddStringToObject(reply, "rule", r.rule);
        if (r.reason[0])
            cJSON_AddStringToObject(reply, "reason", r.reason);
    }
    return 0;
}

int grg__cmd_legal(grg_session *s, const cJSON *req, cJSON *reply)
{
    int units[GRG_MAX_UNITS], n;
    if (grg__need_game(s, reply) < 0 ||
        grg__request_units(s, req, units, GRG_MAX_UNITS, &n, reply) < 0)
        return -1;
    grg_legal(s->g, units, n, s->legal);
    cJSON *arr = cJSON_AddArrayToObject(reply, "actions");
    for (int i = 0; i < s->legal->n; i++)
        cJSON_AddItemToArray(arr, grg__action_json(s->loaded->sc, &s->legal->items[i]));
    if (s->legal->truncated)
        cJSON_AddBoolToObject(reply, "truncated", 1);
    return 0;
}

int grg__cmd_reach(grg_session *s, const cJSON *req, cJSON *reply)
{
    int units[GRG_MAX_UNITS], n;
    if (grg__need_game(s, reply) < 0 ||
        grg__request_units(s, req, units, GRG_MAX_UNITS, &n, reply) < 0)
        return -1;
    grg_verdict why = {"", ""};
    if (grg_query_reach(s->g, units, n, s->reach, &why) < 0)
        return grg__error(reply, "illegal", why.rule, "%s", why.message);
    cJSON *arr = cJSON_AddArrayToObject(reply, "positions");
    for (int i = 0; i < s->reach->n; i++) {
        const grg_position *p = &s->reach->items[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddItemToObject(o, "hex", grg__hex_json(s->loaded->sc, p->hex));
        if (p->facing >= 0)
            cJSON_AddNumberToObject(o, "facing", p->facing);
        cJSON_AddNumberToObject(o, "mp", p->mp);
        cJSON_AddNumberToObject(o, "ap", p->ap);
        cJSON_AddBoolToObject(o, "zoc", p->zoc);
        cJSON_AddItemToArray(arr, o);
    }
    if (s->reach->truncated)
        cJSON_AddBoolToObject(reply, "truncated", 1);
    return 0;
}

int grg__cmd_zoc(grg_session *s, const cJSON *req, cJSON *reply)
{
    (void)req;
    if (grg__need_game(s, reply) < 0)
        return -1;
    if (grg_query_zoc(s->g, s->zoc) < 0)
        return grg__error(reply, "illegal", "GRG-QUERY", "the %s ruleset has no zones of control",
                          s->g->rs->name);
    const grg_scenario *sc = s->loaded->sc;
    cJSON *sides = cJSON_AddObjectToObject(reply, "sides");
    for (int sd = 0; sd < sc->n_sides; sd++) {
        cJSON *arr = cJSON_AddArrayToObject(sides, sc->sides[sd].id);
        /* Each hex once per side, in the order first met. */
        for (int i = 0; i < s->zoc->n; i++) {
            const grg_zoc_entry *z = &s->zoc->items[i];
            int dup = z->side != sd;
            for (int k = 0; k < i && !dup; k++)
                dup = s->zoc->items[k].side == sd && grg_hex_eq(s->zoc->items[k].hex, z->hex);
            if (!dup)
                cJSON_AddItemToArray(arr, grg__hex_json(sc, z->hex));
        }
    }
    return 0;
}

int grg__cmd_command(grg_session *s, const cJSON *req, cJSON *reply)
{
    int units[GRG_MAX_UNITS], n;
    if (grg__need_game(s, reply) < 0 ||
        grg__request_units(s, req, units, GRG_MAX_UNITS, &n, reply) < 0)
        return -1;
    grg_command c;
    grg_verdict why = {"", ""};
    if (grg_query_command(s->g, units, n, &c, &why) < 0)
        return grg__error(reply, "illegal", why.rule, "%s", why.message);
    cJSON_AddNumberToObject(reply, "cost", c.cost);
    cJSON_AddNumberToObject(reply, "available", c.available);
    cJSON_AddBoolToObject(reply, "allowed", c.allowed);
    if (c.rule[0])
        cJSON_AddStringToObject(reply, "rule", c.rule);
    if (c.message[0])
        cJSON_AddStringToObject(reply, "message", c.message);
    cJSON_AddItemToObject(reply, "terms", grg__terms_json(c.terms, c.n_terms));
    return 0;
}

static cJSON *side_json(const grg_preview_side *p)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "total", p->total);
    cJSON_AddItemToObject(o, "terms", grg__terms_json(p->terms, p->n_terms));
    return o;
}

int grg__cmd_preview(grg_session *s, const cJSON *req, cJSON *reply)
{
    if (grg__need_game(s, reply) < 0)
        return -1;
    grg_action acts[256];
    grg_decode_err err;
    int n = grg__actions_decode(s->loaded->sc, s->g,
                                cJSON_GetObjectItemCaseSensitive(req, "action"), acts, 256, &err);
    if (n < 0)
        return grg__decode_error(reply, &err);
    /* A compound combat ends with its close, which the preview does not need. */
    if (n > 1 && acts[n - 1].type == GRG_A_COMBAT_CLOSE)
        n--;
    grg_preview p;
    grg_verdict why = {"", ""};
    if (grg_query_preview(s->g, acts, n, &p, &why) < 0)
        return grg__error(reply, "illegal", why.rule, "%s", why.message);
    cJSON_AddStringToObject(reply, "kind", p.kind);
    if (p.odds[0])
        cJSON_AddStringToObject(reply, "odds", p.odds);
    cJSON_AddItemToObject(reply, "attacker", side_json(&p.attacker));
    cJSON_AddItemToObject(reply, "defender", side_json(&p.defender));
    cJSON_AddItemToObject(reply, "die_modifiers", grg__terms_json(p.die_terms, p.n_die_terms));
    cJSON *arr = cJSON_AddArrayToObject(reply, "outcomes");
    for (int i = 0; i < p.n_outcomes; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "result", p.outcomes[i].result);
        cJSON_AddStringToObject(o, "text", p.outcomes[i].text);
        cJSON_AddNumberToObject(o, "num", p.outcomes[i].num);
        cJSON_AddNumberToObject(o, "den", p.outcomes[i].den);
        cJSON_AddNumberToObject(o, "p",
                                p.outcomes[i].den
                                    ? floor(10000.0 * p.outcomes[i].num / p.outcomes[i].den + 0.5) /
                                          10000.0
                                    : 0);
        cJSON_AddItemToArray(arr, o);
    }
    return 0;
}
