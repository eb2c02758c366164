/* options.c: made from the command table: parsing, --help, completion, the man page's lists. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "util/util.h"

const cli_command *cli_command_find(const char *name)
{
    for (size_t i = 0; i < cli_ncommands; i++)
        if (strcmp(cli_commands[i]->name, name) == 0)
            return cli_commands[i];
    return NULL;
}

/* The short letter of a spec ("-n, --dry-run": 'n'), or 0. */
static int spec_letter(const char *spec)
{
    for (const char *p = spec; (p = strchr(p, '-')) != NULL; p++) {
        if ((p == spec || p[-1] == ' ') && p[1] != '-' && p[1] != '\0')
            return (unsigned char)p[1];
        if (p[1] == '-')
            p++;
    }
    return 0;
}

/* The long name of a spec, copied into buf ("" when it has none). */
static const char *spec_long(const char *spec, char *buf, size_t size)
{
    const char *p = strstr(spec, "--");
    buf[0] = '\0';
    if (p != NULL) {
        size_t n = strcspn(p + 2, ", ");
        snprintf(buf, size, "%.*s", (int)n, p + 2);
    }
    return buf;
}

static size_t options_count(const cli_command *c)
{
    size_t n = 0;
    while (c->options[n].key != 0)
        n++;
    return n;
}

/* getopt_long's tables for one command, made once. */
typedef struct getopt_tables {
    const cli_command *command;
    char shortopts[128];
    struct option *longopts;
    char (*names)[64];
} getopt_tables;

static void tables_build(getopt_tables *t, const cli_command *c)
{
    size_t n = options_count(c), k = 0, s = 0;
    t->command = c;
    t->longopts = util_calloc(2 * n + 1, sizeof *t->longopts);
    t->names = util_calloc(2 * n + 1, sizeof *t->names);
    if (c->in_order)
        t->shortopts[s++] = '+';
    for (size_t i = 0; i < n; i++) {
        const cli_option *o = &c->options[i];
        int letter = spec_letter(o->spec);
        if (letter != 0 && s + 3 < sizeof t->shortopts) {
            t->shortopts[s++] = (char)letter;
            if (o->arg != NULL)
                t->shortopts[s++] = ':';
        }
        const char *names[2] = { spec_long(o->spec, t->names[k], sizeof t->names[k]), o->alias };
        for (int j = 0; j < 2; j++) {
            if (names[j] == NULL || names[j][0] == '\0')
                continue;
            if (names[j] != t->names[k])
                snprintf(t->names[k], sizeof t->names[k], "%s", names[j]);
            t->longopts[k] = (struct option){ t->names[k], o->arg != NULL ? required_argument
                                                                          : no_argument,
                                              NULL, o->key };
            k++;
        }
    }
    t->shortopts[s] = '\0';
}

int cli_getopt(const cli_command *c, int argc, char **argv)
{
    static getopt_tables tables[64];
    getopt_tables *t = NULL;
    for (size_t i = 0; i < sizeof tables / sizeof tables[0] && t == NULL; i++) {
        if (tables[i].command == c)
            t = &tables[i];
        else if (tables[i].command == NULL)
            tables_build(t = &tables[i], c);
    }
    if (t == NULL)
        util_die("too many commands in the table");
    return getopt_long(argc, argv, t->shortopts, t->longopts, NULL);
}

void cli_usage(const cli_command *c, FILE *fp)
{
    fputs(c->usage, fp);
    if (c->about != NULL)
        fputs(c->about, fp);
    for (const cli_option *o = c->options; o->key != 0; o++) {
        if (o->help == NULL)
            continue;
        char left[128];
        snprintf(left, sizeof left, "%s%s%s", o->spec, o->arg ? " " : "", o->arg ? o->arg : "");
        const char *h = o->help;
        size_t n = strcspn(h, "\n");
        if (strlen(left) <= 18)
            fprintf(fp, "  %-18s %.*s\n", left, (int)n, h);
        else
            fprintf(fp, "  %s  %.*s\n", left, (int)n, h);
        for (h += n; *h == '\n'; h += n) {
            h++;
            n = strcspn(h, "\n");
            fprintf(fp, "%21s%.*s\n", "", (int)n, h);
        }
    }
    if (c->notes != NULL)
        fputs(c->notes, fp);
}

