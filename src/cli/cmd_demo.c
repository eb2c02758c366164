/* cmd_demo.c: `trecjudge demo`: builds the demo campaign, pools it, opens the assessment screen. */
/* SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"

/* The folder with the demo's topics, documents and runs: the source tree's only for the
 * binary in the build tree (before `make install`), so an installed one never reads it. */
static const char *demo_data(void)
{
    const char *env = getenv("TRECJUDGE_DEMO");
    if (env != NULL && env[0] != '\0')
        return env;
    const char *data = TJ_PKGDATADIR "/demo";
    char *exe = realpath("/proc/self/exe", NULL), *build = realpath(TJ_BUILDDIR, NULL);
    size_t n = build != NULL ? strlen(build) : 0;
    if (exe != NULL && n > 0 && strncmp(exe, build, n) == 0 && exe[n] == '/')
        data = TJ_SRCDIR "/share/demo";
    free(exe);
    free(build);
    return data;
}

/* Runs one subcommand as if typed; returns its exit status. */
static int run(int (*cmd)(int, char **), const char *const *args)
{
    int argc = 0;
    while (args[argc] != NULL)
        argc++;
    char **argv = util_calloc((size_t)argc + 1, sizeof *argv);
    for (int i = 0; i < argc; i++)
        argv[i] = util_strdup(args[i]);
    int status = cmd(argc, argv);
    for (int i = 0; i < argc; i++)
        free(argv[i]);
    free(argv);
    return status;
}

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Imports every run file of data/runs, in name order. */
static int import_runs(const char *campaign, const char *data)
{
    char dirpath[4096];
    snprintf(dirpath, sizeof dirpath, "%s/runs", data);
    DIR *d = opendir(dirpath);
    if (d == NULL) {
        util_warn("demo: %s: %s", dirpath, strerror(errno));
        return UTIL_EXIT_INPUT;
    }
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strstr(e->d_name, ".run") == NULL)
            continue;
        names = util_realloc(names, (n + 1) * sizeof *names);
        size_t len = strlen(dirpath) + strlen(e->d_name) + 2;
        names[n] = util_malloc(len);
        snprintf(names[n++], len, "%s/%s", dirpath, e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, name_cmp);
    int status = UTIL_EXIT_OK;
    for (size_t i = 0; i < n && status == UTIL_EXIT_OK; i++) {
        const char *args[] = { "runs", "import", "-d", campaign, names[i], NULL };
        status = run(cli_runs, args);
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    return status;
}

static int build(const char *campaign, const char *data)
{
    char topics[4096], docs[4096];
    snprintf(topics, sizeof topics, "%s/topics.xml", data);
    snprintf(docs, sizeof docs, "%s/docs.sgml", data);
    const char *init[] = { "init", "-d", campaign, "--scale", "graded4", NULL };
    const char *ti[] = { "topics", "import", "-d", campaign, topics, NULL };
    const char *di[] = { "docs", "import", "-d", campaign, docs, NULL };
    int status;
    if ((status = run(cli_init, init)) != UTIL_EXIT_OK ||
        (status = run(cli_topics, ti)) != UTIL_EXIT_OK ||
        (status = run(cli_docs, di)) != UTIL_EXIT_OK ||
        (status = import_runs(campaign, data)) != UTIL_EXIT_OK)
        return status;
    /* depth-20 pools in docno order, as NIST presents them; the index serves the S key */
    const char *pool[] = { "pool", "-d", campaign, "--depth", "20", NULL };
    const char *index[] = { "index", "-d", campaign, NULL };
    if ((status = run(cli_pool, pool)) != UTIL_EXIT_OK)
        return status;
    return run(cli_index, index);
}

int cli_demo(int argc, char **argv)
{
    const cli_command *cmd = cli_command_find("demo");
    const char *dir = NULL, *assessor = NULL;
    int no_assess = 0, opt;
    optind = 1;
    while ((opt = cli_getopt(cmd, argc, argv)) != -1) {
        switch (opt) {
        case 'D': dir = optarg; break;
        case 'a': assessor = optarg; break;
        case 'n': no_assess = 1; break;
        default:
            return cli_usage_option(cmd, opt);
        }
    }
    if (optind != argc) {
        return cli_usage_error(cmd);
    }
    if (cli_name_check("demo", "assessor", assessor) != 0)
        return UTIL_EXIT_USAGE;
    const char *data = demo_data();
    char tmpdir[4000], campaign[4096];
    if (dir == NULL) {
        const char *base = getenv("TMPDIR") != NULL ? getenv("TMPDIR") : "/tmp";
        snprintf(tmpdir, sizeof tmpdir, "%s/trecjudge-demo-XXXXXX", base);
        if (mkdtemp(tmpdir) == NULL) {
            util_warn("demo: cannot make a folder in %s: %s", base, strerror(errno));
            return UTIL_EXIT_SYSTEM;
        }
        dir = tmpdir;
    } else if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        util_warn("demo: cannot make %s: %s", dir, strerror(errno));
        return UTIL_EXIT_SYSTEM;
    }
    if (strlen(dir) > 4000) {
        util_warn("demo: the folder name is too long");
        return UTIL_EXIT_USAGE;
    }
    snprintf(campaign, sizeof campaign, "%.4000s/demo.tjdb", dir);
    int status = UTIL_EXIT_OK;
    if (access(campaign, F_OK) == 0) {
        fprintf(stderr, "demo: opening the existing %s\n", util_shown(campaign));
    } else if ((status = build(campaign, data)) != UTIL_EXIT_OK) {
        /* a half-built campaign would be opened as it is next time: remove it */
        const char *const suffix[] = { "", "-wal", "-shm", ".index" };
        for (size_t i = 0; i < sizeof suffix / sizeof *suffix; i++) {
            char part[4200];
            snprintf(part, sizeof part, "%s%s", campaign, suffix[i]);
            unlink(part);
        }
        util_warn("demo: could not build the demo campaign from %s", data);
        return status;
    }
    fprintf(stderr, "demo: the campaign is %s\n", util_shown(campaign));
    if (no_assess)
        return UTIL_EXIT_OK;
    const char *args[] = {
        "assess", "-d", campaign, assessor ? "--assessor" : NULL, assessor, NULL
    };
    status = run(cli_assess, args);
    fprintf(stderr, "demo: the judgments are in %s (try: trecjudge status -d %s)\n",
            util_shown(campaign), util_shown(campaign));
    return status;
}
