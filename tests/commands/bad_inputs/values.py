"""Bad inputs of the bounds of issue 10 §3: every recorded number, date and text, the strict numerals
of every numeric option, periods and dates in ASCII digits only, and spoiled CSV files.

Against the template ledger of this package (``A`` born 1980-05-01 plays ``G1`` on 2024-01-10).
Numerals that are not ASCII digits are click's misuse errors (exit 2); values out of bounds are
refusals of the ledger (exit 1), naming the field, the value and the range.
"""

from __future__ import annotations

from tests.commands.bad_inputs import BadInput

REG = ("player", "register", "N", "--name", "Nora Noone", "--reported", "2024-01-01")
ICCF = ("--source", "iccf", "--rated-games", "20")
PRIOR = ("player", "prior", "A", "--as-of", "2020-01-01")
ADJUST = ("adjust", "--system", "icu-1980", "--player", "B", "--on", "2024-02-01")
GAME = ("game", "record", "G9", "--white", "A", "--black", "B", "--result", "1-0")
FIN = ("--finished", "2024-04-01", "--reported", "2024-04-01")
WHY = ("--reason", "a typo")
IECG = ("--rules", "iecg-1.7")
LONG_NAME = "n" * 201
LONG_ID = "i" * 65
HUGE = "1" + "0" * 30
PLAYERS = "player,name,country,starting_rating,source,rated_games"
GAMES = "game,white,black,result,finished,tournament,forfeit"


def _csv(name: str, text: str) -> dict[str, str]:
    return {name: text}


# --- registrations -------------------------------------------------------------------------------

_ratings = [
    BadInput((*REG, *ICCF, "--starting-rating", "99"), "starting rating 99 is outside 100..3500", id="reg-rating-99"),
    BadInput((*REG, *ICCF, "--starting-rating", "3501"), "starting rating 3501 is outside 100..3500", id="reg-3501"),
    BadInput((*REG, *ICCF, "--starting-rating", HUGE), "starting rating 1e+30 is outside 100..3500", id="reg-1e30"),
    BadInput((*REG, *ICCF, "--starting-rating", "100000"), "starting rating 100000 is outside", id="reg-100000"),
    BadInput((*REG, *ICCF, "--starting-rating", "0"), "starting rating 0 is outside 100..3500", id="reg-rating-0"),
    BadInput((*REG, *ICCF, "--starting-rating", "-1500"), "starting rating -1500 is outside", id="reg-negative"),
    BadInput((*REG, "--source", "other", "--rated-games", "6", "--starting-rating", "4000"), "starting rating 4000",
             id="reg-other-4000"),
    BadInput((*REG, "--source", "iccf-provisional", "--starting-rating", "50"), "starting rating 50 is outside",
             id="reg-provisional-50"),
    BadInput((*REG, "--source", "iccf", "--starting-rating", "2000", "--rated-games", "10001"),
             "rated games 10001 is outside 0..10000", id="reg-games-10001"),
    BadInput((*REG, "--source", "iccf", "--starting-rating", "2000", "--rated-games", "9223372036854775808"),
             "rated games 9223372036854775808 is outside 0..10000", id="reg-games-2**63"),
    BadInput((*REG, "--source", "iccf", "--starting-rating", "2000", "--rated-games", "-1"),
             "rated games -1 is outside 0..10000", id="reg-games-negative"),
]  # fmt: skip

_numerals = [
    BadInput((*REG, *ICCF, "--starting-rating", numeral), "Invalid value for '--starting-rating'", 2, id=f"reg-{name}")
    for name, numeral in [
        ("full-width", "１５００"),
        ("underscore", "1_500"),
        ("exponent", "1e3"),
        ("inner-blank", "15 00"),
        ("arabic-indic", "٣٠٠٠"),
        ("decimal", "1500.0"),
        ("empty", ""),
        ("hex", "0x5DC"),
        ("thousands", "1,500"),
        ("infinity", "inf"),
        ("superscript", "¹⁵⁰⁰"),
        ("digits-301", "9" * 301),
    ]
] + [
    BadInput((*REG, "--source", "iccf", "--starting-rating", "2000", "--rated-games", numeral),
             "Invalid value for '--rated-games'", 2, id=f"reg-games-{name}")
    for name, numeral in [("full-width", "２０"), ("underscore", "2_0"), ("exponent", "2e1"), ("devanagari", "२०")]
]  # fmt: skip

