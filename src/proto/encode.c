/* Engine values <-> protocol JSON (docs/protocol.md, "Actions" and "Events"). */
#include "encode.h"

#include <stdio.h>
#include <string.h>

static int fail(grg_decode_err *err, const char *code, const char *fmt, const char *arg)
{
    err->code = code;
    snprintf(err->message, sizeof err->message, fmt, arg);
    return -1;
}

cJSON *grg__hex_json(const grg_scenario *sc, grg_hex h)
{
    char lab[16];
    if (grg_map_label(&sc->map, h, lab, sizeof lab) < 0)
        return cJSON_CreateNull();
    return cJSON_CreateString(lab);
}

int grg__hex_decode(const grg_scenario *sc, const cJSON *v, const char *field, grg_hex *out,
                    grg_decode_err *err)
{
    if (!v)
        return fail(err, "bad_request", "the field '%s' is required", field);
    if (!cJSON_IsString(v))
        return fail(err, "bad_request", "the field '%s' must be a hex label such as \"0505\"",
                    field);
    if (grg_hex_parse(v->valuestring, out) < 0)
        return fail(err, "bad_hex", "'%s' is not a hex label (CCRR)", v->valuestring);
    if (!grg_map_contains(&sc->map, *out))
        return fail(err, "bad_hex", "hex %s is off the map", v->valuestring);
    return 0;
}

int grg__unit_decode(const grg_scenario *sc, const cJSON *v, const char *field, int *out,
                     grg_decode_err *err)
{
    if (!v)
        return fail(err, "bad_request", "the field '%s' is required", field);
    if (!cJSON_IsString(v))
        return fail(err, "bad_request", "the field '%s' must be a unit id", field);
    *out = grg_scenario_unit(sc, v->valuestring);
    if (*out < 0)
        return fail(err, "unknown_unit", "there is no unit '%s'", v->valuestring);
    return 0;
}

/* The name of the hex field an action type carries, or NULL. */
static const char *hex_field(const grg_action *a)
{
    switch (a->type) {
    case GRG_A_STEP:
    case GRG_A_RETREAT:
    case GRG_A_ADVANCE:
        return "to";
    case GRG_A_CHARGE:
        return "via";
    case GRG_A_ATTACKER:
        return a->arg ? "at" : NULL;
    default:
        return NULL;
    }
}

cJSON *grg__action_json(const grg_scenario *sc, const grg_action *a)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "type", grg_action_name((grg_action_type)a->type));
    if (a->unit >= 0)
        cJSON_AddStringToObject(j, "unit", sc->units[a->unit].id);
    if (a->target >= 0)
        cJSON_AddStringToObject(j, "target", sc->units[a->target].id);
    const char *hf = hex_field(a);
    if (hf)
        cJSON_AddItemToObject(j, hf, grg__hex_json(sc, a->hex));
    if (a->type == GRG_A_TURN)
        cJSON_AddStringToObject(j, "dir", a->arg > 0 ? "left" : "right");
    if (a->type == GRG_A_PIVOT)
        cJSON_AddNumberToObject(j, "facing", a->arg);
    if (a->type == GRG_A_ACTIVATE && a->arg == 1)
        cJSON_AddBoolToObject(j, "alone", 1);
    return j;
}

static int needs_unit(int type)
{
    switch (type) {
    case GRG_A_END_ACTIVATION:
    case GRG_A_GROUP_CLOSE:
    case GRG_A_COMBAT_BEGIN:
    case GRG_A_COMBAT_CLOSE:
    case GRG_A_NO_ADVANCE:
    case GRG_A_END_PHASE:
        return 0;
    default:
        return 1;
    }
}

static int atomic_decode(const grg_scenario *sc, const cJSON *j, int type, grg_action *a,
                         grg_decode_err *err)
{
    int u = -1;
    *a = grg_action_make((grg_action_type)type, -1);
    const cJSON *uv = cJSON_GetObjectItemCaseSensitive(j, "unit");
    if ((needs_unit(type) || uv) && grg__unit_decode(sc, uv, "unit", &u, err) < 0)
        return -1;
    a->unit = (int16_t)u;
    const cJSON *tv = cJSON_GetObjectItemCaseSensitive(j, "target");
    if (type == GRG_A_SHOOT || type == GRG_A_BOMBARD || type == GRG_A_CHARGE || tv) {
        if (grg__unit_decode(sc, tv, "target", &u, err) < 0)
            return -1;
        a->target = (int16_t)u;
    }
    if (type == GRG_A_ATTACKER && cJSON_GetObjectItemCaseSensitive(j, "at"))
        a->arg = 1;
    const char *hf = hex_field(a);
    if (hf && grg__hex_decode(sc, cJSON_GetObjectItemCaseSensitive(j, hf), hf, &a->hex, err) < 0)
        return -1;
    if (type == GRG_A_TURN) {
        const cJSON *d = cJSON_GetObjectItemCaseSensitive(j, "dir");
        if (!cJSON_IsString(d) ||
            (strcmp(d->valuestring, "left") && strcmp(d->valuestring, "right")))
            return fail(err, "bad_request", "%s needs \"dir\": \"left\" or \"right\"", "turn");
        a->arg = strcmp(d->valuestring, "left") == 0 ? 1 : -1;
    }
    if (type == GRG_A_ACTIVATE) {
        const cJSON *alone = cJSON_GetObjectItemCaseSensitive(j, "alone");
        if (alone && !cJSON_IsBool(alone))
            return fail(err, "bad_request", "%s", "\"alone\" must be true or false");
        a->arg = (int16_t)cJSON_IsTrue(alone);
    }
    if (type == GRG_A_PIVOT) {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(j, "facing");
        if (!cJSON_IsNumber(f) || f->valueint < 0 || f->valueint > 5)
            return fail(err, "bad_request", "%s needs \"facing\": 0 to 5", "pivot");
        a->arg = (int16_t)f->valueint;
    }
    return 0;
}

