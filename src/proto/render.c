/* SVG picture of a map and its counters: terrain colours from the ruleset data, hexside features,
 * roads, hex labels, and a counter per unit with its type, identifier and facing. Pointy-top hexes
 * in the odd-r layout of spec A.1.3. */
#include "grognard/proto.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define R 30.0 /* hex radius in pixels */
#define MARGIN 12.0
#define PI 3.14159265358979323846

static const char *const side_colors[GRG_MAX_SIDES] = {"#0072b2",
                                                       "#d55e00"}; /* colour-blind safe */

static void centre(grg_hex h, double *x, double *y)
{
    int col, row;
    grg_hex_to_offset(h, &col, &row);
    *x = MARGIN + R * sqrt(3.0) * (col + 0.5 + 0.5 * (row & 1));
    *y = MARGIN + R + R * 1.5 * row;
}

/* Corner v of a hex, at bearing 60v + 30 degrees (spec A.3.2), in SVG's y-down frame. */
static void corner(double cx, double cy, int v, double *x, double *y)
{
    double a = (60.0 * v + 30.0) * PI / 180.0;
    *x = cx + R * cos(a);
    *y = cy - R * sin(a);
}

static void hexagon(FILE *out, double cx, double cy, const char *fill)
{
    fprintf(out,
            "<polygon class=\"hex\" fill=\"%s\" stroke=\"#9e967e\" stroke-width=\"0.8\" points=\"",
            fill);
    for (int v = 0; v < 6; v++) {
        double x, y;
        corner(cx, cy, v, &x, &y);
        fprintf(out, "%s%.1f,%.1f", v ? " " : "", x, y);
    }
    fputs("\"/>\n", out);
}

static const struct {
    unsigned bit;
    const char *style;
} side_styles[] = {
    {GRG_SIDE_RIVER, "stroke=\"#1f5fbf\" stroke-width=\"6\""},
    {GRG_SIDE_STREAM, "stroke=\"#4f8fdf\" stroke-width=\"3\""},
    {GRG_SIDE_CREST, "stroke=\"#8b5a2b\" stroke-width=\"4\" stroke-dasharray=\"6 3\""},
    {GRG_SIDE_HEDGE, "stroke=\"#2e7d32\" stroke-width=\"3\" stroke-dasharray=\"2 2\""},
    {GRG_SIDE_WALL, "stroke=\"#555555\" stroke-width=\"4\""},
    {GRG_SIDE_BRIDGE, "stroke=\"#6d4c41\" stroke-width=\"9\" stroke-opacity=\"0.6\""},
    {GRG_SIDE_FORD, "stroke=\"#a0c4ff\" stroke-width=\"8\" stroke-opacity=\"0.6\""},
};

static void hexsides(FILE *out, const grg_map *m, grg_hex h, double cx, double cy)
{
    for (int d = 0; d < 3; d++) {
        unsigned f = grg_map_side(m, h, d);
        if (!f)
            continue;
        double x1, y1, x2, y2;
        corner(cx, cy, (d + 5) % 6, &x1, &y1);
        corner(cx, cy, d, &x2, &y2);
        for (size_t k = 0; k < sizeof side_styles / sizeof *side_styles; k++)
            if (f & side_styles[k].bit)
                fprintf(out,
                        "<line class=\"hexside\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                        "%s/>\n",
                        x1, y1, x2, y2, side_styles[k].style);
        if (f & GRG_SIDE_ROAD) {
            double nx, ny;
            centre(grg_hex_neighbour(h, d), &nx, &ny);
            fprintf(out,
                    "<line class=\"road\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                    "stroke=\"#7a5c3a\" stroke-width=\"3\"/>\n",
                    cx, cy, nx, ny);
        }
    }
}

static void xml_text(FILE *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<':
            fputs("&lt;", out);
            break;
        case '>':
            fputs("&gt;", out);
            break;
        case '&':
            fputs("&amp;", out);
            break;
        case '"':
            fputs("&quot;", out);
            break;
        default:
            fputc(*s, out);
        }
    }
}