_texts = [
    BadInput(("player", "register", "", "--name", "X"), "player id must not be empty", id="reg-id-empty"),
    BadInput(("player", "register", "   ", "--name", "X"), "player id must not be empty", id="reg-id-blank"),
    BadInput(("player", "register", "N\n1", "--name", "X"), "player id 'N\\n1' holds a control character (U+000A)",
             id="reg-id-newline"),
    BadInput(("player", "register", "N\t1", "--name", "X"), "(U+0009)", id="reg-id-tab"),
    BadInput(("player", "register", "N\r1", "--name", "X"), "(U+000D)", id="reg-id-carriage-return-inside"),
    BadInput(("player", "register", "N\x1f1", "--name", "X"), "(U+001F)", id="reg-id-unit-separator"),
    BadInput(("player", "register", "N\x7f", "--name", "X"), "(U+007F)", id="reg-id-delete"),
    BadInput(("player", "register", "N\u20281", "--name", "X"), "(U+2028)", id="reg-id-line-separator"),
    BadInput(("player", "register", "N\x1b[31m", "--name", "X"), "(U+001B)", id="reg-id-escape"),
    BadInput(("player", "register", LONG_ID, "--name", "X"), "has 65 characters: ids have 1 to 64", id="reg-id-65"),
    BadInput(("player", "register", "N", "--name", ""), "name must not be empty", id="reg-name-empty"),
    BadInput(("player", "register", "N", "--name", LONG_NAME), "has 201 characters: at most 200", id="reg-name-201"),
    BadInput(("player", "register", "N", "--name", "Nora\nNoone"), "name 'Nora\\nNoone' holds a control character",
             id="reg-name-newline"),
    BadInput(("player", "register", "N", "--name", "Nora\x00"), "(U+0000)", id="reg-name-nul"),
    BadInput(("player", "register", "N", "--name", "Nora\x85Noone"), "(U+0085)", id="reg-name-next-line"),
    BadInput(("player", "register", "N", "--name", "X", "--country", "ie"), "country 'ie' is not a code",
             id="reg-country-lower"),
    BadInput(("player", "register", "N", "--name", "X", "--country", "I"), "country 'I' is not a code",
             id="reg-country-one"),
    BadInput(("player", "register", "N", "--name", "X", "--country", "IREL"), "country 'IREL' is not a code",
             id="reg-country-four"),
    BadInput(("player", "register", "N", "--name", "X", "--country", "I1"), "country 'I1' is not a code",
             id="reg-country-digit"),
    BadInput(("player", "register", "N", "--name", "X", "--country", "ＩＥ"), "is not a code of two or three",
             id="reg-country-full-width"),
    BadInput(("player", "register", "N", "--name", "X", "--country", "Ireland"), "country 'Ireland'",
             id="reg-country-name"),
    BadInput(("player", "register", "N", "--name", "X", "--country", "I\nE"), "is not a code", id="reg-country-nl"),
]  # fmt: skip

_dates = [
    BadInput((*REG, "--born", "1899-12-31"), "born 1899-12-31 is before 1900-01-01", id="reg-born-1899"),
    BadInput((*REG, "--born", "0001-01-01"), "born 0001-01-01 is before 1900-01-01", id="reg-born-year-1"),
    BadInput((*REG, "--born", "2024-01-02"), "born 2024-01-02 is after the reported date 2024-01-01",
             id="reg-born-after-reported"),
    BadInput((*REG, "--born", "１９８０-01-01"), "born '１９８０-01-01' is not a date of the form YYYY-MM-DD",
             id="reg-born-full-width"),
    BadInput((*REG, "--born", "١٩٨٠-٠١-٠١"), "is not a date of the form YYYY-MM-DD", id="reg-born-arabic-indic"),
    BadInput(("player", "register", "N", "--name", "X", "--reported", "1899-12-31"),
             "reported date 1899-12-31 is before 1900-01-01", id="reg-reported-1899"),
    BadInput(("player", "register", "N", "--name", "X", "--reported", "２０２４-01-01"),
             "is not a date of the form YYYY-MM-DD", id="reg-reported-full-width"),
]  # fmt: skip

# --- corrections of a player ----------------------------------------------------------------------------