typedef struct seq {
    grg_action *a;
    int n, max;
} seq;

static int push(seq *s, grg_action a, grg_decode_err *err)
{
    if (s->n >= s->max)
        return fail(err, "bad_request", "%s", "the move is too long");
    s->a[s->n++] = a;
    return 0;
}

/* A step list: hex labels to enter and "left"/"right" turns, for `unit`. */
static int decode_steps(const grg_scenario *sc, const cJSON *steps, int unit, seq *s,
                        grg_decode_err *err)
{
    if (!cJSON_IsArray(steps))
        return fail(err, "bad_request", "%s", "\"steps\" must be an array of hexes and turns");
    const cJSON *st;
    cJSON_ArrayForEach(st, steps)
    {
        grg_action a;
        if (cJSON_IsString(st) &&
            (!strcmp(st->valuestring, "left") || !strcmp(st->valuestring, "right"))) {
            a = grg_action_make(GRG_A_TURN, unit);
            a.arg = st->valuestring[0] == 'l' ? 1 : -1;
        } else {
            a = grg_action_make(GRG_A_STEP, unit);
            if (grg__hex_decode(sc, st, "steps", &a.hex, err) < 0)
                return -1;
        }
        if (push(s, a, err) < 0)
            return -1;
    }
    return 0;
}

/* An attacker given as {"unit","charge":TARGET[,"via"]} is a cavalry charge (nap, NAP-9): its
 * `via` defaults to the charger's own hex. */
static int decode_charge(const grg_scenario *sc, const grg_game *g, const cJSON *it, grg_action *a,
                         grg_decode_err *err)
{
    int u, t;
    if (grg__unit_decode(sc, cJSON_GetObjectItemCaseSensitive(it, "unit"), "unit", &u, err) < 0 ||
        grg__unit_decode(sc, cJSON_GetObjectItemCaseSensitive(it, "charge"), "charge", &t, err) < 0)
        return -1;
    *a = grg_action_make(GRG_A_CHARGE, u);
    a->target = (int16_t)t;
    const cJSON *via = cJSON_GetObjectItemCaseSensitive(it, "via");
    if (via)
        return grg__hex_decode(sc, via, "via", &a->hex, err);
    if (!g)
        return fail(err, "bad_request", "%s", "a charge needs \"via\"");
    a->hex = g->units[u].hex;
    return 0;
}

static int decode_unit_list(const grg_scenario *sc, const grg_game *g, const cJSON *list,
                            const char *field, int type, seq *s, grg_decode_err *err)
{
    if (!cJSON_IsArray(list) || cJSON_GetArraySize(list) < 1)
        return fail(err, "bad_request", "\"%s\" must be a non-empty array of unit ids", field);
    const cJSON *it;
    cJSON_ArrayForEach(it, list)
    {
        grg_action a;
        if (cJSON_IsObject(it) && type == GRG_A_ATTACKER &&
            cJSON_GetObjectItemCaseSensitive(it, "charge")) {
            if (decode_charge(sc, g, it, &a, err) < 0)
                return -1;
        } else if (cJSON_IsObject(it)) {
            if (atomic_decode(sc, it, type, &a, err) < 0)
                return -1;
        } else {
            int u;
            if (grg__unit_decode(sc, it, field, &u, err) < 0)
                return -1;
            a = grg_action_make((grg_action_type)type, u);
        }
        if (push(s, a, err) < 0)
            return -1;
    }
    return 0;
}

