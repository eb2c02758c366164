/* commands.c: the command table: every command and its options, in one place. */
/* SPDX-License-Identifier: MIT */
#include "cli/cli.h"

#define CLI_OPT_HELP { 'h', "-h, --help", NULL, "this help", NULL, NULL }
#define CLI_OPT_CAMPAIGN { 'd', "-d, --campaign", "CAMPAIGN", \
                           "the campaign file (default $TRECJUDGE_CAMPAIGN or campaign.tjdb)", \
                           NULL, NULL }

/* ---- init ---- */
static const cli_option init_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 's', "--scale", "SCALE",
      "the judgment scale: binary (default) or graded4",
      "binary graded4", NULL },
    { 'g', "--grades", "SPEC", "the scale as GRADE:LABEL:KEY,...", NULL, NULL },
    { 'l', "--relevance-level", "N", "a grade >= N counts as relevant (default 1)", NULL, NULL },
    { 'L', "--lang", "LANG",
      "the language topics are shown in on the assessment screen",
      NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_init = {
    "init", cli_init, "create a campaign file",
    "usage: trecjudge init [-d CAMPAIGN] [--scale binary|graded4] [--grades SPEC]\n"
    "                      [--relevance-level N] [--lang LANG]\n",
    "Creates a new, empty campaign file (default: $TRECJUDGE_CAMPAIGN or campaign.tjdb).\n"
    "The judgment scale is binary (0 Not relevant, 1 Relevant) unless --scale graded4\n"
    "(0 Not, 1 Partially, 2 Fairly, 3 Highly relevant) or --grades gives it as\n"
    "GRADE:LABEL:KEY,... (for example \"0:Not relevant:x,1:Relevant:y,2:Perfect:p\"); a key\n"
    "the assessment screen uses for something else is refused. A grade at or above the\n"
    "relevance level (default 1) counts as relevant. --lang sets the language topics are\n"
    "shown in on the assessment screen (default: English when a topic has it).\n",
    init_opts,
    NULL,
    NULL, 0
};

/* ---- topics ---- */
static const cli_option topics_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'f', "--format", "FMT",
      "the topic file's format (default auto; docs: a TREC document file whose DOCNO is\n"
      "the topic id and whose text is its title)",
      "auto clef covid ehealth trec tsv docs", NULL },
    { 'L', "--lang", "LANG",
      "the language of the fields the file gives none (CLEF eHealth queries, TSV)",
      NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_topics = {
    "topics", cli_topics, "import topic files into the campaign",
    "usage: trecjudge topics import [-d CAMPAIGN]\n"
    "                               [--format auto|clef|covid|ehealth|trec|tsv|docs]\n"
    "                               [--lang LANG] FILE...\n",
    "Stores each topic's fields (title, description, narrative, ...) in every language the\n"
    "file has, and says which languages it stored. A file that names no language (CLEF\n"
    "eHealth queries, TSV translations) is stored in LANG with --lang, so that translations\n"
    "coexist. Importing a topic again replaces the fields the file gives in the same\n"
    "language; the same file with another --lang is another import.\n",
    topics_opts,
    NULL,
    "import", 0
};

/* ---- docs ---- */
static const cli_option docs_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'f', "--format", "FMT",
      "the document file's format (default auto)",
      "auto trec jsonl tsv", NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_docs = {
    "docs", cli_docs, "import document collections into the campaign",
    "usage: trecjudge docs import [-d CAMPAIGN] [--format auto|trec|jsonl|tsv] FILE...\n",
    "Stores each document's docno, title and text. Invalid UTF-8 is repaired (U+FFFD) and\n"
    "counted; a docno already in the campaign is an error.\n",
    docs_opts,
    NULL,
    "import", 0
};

/* ---- runs ---- */
static const cli_option runs_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 't', "--tag", "TAG", "import: the run's tag (one RUN only; default the file's)", NULL,
      NULL },
    { 'R', "--replace", NULL, "import: replace the campaign's run of the same tag", NULL, NULL },
    { 'f', "--format", "FMT", "list: text (default), tsv or json", "text tsv json", NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_runs = {
    "runs", cli_runs, "import, list, remove and export the campaign's runs",
    "usage: trecjudge runs import [-d CAMPAIGN] [--tag TAG] [--replace] RUN...\n"
    "       trecjudge runs list [-d CAMPAIGN] [--format text|tsv|json]\n"
    "       trecjudge runs remove [-d CAMPAIGN] TAG\n"
    "       trecjudge runs export [-d CAMPAIGN] TAG\n",
    "import stores each run (its ranking per topic in trec_eval order) in the campaign. A\n"
    "file imported before is recognised by its content and skipped; a tag the campaign has\n"
    "already is refused unless --replace is given (a withdrawn or resubmitted run: the new\n"
    "one takes the old one's place in one transaction). list shows each run's tag, topics,\n"
    "documents, lines, file, when it was imported and when it last fed a pool written to\n"
    "the campaign. remove deletes a run (judgments and pooled documents stay). export\n"
    "writes a run back as a run file, in trec_eval order (ranks from 1).\n",
    runs_opts,
    NULL,
    "import list remove export", 0
};

/* ---- qrels ---- */
static const cli_option qrels_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'a', "--assessor", "NAME",
      "import: the assessor the judgments are stored under (default qrels)",
      NULL, NULL },
    { 'p', "--policy", "P",
      "export: several assessors' grades merged: max (default), majority,\n"
      "mean or primary=NAME; adjudicated[,FALLBACK]: the adjudicated grade\n"
      "(assess --adjudicate), else FALLBACK's (default max)",
      "max majority mean primary= adjudicated", NULL },
    { 'j', "--per-assessor", NULL,
      "export: every assessor's judgment (qrels_jg form); import: read that\n"
      "form back, each judgment under its assessor",
      NULL, NULL },
    { 'I', "--iter", NULL,
      "export --per-assessor: add the iteration column as a fifth field",
      NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_qrels = {
    "qrels", cli_qrels, "import judgments from qrels, or export the campaign's qrels",
    "usage: trecjudge qrels import [-d CAMPAIGN] [--assessor NAME | --per-assessor] QRELS\n"
    "       trecjudge qrels export [-d CAMPAIGN]\n"
    "                              [--policy max|majority|mean|primary=NAME|adjudicated[,P]]\n"
    "                              [--per-assessor [--iter]]\n",
    "import stores the judgments of a qrels file (grade -1: pooled, not judged) under one\n"
    "assessor (default 'qrels'); export prints TREC qrels on standard output. When several\n"
    "assessors judged a document, --policy decides its grade (default max); --per-assessor\n"
    "prints every assessor's judgment with the assessor in the second column (qrels_jg form),\n"
    "with --iter followed by the qrels iteration column as a fifth field (\"qid assessor\n"
    "docno grade iter\"). import --per-assessor reads either form back, each judgment under\n"
    "its assessor (the iteration column \"0\" in the four-field form): exporting again gives\n"
    "the same bytes.\n",
    qrels_opts,
    NULL,
    "import export", 0
};

/* ---- pool ---- */
static const cli_option pool_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'S', "--strategy", "S",
      "depth (default), rrf, rbp, rbp-max, borda (Take@N), mtf, maxmean (live),\n"
      "cal (live: continuous active learning over the whole collection)",
      "depth rrf rbp rbp-max borda mtf maxmean cal", NULL },
    { 'k', "--depth", "K",
      "depth-k: each run's top K; the others: candidate depth (default 100,\n"
      "0: whole rankings)",
      NULL, NULL },
    { 'K', "--depth-file", "FILE", "per-topic depth, lines \"qid K\"", NULL, NULL },
    { 'b', "--budget", "N",
      "Take@N: N documents per topic; mtf, maxmean, cal: judgments per topic",
      NULL, NULL },
    { 'p', "--rbp-p", "P", "RBP persistence (default 0.8)", NULL, NULL },
    { 'O', "--order", "O",
      "presentation order: docno (default), shuffle, priority",
      "docno shuffle priority", NULL },
    { 's', "--seed", "S", "seed of the shuffle (default 0)", NULL, NULL },
    { 't', "--stats", NULL, "print pool statistics per topic and per run instead", NULL, NULL },
    { 'v', "--overlap", NULL,
      "with --stats: documents contributed by both runs of each pair",
      NULL, NULL },
    { 'B', "--bias", NULL,
      "print the leave-one-run-out report (MAP without each run's unique\n"
      "documents) instead",
      NULL, NULL },
    { 'r', "--runs", "TAG,...",
      "on a campaign: only these runs feed the pool (\"all\": every run; default:\n"
      "the campaign's setting pool.runs, else all); --stats and --bias too",
      NULL, NULL },
    { 'q', "--qrels", "FILE", "judgments for --bias (default: the campaign's)", NULL, NULL },
    { 'Q', "--policy", "P",
      "several assessors' grades for --bias, as qrels export merges them:\n"
      "max (default), majority, mean or primary=NAME",
      "max majority mean primary=", NULL },
    { 'l', "-l", "LEVEL",
      "a grade >= LEVEL is relevant (default: the campaign's, or 1)",
      NULL, NULL },
    { 'F', "--format", "F",
      "table (default), tsv or json, for --stats and --bias",
      "table tsv json", NULL },
    { 'T', "--table", "NAME",
      "with --stats: print one table, topics (with tsv the default; overlap\n"
      "with --overlap), runs or overlap; tsv is always one table",
      "topics runs overlap", NULL },
    { 'e', "--export", "FORM",
      "list (\"qid docno\", the default with RUN files), qrels (grade -1) or\n"
      "run (\"qid Q0 docno rank score pool\"); on a campaign: its pool table,\n"
      "qrels with each judged document's grade, or jsonl (one JSON object a\n"
      "document: topic, fields, docno, source, title, text, grade)",
      "list qrels run jsonl", NULL },
    { 'u', "--unjudged", NULL,
      "with --export on a campaign: only the documents nobody graded",
      NULL, NULL },
    { 'o', "-o", "FILE", "write to FILE instead of standard output", NULL, "output" },
    { 'n', "-n, --dry-run", NULL,
      "on a campaign: report what would be added, change nothing",
      NULL, NULL },
    { 'x', "--next", "QID",
      "mtf, maxmean, cal: print the document the strategy proposes next for\n"
      "topic QID after the campaign's judgments (as the assessment screen)",
      NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_pool = {
    "pool", cli_pool, "build the pool (depth-k, Take@N, live), its statistics and bias",
    "usage: trecjudge pool [OPTIONS] [RUN...]\n",
    "With RUN files, reads them and prints their pool (no campaign). Without, builds the pool\n"
    "of the campaign's runs (-d) and adds the documents not pooled yet to its pool (judged\n"
    "documents keep their judgments), then says how many pooled documents have no text in\n"
    "the campaign (see 'docs import'). Rankings are in trec_eval order (score descending,\n"
    "docno descending on ties), whatever the rank column says.\n",
    pool_opts,
    "The campaign records the strategy and its parameters in its settings (pool.strategy,\n"
    "pool.depth, pool.depth.QID, pool.budget, pool.order, pool.seed, pool.rbp_p, pool.runs);\n"
    "options not given are taken from there. With --runs (TREC's priority runs) only the\n"
    "runs named feed the pool; report and compare still evaluate every run, and 'runs list'\n"
    "says which runs fed a pool.\n",
    NULL, 0
};

/* ---- simulate ---- */
static const cli_option simulate_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'q', "--qrels", "FILE", "the judgments that answer as the assessor (required)", NULL,
      NULL },
    { 'S', "--strategies", "S,...",
      "the strategies replayed, separated by commas (default depth,rrf,mtf,maxmean;\n"
      "cal too, on a campaign with a search index)",
      "depth rrf mtf maxmean cal", NULL },
    { 'b', "--budgets", "B,...",
      "judgments per topic at which results are reported, separated by commas\n"
      "(default 10,20,50,100,200)",
      NULL, NULL },
    { 'k', "--depth", "K",
      "candidate depth: how far down each ranking strategies look (default 100,\n"
      "0: whole rankings)",
      NULL, NULL },
    { 'l', "-l", "LEVEL",
      "a grade >= LEVEL is relevant (default: the campaign's, or 1)",
      NULL, NULL },
    { 's', "--seed", "N", "seed handed to the strategies (default 0)", NULL, NULL },
    { 'F', "--format", "F", "table (default), tsv or json", "table tsv json", NULL },
    { 'P', "--plot", NULL,
      "also draw relevant documents found against the budget in the terminal;\n"
      "followed by FILE.svg: as an SVG figure in that file instead",
      NULL, NULL },
    { 't', "--trace", NULL,
      "print every simulated judgment instead (\"strategy qid step docno relevant\")",
      NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_simulate = {
    "simulate", cli_simulate, "replay pooling strategies with a qrels file as the assessor",
    "usage: trecjudge simulate [-d CAMPAIGN] --qrels FILE [--strategies S,...]\n"
    "                          [--budgets B,...] [OPTIONS] [--plot [FILE.svg]]\n",
    "Replays each strategy on every topic that the qrels and the campaign's runs share, the\n"
    "qrels answering as the assessor (a document they do not judge is not relevant), and\n"
    "prints, for each strategy and budget B (judgments per topic), the relevant documents\n"
    "found, their recall (of the relevant documents some run retrieves within the depth),\n"
    "and how the runs ranked by MAP on those judgments agree with their ranking by MAP on\n"
    "the whole qrels: Kendall's tau, tau_AP and the largest drop in rank of a run. The\n"
    "campaign is only read.\n",
    simulate_opts,
    "depth judges rank 1 of every run, then rank 2, ...; rrf by reciprocal-rank fusion;\n"
    "mtf and maxmean are the live strategies of 'pool', told each answer; cal is\n"
    "continuous active learning over the campaign's index (every document a candidate).\n",
    NULL, 0
};

/* ---- assign ---- */
static const cli_option assign_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'r', "--remove", NULL, "take the topics back", NULL, NULL },
    { 'l', "--list", NULL, "list who has which topics, and each topic's assessors", NULL, NULL },
    { 'f', "--format", "FMT", "the format of --list (default text)", "text tsv", NULL },
    { 'T', "--table", "NAME",
      "with --list: print one table, assessors (with tsv the default) or\n"
      "topics; tsv is always one table",
      "assessors topics", NULL },
    { 'a', "--auto", NULL, "assign every topic to --per-topic of the assessors named", NULL,
      NULL },
    { 'k', "--per-topic", "K", "with --auto: the assessors each topic gets (default 1)", NULL,
      NULL },
    { 'R', "--replace", NULL, "with --auto: remove every assignment first", NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_assign = {
    "assign", cli_assign, "give topics to an assessor",
    "usage: trecjudge assign [-d CAMPAIGN] [--remove] ASSESSOR TOPIC...\n"
    "       trecjudge assign [-d CAMPAIGN] --auto [--per-topic K] [--replace] ASSESSOR...\n"
    "       trecjudge assign [-d CAMPAIGN] --list [--format text|tsv]\n"
    "                        [--table assessors|topics]\n",
    "Assigns the topics to the assessor (created if new), or with --remove takes them back.\n"
    "Every topic must be in the campaign; all of them change, or none.\n"
    "--auto gives every topic (in natural order) K assessors (the overlap agreement needs)\n"
    "among those named, in one transaction: each next one is the assessor with the fewest\n"
    "topics, then the fewest topics shared with the topic's others, so that every assessor\n"
    "gets the same number of topics +-1 and pairs are spread. K above the number of\n"
    "assessors is refused. Existing assignments are kept and count towards K, unless\n"
    "--replace (every assignment of the campaign is removed first). --list prints each\n"
    "assessor's topics, then each topic's number of assessors and their names; --table\n"
    "prints only the table named, and --format tsv one table, with one header line\n"
    "(--table assessors unless topics is named), for programs to read.\n",
    assign_opts,
    NULL,
    NULL, 0
};

/* ---- assess ---- */
static const cli_option assess_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'a', "--assessor", "NAME",
      "who judges (default $TRECJUDGE_ASSESSOR, else $USER)",
      NULL, NULL },
    { 't', "--topic", "ID", "start at topic ID", NULL, NULL },
    { 'l', "--lang", "LANG", "show the topic in LANG when it has it", NULL, NULL },
    { 'r', "--remember", NULL, "with --lang: make LANG the assessor's default", NULL, NULL },
    { 'w', "--width", "N",
      "wrap documents and topics to at most N columns (default: the campaign's setting "
      "reading_width, else 100)", NULL, NULL },
    { 'O', "--organizer", NULL,
      "the organizer's screen: r shows the live report even when the campaign\n"
      "hides it from assessors (settings report_for_assessors)", NULL, NULL },
    { 'A', "--adjudicate", NULL,
      "walk the documents assessors gave different grades, each assessor's\n"
      "grade and note beside the document; a grade key records the final\n"
      "(adjudicated) grade", NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_assess = {
    "assess", cli_assess, "judge the pool on the assessment screen",
    "usage: trecjudge assess [-d CAMPAIGN] [--assessor NAME] [--topic ID]\n"
    "                        [--lang LANG [--remember]] [--width N] [--organizer]\n"
    "                        [--adjudicate]\n",
    "Opens the assessment screen: the topics assigned to the assessor (every topic when the\n"
    "campaign has no assignments), one pooled document at a time. A grade key saves the\n"
    "judgment at once; ? shows every key. --lang shows the topic in LANG when it has it;\n"
    "--remember makes LANG the assessor's default. The live report (r) is hidden from\n"
    "assessors unless the campaign allows it ('trecjudge settings report_for_assessors yes');\n"
    "--organizer shows it, as 'trecjudge report --watch' does. The screen never shows which\n"
    "runs retrieved a document.\n"
    "--adjudicate walks, topic by topic, the documents two or more assessors gave different\n"
    "grades, with each assessor's grade and note; the grade given is the campaign's\n"
    "adjudicated judgment, kept apart from the assessors' own (never counted as an assessor;\n"
    "'qrels export --policy adjudicated' uses it, 'agreement' says how often it sided with\n"
    "each assessor). --assessor names the adjudicator.\n",
    assess_opts,
    NULL,
    NULL, 0
};

/* ---- demo ---- */
static const cli_option demo_opts[] = {
    CLI_OPT_HELP,
    { 'D', "--dir", "DIR", "where demo.tjdb is (default: a new temporary folder)", NULL, NULL },
    { 'a', "--assessor", "NAME", "who judges", NULL, NULL },
    { 'n', "--no-assess", NULL, "build the campaign, do not open the screen", NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_demo = {
    "demo", cli_demo, "build the demo campaign and open the assessment screen",
    "usage: trecjudge demo [--dir DIR] [--assessor NAME] [--no-assess]\n",
    "Builds the demo campaign (4 topics in 6 languages, 152 documents, 5 runs) in DIR/demo.tjdb\n"
    "(default: a new temporary folder), pools it, and opens the assessment screen. With an\n"
    "existing DIR/demo.tjdb it opens that one again, judgments and all.\n"
    "The demo data is $TRECJUDGE_DEMO if set, else the installed copy (the source tree's when\n"
    "this program is the one in the build tree).\n",
    demo_opts,
    NULL,
    NULL, 0
};

/* ---- judge ---- */
static const cli_option judge_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'a', "--assessor", "NAME",
      "who judges (default $TRECJUDGE_ASSESSOR, else $USER)",
      NULL, NULL },
    { 'n', "--note", "TEXT", "a note kept with the judgment", NULL, NULL },
    { 's', "--seconds", "S", "the time spent judging it", NULL, NULL },
    { 'P', "--add-to-pool", NULL, "add DOCNO to TOPIC's pool first (source 'manual')", NULL, NULL },
    { 'A', "--adjudicate", NULL,
      "record the final (adjudicated) grade of a document assessors\n"
      "disagree on; --assessor names the adjudicator", NULL, NULL },
    { 'F', "--force", NULL, "with --adjudicate: also a pooled document not in dispute", NULL,
      NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

/* ---- judgments ---- */
static const cli_option judgments_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'f', "--format", "FMT", "the file's format (default: from its name)", "csv jsonl", NULL },
    { 'P', "--add-to-pool", NULL,
      "add documents not pooled to their topic's pool (source 'manual')",
      NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_judgments = {
    "judgments", cli_judgments, "import judgments made in other tools (CSV or JSONL)",
    "usage: trecjudge judgments import [-d CAMPAIGN] [--format csv|jsonl] [--add-to-pool]\n"
    "                                  FILE...\n",
    "Imports judgments of several assessors, each file all or nothing, with the checks of\n"
    "'judge': the topic is in the campaign, the grade in its scale (or -1), the document in\n"
    "the topic's pool unless --add-to-pool, names by the one rule; the first problem is\n"
    "reported as FILE:LINE. A CSV file has a header naming its columns: topic (or qid),\n"
    "docno, grade, assessor, and optionally seconds (or time: the seconds spent judging) and\n"
    "note; fields may be quoted (\"a, \"\"b\"\"\"), a quoted field does not span lines. A JSONL\n"
    "file has one object a line with the same keys (strings, numbers or null; a note may hold\n"
    "\\n). Judgments go to the history as judge's do; a file imported before is skipped.\n",
    judgments_opts,
    NULL,
    "import", 0
};

static const cli_command cmd_judge = {
    "judge", cli_judge, "record one judgment (for scripts)",
    "usage: trecjudge judge [-d CAMPAIGN] [--assessor NAME] [--note TEXT] [--seconds S]\n"
    "                       [--add-to-pool] TOPIC DOCNO GRADE\n"
    "       trecjudge judge [-d CAMPAIGN] [--assessor NAME] [--add-to-pool] -\n"
    "       trecjudge judge --adjudicate [--force] [-d CAMPAIGN] [--assessor NAME]\n"
    "                       [--note TEXT] TOPIC DOCNO GRADE | -\n",
    "Records a judgment; the change goes to the history. GRADE is one of the campaign's\n"
    "scale ('trecjudge init --scale/--grades'), or -1: pooled, not judged (it takes a grade\n"
    "back). DOCNO must be in TOPIC's pool; --add-to-pool adds it first (source 'manual',\n"
    "after the topic's last position). Options come before TOPIC.\n"
    "With '-', reads \"TOPIC DOCNO GRADE\" lines from standard input as they arrive; each\n"
    "is saved in its own transaction and answered on standard output, flushed, once it is\n"
    "durable: \"saved TOPIC DOCNO GRADE\", or \"error LINE: PROBLEM\" for a line that is\n"
    "refused (the problem also goes to standard error). A refused line does not stop the\n"
    "others; a system error (I/O, lock) stops the stream. Blank lines and lines starting\n"
    "with '#' get no answer. The exit status is that of the first refused line (0 when\n"
    "every line was saved).\n"
    "--adjudicate records the organizer's final grade instead, as 'assess --adjudicate'\n"
    "does: kept apart from the assessors' judgments ('qrels export --policy adjudicated'\n"
    "uses it), for a document two or more assessors gave different grades; --force also\n"
    "takes a pooled document not in dispute. GRADE -1 takes the adjudication back. With\n"
    "'-', each saved line is answered \"adjudicated TOPIC DOCNO GRADE\". An\n"
    "unknown topic, a document not pooled, or one not in dispute without --force is\n"
    "refused (exit 3) and nothing changes.\n",
    judge_opts,
    NULL,
    NULL, 1
};

/* ---- status ---- */
static const cli_option status_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'l', "-l", "LEVEL", "a grade >= LEVEL is relevant (default 1)", NULL, NULL },
    { 't', "--tsv", NULL, "tab-separated output: one table (--table, default topics)", NULL,
      NULL },
    { 'A', "--assessors", NULL,
      "per assessor: judged, assigned, active time, rate, time to finish\n"
      "(the same as --table assessors)", NULL, NULL },
    { 'T', "--table", "NAME",
      "print one table: topics (per topic, then all), judgments (each\n"
      "assessor's judgments) or assessors (as --assessors)",
      "topics judgments assessors", NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_status = {
    "status", cli_status, "pooled, judged and relevant documents per topic",
    "usage: trecjudge status [-d CAMPAIGN] [-l LEVEL] [--tsv]\n"
    "                        [--assessors | --table topics|judgments|assessors]\n",
    "Prints, per topic, the documents in the pool, those judged (grade >= 0) and those\n"
    "relevant (grade >= LEVEL, default 1) and the pooled documents with no text in the\n"
    "campaign (to import with 'trecjudge docs import'), then the totals (and the pooled\n"
    "documents by source, pool cal search manual, when not all came from the runs), then\n"
    "each assessor's judgments and relevant ones. When a -wal file with data is beside the\n"
    "campaign, says so on standard error: the campaign is the file and its -wal; copy it\n"
    "with 'trecjudge backup'.\n"
    "--assessors (--table assessors) prints one table instead: per assessor, the documents\n"
    "judged, the topics assigned and their pooled documents, the active time of the\n"
    "judgments (their seconds, not wall time), judgments per hour of it, the relevant rate\n"
    "and the active time left (the assigned documents not judged / the rate); then the\n"
    "campaign's sums. --table prints only the table named; --tsv prints one table, with one\n"
    "header line (--table topics unless another is named), for programs to read.\n",
    status_opts,
    NULL,
    NULL, 0
};

/* ---- check ---- */
static const cli_option check_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_check = {
    "check", cli_check, "verify a campaign file (integrity, judgment history)",
    "usage: trecjudge check [-d CAMPAIGN]\n",
    "Runs SQLite's integrity check and verifies that every judgment agrees with the latest\n"
    "entry of its history. Prints the counts; exits 3 when something disagrees.\n",
    check_opts,
    NULL,
    NULL, 0
};

/* ---- backup ---- */
static const cli_option backup_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'f', "--force", NULL, "replace an existing DEST", NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_backup = {
    "backup", cli_backup, "copy a campaign consistently while others write to it",
    "usage: trecjudge backup [-d CAMPAIGN] [--force] DEST\n",
    "Copies the campaign to DEST while assessors and imports go on writing: the copy holds\n"
    "every judgment saved before the backup began. An open campaign is its file plus the\n"
    "-wal file beside it, where the latest judgments wait to be copied in; copying the\n"
    "file alone loses them. DEST is written as DEST.tmp-PID, checked (SQLite's quick\n"
    "check), made one self-contained file, then renamed to DEST. An existing DEST is kept\n"
    "unless --force replaces it. Prints what it copied on standard error.\n",
    backup_opts,
    NULL,
    NULL, 0
};

/* ---- merge ---- */
static const cli_option merge_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_merge = {
    "merge", cli_merge, "bring another copy's judgments, history and assessors in",
    "usage: trecjudge merge [-d CAMPAIGN] OTHER\n",
    "Brings into the campaign the assessors, assignments, judgments and judgment history of\n"
    "OTHER, another copy of it (a backup judged elsewhere), opened read-only. OTHER must have\n"
    "no topic and no pooled document the campaign lacks (exit 3). A history entry is\n"
    "recognised by its topic, document, assessor, time and grade, so merging twice changes\n"
    "nothing. Nothing is overwritten: when the same assessor changed the same document to\n"
    "different grades in both copies, OTHER's judgment is kept as assessor NAME@STEM (STEM:\n"
    "OTHER's file name without extension), a disagreement 'agreement' and 'adjudicate' see.\n"
    "Writes in short transactions under the import lock; prints a summary on standard\n"
    "error.\n",
    merge_opts,
    NULL,
    NULL, 0
};

/* ---- index ---- */
static const cli_option index_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'l', "--lang", "L", "the language text is analysed in (ISO 639-1, default en)", NULL, NULL },
    { 's', "--stem", "S", "snowball (L's stemmer, the default), porter (English) or none",
      "snowball porter none", NULL },
    { 'w', "--stopwords", "L", "another language's stop word list, or none", NULL, NULL },
    { 'r', "--rebuild", NULL, "start over", NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_index = {
    "index", cli_index, "build or update the search index of the campaign's documents",
    "usage: trecjudge index [-d CAMPAIGN] [--lang L] [--stem snowball|porter|none]\n"
    "                       [--stopwords L|none] [--rebuild]\n",
    "Builds the search index of the campaign's documents in CAMPAIGN.index, or adds the\n"
    "documents imported since it was built. Text is analysed in the language L (an ISO 639-1\n"
    "code, default en): Snowball's stemmer of L and L's stop words, as Anserini and PyTerrier\n"
    "do. --stem porter is Porter's original English stemmer; --stopwords takes another\n"
    "language's list, or none. Given, and different from the index's, they rebuild it.\n"
    "--rebuild starts over.\n",
    index_opts,
    NULL,
    NULL, 0
};

/* ---- search ---- */
static const cli_option search_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'm', "--model", "M",
      "jaccard, tf, logtf, tfidf, cosine or bm25 (default bm25)",
      "jaccard tf logtf tfidf cosine bm25", NULL },
    { 'K', "--k1", "X", "BM25's k1 (default 0.9)", NULL, NULL },
    { 'B', "--b", "X", "BM25's b (default 0.4)", NULL, NULL },
    { 'n', "--depth", "N", "documents per topic (default 1000)", NULL, NULL },
    { 't', "--topics", "FIELDS",
      "the topic fields that make the query (default title)",
      NULL, NULL },
    { 'l', "--lang", "L",
      "the fields' language (default en when present, else the first)",
      NULL, NULL },
    { 'f', "--topic-file", "FILE", "the topics of FILE instead of the campaign's", NULL, NULL },
    { 'F', "--topic-format", "FMT",
      "auto, clef, covid, ehealth, trec, tsv, or docs (a TREC document\n"
      "file whose DOCNO is the topic id and whose text is the query)",
      "auto clef covid ehealth trec tsv docs", NULL },
    { 'T', "--tag", "TAG", "the run tag (default tj-MODEL)", NULL, NULL },
    { 'o', "-o", "RUN",
      "write the run to RUN (default standard output, unless --import)",
      NULL, NULL },
    { 'i', "--import", NULL, "store the run in the campaign", NULL, NULL },
    { 'q', "--query", "TEXT",
      "print the best documents for TEXT (rank, docno, score; tab-separated)",
      NULL, NULL },
    { 'P', "--add-to-pool", "Q",
      "also add them to topic Q's pool, marked as found by search",
      NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_search = {
    "search", cli_search, "rank the campaign's documents for its topics (baseline runs)",
    "usage: trecjudge search [-d CAMPAIGN] [--model M] [--k1 X] [--b X] [--depth N]\n"
    "                        [--topics FIELD[+FIELD...]] [--lang L]\n"
    "                        [--topic-file FILE [--topic-format FMT]] [--tag TAG]\n"
    "                        [-o RUN] [--import]\n"
    "       trecjudge search [-d CAMPAIGN] [--model M] [--depth N] --query TEXT\n"
    "                        [--add-to-pool QID]\n",
    "Ranks the campaign's documents (through its index, built or updated first) for every\n"
    "topic of the campaign, or of FILE, and writes a TREC run (qid Q0 docno rank score tag).\n",
    search_opts,
    NULL,
    NULL, 0
};

/* ---- eval ---- */
static const cli_option eval_opts[] = {
    CLI_OPT_HELP,
    { 'q', "-q", NULL, "also print each topic's values", NULL, "query_eval_wanted" },
    { 'c', "-c", NULL,
      "average over every qrels topic (a missing topic retrieved nothing)",
      NULL, "complete_rel_info_wanted" },
    { 'J', "-J", NULL, "drop retrieved documents that are not judged", NULL, "Judged_docs_only" },
    { 'M', "-M", "N",
      "evaluate only the top N documents of each topic",
      NULL, "Max_retrieved_per_topic" },
    { 'l', "-l", "N", "a grade >= N counts as relevant (default 1)", NULL, "level_for_rel" },
    { 'N', "-N", "N",
      "number of documents in the collection (for utility)",
      NULL, "Number_docs_in_coll" },
    { 'n', "-n", NULL, "no summary lines", NULL, "nosummary" },
    { 'm', "-m", "MEASURE[.PARAMS]",
      "select measures (official, all_trec, set, trecjudge, all, qrels_jg,\n"
      "all_prefs, prefs, or a name)",
      NULL, "measure" },
    { 'R', "-R", "FORMAT",
      "qrels (default); qrels_jg: QRELS has judgment groups (\"qid jg docno\n"
      "rel\"), use -m qrels_jg; prefs: QRELS has preferences (\"qid jg jsg docno\n"
      "level\"), use -m all_prefs; qrels_prefs: QRELS is read as preferences,\n"
      "one judgment group per jg column",
      "qrels qrels_jg prefs qrels_prefs", "Rel_info_format" },
    { 'T', "-T", "FORMAT", NULL, NULL, "Results_format" },
    { 'D', "-D", "N", NULL, NULL, NULL },
    { 'Z', "-Z", "FILE",
      "print z-scores against FILE's \"qid measure mean stddev\" lines",
      NULL, "Zscore" },
    { 'F', "--format", "FMT", "trec (default), tsv or json", "trec tsv json", NULL },
    { 'B', "--jk-base", "B", "log base of Jarvelin-Kekalainen DCG (default 2)", NULL, NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_eval = {
    "eval", cli_eval, "evaluate runs against qrels (a drop-in for trec_eval)",
    "usage: trecjudge eval [OPTIONS] QRELS RUN [RUN...]\n",
    "Evaluates each RUN against QRELS and prints trec_eval's output format.\n",
    eval_opts,
    "Files may be gzip-compressed; '-' reads a run from standard input.\n",
    NULL, 0
};

/* ---- report ---- */
static const cli_option report_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'm', "-m", "MEASURE",
      "a measure (repeatable; default MAP GMAP P@10 R-prec bpref MRR\n"
      "nDCG@10 RBP resid ERR@20 judged@10)",
      NULL, "measure" },
    { 'p', "--rbp-p", "P", "persistence of the default RBP columns (default 0.8)", NULL, NULL },
    { 'l', "-l", "N", "a grade >= N counts as relevant (default: the campaign's)", NULL, NULL },
    { 'Q', "--policy", "P",
      "several assessors' grades as qrels export merges them: max\n"
      "(default), majority, mean or primary=NAME",
      "max majority mean primary=", NULL },
    { 's', "--sort", "MEASURE", "order of the runs (default: the first measure)", NULL, NULL },
    { 't', "--topic", "QID", "one topic's values (drill-down)", NULL, NULL },
    { 'R', "--run", "TAG", "one run's values on each judged topic, then its summary", NULL, NULL },
    { 'F', "--format", "FMT",
      "text (default), tsv, json, md, latex, or html: the whole report\n"
      "(leaderboard, plots, runs, pool, progress) as one self-contained page",
      "text tsv json md latex html", NULL },
    { 'o', "-o, --output", "FILE", "with --format html: write the page to FILE", NULL, NULL },
    { 'S', "--stability", NULL,
      "Kendall tau and tau_AP between the ranking by the sort measure\n"
      "and by each other measure, and at each checkpoint",
      NULL, NULL },
    { 'b', "--table", "NAME",
      "print one table: leaderboard (with --topic or --run, theirs),\n"
      "stability (as --stability) or wtl (each pair of runs' wins, ties and\n"
      "losses over the topics); tsv is always one table",
      "leaderboard stability wtl", NULL },
    { 'C', "--checkpoint-every", "N",
      "a checkpoint every N judgments of the history (campaign only)",
      NULL, NULL },
    { 'P', "--plot", "KIND",
      "a chart instead of the table: pr, cg, dcg, ndcg, rpdiff, box\n"
      "(per-topic values of the sort measure per run) or heatmap (topic by run)",
      "pr cg dcg ndcg rpdiff box heatmap", NULL },
    { 'r', "--runs", "A[,B...]|all",
      "the runs to plot (default: the best three; rpdiff: the best two;\n"
      "box, heatmap: all); past ten, curves are drawn as small multiples",
      NULL, NULL },
    { 'D', "--depth", "N", "ranks of the cg/dcg/ndcg curves (default 20)", NULL, NULL },
    { 'G', "--svg", "FILE", "write the chart as SVG to FILE instead of the terminal", NULL, NULL },
    { 'W', "--width", "PIXELS", "width of the SVG chart (default 720)", NULL, NULL },
    { 'H', "--height", "PIXELS", "height of the SVG chart (default 440)", NULL, NULL },
    { 'A', "--axis-full", NULL,
      "the SVG's y axis over the measure's whole range (0 to 1), not the data's",
      NULL, NULL },
    { 'w', "--watch", "SECONDS",
      "redraw every SECONDS as judgments arrive (campaign only)",
      NULL, NULL },
    { 'n', "--count", "N", "with --watch: stop after N drawings", NULL, NULL },
    { 'T', "--test", "T",
      "the leaderboard's significance test: t (default), wilcoxon, sign,\n"
      "randomization, tukey or randomized-mc (seed 42, alpha 0.05)",
      "t wilcoxon sign randomization tukey randomized-mc", NULL },
    { 'c', "--correction", "C",
      "none, holm (default) or bonferroni, over the pairs of runs of a measure",
      "none holm bonferroni", NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_report = {
    "report", cli_report, "leaderboard of every run over the judged topics, curves, plots",
    "usage: trecjudge report [-d CAMPAIGN] [OPTIONS]\n"
    "       trecjudge report [OPTIONS] QRELS RUN [RUN...]\n",
    "Every measure of every run over the topics judged so far, as `trecjudge eval` computes\n"
    "them on the campaign's exported qrels (several assessors: the highest grade).\n",
    report_opts,
    NULL,
    NULL, 0
};

/* ---- compare ---- */
static const cli_option compare_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'm', "-m", "MEASURE",
      "a measure (repeatable; default map), as trec_eval (P.10, P_10) or ir_measures "
      "(P@10, nDCG@10, AP) name it; each is compared on its own", NULL, "measure" },
    { 'l', "-l", "N",
      "a grade >= N counts as relevant (default: the campaign's, or 1)",
      NULL, NULL },
    { 'Q', "--policy", "P",
      "several assessors' grades merged as qrels export does: max\n"
      "(default), majority, mean or primary=NAME",
      "max majority mean primary=", NULL },
    { 'b', "--baseline", "TAG", "compare each run with TAG only", NULL, NULL },
    { 't', "--test", "T",
      "t, wilcoxon, sign, randomization, bootstrap, all (these five), or\n"
      "tukey (Tukey's HSD) or randomized-mc (Carterette's max-difference\n"
      "permutation test), which test every run at once, uncorrected (default t)",
      "t wilcoxon sign randomization bootstrap all tukey randomized-mc", NULL },
    { 's', "--sided", "1|2",
      "one-sided (the first run better) or two-sided (default 2)",
      "1 2", NULL },
    { 'c', "--correction", "C",
      "none, holm or bonferroni (default holm), over all comparisons of a test",
      "none holm bonferroni", NULL },
    { 'P', "--permutations", "N",
      "randomization permutations and bootstrap samples (default 10000)",
      NULL, NULL },
    { 'S', "--seed", "S", "seed of the randomization and bootstrap (default 42)", NULL, NULL },
    { 'a', "--alpha", "A", "significance level of the 'sig' column (default 0.05)", NULL, NULL },
    { 'F', "--format", "FMT",
      "text (default), tsv, json, md or latex",
      "text tsv json md latex", NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_compare = {
    "compare", cli_compare, "significance tests between runs (t, Wilcoxon, sign, ...)",
    "usage: trecjudge compare [-d CAMPAIGN] [OPTIONS]\n"
    "       trecjudge compare [OPTIONS] QRELS RUN RUN [RUN...]\n",
    "Tests every pair of runs (or each run against a baseline) on one measure's per-topic\n"
    "values over the judged topics.\n",
    compare_opts,
    "Pairs are ordered by the measure, best run first; effect size is the mean difference\n"
    "over the standard deviation of the differences (d_z).\n",
    NULL, 0
};

/* ---- agreement ---- */
static const cli_option agreement_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 'l', "-l", "N",
      "a grade >= N counts as relevant (default: the campaign's, or 1)",
      NULL, NULL },
    { 'F', "--format", "FMT",
      "text (default), tsv, json, md or latex",
      "text tsv json md latex", NULL },
    { 'N', "--no-confusion", NULL, "leave out the confusion matrices", NULL, NULL },
    { 'T', "--table", "NAME",
      "print one table: pairs (the agreement, with tsv the default) or\n"
      "adjudication (text or tsv, on a campaign); tsv is always one table",
      "pairs adjudication", NULL },
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_agreement = {
    "agreement", cli_agreement, "agreement between assessors (Cohen's and Fleiss' kappa)",
    "usage: trecjudge agreement [-d CAMPAIGN] [OPTIONS] [--table pairs|adjudication]\n"
    "       trecjudge agreement [OPTIONS] PER_ASSESSOR_QRELS\n",
    "Agreement between assessors on the documents they both judged: for each pair, the raw\n"
    "agreement and Cohen's kappa on the grades and on relevant/not relevant; over all\n"
    "assessors, Fleiss' kappa; and each pair's confusion matrix. The file form is what\n"
    "`qrels export --per-assessor` writes: \"qid assessor docno grade\".\n"
    "On a campaign with adjudicated documents (assess --adjudicate), text output ends with\n"
    "how often adjudication sided with each assessor (of the adjudicated documents the\n"
    "assessor judged; --table adjudication: that alone, in text or tsv); the adjudication\n"
    "itself is never counted as an assessor. --table pairs prints the pairs' table alone;\n"
    "--format tsv prints one table, with one header line (pairs unless adjudication is\n"
    "named), for programs to read.\n",
    agreement_opts,
    NULL,
    NULL, 0
};

/* ---- settings ---- */
static const cli_option settings_opts[] = {
    CLI_OPT_HELP,
    CLI_OPT_CAMPAIGN,
    { 0, NULL, NULL, NULL, NULL, NULL }
};

static const cli_command cmd_settings = {
    "settings", cli_settings, "show the campaign's settings, or set one",
    "usage: trecjudge settings [-d CAMPAIGN] [KEY [VALUE]]\n",
    "Without KEY, prints every setting a user may set as \"KEY VALUE\" (\"(default)\" after a\n"
    "value the campaign does not set); with KEY, its value; with KEY VALUE, sets it.\n"
    "  report_for_assessors  yes or no (default no): whether assessors see the live report\n"
    "                        on the assessment screen (the organizer always does)\n"
    "  reading_width         columns documents and topics are wrapped to (default 100)\n"
    "  idle_threshold        seconds: a longer gap between keys counts as this long in a\n"
    "                        judgment's active time (default 60)\n",
    settings_opts,
    NULL,
    "report_for_assessors reading_width idle_threshold", 0
};

const cli_command *const cli_commands[] = {
    &cmd_init,
    &cmd_topics,
    &cmd_docs,
    &cmd_runs,
    &cmd_qrels,
    &cmd_pool,
    &cmd_simulate,
    &cmd_assign,
    &cmd_assess,
    &cmd_demo,
    &cmd_judge,
    &cmd_judgments,
    &cmd_status,
    &cmd_check,
    &cmd_backup,
    &cmd_merge,
    &cmd_index,
    &cmd_search,
    &cmd_eval,
    &cmd_report,
    &cmd_compare,
    &cmd_agreement,
    &cmd_settings,
};

const size_t cli_ncommands = sizeof cli_commands / sizeof cli_commands[0];