_player_corrections = [
    BadInput(("player", "correct", "A", "--starting-rating", "3501", *WHY), "starting rating 3501 is outside",
             id="correct-rating-3501"),
    BadInput(("player", "correct", "A", "--starting-rating", HUGE, *WHY), "starting rating 1e+30",
             id="correct-rating-1e30"),
    BadInput(("player", "correct", "A", "--rated-games", "10001", *WHY), "rated games 10001 is outside 0..10000",
             id="correct-games-10001"),
    BadInput(("player", "correct", "A", "--rated-games", "-3", *WHY), "rated games -3 is outside",
             id="correct-games-negative"),
    BadInput(("player", "correct", "A", "--starting-rating", "２０００", *WHY), "Invalid value for '--starting-rating'",
             2, id="correct-rating-full-width"),
    BadInput(("player", "correct", "A", "--rated-games", "1e2", *WHY), "Invalid value for '--rated-games'", 2,
             id="correct-games-exponent"),
    BadInput(("player", "correct", "A", "--name", "Anna\nAdler", *WHY), "holds a control character",
             id="correct-name-newline"),
    BadInput(("player", "correct", "A", "--name", LONG_NAME, *WHY), "has 201 characters", id="correct-name-201"),
    BadInput(("player", "correct", "A", "--country", "de", *WHY), "country 'de' is not a code",
             id="correct-country-lower"),
    BadInput(("player", "correct", "A", "--born", "1899-01-01", *WHY), "born 1899-01-01 is before 1900-01-01",
             id="correct-born-1899"),
    BadInput(("player", "correct", "A", "--born", "2022-01-01", *WHY),
             "born 2022-01-01 is less than 3 years before his game of 2024-01-10", id="correct-born-after-games"),
    BadInput(("player", "correct", "A", "--born", "2021-01-11", *WHY), "less than 3 years",
             id="correct-born-a-day-short"),
    BadInput(("player", "correct", "A", "--name", "Anna", "--reason", "typo\nagain"), "reason 'typo\\nagain'",
             id="correct-reason-newline"),
    BadInput(("player", "correct", "A", "--name", "Anna", "--reason", LONG_NAME), "reason", id="correct-reason-201"),
    BadInput(("player", "correct", "A\x0bB", "--name", "Anna", *WHY), "player id 'A\\x0bB' holds a control character",
             id="correct-id-vertical-tab"),
]  # fmt: skip

# --- games -------------------------------------------------------------------------------------------

_games = [
    BadInput((*GAME, "--finished", "1899-12-31", "--reported", "2024-04-01"),
             "finished date 1899-12-31 is before 1900-01-01", id="game-finished-1899"),
    BadInput((*GAME, "--finished", "0001-01-05", "--reported", "2024-04-01"), "finished date 0001-01-05 is before",
             id="game-finished-year-1"),
    BadInput((*GAME, "--finished", "２０２４-04-01"), "finished date '２０２４-04-01' is not a date",
             id="game-finished-full-width"),
    BadInput((*GAME, "--finished", "2024-04-01", "--reported", "1850-01-01"),
             "reported date 1850-01-01 is before 1900-01-01", id="game-reported-1850"),
    BadInput(("game", "record", "G\n9", "--white", "A", "--black", "B", "--result", "1-0", *FIN),
             "game id 'G\\n9' holds a control character (U+000A)", id="game-id-newline"),
    BadInput(("game", "record", "G\t9", "--white", "A", "--black", "B", "--result", "1-0", *FIN), "(U+0009)",
             id="game-id-tab"),
    BadInput(("game", "record", LONG_ID, "--white", "A", "--black", "B", "--result", "1-0", *FIN),
             "game id 'iiiiiiiiiiiiiiiiiiii'… has 65 characters", id="game-id-65"),
    BadInput(("game", "record", "", "--white", "A", "--black", "B", "--result", "1-0", *FIN),
             "game id must not be empty", id="game-id-empty"),
    BadInput(("game", "record", "G9", "--white", "A\x00", "--black", "B", "--result", "1-0", *FIN),
             "white 'A\\x00' holds a control character (U+0000)", id="game-white-nul"),
    BadInput(("game", "record", "G9", "--white", "A", "--black", "B\u2029X", "--result", "1-0", *FIN), "(U+2029)",
             id="game-black-paragraph-separator"),
    BadInput((*GAME, *FIN, "--tournament", LONG_NAME), "tournament 'nnnnnnnnnnnnnnnnnnnn'… has 201 characters",
             id="game-tournament-201"),
    BadInput((*GAME, *FIN, "--tournament", "Cup\n1999"), "tournament 'Cup\\n1999' holds a control character",
             id="game-tournament-newline"),
    BadInput((*GAME, "--finished", "1982-01-01", "--reported", "2024-04-01"),
             "the birth date of player 'A' 1980-05-01 is less than 3 years before his game of 1982-01-01",
             id="game-before-born-plus-3"),
    BadInput((*GAME, "--finished", "1983-04-30", "--reported", "2024-04-01"), "less than 3 years",
             id="game-a-day-before-born-plus-3"),
    BadInput(("game", "correct", "G1", "--finished", "1899-12-31", *WHY), "finished date 1899-12-31 is before",
             id="game-correct-1899"),
    BadInput(("game", "correct", "G1", "--finished", "1982-06-01", *WHY), "the birth date of player 'A' 1980-05-01",
             id="game-correct-before-born"),
    BadInput(("game", "correct", "G1", "--tournament", LONG_NAME, *WHY), "has 201 characters",
             id="game-correct-tournament-201"),
    BadInput(("game", "correct", "G1", "--white", "C\n", "--black", "B\tX", *WHY), "black 'B\\tX' holds a control",
             id="game-correct-black-tab"),
    BadInput(("game", "correct", "G1", "--result", "0-1", "--reason", "\x07bell"), "reason '\\x07bell'",
             id="game-correct-reason-bell"),
    BadInput(("game", "void", "G1", "--reason", LONG_NAME), "reason", id="game-void-reason-201"),
    BadInput(("game", "adjudicate", "G3", "--result", "1-0", "--on", "٢٠٢٤-٠٣-١٠"), "is not a date",
             id="adjudicate-on-arabic-indic"),
    BadInput(("game", "adjudicate", "G\n3", "--result", "1-0", "--on", "2024-03-10"), "game id 'G\\n3'",
             id="adjudicate-id-newline"),
]  # fmt: skip

