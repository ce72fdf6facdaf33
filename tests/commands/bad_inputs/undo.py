"""Bad inputs of the undo commands and of the ranges of issue 10 §3, and the inputs that ended in a traceback.

``player void|restore``, ``player prior void``, ``adjust void``, ``game adjudicate`` of a game that
finished normally; ``publish --on`` before the period's end, ``export``/``pool`` outside the ledger's
periods, ``convert`` outside its source's range; year-0 periods, ``export --out``, ``pool --plot`` and
``demo --keep`` into places that cannot be written. Against the template ledger of this package.
"""

from __future__ import annotations

from tests.commands.bad_inputs import BadInput

WHY = ("--reason", "recorded in error")
IECG = ("--rules", "iecg-1.7")
PRIOR_VOID = ("player", "prior", "void", "A", "--system", "fide")
ADJUST_VOID = ("adjust", "void", "--system", "icu-1980")
FEEDBACK = ("--player", "B", "--on", "2024-02-01", "--reason", "feedback")
ADJUST_POINTS = ("--points", "5", "--on", "2024-02-01", "--reason", "x")
SPAN = (*IECG, "--from", "2024-01", "--to", "2024-01")
YEAR_0 = "period '0000-01' is before 1900"

_player_void = [
    BadInput(("player", "void", "Z", *WHY), "unknown player 'Z'", id="player-void-unknown"),
    BadInput(("player", "void", "b", *WHY), "unknown player 'b'", id="player-void-wrong-case"),
    BadInput(("player", "void", "B", "--reason", ""), "reason", id="player-void-empty-reason"),
    BadInput(("player", "void", "B", "--reason", "   "), "reason", id="player-void-blank-reason"),
    BadInput(("player", "void", "B"), "Missing option '--reason'", status=2, id="player-void-no-reason"),
    BadInput(("player", "void", *WHY), "Missing argument 'P'", status=2, id="player-void-no-player"),
    BadInput(
        ("player", "void", "B", *WHY, "--reported", "2023-12-31"),
        "the void is reported on 2023-12-31, before player 'B''s registration was reported on 2024-01-01",
        id="player-void-reported-before-registration",
    ),
    BadInput(("player", "void", "B", *WHY, "--reported", "2999-01-01"), "reported date", id="player-void-future"),
    BadInput(("player", "void", "B", *WHY, "--reported", "2024-02-30"), "reported date", id="player-void-feb-30"),
    BadInput(("player", "void", "B", *WHY, "--reported", "0000-01-01"), "reported date", id="player-void-year-0"),
    BadInput(("player", "void", "B", *WHY, "--rules", "iecg-9"), "iecg-9", status=2, id="player-void-dry-run-rules"),
    BadInput(("player", "void", "B", *WHY, "--all"), "No such option '--all'", status=2, id="player-void-all"),
    BadInput(("player", "restore", "B", *WHY), "player 'B' is not void", id="player-restore-not-void"),
    BadInput(("player", "restore", "Z", *WHY), "unknown player 'Z'", id="player-restore-unknown"),
    BadInput(("player", "restore", "B"), "Missing option '--reason'", status=2, id="player-restore-no-reason"),
    BadInput(
        ("player", "restore", "A", *WHY, "--reported", "2020-01-01"),
        "the restoration is reported on 2020-01-01, before player 'A''s registration was reported on 2024-01-01",
        id="player-restore-reported-early",
    ),
]

