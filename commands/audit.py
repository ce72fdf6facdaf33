"""``publish``, ``audit``, ``diff``, ``export`` and ``verify``: published lists and a verifiable log."""

from __future__ import annotations

import textwrap
from datetime import date
from pathlib import Path

import click

from commands import output
from commands.context import Context, found_damaged, pass_context, refusals, say
from commands.listing import list_text
from commands.options import RULES_TYPE, format_option, known_at_option, known_date, period_option, rules_option
from ledger import chain, stores
from ledger.outputs import written_aside
from projections import CacheError
from projections.api import publish as publish_list
from projections.audit import Audit, Change, Line, digest, publications, run_audit
from projections.cache_check import check_cache
from projections.registry import get_rules
from projections.replay import Projector
from projections.span import check_span


def players(count: int) -> str:
    """``1 player``, ``2 players``."""
    return "1 player" if count == 1 else f"{count} players"


def _line(line: Line | None) -> str:
    return "off the list" if line is None else f"{line.rating} {line.status} #{line.position}"


def changes_table(changes: list[Change]) -> str:
    """Each changed player: rating, status and position before and after, and the rating change."""
    return output.table(changes_rows(changes), CHANGES_COLUMNS)


CHANGES_COLUMNS = ["player", "name", "before", "after", "change"]


def changes_rows(changes: list[Change]) -> list[dict[str, str]]:
    """The rows of :func:`changes_table`."""
    return [
        {
            "player": c.player,
            "name": c.name,
            "before": _line(c.old),
            "after": _line(c.new),
            "change": "" if c.delta is None else f"{c.delta:+d}",
        }
        for c in changes
    ]


def _line_json(line: Line | None) -> dict[str, object] | None:
    return None if line is None else {"rating": line.rating, "status": line.status, "position": line.position}


@click.command()
@rules_option
@period_option
@click.option("--on", "on", metavar="YYYY-MM-DD", help="The publication date [default: today].")
@pass_context
def publish(obj: Context, rules: str, period: str, on: str | None) -> None:
    """Publish a list: record its digest as known at the publication date, with the log's head.

    Prints the digest and the head (POSITION:HASH); keep the head outside the
    ledger (print it on the published list): ``ratings verify --head`` checks
    the log against it.

    \b
    Example:
        ratings publish --rules iecg-1.7 --period 2024-01 --on 2024-03-01
    """
    with refusals(obj):
        done = publish_list(obj.ledger(), rules, period, on or None, skip_unusable=obj.skip_unusable, notice=say)
    click.echo(f"published the {rules} list of {period} on {done.on}: {done.players} players")
    click.echo(f"digest: sha256:{done.digest}")
    click.echo(f"log head: {done.head}")
    click.echo("keep the head with the published list; `ratings verify --head HEAD` checks the log against it")


@click.command()
@rules_option
@period_option
@click.option("--on", "on", metavar="YYYY-MM-DD", help="The publication to audit [default: the latest].")
@click.option(
    "--replay",
    is_flag=True,
    help="Replay the log up to the publication's head even when the chain and the rules' fingerprint prove the "
    "reproduction without it.",
)
@pass_context
def audit(obj: Context, rules: str, period: str, on: str | None, replay: bool) -> None:
    """Audit a published list: does the log still reproduce it, and what changed since, and why.

    The reproduction is proved without replaying the log when the log up to
    the publication's head still hashes to it and the rules version's code is
    the one it was published with (its fingerprint); else the log is replayed
    up to the head. The report says which, and why.

    \b
    Example:
        ratings audit --rules iecg-1.7 --period 2024-01
        ratings audit --rules iecg-1.7 --period 2024-01 --replay
    """
    with refusals(obj):
        report = obj.ratings().audit(rules, period, on or None, replay=replay)
    click.echo(audit_text(report), nl=False)


def audit_text(report: Audit) -> str:
    """The three parts of ``audit``'s report."""
    pub = report.publication
    out = [
        f"The {pub.rules} list of {pub.period}, published on {pub.on} "
        f"(event {pub.position}; log head then {pub.log_position}:{pub.log_hash[:12]}…)",
        "",
        "1. Reproduced from the log as it stood at the publication, as known on its date:",
    ]
    proof = report.proof
    if report.reproduces:
        out.append(f"   yes: digest sha256:{pub.digest} ({pub.players} players)")
    elif proof is not None and proof.broken is not None:
        out.extend(_wrapped(f"NO: {proof.broken}"))
        out.append(f"       published sha256:{pub.digest}")
        out.append(f"       recomputed sha256:{report.reproduced_digest} (from the log as it is now)")
        out.append("   run `ratings verify`: it names the first position where the log stops matching")
    else:
        out.append(f"   NO: published sha256:{pub.digest}")
        out.append(f"       recomputed sha256:{report.reproduced_digest}")
        out.append("   the log or the rules code changed since the publication: run `ratings verify`")
    if proof is not None:
        out.extend(
            _wrapped(
                f"replayed the log up to the head: {proof.why}"
                if proof.replayed
                else f"proved without a replay: {proof.why}"
            )
        )
    out += ["", "2. The list as known now:", f"   digest sha256:{report.now_digest} ({len(report.now.rows)} players)"]
    if not report.changes:
        out += ["", "3. No player's rating, status or position changed since the publication."]
        return "\n".join(out) + "\n"
    out += ["", f"3. {players(len(report.changes))} changed since the publication:", ""]
    out.append(changes_table(report.changes).rstrip("\n"))
    out.append("")
    for change in report.changes:
        out.append(f"{change.player} {change.name}: {_line(change.old)} → {_line(change.new)}")
        out.extend(causes_lines(report, change.player))
    return "\n".join(out) + "\n"