# --- priors ------------------------------------------------------------------------------------------------

_priors = [
    BadInput((*PRIOR, "--system", system, "--rating", rating), message, id=f"prior-{system}-{rating}")
    for system, rating, message in [
        ("ecf", "401", "ECF grade 401 is outside 0..400"),
        ("ecf", "-1", "ECF grade -1 is outside 0..400"),
        ("ecf-rapid", "2000", "ECF rapidplay grade 2000 is outside 0..400"),
        ("icu", "99", "ICU grade 99 is outside 100..3500"),
        ("icu", "3500.5", "ICU grade 3500.5 is outside 100..3500"),
        ("fide", "3501", "fide rating 3501 is outside 100..3500"),
        ("fide", "0", "fide rating 0 is outside 100..3500"),
        ("iccf", HUGE, "iccf rating 1e+30 is outside 100..3500"),
        ("iecg", "-5", "iecg rating -5 is outside 100..3500"),
        ("uscf", "100000", "uscf rating 100000 is outside 100..3500"),
        ("national-elo", "99.9", "national-elo rating 99.9 is outside"),
        ("internet", "4000", "internet rating 4000 is outside"),
        ("ecf-online", "50", "ecf-online rating 50 is outside"),
        ("glicko", "9" * 300, "glicko rating 1e+300 is outside 100..3500"),
    ]
] + [
    BadInput((*PRIOR, "--system", "glicko", "--rating", "1500", "--deviation", "0"),
             "deviation 0 is outside 0..500: it must be above 0", id="prior-deviation-0"),
    BadInput((*PRIOR, "--system", "glicko", "--rating", "1500", "--deviation", "-30"), "deviation -30 is outside",
             id="prior-deviation-negative"),
    BadInput((*PRIOR, "--system", "glicko", "--rating", "1500", "--deviation", "500.5"), "deviation 500.5 is outside",
             id="prior-deviation-500.5"),
    BadInput((*PRIOR, "--system", "glicko", "--rating", "1500", "--deviation", "1000000000"),
             "deviation 1e+09 is outside 0..500", id="prior-deviation-1e9"),
    BadInput((*PRIOR, "--system", "glicko2", "--rating", "1500", "--volatility", "0"),
             "volatility 0 is outside 0..1: it must be above 0 and below 1", id="prior-volatility-0"),
    BadInput((*PRIOR, "--system", "glicko2", "--rating", "1500", "--volatility", "1"), "volatility 1 is outside",
             id="prior-volatility-1"),
    BadInput((*PRIOR, "--system", "glicko2", "--rating", "1500", "--volatility", "2.5"), "volatility 2.5 is outside",
             id="prior-volatility-2.5"),
    BadInput((*PRIOR, "--system", "fide", "--rating", "2000", "--games", "10001"), "games 10001 is outside 0..10000",
             id="prior-games-10001"),
    BadInput((*PRIOR, "--system", "fide", "--rating", "2000", "--games", "-1"), "games -1 is outside 0..10000",
             id="prior-games-negative"),
    BadInput(("player", "prior", "A", "--system", "fide", "--rating", "2000", "--as-of", "1899-12-31"),
             "as-of date 1899-12-31 is before 1900-01-01", id="prior-as-of-1899"),
    BadInput(("player", "prior", "A", "--system", "fide", "--rating", "2000", "--as-of", "２０２０-01-01"),
             "is not a date of the form YYYY-MM-DD", id="prior-as-of-full-width"),
    BadInput((*PRIOR, "--system", "fide", "--rating", "2000", "--source", "FIDE\nlist"), "source 'FIDE\\nlist'",
             id="prior-source-newline"),
    BadInput((*PRIOR, "--system", "fide", "--rating", "2000", "--source", LONG_NAME), "source", id="prior-source-201"),
]  # fmt: skip

