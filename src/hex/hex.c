/* Hex geometry (spec §A.1-A.5): axial coordinates, odd-r labels, directions, distance, facing and
 * hexsides. Pure functions on value types: no allocation, no I/O, no mutable globals. */
#include "grognard/hex.h"

#include <stdio.h>

int grg_hex_direction_to(grg_hex a, grg_hex b)
{
    int64_t dq = (int64_t)b.q - a.q, dr = (int64_t)b.r - a.r;
    for (int d = 0; d < 6; d++)
        if (dq == grg_hex_dq[d] && dr == grg_hex_dr[d])
            return d;
    return -1;
}

/* A.1.3: odd-r offset layout, 0-based; rows with an odd 0-based index are shifted right. The parity
 * test uses % rather than & so that negative rows are exact on any integer representation. */
grg_hex grg_hex_from_offset(int col, int row)
{
    int odd = row % 2 != 0;
    return grg_hex_make((int32_t)(col - (row - odd) / 2), (int32_t)row);
}

void grg_hex_to_offset(grg_hex h, int *col, int *row)
{
    int odd = h.r % 2 != 0;
    if (col)
        *col = h.q + (h.r - odd) / 2;
    if (row)
        *row = h.r;
}

/* A.1.3: both parts have the same width, 2 up to 99, else the digits of the larger dimension. */
int grg_label_digits(int width, int height)
{
    int m = width > height ? width : height;
    int digits = 1;
    if (m <= 99)
        return 2;
    while (m >= 10) {
        m /= 10;
        digits++;
    }
    return digits;
}

/* A.1.3: `CCRR` with both parts 1-based and of equal width (at most GRG_LABEL_MAX_DIGITS each).
 * The length is bounded before anything else, so an unterminated huge string is never scanned. */
int grg_hex_parse(const char *label, grg_hex *out)
{
    size_t len = 0;
    int32_t part[2] = {0, 0};

    if (!label)
        return -1;
    while (len <= 2 * GRG_LABEL_MAX_DIGITS && label[len] != '\0') {
        if (label[len] < '0' || label[len] > '9')
            return -1;
        len++;
    }
    if (len < 4 || len > 2 * GRG_LABEL_MAX_DIGITS || len % 2 != 0)
        return -1;
    for (size_t i = 0; i < len; i++)
        part[i >= len / 2] = part[i >= len / 2] * 10 + (label[i] - '0');
    if (part[0] < 1 || part[1] < 1)
        return -1;
    if (out)
        *out = grg_hex_from_offset(part[0] - 1, part[1] - 1);
    return 0;
}

int grg_hex_format(grg_hex h, int digits, char *buf, size_t size)
{
    int col, row;
    int32_t limit = 1;

    if (!buf || digits < 2 || digits > GRG_LABEL_MAX_DIGITS || size < (size_t)(2 * digits + 1))
        return -1;
    grg_hex_to_offset(h, &col, &row);
    for (int i = 0; i < digits; i++)
        limit *= 10;
    if (col < 0 || row < 0 || col + 1 >= limit || row + 1 >= limit)
        return -1;
    snprintf(buf, size, "%0*d%0*d", digits, col + 1, digits, row + 1);
    return 0;
}

/* A.4.2: by offset k = dir - f: 0, 1 frontal; 2 left flank; 3, 4 rear; 5 right flank. */
grg_side_class grg_facing_class(int facing, int dir)
{
    static const grg_side_class by_offset[6] = {GRG_FRONTAL, GRG_FRONTAL, GRG_FLANK_LEFT,
                                                GRG_REAR,    GRG_REAR,    GRG_FLANK_RIGHT};
    return by_offset[grg_dir_mod6(dir - facing)];
}

/* A.4.2: listing order frontal f, f+1; flank f+2 (left), f+5 (right); rear f+3, f+4. */
void grg_facing_dirs(int facing, int out[6])
{
    static const int offset[6] = {0, 1, 2, 5, 3, 4};
    for (int i = 0; i < 6; i++)
        out[i] = grg_dir_mod6(facing + offset[i]);
}

/* A.4.3: integer frontal-arc test on D = t - h in cube coordinates, boundaries included. */
int grg_in_frontal_arc(grg_hex h, int facing, grg_hex t)
{
    int64_t dq = (int64_t)t.q - h.q, dr = (int64_t)t.r - h.r, ds = -dq - dr;

    if ((dq == 0 && dr == 0) || facing < 0 || facing > 5)
        return 0;
    switch (facing) {
    case 0:
        return dq >= dr && dq >= ds;
    case 1:
        return dr <= dq && dr <= ds;
    case 2:
        return ds >= dq && ds >= dr;
    case 3:
        return dq <= dr && dq <= ds;
    case 4:
        return dr >= dq && dr >= ds;
    default:
        return ds <= dq && ds <= dr;
    }
}

/* A.4.4: fewest vertex steps; the only tie (180 degrees) is taken clockwise, hence -3. */
int grg_turn_steps(int from, int to)
{
    static const int steps[6] = {0, 1, 2, -3, -2, -1};
    return steps[grg_dir_mod6(to - from)];
}

/* A.3.1: (h, d) for d in 0..2, else (neighbour(h, d), d - 3). */
grg_hexside grg_hexside_canonical(grg_hex h, int dir)
{
    grg_hexside side;
    int d = grg_dir_mod6(dir);
    if (d < 3) {
        side.hex = h;
        side.dir = d;
    } else {
        side.hex = grg_hex_neighbour(h, d);
        side.dir = d - 3;
    }
    return side;
}