int grg__actions_decode(const grg_scenario *sc, const grg_game *g, const cJSON *j, grg_action *out,
                        int max, grg_decode_err *err)
{
    seq s = {out, 0, max};
    if (!cJSON_IsObject(j))
        return fail(err, "bad_request", "%s", "\"action\" must be an object");
    const cJSON *tv = cJSON_GetObjectItemCaseSensitive(j, "type");
    if (!cJSON_IsString(tv))
        return fail(err, "bad_request", "%s", "an action needs a \"type\"");
    const char *t = tv->valuestring;
    if (strcmp(t, "move") == 0) {
        int u;
        if (grg__unit_decode(sc, cJSON_GetObjectItemCaseSensitive(j, "unit"), "unit", &u, err) <
                0 ||
            push(&s, grg_action_make(GRG_A_ACTIVATE, u), err) < 0 ||
            decode_steps(sc, cJSON_GetObjectItemCaseSensitive(j, "steps"), u, &s, err) < 0 ||
            push(&s, grg_action_make(GRG_A_END_ACTIVATION, -1), err) < 0)
            return -1;
        return s.n;
    }
    if (strcmp(t, "group") == 0) {
        const cJSON *units = cJSON_GetObjectItemCaseSensitive(j, "units");
        if (decode_unit_list(sc, g, units, "units", GRG_A_GROUP_ADD, &s, err) < 0)
            return -1;
        s.a[0].type = GRG_A_GROUP_BEGIN;
        int lead = s.a[0].unit;
        if (push(&s, grg_action_make(GRG_A_GROUP_CLOSE, -1), err) < 0 ||
            decode_steps(sc, cJSON_GetObjectItemCaseSensitive(j, "steps"), lead, &s, err) < 0 ||
            push(&s, grg_action_make(GRG_A_END_ACTIVATION, -1), err) < 0)
            return -1;
        return s.n;
    }
    if (strcmp(t, "combat") == 0) {
        if (push(&s, grg_action_make(GRG_A_COMBAT_BEGIN, -1), err) < 0 ||
            decode_unit_list(sc, g, cJSON_GetObjectItemCaseSensitive(j, "attackers"), "attackers",
                             GRG_A_ATTACKER, &s, err) < 0 ||
            decode_unit_list(sc, g, cJSON_GetObjectItemCaseSensitive(j, "defenders"), "defenders",
                             GRG_A_DEFENDER, &s, err) < 0 ||
            push(&s, grg_action_make(GRG_A_COMBAT_CLOSE, -1), err) < 0)
            return -1;
        return s.n;
    }
    int type = grg_action_type_from_name(t);
    if (type < 0)
        return fail(err, "bad_request", "unknown action type '%s'", t);
    if (atomic_decode(sc, j, type, &out[0], err) < 0)
        return -1;
    return 1;
}

cJSON *grg__terms_json(const grg_term *t, int n)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "rule", t[i].rule);
        cJSON_AddStringToObject(o, "label", t[i].label);
        cJSON_AddNumberToObject(o, "value", t[i].value);
        cJSON_AddItemToArray(arr, o);
    }
    return arr;
}

cJSON *grg__event_json(const grg_scenario *sc, const grg_event *e)
{
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "type", grg_event_name((grg_event_type)e->type));
    if (e->unit >= 0 && e->unit < sc->n_units)
        cJSON_AddStringToObject(j, "unit", sc->units[e->unit].id);
    if (e->other >= 0 && e->other < sc->n_units)
        cJSON_AddStringToObject(j, "other", sc->units[e->other].id);
    if (e->corps >= 0 && e->corps < sc->n_corps)
        cJSON_AddStringToObject(j, "corps", sc->corps[e->corps].id);
    if (e->side >= 0 && e->side < sc->n_sides)
        cJSON_AddStringToObject(j, "side", sc->sides[e->side].id);
    switch (e->type) {
    case GRG_EV_MOVED:
    case GRG_EV_RETREAT:
    case GRG_EV_ADVANCE:
        cJSON_AddItemToObject(j, "from", grg__hex_json(sc, e->from));
        cJSON_AddItemToObject(j, "to", grg__hex_json(sc, e->to));
        break;
    case GRG_EV_ARRIVED:
        cJSON_AddItemToObject(j, "to", grg__hex_json(sc, e->to));
        break;
    case GRG_EV_ELIMINATED:
    case GRG_EV_TURNED:
        cJSON_AddItemToObject(j, "hex", grg__hex_json(sc, e->from));
        break;
    default:
        break;
    }
    if (e->facing >= 0)
        cJSON_AddNumberToObject(j, "facing", e->facing);
    if (e->type == GRG_EV_DIE)
        cJSON_AddNumberToObject(j, "roll", e->die);
    cJSON_AddNumberToObject(j, "value", e->value);
    if (e->rule[0])
        cJSON_AddStringToObject(j, "rule", e->rule);
    if (e->text[0])
        cJSON_AddStringToObject(j, "text", e->text);
    if (e->n_terms > 0)
        cJSON_AddItemToObject(j, "modifiers", grg__terms_json(e->terms, e->n_terms));
    return j;
}

cJSON *grg__events_json(const grg_scenario *sc, const grg_events *ev, int from)
{
    cJSON *arr = cJSON_CreateArray();
    for (int i = from; ev && i < ev->n; i++)
        cJSON_AddItemToArray(arr, grg__event_json(sc, &ev->items[i]));
    return arr;
}