_prior_numerals = [
    BadInput((*PRIOR, "--system", "fide", option, numeral, *rest), f"Invalid value for '{option}'", 2,
             id=f"prior{option}-{name}")
    for option, numeral, name, rest in [
        ("--rating", "1e3", "exponent", ()),
        ("--rating", "inf", "infinity", ()),
        ("--rating", "nan", "nan", ()),
        ("--rating", "１５００", "full-width", ()),
        ("--rating", "1_500", "underscore", ()),
        ("--rating", ".5", "no-integer-part", ()),
        ("--rating", "1500,5", "decimal-comma", ()),
        ("--games", "٣", "arabic-indic", ("--rating", "2000")),
        ("--games", "3.0", "decimal", ("--rating", "2000")),
        ("--deviation", "1e2", "exponent", ("--rating", "2000")),
        ("--deviation", "5O", "letter-o", ("--rating", "2000")),
        ("--volatility", "6e-2", "exponent", ("--rating", "2000")),
        ("--volatility", "０.06", "full-width", ("--rating", "2000")),
    ]
]  # fmt: skip

# --- adjustments, markers, withdrawals ------------------------------------------------------------------

_adjustments = [
    BadInput((*ADJUST, "--points", "501", "--reason", "r"), "points 501 is outside -500..500", id="adjust-501"),
    BadInput((*ADJUST, "--points", "-501", "--reason", "r"), "points -501 is outside -500..500", id="adjust-minus-501"),
    BadInput((*ADJUST, "--points", "1000000", "--reason", "r"), "points 1000000 is outside", id="adjust-million"),
    BadInput((*ADJUST, "--points", HUGE, "--reason", "r"), "points 1e+30 is outside", id="adjust-1e30"),
    BadInput((*ADJUST, "--points", "0", "--reason", "r"), "an adjustment of 0 points changes nothing", id="adjust-0"),
    BadInput((*ADJUST, "--points", "+0", "--reason", "r"), "an adjustment of 0 points", id="adjust-plus-0"),
    BadInput((*ADJUST, "--points", "1_0", "--reason", "r"), "Invalid value for '--points'", 2, id="adjust-underscore"),
    BadInput((*ADJUST, "--points", "１０", "--reason", "r"), "Invalid value for '--points'", 2, id="adjust-full-width"),
    BadInput((*ADJUST, "--points", "1e2", "--reason", "r"), "Invalid value for '--points'", 2, id="adjust-exponent"),
    BadInput((*ADJUST, "--points", "5.5", "--reason", "r"), "Invalid value for '--points'", 2, id="adjust-decimal"),
    BadInput((*ADJUST, "--points", "--5", "--reason", "r"), "Invalid value for '--points'", 2, id="adjust-double-sign"),
    BadInput((*ADJUST, "--points", "5", "--reason", "feedback\nfrom group 4"), "reason 'feedback\\nfrom group 4'",
             id="adjust-reason-newline"),
    BadInput((*ADJUST, "--points", "5", "--reason", LONG_NAME), "reason", id="adjust-reason-201"),
    BadInput(("adjust", "--system", "icu-1980", "--player", "B", "--on", "1899-12-31", "--points", "5", "--reason",
              "r"), "adjustment date 1899-12-31 is before 1900-01-01", id="adjust-on-1899"),
]  # fmt: skip

_markers = [
    BadInput(("player", "inactive", "C", "--on", "1899-12-31", "--reason", "r"), "date 1899-12-31 is before 1900",
             id="inactive-1899"),
    BadInput(("player", "inactive", "C", "--on", "2024-05-01", "--reason", "a\nb"), "reason 'a\\nb'",
             id="inactive-reason-newline"),
    BadInput(("player", "inactive", "C", "--on", "２０２４-05-01", "--reason", "r"), "is not a date",
             id="inactive-full-width"),
    BadInput(("player", "reactivate", "C", "--on", "2024-05-01", "--reason", LONG_NAME), "reason",
             id="reactivate-reason-201"),
    BadInput(("player", "withdraw", "C", "--tournament", LONG_NAME, "--on", "2024-03-01"), "has 201 characters",
             id="withdraw-tournament-201"),
    BadInput(("player", "withdraw", "C", "--tournament", "Cup\t1", "--on", "2024-03-01"), "(U+0009)",
             id="withdraw-tournament-tab"),
    BadInput(("player", "withdraw", "C", "--tournament", "Cup", "--on", "1066-10-14"), "withdrawal date 1066-10-14",
             id="withdraw-1066"),
]  # fmt: skip