_prior_void = [
    BadInput(
        (*PRIOR_VOID, "--as-of", "2023-12-02", *WHY), "no fide prior rating as of 2023-12-02", id="prior-void-day"
    ),
    BadInput((*PRIOR_VOID, "--as-of", "2023-11-30", *WHY), "his priors: fide as of 2023-12-01", id="prior-void-before"),
    BadInput(
        ("player", "prior", "void", "A", "--system", "uscf", "--as-of", "2023-12-01", *WHY),
        "no uscf prior rating as of 2023-12-01",
        id="prior-void-other-system",
    ),
    BadInput(
        ("player", "prior", "void", "B", "--system", "fide", "--as-of", "2023-12-01", *WHY),
        "player 'B' has no fide prior rating",
        id="prior-void-other-player",
    ),
    BadInput(
        ("player", "prior", "void", "Z", "--system", "fide", "--as-of", "2023-12-01", *WHY),
        "unknown player 'Z'",
        id="prior-void-unknown-player",
    ),
    BadInput(
        ("player", "prior", "void", "A", "--system", "elo", "--as-of", "2023-12-01", *WHY),
        "'elo' is not one of",
        status=2,
        id="prior-void-unknown-system",
    ),
    BadInput((*PRIOR_VOID, "--as-of", "2023-12-01"), "Missing option '--reason'", status=2, id="prior-void-no-reason"),
    BadInput((*PRIOR_VOID, *WHY), "Missing option '--as-of'", status=2, id="prior-void-no-as-of"),
    BadInput((*PRIOR_VOID, "--as-of", "2023-13-01", *WHY), "as-of date", id="prior-void-month-13"),
    BadInput((*PRIOR_VOID, "--as-of", "01/12/2023", *WHY), "as-of date", id="prior-void-slashed-date"),
    BadInput((*PRIOR_VOID, "--as-of", "", *WHY), "as-of date", id="prior-void-empty-date"),
    BadInput((*PRIOR_VOID, "--as-of", "2023-12-01", "--reason", " "), "reason", id="prior-void-blank-reason"),
    BadInput(
        (*PRIOR_VOID, "--as-of", "2023-12-01", *WHY, "--reported", "2023-12-31"),
        "before the fide prior rating of 2023-12-01 was reported on 2024-01-01",
        id="prior-void-reported-before-prior",
    ),
    BadInput(
        (*PRIOR_VOID, "--as-of", "2023-12-01", *WHY, "--reported", "2999-12-31"),
        "reported date",
        id="prior-void-future",
    ),
    BadInput(
        (*PRIOR_VOID, "--as-of", "2023-12-01", *WHY, "--rating", "2100"),
        "No such option '--rating'",
        status=2,
        id="prior-void-with-rating",
    ),
    BadInput(("player", "prior", "void"), "Missing argument 'P'", status=2, id="prior-void-nothing"),
    BadInput(
        ("player", "prior", "record", "Z", "--system", "fide", "--rating", "2000", "--as-of", "2023-12-01"),
        "unknown player 'Z'",
        id="prior-record-explicit-unknown",
    ),
    BadInput(
        ("player", "prior", "A", "--system", "fide", "--rating", "2100", "--games", "40", "--as-of", "2023-12-01"),
        "already has a fide rating as of 2023-12-01",
        id="prior-default-duplicate",
    ),
]

_adjust_void = [
    BadInput(
        (*ADJUST_VOID, "--player", "B", "--on", "2024-02-01", "--reason", "Feedback", "--because", "x"),
        "no icu-1980 adjustment of player 'B' on 2024-02-01 with reason 'Feedback'",
        id="adjust-void-reason-case",
    ),
    BadInput(
        (*ADJUST_VOID, "--player", "A", "--on", "2024-02-01", "--reason", "feedback", "--because", "x"),
        "no icu-1980 adjustment of player 'A'",
        id="adjust-void-other-player",
    ),
    BadInput(
        (*ADJUST_VOID, "--all", "--on", "2024-02-01", "--reason", "feedback", "--because", "x"),
        "no icu-1980 adjustment of every player",
        id="adjust-void-all-instead-of-player",
    ),
    BadInput(
        (*ADJUST_VOID, "--player", "B", "--on", "2024-02-02", "--reason", "feedback", "--because", "x"),
        "on 2024-02-02 with reason 'feedback' is recorded",
        id="adjust-void-other-day",
    ),
    BadInput(
        (*ADJUST_VOID, "--player", "B", "--on", "2024-02-31", "--reason", "feedback", "--because", "x"),
        "adjustment date",
        id="adjust-void-feb-31",
    ),
    BadInput(
        (*ADJUST_VOID, "--player", "Z", "--on", "2024-02-01", "--reason", "feedback", "--because", "x"),
        "no icu-1980 adjustment of player 'Z'",
        id="adjust-void-unknown-player",
    ),
    BadInput(
        (*ADJUST_VOID, "--on", "2024-02-01", "--reason", "feedback", "--because", "x"),
        "give either --player P or --all",
        status=2,
        id="adjust-void-nobody",
    ),
    BadInput(
        (*ADJUST_VOID, "--all", *FEEDBACK, "--because", "x"),
        "give either --player P or --all",
        status=2,
        id="adjust-void-both",
    ),
    BadInput((*ADJUST_VOID, *FEEDBACK), "Missing option '--because'", status=2, id="adjust-void-no-because"),
    BadInput((*ADJUST_VOID, *FEEDBACK, "--because", " "), "reason for the void", id="adjust-void-blank-because"),
    BadInput(
        ("adjust", "void", "--system", "fide", *FEEDBACK, "--because", "x"),
        "'fide' is not 'icu-1980'",
        status=2,
        id="adjust-void-fide",
    ),
    BadInput(
        (*ADJUST_VOID, "--player", "B", "--reason", "feedback", "--because", "x"),
        "Missing option '--on'",
        status=2,
        id="adjust-void-no-on",
    ),
    BadInput(
        (*ADJUST_VOID, *FEEDBACK, "--because", "x", "--reported", "2023-06-01"),
        "before the adjustment was reported",
        id="adjust-void-reported-before",
    ),
    BadInput(
        (*ADJUST_VOID, *FEEDBACK, "--because", "x", "--reported", "3000-01-01"),
        "reported date",
        id="adjust-void-future",
    ),
    BadInput(
        (*ADJUST_VOID, *FEEDBACK, "--because", "x", "--points", "10"),
        "No such option '--points'",
        status=2,
        id="adjust-void-points",
    ),
    BadInput((*ADJUST_VOID,), "Missing option '--on'", status=2, id="adjust-void-nothing"),
    BadInput(
        ("adjust", "record", "--system", "icu-1980", "--player", "Z", *ADJUST_POINTS),
        "unknown player 'Z'",
        id="adjust-record-explicit-unknown",
    ),
    BadInput(
        ("adjust", "--system", "icu-1980", "--player", "B", "--points", "10", *FEEDBACK[2:]),
        "is already recorded",
        id="adjust-default-duplicate",
    ),
]