static void counter(FILE *out, const grg_scenario *sc, int i, grg_hex h, int facing, int stack,
                    int side)
{
    double cx, cy;
    centre(h, &cx, &cy);
    cx += 4.0 * stack;
    cy -= 4.0 * stack;
    const grg_unit_def *u = &sc->units[i];
    fprintf(out, "<g class=\"counter\" data-unit=\"");
    xml_text(out, u->id);
    fprintf(out,
            "\"><rect x=\"%.1f\" y=\"%.1f\" width=\"34\" height=\"28\" rx=\"3\" fill=\"%s\" "
            "stroke=\"#111\"/>\n",
            cx - 17, cy - 14, side_colors[side % GRG_MAX_SIDES]);
    fprintf(out,
            "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" text-anchor=\"middle\" fill=\"#fff\" "
            "font-weight=\"bold\">",
            cx, cy - 2);
    xml_text(out, sc->data->types[u->type].id);
    fprintf(
        out,
        "</text><text x=\"%.1f\" y=\"%.1f\" font-size=\"7\" text-anchor=\"middle\" fill=\"#fff\">",
        cx, cy + 9);
    xml_text(out, u->id);
    fputs("</text>", out);
    if (facing >= 0) {
        double fx, fy;
        corner(cx, cy, facing, &fx, &fy);
        double mx = cx + (fx - cx) * 0.75, my = cy + (fy - cy) * 0.75;
        fprintf(out,
                "<circle class=\"facing\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#ffd54f\" "
                "stroke=\"#111\"/>",
                mx, my);
    }
    fputs("</g>\n", out);
}

int grg_render_svg(const grg_loaded *l, const grg_game *g, FILE *out)
{
    const grg_scenario *sc = l->sc;
    const grg_map *m = &sc->map;
    double w = 2 * MARGIN + R * sqrt(3.0) * (m->width + 0.5);
    double h = 2 * MARGIN + R * (1.5 * m->height + 0.5);
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n<title>",
            w, h, w, h);
    xml_text(out, sc->name);
    fputs("</title>\n<g class=\"terrain\">\n", out);
    for (int i = 0; i < m->width * m->height; i++) {
        grg_hex hx = grg_map_hex_at(m, i);
        double cx, cy;
        centre(hx, &cx, &cy);
        hexagon(out, cx, cy, sc->data->terrain[m->terrain[i]].color);
        char lab[16];
        grg_map_label(m, hx, lab, sizeof lab);
        fprintf(
            out,
            "<text class=\"label\" x=\"%.1f\" y=\"%.1f\" font-size=\"7\" text-anchor=\"middle\" "
            "fill=\"#333\">%s</text>\n",
            cx, cy - R * 0.62, lab);
        if (m->elevation[i] > 0)
            fprintf(out,
                    "<text x=\"%.1f\" y=\"%.1f\" font-size=\"7\" fill=\"#6d4c41\">+%d</text>\n",
                    cx + R * 0.4, cy + R * 0.55, m->elevation[i]);
        if (m->flags[i] & GRG_HEX_OBJECTIVE)
            fprintf(out,
                    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"none\" stroke=\"#c62828\" "
                    "stroke-width=\"2\"/>\n",
                    cx, cy, R * 0.8);
    }
    fputs("</g>\n<g class=\"hexsides\">\n", out);
    for (int i = 0; i < m->width * m->height; i++) {
        grg_hex hx = grg_map_hex_at(m, i);
        double cx, cy;
        centre(hx, &cx, &cy);
        hexsides(out, m, hx, cx, cy);
    }
    fputs("</g>\n<g class=\"units\">\n", out);
    /* Bottom of each stack first, so the top counter is drawn last. */
    for (int level = 2; level >= 0; level--)
        for (int i = 0; i < sc->n_units; i++) {
            if (g) {
                const grg_unit *u = &g->units[i];
                if (u->status == GRG_UNIT_ON_MAP && u->stack == level)
                    counter(out, sc, i, u->hex, u->facing, u->stack, u->side);
            } else if (sc->units[i].on_map && sc->units[i].stack == level) {
                counter(out, sc, i, sc->units[i].hex, sc->units[i].facing, level,
                        sc->units[i].side);
            }
        }
    fputs("</g>\n</svg>\n", out);
    return ferror(out) ? -1 : 0;
}