# --- numbers of the other commands; periods and dates of the queries ---------------------------------------

_commands = [
    BadInput(("convert", "1e3", "--from", "ecf", "--to", "fide"), "Invalid value for '[VALUE]'", 2,
             id="convert-exponent"),
    BadInput(("convert", "１８０", "--from", "ecf", "--to", "fide"), "Invalid value", 2, id="convert-full-width"),
    BadInput(("convert", "inf", "--from", "fide", "--to", "uscf"), "Invalid value", 2, id="convert-infinity"),
    BadInput(("convert", "nan", "--from", "fide", "--to", "uscf"), "Invalid value", 2, id="convert-nan"),
    BadInput(("convert", "1_80", "--from", "ecf", "--to", "fide"), "Invalid value", 2, id="convert-underscore"),
    BadInput(("demo", "--top", "٣"), "Invalid value for '--top'", 2, id="demo-top-arabic-indic"),
    BadInput(("demo", "--top", "-1"), "Invalid value for '--top': -1 is below 0", 2, id="demo-top-negative"),
    BadInput(("demo", "--top", "1e3"), "Invalid value for '--top'", 2, id="demo-top-exponent"),
    BadInput(("demo", "--seed", "1_997"), "Invalid value for '--seed'", 2, id="demo-seed-underscore"),
    BadInput(("demo", "--seed", "１９９７"), "Invalid value for '--seed'", 2, id="demo-seed-full-width"),
]  # fmt: skip

_periods = [
    BadInput(("list", *IECG, "--period", "２０２４-01"), "period '２０２４-01' is not of the form YYYY-MM",
             id="list-period-full-width"),
    BadInput(("list", *IECG, "--period", "٢٠٢٤-٠١"), "is not of the form YYYY-MM", id="list-period-arabic-indic"),
    BadInput(("list", "--rules", "ecf-grading", "--period", "２０２４-01"), "is not of the form YYYY-MM",
             id="list-ecf-period-full-width"),
    BadInput(("list", *IECG, "--period", "2024-01", "--known-at", "２０２４-03-01"), "is not a date",
             id="list-known-at-full-width"),
    BadInput(("explain", "A", *IECG, "--period", "２０２４-01"), "is not of the form YYYY-MM",
             id="explain-period-full-width"),
    BadInput(("history", "A", *IECG, "--known-at", "２０２４-03-01"), "is not a date", id="history-known-at"),
    BadInput(("diff", *IECG, "--against-rules", "iecg-1.4", "--period", "२०२४-०१"), "is not of the form YYYY-MM",
             id="diff-period-devanagari"),
    BadInput(("publish", *IECG, "--period", "２０２４-01", "--on", "2024-03-01"), "is not of the form YYYY-MM",
             id="publish-period-full-width"),
    BadInput(("pool", *IECG, "--from", "２０２４-01", "--to", "2024-01"), "is not of the form YYYY-MM",
             id="pool-from-full-width"),
    BadInput(("export", *IECG, "--from", "2024-01", "--to", "２０２４-01", "--out", "lists"),
             "is not of the form YYYY-MM", id="export-to-full-width"),
]  # fmt: skip

# --- CSV files -----------------------------------------------------------------------------------------------

_player_rows = [
    ("csv-players-rating-full-width", "D,Dora,IE,１５００,tutor,", "starting_rating '１５００' is not a whole number"),
    ("csv-players-rating-underscore", "D,Dora,IE,1_500,tutor,", "starting_rating '1_500' is not a whole number"),
    ("csv-players-rating-exponent", "D,Dora,IE,1e3,tutor,", "starting_rating '1e3' is not a whole number"),
    ("csv-players-rating-decimal", "D,Dora,IE,1500.0,tutor,", "starting_rating '1500.0' is not a whole number"),
    ("csv-players-rating-1e30", f"D,Dora,IE,{HUGE},iccf,20", "line 2: starting rating 1e+30 is outside 100..3500"),
    ("csv-players-games-2**63", "D,Dora,IE,2000,iccf,9223372036854775808",
     "line 2: rated games 9223372036854775808 is outside 0..10000"),
    ("csv-players-games-arabic-indic", "D,Dora,IE,2000,iccf,٢٠", "rated_games '٢٠' is not a whole number"),
    ("csv-players-country-lower", "D,Dora,ie,,,", "line 2: country 'ie' is not a code"),
    ("csv-players-name-201", f"D,{LONG_NAME},IE,,,", "line 2: name 'nnnnnnnnnnnnnnnnnnnn'… has 201 characters"),
    ("csv-players-name-multiline", 'D,"Dora\nDuffy",IE,,,', "line 3: name 'Dora\\nDuffy' holds a control character"),
    ("csv-players-id-tab", '"D\t1",Dora,IE,,,', "line 2: player id 'D\\t1' holds a control character"),
    ("csv-players-id-65", f"{LONG_ID},Dora,IE,,,", "line 2: player id"),
]  # fmt: skip