_adjudicate = [
    BadInput(
        ("game", "adjudicate", "G1", "--result", "0-1", "--on", "2024-02-01"),
        "game 'G1' finished normally (1-0 on 2024-01-10): only a forfeited or unfinished game is adjudicated "
        "(IECG §VIII.3); to change its result use `ratings game correct G1",
        id="adjudicate-normal-game",
    ),
    BadInput(
        ("game", "adjudicate", "G2", "--result", "1-0", "--on", "2024-03-01"),
        "game 'G2' finished normally (1/2-1/2 on 2024-02-10)",
        id="adjudicate-normal-draw",
    ),
    BadInput(
        ("game", "adjudicate", "G2", "--result", "1/2-1/2", "--on", "2024-02-10"),
        "finished normally",
        id="adjudicate-normal-same-result",
    ),
    BadInput(
        ("game", "adjudicate", "G3", "--result", "1-0", "--on", "2024-03-04"),
        "adjudication date 2024-03-04 is before the game's date 2024-03-05",
        id="adjudicate-withdrawal-before-finish",
    ),
    BadInput(
        ("game", "adjudicate", "G4", "--result", "1-0", "--on", "2999-03-06"), "is after today", id="adjudicate-future"
    ),
]

_publish = [
    BadInput(
        ("publish", *IECG, "--period", "2024-03", "--on", "2024-04-29"),
        "publication date 2024-04-29 is before the last day of period 2024-03 (2024-04-30)",
        id="publish-a-day-early",
    ),
    BadInput(
        ("publish", *IECG, "--period", "2024-03", "--on", "2024-03-01"),
        "before the last day of period 2024-03",
        id="publish-on-the-first-day",
    ),
    BadInput(
        ("publish", *IECG, "--period", "2024-05", "--on", "2024-01-01"),
        "before the last day of period 2024-05 (2024-06-30)",
        id="publish-before-the-period-began",
    ),
    BadInput(
        ("publish", "--rules", "fide-2024", "--period", "2024-03", "--on", "2024-03-30"),
        "before the last day of period 2024-03 (2024-03-31)",
        id="publish-fide-a-day-early",
    ),
    BadInput(
        ("publish", "--rules", "icu-1980", "--period", "2024-01", "--on", "2024-06-30"),
        "before the last day of period 2024-01 (2024-12-31)",
        id="publish-icu-mid-year",
    ),
    BadInput(("publish", *IECG, "--period", "0000-01", "--on", "2024-03-01"), YEAR_0, id="publish-year-0"),
]