int cli_usage_error(const cli_command *c)
{
    cli_usage(c, stderr);
    return UTIL_EXIT_USAGE;
}

int cli_option_value(const cli_command *c, int key, const char *arg)
{
    const cli_option *o = c->options;
    while (o->key != 0 && o->key != key)
        o++;
    if (o->key == 0 || o->values == NULL)
        return -1;
    int i = 0;
    for (const char *v = o->values; *v != '\0'; i++) {
        size_t n = strcspn(v, " ");
        if (strlen(arg) == n && strncmp(v, arg, n) == 0)
            return i;
        v += n;
        v += strspn(v, " ");
    }
    char allowed[256];
    size_t k = 0;
    for (const char *v = o->values; *v != '\0' && k + 3 < sizeof allowed; v++) {
        if (*v == ' ') {
            allowed[k++] = ',';
            allowed[k++] = ' ';
        } else {
            allowed[k++] = *v;
        }
    }
    allowed[k] = '\0';
    const char *name = strstr(o->spec, "--");
    util_warn("%s: %s '%s' is not one of: %s", c->name, name != NULL ? name : o->spec, arg,
              allowed);
    return -1;
}

/* Arguments that name a file (or a directory) are completed as file names. */
static int arg_is_file(const char *arg)
{
    static const char *const files[] = { "CAMPAIGN", "FILE", "RUN", "QRELS", "DIR", "DEST", NULL };
    for (size_t i = 0; files[i] != NULL; i++)
        if (strcmp(arg, files[i]) == 0)
            return 1;
    return 0;
}

/* The forms of an option as typed: "-x" and "--name" (and the alias). */
static size_t option_forms(const cli_option *o, char forms[3][72])
{
    size_t n = 0;
    int letter = spec_letter(o->spec);
    char name[64];
    if (letter != 0)
        snprintf(forms[n++], 72, "-%c", letter);
    if (spec_long(o->spec, name, sizeof name)[0] != '\0')
        snprintf(forms[n++], 72, "--%s", name);
    return n;
}

