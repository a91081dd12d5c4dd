/* Actions, verdicts, events and info lists: the small values of the engine API. */
#include "grognard/action.h"
#include "grognard/ruleset.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const action_names[GRG_A_COUNT] = {
    [GRG_A_NONE] = "none",
    [GRG_A_ACTIVATE] = "activate",
    [GRG_A_GROUP_BEGIN] = "group_begin",
    [GRG_A_GROUP_ADD] = "group_add",
    [GRG_A_GROUP_CLOSE] = "group_close",
    [GRG_A_STEP] = "step",
    [GRG_A_TURN] = "turn",
    [GRG_A_END_ACTIVATION] = "end_activation",
    [GRG_A_SHOOT] = "shoot",
    [GRG_A_COMBAT_BEGIN] = "combat_begin",
    [GRG_A_ATTACKER] = "attacker",
    [GRG_A_DEFENDER] = "defender",
    [GRG_A_COMBAT_CLOSE] = "combat_close",
    [GRG_A_BOMBARD] = "bombard",
    [GRG_A_CHARGE] = "charge",
    [GRG_A_RETREAT] = "retreat",
    [GRG_A_ADVANCE] = "advance",
    [GRG_A_NO_ADVANCE] = "no_advance",
    [GRG_A_HOLD] = "hold",
    [GRG_A_PIVOT] = "pivot",
    [GRG_A_END_PHASE] = "end_phase",
};

static const char *const event_names[GRG_EV_COUNT] = {
    [GRG_EV_PHASE] = "phase",
    [GRG_EV_ACTIVATED] = "activated",
    [GRG_EV_MOVED] = "moved",
    [GRG_EV_TURNED] = "turned",
    [GRG_EV_DIE] = "die",
    [GRG_EV_RESULT] = "result",
    [GRG_EV_RETREAT] = "retreat",
    [GRG_EV_ADVANCE] = "advance",
    [GRG_EV_ELIMINATED] = "eliminated",
    [GRG_EV_DISORDER] = "disorder",
    [GRG_EV_ARRIVED] = "arrived",
    [GRG_EV_POINTS] = "points",
    [GRG_EV_STATUS] = "status",
    [GRG_EV_GAME_OVER] = "game_over",
};

/* Field by field, not a memset then stores: the struct has no padding, and a returned value built
 * with byte stores then read back whole stalls the store forwarding (legal makes thousands). */
grg_action grg_action_make(grg_action_type type, int unit)
{
    grg_action a = {
        .type = (int16_t)type, .arg = 0, .unit = (int16_t)unit, .target = -1, .hex = {0, 0}};
    return a;
}

const char *grg_action_name(grg_action_type type)
{
    return (type >= 0 && type < GRG_A_COUNT) ? action_names[type] : "none";
}

int grg_action_type_from_name(const char *name)
{
    for (int i = 1; name && i < GRG_A_COUNT; i++)
        if (strcmp(action_names[i], name) == 0)
            return i;
    return -1;
}

int grg_action_eq(const grg_action *a, const grg_action *b)
{
    return a->type == b->type && a->arg == b->arg && a->unit == b->unit && a->target == b->target &&
           grg_hex_eq(a->hex, b->hex);
}

void grg_action_list_push(grg_action_list *l, grg_action a)
{
    if (l->n < GRG_MAX_LEGAL)
        l->items[l->n++] = a;
    else
        l->truncated = 1;
}

int grg_refuse(grg_verdict *why, const char *rule, const char *fmt, ...)
{
    if (why) {
        snprintf(why->rule, sizeof why->rule, "%s", rule ? rule : "");
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(why->message, sizeof why->message, fmt, ap);
        va_end(ap);
    }
    return -1;
}

grg_events *grg_events_new(int cap)
{
    grg_events *ev = calloc(1, sizeof *ev);
    if (!ev)
        return NULL;
    ev->items = calloc((size_t)(cap > 0 ? cap : 1), sizeof *ev->items);
    if (!ev->items) {
        free(ev);
        return NULL;
    }
    ev->cap = cap;
    return ev;
}

void grg_events_free(grg_events *ev)
{
    if (ev) {
        free(ev->items);
        free(ev);
    }
}

void grg_events_clear(grg_events *ev)
{
    if (ev) {
        ev->n = 0;
        ev->dropped = 0;
    }
}

grg_event *grg_event_push(grg_events *ev, grg_event_type type)
{
    if (!ev)
        return NULL;
    if (ev->n >= ev->cap) {
        ev->dropped++;
        return NULL;
    }
    grg_event *e = &ev->items[ev->n++];
    memset(e, 0, sizeof *e);
    e->type = (int16_t)type;
    e->unit = e->other = e->side = e->corps = -1;
    e->facing = -1;
    return e;
}

const char *grg_event_name(grg_event_type type)
{
    return (type >= 0 && type < GRG_EV_COUNT) ? event_names[type] : "unknown";
}

/* A bounded copy without snprintf's formatting: terms are written for every preview the AI asks
 * for, thousands of times a decision. */
static void copy_text(char *dst, size_t size, const char *src)
{
    size_t n = src ? strnlen(src, size - 1) : 0;
    if (n)
        memcpy(dst, src, n);
    dst[n] = '\0';
}

void grg_term_set(grg_term *t, const char *rule, const char *label, int value)
{
    copy_text(t->rule, sizeof t->rule, rule);
    copy_text(t->label, sizeof t->label, label);
    t->value = value;
}

void grg_event_term(grg_event *e, const char *rule, const char *label, int value)
{
    if (e && e->n_terms < GRG_MAX_TERMS)
        grg_term_set(&e->terms[e->n_terms++], rule, label, value);
}

void grg_info_int(grg_info *in, const char *key, int value)
{
    if (in->n >= GRG_MAX_INFO)
        return;
    grg_info_item *it = &in->items[in->n++];
    memset(it, 0, sizeof *it);
    snprintf(it->key, sizeof it->key, "%s", key);
    it->value = value;
}

void grg_info_text(grg_info *in, const char *key, const char *text)
{
    if (in->n >= GRG_MAX_INFO)
        return;
    grg_info_item *it = &in->items[in->n++];
    memset(it, 0, sizeof *it);
    snprintf(it->key, sizeof it->key, "%s", key);
    it->is_text = 1;
    snprintf(it->text, sizeof it->text, "%s", text ? text : "");
}