def _wrapped(text: str) -> list[str]:
    """``text`` in lines of at most :data:`WIDTH` characters, indented as the audit's first part."""
    return textwrap.wrap(text, WIDTH, initial_indent="   ", subsequent_indent="   ", break_on_hyphens=False)


WIDTH = 100
"""The width of the audit's lines of words (its tables and digests may be wider)."""


def causes_lines(report: Audit, player: str) -> list[str]:
    """The events that changed ``player``'s line, or the opponents it came through."""
    own = report.causes_of(player)
    if own:
        return [f"   {c.position:>7}  {c.type:<28} reported {c.reported_on}  {c.reason or '-'}" for c in own]
    through = report.through.get(player) or []
    if through:
        return [f"   no event of his own: through the changed ratings of his opponents {', '.join(through)}"]
    return ["   no event of his own: through the changed ratings of the pool"]


def since_published_text(projector: Projector, rules: str, period: str, player: str) -> str:
    """``explain --since-published``: the player's line as published and now, and the events between."""
    report = run_audit(projector, rules, period, from_log=False)  # what changed; `ratings audit` gives the verdict
    pub = report.publication
    head = f"Since the {rules} list of {period} was published on {pub.on}"
    if not report.reproduces:
        head += " (warning: the log no longer reproduces it; run `ratings audit`)"
    change = next((c for c in report.changes if c.player == player), None)
    if change is None:
        return f"{head}: no change for {player}.\n\n"
    lines = [f"{head}: {_line(change.old)} → {_line(change.new)}", *causes_lines(report, player)]
    return "\n".join(lines) + "\n\n"


@click.command()
@rules_option
@known_at_option
@click.option(
    "--against-rules", type=RULES_TYPE, help=RULES_TYPE.help("The rules of the other list [default: --rules].")
)
@click.option("--against-known-at", metavar="YYYY-MM-DD", help="The other list as known at this date [default: now].")
@period_option
@format_option(output.FORMATS, "table")
@pass_context
def diff(
    obj: Context,
    rules: str,
    known_at: str | None,
    against_rules: str | None,
    against_known_at: str | None,
    period: str,
    fmt: str,
) -> None:
    """Compare two lists of a period: across rules versions, or as known at two dates.

    Shows every player whose rating, status or position differs, first list → second
    (--format csv: the table alone; json: docs/formats.md).

    \b
    Example:
        ratings diff --rules iecg-1.7 --known-at 2024-03-01 --period 2024-01
        ratings diff --rules iecg-1.4 --against-rules iecg-1.7 --period 2024-01
    """
    other_rules = against_rules or rules
    with refusals(obj):
        first_known, second_known = known_date(known_at), known_date(against_known_at)
        found = obj.ratings().diff(rules, period, first_known, against_rules=other_rules, against_known_at=second_known)
    name_a = f"{rules}" + (f" as known at {first_known}" if first_known else " as known now")
    name_b = f"{other_rules}" + (f" as known at {second_known}" if second_known else " as known now")
    changes = found.changes
    if fmt == "csv":
        click.echo(output.csv_text(changes_rows(changes), CHANGES_COLUMNS), nl=False)
        return
    if fmt == "json":
        answer = {
            "period": period,
            "first": {"rules": rules, "known_at": first_known},
            "second": {"rules": other_rules, "known_at": second_known},
            "changes": [
                {
                    "player": c.player,
                    "name": c.name,
                    "before": _line_json(c.old),
                    "after": _line_json(c.new),
                    "change": c.delta,
                }
                for c in changes
            ],
        }
        click.echo(output.json_answer("diff", answer), nl=False)
        return
    click.echo(f"{period}: {name_a} → {name_b}")
    if not changes:
        click.echo("no player's rating, status or position differs")
        return
    click.echo(f"{players(len(changes))} differ{'s' if len(changes) == 1 else ''}:")
    click.echo(changes_table(changes), nl=False)