void cli_completion_bash(FILE *fp)
{
    fputs("# trecjudge: bash completion of trecjudge's commands and options (made by\n"
          "# `trecjudge --completion-bash` from its command table; do not edit).\n"
          "_trecjudge()\n{\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
          "    local opts= words=\n"
          "    COMPREPLY=()\n"
          "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
          "        COMPREPLY=($(compgen -W \"", fp);
    for (size_t i = 0; i < cli_ncommands; i++)
        fprintf(fp, "%s%s", i ? " " : "", cli_commands[i]->name);
    fputs(" --help --version\" -- \"$cur\"))\n"
          "        return\n"
          "    fi\n"
          "    case \"${COMP_WORDS[1]} $prev\" in\n", fp);
    for (size_t i = 0; i < cli_ncommands; i++) {
        const cli_command *c = cli_commands[i];
        for (const cli_option *o = c->options; o->key != 0; o++) {
            if (o->help == NULL || o->arg == NULL)
                continue;
            char forms[3][72];
            size_t n = option_forms(o, forms);
            fputs("    ", fp);
            for (size_t k = 0; k < n; k++)
                fprintf(fp, "%s\"%s %s\"", k ? "|" : "", c->name, forms[k]);
            if (o->values != NULL)
                fprintf(fp, ")\n        COMPREPLY=($(compgen -W \"%s\" -- \"$cur\"))\n"
                        "        return ;;\n", o->values);
            else if (arg_is_file(o->arg))
                fputs(")\n        COMPREPLY=($(compgen -f -- \"$cur\"))\n        return ;;\n", fp);
            else
                fputs(")\n        return ;;\n", fp);
        }
    }
    fputs("    esac\n"
          "    case ${COMP_WORDS[1]} in\n", fp);
    for (size_t i = 0; i < cli_ncommands; i++) {
        const cli_command *c = cli_commands[i];
        fprintf(fp, "    %s)\n        opts=\"", c->name);
        int first = 1;
        for (const cli_option *o = c->options; o->key != 0; o++) {
            if (o->help == NULL)
                continue;
            char forms[3][72];
            size_t n = option_forms(o, forms);
            for (size_t k = 0; k < n; k++, first = 0)
                fprintf(fp, "%s%s", first ? "" : " ", forms[k]);
        }
        fputs("\"", fp);
        if (c->words != NULL)
            fprintf(fp, "\n        words=\"%s\"", c->words);
        fputs(" ;;\n", fp);
    }
    fputs("    esac\n"
          "    if [[ $cur == -* ]]; then\n"
          "        COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
          "    elif [ -n \"$words\" ] && [ \"$COMP_CWORD\" -eq 2 ]; then\n"
          "        COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
          "    else\n"
          "        COMPREPLY=($(compgen -f -- \"$cur\"))\n"
          "    fi\n"
          "}\n"
          "complete -o filenames -F _trecjudge trecjudge\n", fp);
}

void cli_options_list(FILE *fp)
{
    for (size_t i = 0; i < cli_ncommands; i++) {
        const cli_command *c = cli_commands[i];
        for (const cli_option *o = c->options; o->key != 0; o++) {
            if (o->help == NULL)
                continue;
            char forms[3][72];
            size_t n = option_forms(o, forms);
            for (size_t k = 0; k < n; k++)
                fprintf(fp, "%s %s\n", c->name, forms[k]);
        }
    }
}

/* Text for roff: '\' and '-' escaped, a line starting with '.' or '\'' not taken for a
 * request. */
static void roff_text(FILE *fp, const char *s, size_t n)
{
    if (n > 0 && (s[0] == '.' || s[0] == '\''))
        fputs("\\&", fp);
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\')
            fputs("\\e", fp);
        else if (s[i] == '-')
            fputs("\\-", fp);
        else
            fputc(s[i], fp);
    }
}

void cli_man_options(FILE *fp)
{
    for (size_t i = 0; i < cli_ncommands; i++) {
        const cli_command *c = cli_commands[i];
        fprintf(fp, ".\\\" begin options: %s\n", c->name);
        for (const cli_option *o = c->options; o->key != 0; o++) {
            /* -h and -d are every command's, described once in the man page */
            if (o->help == NULL || strcmp(o->spec, "-h, --help") == 0 ||
                strcmp(o->spec, "-d, --campaign") == 0)
                continue;
            fputs(".TP\n", fp);
            for (const char *s = o->spec; *s != '\0';) {
                size_t n = strcspn(s, ",");
                fputs("\\fB", fp);
                roff_text(fp, s, n);
                fputs("\\fR", fp);
                s += n;
                for (; *s == ',' || *s == ' '; s++)
                    fputc(*s, fp);
            }
            if (o->arg != NULL)
                fprintf(fp, " \\fI%s\\fR", o->arg);
            fputc('\n', fp);
            for (const char *h = o->help; *h != '\0';) {
                size_t n = strcspn(h, "\n");
                roff_text(fp, h, n);
                fputc('\n', fp);
                h += n + (h[n] == '\n');
            }
        }
        fprintf(fp, ".\\\" end options: %s\n", c->name);
    }
}

int cli_usage_option(const cli_command *c, int opt)
{
    if (opt != 'h')
        return cli_usage_error(c);
    cli_usage(c, stdout);
    return UTIL_EXIT_OK;
}