_game_rows = [
    ("csv-games-finished-1899", "G8,A,B,1-0,1899-12-31,,", "line 2: finished date 1899-12-31 is before 1900-01-01"),
    ("csv-games-finished-full-width", "G8,A,B,1-0,２０２４-04-01,,", "finished date '２０２４-04-01' is not a date"),
    ("csv-games-born", "G8,A,B,1-0,1981-04-01,,", "line 2: the birth date of player 'A' 1980-05-01 is less than 3"),
    ("csv-games-tournament-201", f"G8,A,B,1-0,2024-04-01,{LONG_NAME},", "line 2: tournament"),
    ("csv-games-tournament-newline", 'G8,A,B,1-0,2024-04-01,"Cup\n1",', "line 3: tournament 'Cup\\n1' holds a control"),
    ("csv-games-id-control", "G\x7f8,A,B,1-0,2024-04-01,,", "line 2: game id 'G\\x7f8' holds a control character"),
    ("csv-games-white-65", f"G8,{LONG_ID},B,1-0,2024-04-01,,", "line 2: white"),
]  # fmt: skip

_csv_files = (
    [
        BadInput(("import", "players", "p.csv"), message, files=_csv("p.csv", f"{PLAYERS}\n{row}\n"), id=name)
        for name, row, message in _player_rows
    ]
    + [
        BadInput(("import", "games", "g.csv"), message, files=_csv("g.csv", f"{GAMES}\n{row}\n"), id=name)
        for name, row, message in _game_rows
    ]
    + [
        BadInput(("import", "players", "p.csv"), "line 1: the header repeats the column name",
                 files=_csv("p.csv", f"{PLAYERS},name\nD,Dora,IE,,,Duffy\n"), id="csv-players-duplicated-column"),
        BadInput(("import", "players", "p.csv"), "line 1: the header repeats the column player",
                 files=_csv("p.csv", f"player,{PLAYERS}\nD,D,Dora,IE,,,\n"), id="csv-players-duplicated-first"),
        BadInput(("import", "games", "g.csv"), "line 1: the header repeats the column result",
                 files=_csv("g.csv", f"{GAMES},result\nG8,A,B,1-0,2024-04-01,,,0-1\n"), id="csv-games-duplicated"),
        BadInput(("import", "games", "g.csv"), "the header repeats the column game",
                 files=_csv("g.csv", f"{GAMES}, game \nG8,A,B,1-0,2024-04-01,,,G9\n"), id="csv-games-dup-blanks"),
        BadInput(("import", "players", "p.csv"), "unknown columns: rating",
                 files=_csv("p.csv", f"{PLAYERS},rating\nD,Dora,IE,,,,1500\n"), id="csv-players-unknown-column"),
        BadInput(("import", "players", "p.csv"), "line 3: a cell holds more than 131,072 characters",
                 files=_csv("p.csv", f"{PLAYERS}\nD,Dora,IE,,,\nE,{'e' * 200_000},IE,,,\n"), id="csv-huge-cell"),
        BadInput(("import", "games", "g.csv"), "line 2: a cell holds more than 131,072 characters",
                 files=_csv("g.csv", f"{GAMES}\nG8,A,B,1-0,2024-04-01,{'t' * 131_073},\n"), id="csv-games-huge-cell"),
        BadInput(("import", "players", "p.csv"), "line 1: a cell holds more than 131,072 characters",
                 files=_csv("p.csv", f"{'x' * 140_000}\n"), id="csv-huge-header"),
        BadInput(("import", "players", "p.csv"), "line 2: cell 2 holds a NUL byte",
                 files=_csv("p.csv", f"{PLAYERS}\nD,Do\x00ra,IE,,,\n"), id="csv-players-nul"),
        BadInput(("import", "games", "g.csv"), "line 3: cell 1 holds a NUL byte",
                 files=_csv("g.csv", f"{GAMES}\nG8,A,B,1-0,2024-04-01,,\n\x00G9,A,B,1-0,2024-04-01,,\n"),
                 id="csv-games-nul"),
        BadInput(("import", "players", "p.csv"), "line 1: cell 7 holds a NUL byte",
                 files=_csv("p.csv", f"{PLAYERS},\x00\nD,Dora,IE,,,,\n"), id="csv-header-nul"),
    ]
)  # fmt: skip