_spans = [
    BadInput(
        ("export", *IECG, "--from", "2023-11", "--to", "2024-01", "--out", "lists"),
        "--from 2023-11 is before the ledger's first fact: its first period under iecg-1.7 is 2024-01",
        id="export-before-first-fact",
    ),
    BadInput(
        ("export", *IECG, "--from", "1900-01", "--to", "2024-01", "--out", "lists"),
        "before the ledger's first fact",
        id="export-from-1900",
    ),
    BadInput(
        ("export", *IECG, "--from", "2024-01", "--to", "2100-01", "--out", "lists"),
        "--to 2100-01 is after the current period",
        id="export-after-current",
    ),
    BadInput(
        ("export", *IECG, "--from", "2024-01", "--to", "9999-11", "--out", "lists"),
        "--to 9999-11 is after the current period",
        id="export-to-9999",
    ),
    BadInput(
        ("export", "--rules", "fide-2024", "--from", "2023-12", "--to", "2024-01", "--out", "lists"),
        "its first period under fide-2024 is 2024-01",
        id="export-fide-before-first-fact",
    ),
    BadInput(
        ("export", *IECG, "--from", "2024-03", "--to", "2024-01", "--out", "lists"),
        "--to 2024-01 is before --from 2024-03",
        id="export-backwards",
    ),
    BadInput(("export", *IECG, "--from", "0000-01", "--to", "2024-01", "--out", "lists"), YEAR_0, id="export-year-0"),
    BadInput(
        ("pool", *IECG, "--from", "2023-11", "--to", "2024-01"), "before the ledger's first fact", id="pool-before"
    ),
    BadInput(("pool", *IECG, "--from", "2024-01", "--to", "2100-01"), "after the current period", id="pool-after"),
    BadInput(
        ("pool", "--rules", "glicko2", "--from", "2024-01", "--to", "2999-12"),
        "after the current period",
        id="pool-glicko-far-future",
    ),
    BadInput(("pool", *IECG, "--from", "0000-01", "--to", "2024-01"), YEAR_0, id="pool-year-0"),
    BadInput(("pool", *IECG, "--from", "2024-01", "--to", "0000-01"), YEAR_0, id="pool-to-year-0"),
]

_convert = [
    BadInput(("convert", "5000", "--from", "ecf", "--to", "fide"), "ECF 5000 is outside the range", id="convert-5000"),
    BadInput(("convert", "401", "--from", "ecf", "--to", "fide"), "0 to 400", id="convert-ecf-401"),
    BadInput(("convert", "99", "--from", "fide", "--to", "ecf"), "FIDE 99 is outside", id="convert-fide-99"),
    BadInput(("convert", "3501", "--from", "fide", "--to", "uscf"), "100 to 3500", id="convert-fide-3501"),
    BadInput(("convert", "50", "--from", "uscf", "--to", "fide"), "USCF 50 is outside", id="convert-uscf-50"),
    BadInput(("convert", "9999", "--from", "ecf-online", "--to", "ecf"), "ECF online 9999", id="convert-online"),
    BadInput(
        ("convert", "4000", "--from", "national-elo", "--to", "ecf"), "national Elo 4000", id="convert-national-4000"
    ),
]

_year_0 = [
    BadInput(("list", "--rules", rules, "--period", "0000-01"), YEAR_0, id=f"list-year-0-{rules}")
    for rules in ("iecg-1.7", "iecg", "fide-2024", "fide-2014", "ecf-grading", "ecf-online", "icu-1980", "glicko2")
] + [
    BadInput(("explain", "A", *IECG, "--period", "0000-01"), YEAR_0, id="explain-year-0"),
    BadInput(("diff", *IECG, "--period", "0000-01"), YEAR_0, id="diff-year-0"),
    BadInput(("audit", *IECG, "--period", "0000-01"), "list of 0000-01 was never published", id="audit-year-0"),
    BadInput(("list", *IECG, "--period", "1899-11"), "period '1899-11' is before 1900", id="list-1899"),
    BadInput(("demo", "--period", "0000-01"), YEAR_0, id="demo-year-0"),
]

_files = [
    BadInput(("export", *SPAN, "--out", "players_ok.csv"), "is a file", status=2, id="export-out-into-a-file"),
    BadInput(
        ("export", *SPAN, "--out", "players_ok.csv/lists"),
        "cannot write the lists into --out players_ok.csv/lists",
        id="export-out-under-a-file",
    ),
    BadInput(("export", *SPAN, "--out", "/proc/ratings-lists"), "cannot write the lists", id="export-out-proc"),
    BadInput(("pool", *SPAN, "--plot", "missing/pool.svg"), "no folder 'missing'", id="pool-plot-missing-folder"),
    BadInput(("pool", *SPAN, "--plot", "missing/pool.png"), "no folder 'missing'", id="pool-plot-png-missing-folder"),
    BadInput(("pool", *SPAN, "--plot", "/proc/pool.svg"), "cannot write the chart", id="pool-plot-proc"),
    BadInput(("pool", *SPAN, "--plot", "pool.gif"), "name the file *.svg or *.png", status=2, id="pool-plot-gif"),
    BadInput(("pool", *SPAN, "--plot", "pool"), "name the file *.svg or *.png", status=2, id="pool-plot-no-suffix"),
    BadInput(("demo", "--keep", "missing/demo.db"), "no folder 'missing'", id="demo-keep-missing-folder"),
    BadInput(("demo", "--keep", "players_ok.csv"), "already exists", id="demo-keep-existing-file"),
]

CASES: list[BadInput] = [
    *_player_void,
    *_prior_void,
    *_adjust_void,
    *_adjudicate,
    *_publish,
    *_spans,
    *_convert,
    *_year_0,
    *_files,
]
