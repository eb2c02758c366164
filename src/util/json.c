/* json.c: the JSON writer: containers, keys and values, with the commas and white space between. */
/* SPDX-License-Identifier: MIT */
#include "util.h"

#include <math.h>

const util_json_style util_json_lines = { "\n  ", "\n  ", "\n", "" };

static const util_json_style inline_style = { "", " ", "", "" };

void util_json_init(util_json *j, util_out *o)
{
    memset(j, 0, sizeof *j);
    j->o = o;
}

/* What goes before a value: nothing after a key; in a container, the comma after the
 * previous item and the white space of the style (or of util_json_break). */
static void item(util_json *j)
{
    if (j->after_key) {
        j->after_key = 0;
        return;
    }
    if (j->depth == 0)
        return;
    size_t d = (size_t)j->depth - 1;
    if (j->level[d].items > 0)
        util_out_char(j->o, ',');
    const char *ws = j->next_ws;
    if (ws == NULL)
        ws = j->level[d].items > 0 ? j->level[d].style.next : j->level[d].style.first;
    j->next_ws = NULL;
    if (ws != NULL)
        util_out_str(j->o, ws);
    j->level[d].items++;
}

static void begin(util_json *j, char bracket, char close, const util_json_style *style)
{
    item(j);
    if (j->depth >= UTIL_JSON_DEPTH)
        util_die("JSON nested deeper than %d", UTIL_JSON_DEPTH);
    size_t d = (size_t)j->depth++;
    j->level[d].style = style != NULL ? *style : inline_style;
    j->level[d].close = close;
    j->level[d].items = 0;
    util_out_char(j->o, bracket);
}

void util_json_object(util_json *j, const util_json_style *style)
{
    begin(j, '{', '}', style);
}

void util_json_array(util_json *j, const util_json_style *style)
{
    begin(j, '[', ']', style);
}

void util_json_end(util_json *j)
{
    if (j->depth == 0)
        util_die("JSON closed more than opened");
    size_t d = (size_t)--j->depth;
    const util_json_style *s = &j->level[d].style;
    const char *ws = j->next_ws != NULL ? j->next_ws : j->level[d].items ? s->close : s->empty;
    j->next_ws = NULL;
    j->after_key = 0;
    if (ws != NULL)
        util_out_str(j->o, ws);
    util_out_char(j->o, j->level[d].close);
}

void util_json_key(util_json *j, const char *key)
{
    item(j);
    util_out_json(j->o, key);
    util_out_str(j->o, ": ");
    j->after_key = 1;
}

void util_json_str(util_json *j, const char *s)
{
    item(j);
    if (s == NULL)
        util_out_str(j->o, "null");
    else
        util_out_json(j->o, s);
}

void util_json_int(util_json *j, long long v)
{
    item(j);
    util_out_printf(j->o, "%lld", v);
}

void util_json_uint(util_json *j, unsigned long long v)
{
    item(j);
    util_out_printf(j->o, "%llu", v);
}

void util_json_double(util_json *j, double v)
{
    item(j);
    if (isfinite(v))
        util_out_printf(j->o, "%.17g", v);
    else
        util_out_str(j->o, "null");
}

void util_json_fixed(util_json *j, double v, int decimals)
{
    item(j);
    if (isfinite(v))
        util_out_printf(j->o, "%.*f", decimals, v);
    else
        util_out_str(j->o, "null");
}

void util_json_null(util_json *j)
{
    item(j);
    util_out_str(j->o, "null");
}

void util_json_number(util_json *j, const char *text)
{
    item(j);
    util_out_str(j->o, text);
}

void util_json_raw(util_json *j, const char *json, size_t len)
{
    item(j);
    util_out_bytes(j->o, json, len);
}

void util_json_space(util_json *j, const char *ws)
{
    util_out_str(j->o, ws);
}

void util_json_break(util_json *j, const char *ws)
{
    j->next_ws = ws;
}