# --- free text a spreadsheet would run as a formula, and --by (issue 22 §5) ------------------------------------

_FORMULA = "begins with '{}': a spreadsheet would run it as a formula; text may not begin with =, +, - or @"
EVENT = ("event", "register", "E9", "--type", "swiss", "--start", "2024-01-05", "--reported", "2024-01-05")
_formulas = [
    BadInput(("player", "register", "N", "--name", '=HYPERLINK("http://x","c")'),
             "name '=HYPERLINK(\"http://x\",\"c\")' " + _FORMULA.format("="), id="reg-name-hyperlink"),
    BadInput(("player", "register", "N", "--name", "@SUM(A1)"), _FORMULA.format("@"), id="reg-name-at"),
    BadInput(("player", "register", "N", "--name", "+353 Club"), _FORMULA.format("+"), id="reg-name-plus"),
    BadInput(("player", "register", "N", "--name", " -Nora"), "name '-Nora' " + _FORMULA.format("-"),
             id="reg-name-minus-after-blank"),
    BadInput(("player", "correct", "A", "--name", "=A", *WHY), _FORMULA.format("="), id="correct-name-formula"),
    BadInput(("player", "correct", "A", "--country", "IE", "--reason", "=x"), "reason '=x' " + _FORMULA.format("="),
             id="correct-reason-formula"),
    BadInput((*GAME, *FIN, "--tournament", "=1+1"), "tournament '=1+1' " + _FORMULA.format("="),
             id="game-tournament-formula"),
    BadInput(("game", "void", "G1", "--reason", "@x"), "reason '@x' " + _FORMULA.format("@"), id="void-reason-at"),
    BadInput(("game", "void", "G1", "--reason", "-"), "reason '-' " + _FORMULA.format("-"), id="void-reason-minus"),
    BadInput((*PRIOR, "--system", "fide", "--rating", "2100", "--games", "40", "--source", "+list"),
             "source '+list' " + _FORMULA.format("+"), id="prior-source-formula"),
    BadInput((*EVENT, "--name", "=cmd|' /C calc'!A0"), "event name \"=cmd|' /C calc'!A0\" " + _FORMULA.format("="),
             id="event-name-formula"),
    BadInput((*EVENT, "--name", "Cup", "--site", "@Galway"), "site '@Galway' " + _FORMULA.format("@"),
             id="event-site-formula"),
    BadInput(("--by", "a\nb", "game", "void", "G1", "--reason", "x"),
             "--by 'a\\nb' holds a control character (U+000A): it must be printable text", id="by-newline"),
    BadInput(("--by", "a\x1b[31m", *REG), "--by 'a\\x1b[31m' holds a control character (U+001B)", id="by-escape"),
    BadInput(("--by", "=officer", *REG), "--by '=officer' " + _FORMULA.format("="), id="by-formula"),
    BadInput(("--by", "o" * 201, *REG), "has 201 characters: at most 200", id="by-201"),
    BadInput(("import", "players", "p.csv"), "line 2: name '=1+1' " + _FORMULA.format("="),
             files=_csv("p.csv", f"{PLAYERS}\nD,=1+1,IE,,,\n"), id="csv-players-name-formula"),
    BadInput(("import", "games", "g.csv"), "line 2: tournament '@Cup' " + _FORMULA.format("@"),
             files=_csv("g.csv", f"{GAMES}\nG8,A,B,1-0,2024-04-01,@Cup,\n"), id="csv-games-tournament-formula"),
]  # fmt: skip

_span_and_publish = [  # issue 22 §5: list takes export's periods; an empty list is not published
    BadInput(("list", *IECG, "--period", "9999-11"), "--period 9999-11 is after the current period",
             id="list-period-9999"),
    BadInput(("list", *IECG, "--period", "2023-11"),
             "--period 2023-11 is before the ledger's first fact: its first period under iecg-1.7 is 2024-01",
             id="list-period-before-the-first-game"),
    BadInput(("publish", *IECG, "--period", "2023-11", "--on", "2023-12-31"),
             "the iecg-1.7 list of 2023-11 as known on 2023-12-31 has no players: nothing was published",
             id="publish-an-empty-list"),
]  # fmt: skip

CASES: list[BadInput] = [
    *_formulas,
    *_span_and_publish,
    *_ratings,
    *_numerals,
    *_texts,
    *_dates,
    *_player_corrections,
    *_games,
    *_priors,
    *_prior_numerals,
    *_adjustments,
    *_markers,
    *_commands,
    *_periods,
    *_csv_files,
]