@click.command()
@rules_option
@click.option("--from", "first", required=True, metavar="YYYY-MM", help="The first period.")
@click.option("--to", "last", required=True, metavar="YYYY-MM", help="The last period.")
@known_at_option
@format_option(["csv", "json"], "json")
@click.option("--out", "out", required=True, metavar="DIRECTORY", help="The directory to write to.")
@pass_context
def export(obj: Context, rules: str, first: str, last: str, known_at: str | None, fmt: str, out: str) -> None:
    """Write the lists of a run of periods, one file each, ready to republish.

    Each file holds exactly what `ratings list --format FORMAT` prints.

    \b
    Example:
        ratings export --rules iecg-1.7 --from 2024-01 --to 2024-11 --format csv --out lists
    """
    with refusals(obj):
        directory = obj.output(out, "--out", kind="folder")  # never onto the ledger...
    if directory.exists() and not directory.is_dir():  # misuse (exit 2), once the ledger's files are refused
        raise click.BadParameter(f"{out} is a file, not a folder", param_hint="'--out'")
    with refusals(obj):
        params = get_rules(rules)
        known = known_date(known_at)
        projector = obj.projector()
        start, end = check_span(projector, params, first, last, date.today())
        lists = [projector.rating_list(rules, params.periods.label(i), known) for i in range(start, end + 1)]
        files = [obj.output(str(directory / f"{rules}_{one.period}.{fmt}"), "--out") for one in lists]  # ...nor in it
    written = []
    try:
        directory.mkdir(parents=True, exist_ok=True)
        for rating_list, path in zip(lists, files, strict=True):
            with written_aside(path) as temp:  # a failed write leaves the old file whole
                temp.write_text(list_text(rating_list, fmt), encoding="utf-8")
            written.append(f"{path}  {len(rating_list.rows)} players  sha256:{digest(rating_list)[:16]}…")
    except OSError as error:  # --out into a file, an unwritable folder, a full disk: no traceback
        raise click.ClickException(f"cannot write the lists into --out {out}: {output.os_reason(error)}") from None
    for line in written:
        click.echo(line)


@click.command()
@click.option("--head", "head", metavar="POSITION:HASH", help="Also check the log against a head kept outside it.")
@click.option(
    "--cache",
    "check_projections",
    is_flag=True,
    help="Also recompute every list and run the projections file holds, and name each that differs from the log's.",
)
@pass_context
def verify(obj: Context, head: str | None, check_projections: bool) -> None:
    """Check the ledger file with SQLite's integrity check, recompute the log's hash chain, and check it
    against every recorded head.

    Exits 1, naming the first position where the log stops matching, if an
    event was edited, deleted, swapped or inserted (a row at a position at or
    below 0 included), or if SQLite finds the file damaged. Reads only, except
    that it extends the chain's witness when the file can be written. On a
    PostgreSQL ledger the same, in one snapshot of the database (the server
    checks its own pages as it reads them).

    With --cache, also reads the projections file (without writing to it) and
    recomputes from the log every list, run and folded fact it holds: a file
    edited by hand is named, list by list.

    \b
    Example:
        ratings verify
        ratings verify --head 1234:5f0c…  (the head `publish` printed)
        ratings verify --cache
    """
    with refusals(obj):
        external = chain.parse_head(head) if head else None
        unreadable: list[str] = []  # damaged ListPublished events: reported by position, never a traceback
        recorded = recorded_heads(obj.db, unreadable)
        report = chain.verify(obj.db, recorded, external)
    damage = report.damage_line()
    if damage is not None:
        found_damaged(obj, f"SQLite's integrity check: {report.damage[0]}")  # no recording until it verifies
        click.echo(damage)
    elif report.ok and not unreadable:
        was = obj.store.damage_cleared()  # a restored file takes facts again
        if was is not None:
            say(f"the ledger takes facts again: it was found damaged ({was}) and now verifies")
    click.echo(report.summary())
    if report.not_extended is not None:
        click.echo(report.not_extended, err=True)
    for line in unreadable:
        click.echo(f"  {line}")
    cache_ok = True
    if check_projections:
        cache_ok = _verify_cache(obj)
    if not report.ok or unreadable:
        for mismatch in report.mismatches:
            where = "at" if mismatch.exact else "at or before"
            click.echo(f"  {where} position {mismatch.position}: {mismatch.reason}")
        raise SystemExit(1)
    if not cache_ok:
        raise SystemExit(1)


def recorded_heads(db: str, unreadable: list[str]) -> list[chain.RecordedHead]:
    """The heads the publications of the ledger ``db`` recorded, for ``verify``, ``copy`` and ``backup``;
    ``unreadable`` gets a line for each damaged publication."""
    reader = stores.store(db).open_reader()
    try:
        return [
            chain.RecordedHead(chain.Head(p.log_position, p.log_hash), p.position)
            for p in publications(reader, unreadable)
        ]
    finally:
        reader.close()


def _verify_cache(obj: Context) -> bool:
    """``verify --cache``: the projections file against the log; whether it matches (or there is none)."""
    path = obj.cache_path()
    if path is None or not Path(path).exists():
        click.echo(f"no projections file{'' if path is None else ' at ' + path}: nothing to check")
        return True
    with refusals(obj):
        reader = obj.reader()
        try:
            found = check_cache(reader, path)
        except CacheError as error:
            click.echo(f"the projections file {path} cannot be read ({error}): the next command sets it aside")
            return False
        finally:
            reader.close()
    click.echo(found.summary())
    for line in found.differences:
        click.echo(f"  {line}")
    return found.ok
