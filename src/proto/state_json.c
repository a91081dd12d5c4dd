/* The `state` command: turn, phase, active side, dice queue, options, hash, the ruleset's own
 * facts, and every unit. */
#include "session.h"

static cJSON *info_json(const grg_info *in, cJSON *obj)
{
    for (int i = 0; i < in->n; i++) {
        if (in->items[i].is_text)
            cJSON_AddStringToObject(obj, in->items[i].key, in->items[i].text);
        else
            cJSON_AddNumberToObject(obj, in->items[i].key, in->items[i].value);
    }
    return obj;
}

static const char *const status_names[] = {"on_map", "waiting", "eliminated", "exited"};

int grg__cmd_state(grg_session *s, const cJSON *req, cJSON *reply)
{
    (void)req;
    if (grg__need_game(s, reply) < 0)
        return -1;
    const grg_game *g = s->g;
    const grg_scenario *sc = g->sc;
    char seed_hex[17];
    cJSON_AddStringToObject(reply, "scenario", sc->id);
    cJSON_AddStringToObject(reply, "ruleset", g->rs->name);
    grg__add_status(s, reply);
    grg__seed_format(g->seed, seed_hex);
    cJSON_AddStringToObject(reply, "seed", seed_hex);
    cJSON_AddNumberToObject(reply, "actions", g->n_actions);
    cJSON_AddBoolToObject(reply, "can_undo", g->n_actions > g->undo_mark);
    cJSON *q = cJSON_AddArrayToObject(reply, "dice_queue");
    for (int i = 0; i < g->n_queue; i++)
        cJSON_AddItemToArray(q, cJSON_CreateNumber(g->queue[i]));
    cJSON_AddItemToObject(reply, "options", grg__options_json(g));
    cJSON *map = cJSON_AddObjectToObject(reply, "map");
    cJSON_AddNumberToObject(map, "width", sc->map.width);
    cJSON_AddNumberToObject(map, "height", sc->map.height);
    grg_info info = {0};
    if (g->rs->game_info)
        g->rs->game_info(g, &info);
    info_json(&info, cJSON_AddObjectToObject(reply, "info"));
    cJSON *units = cJSON_AddArrayToObject(reply, "units");
    for (int i = 0; i < g->n_units; i++) {
        const grg_unit *u = &g->units[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "id", sc->units[i].id);
        cJSON_AddStringToObject(o, "name", sc->units[i].name);
        cJSON_AddStringToObject(o, "side", sc->sides[u->side].id);
        if (u->corps >= 0 && u->corps < sc->n_corps)
            cJSON_AddStringToObject(o, "corps", sc->corps[u->corps].id);
        const grg_type_def *td = &sc->data->types[u->type];
        cJSON_AddStringToObject(o, "type", td->id);
        cJSON_AddStringToObject(o, "type_name", td->name);
        cJSON_AddStringToObject(o, "symbol", td->symbol);
        if (sc->units[i].general)
            cJSON_AddBoolToObject(o, "general", 1);
        if (sc->units[i].cinc)
            cJSON_AddBoolToObject(o, "cinc", 1);
        if (u->status == GRG_UNIT_ON_MAP)
            cJSON_AddItemToObject(o, "hex", grg__hex_json(sc, u->hex));
        else
            cJSON_AddNullToObject(o, "hex");
        if (u->facing >= 0)
            cJSON_AddNumberToObject(o, "facing", u->facing);
        else
            cJSON_AddNullToObject(o, "facing");
        cJSON_AddStringToObject(o, "status", status_names[u->status & 3]);
        cJSON_AddNumberToObject(o, "stack", u->stack);
        cJSON_AddNumberToObject(o, "strength", u->strength);
        cJSON_AddNumberToObject(o, "ma", u->ma);
        grg_info ui = {0};
        if (g->rs->unit_info)
            g->rs->unit_info(g, i, &ui);
        info_json(&ui, o);
        cJSON_AddItemToArray(units, o);
    }
    return 0;
}
