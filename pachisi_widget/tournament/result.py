"""What a tournament found (:class:`TournamentResult`): its games, and the standings, ratings and
head-to-head table drawn from them, as text, HTML, a DataFrame and a plot.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from functools import cached_property

from .. import charts, words
from ..charts._mpl import BACKENDS, figure_class, interval_errors, shown_as_svg
from ..engine import short_repr
from ..lab.stats import fit_ratings, wilson_interval
from .ratings import observations, ratings, records


@dataclass(frozen=True)
class TournamentResult:
    """What :func:`tournament` found: per game its lineup, winner, length and any forfeit, with
    ratings, standings and a head-to-head table computed from them."""

    entrants: tuple
    """The players' names, in entry order (lineups and winners refer to them by index)."""
    players: int
    """Players per game (2 or 4)."""
    rules: object
    """The rules every game was played under."""
    seed: int
    """The seed: the same seed replays the same tournament."""
    games: int
    """Games per pairing (2 players) or table (4 players)."""
    move_time: float | None
    """Seconds a player could take per move."""
    lineups: tuple = field(repr=False)
    """Per game: the entrant (index) in each seat in play, in seat order (S, N or S, E, N, W)."""
    winners: tuple = field(repr=False)
    """Per game: the winning entrant's index, or None (a dead game, a forfeit at a table of 4,
    an unfinished game)."""
    turns: tuple = field(repr=False)
    """Per game: turns begun (0 for a forfeited or unfinished game)."""
    forfeits: tuple = ()
    """The games lost by forfeit or never finished, as :class:`Forfeit` records, in game order."""
    skipped: dict = field(default_factory=dict)
    """Player files that could not be loaded (:func:`from_folder`): file name -> reason."""
    ran_on: str = field(default="", compare=False)
    """What played the games (not compared)."""
    seconds: float = field(default=0.0, compare=False)
    """Wall-clock time of the games (not compared)."""
    shown: dict = field(default_factory=dict)
    """Entrant -> the name the tables, plots and prose show, for the player files entered under
    their file's name ("ana" -> "Ana"; :meth:`name`)."""

    __hash__ = None  # type: ignore[assignment]

    # -- counts -----------------------------------------------------------------------------

    @property
    def total_games(self) -> int:
        return len(self.winners)

    @cached_property
    def _records(self) -> tuple:
        return records(len(self.entrants), self.lineups, self.winners, self.forfeits, self.entrants)

    @cached_property
    def _fit(self) -> tuple:
        return fit_ratings(
            len(self.entrants),
            observations(self.entrants, self.lineups, self.winners, self.forfeits),
        )

    def name(self, player: str, lang: str | None = None) -> str:
        """``player`` (an entrant's name, as :meth:`table` and :meth:`ratings` give it) as the
        tables and plots of ``lang`` show it (default: the session's language): a student's file
        with a capital ("ana" -> "Ana"), a computer player by its name in that language
        ("greedy" is "lacom" in Romanian), any other name as it was given."""
        return words.player_name(self.shown.get(player, player), lang)

    def ratings(self) -> list:
        """Every player's :class:`Rating` (Elo scale, 95% interval), best first."""
        played, won, *_ = self._records
        return ratings(self.entrants, self._fit, played, won)

    def table(self, frame: bool | None = None):
        """The standings, best rating first: one row (a dict) per player with ``rank``,
        ``player``, ``rating``, ``low``, ``high`` (its 95% interval), ``games``, ``wins``,
        ``win_rate``, ``win_low``, ``win_high`` (Wilson 95%) and ``forfeits``. A pandas
        DataFrame when pandas is installed (``frame=False``: always the list of dicts)."""
        played, won, forfeited, *_ = self._records
        index = {name: i for i, name in enumerate(self.entrants)}
        rows = []
        for rank, r in enumerate(self.ratings(), 1):
            i = index[r.player]
            wr = wilson_interval(won[i], played[i])
            rows.append(
                {
                    "rank": rank,
                    "player": r.player,
                    "rating": round(r.rating, 1),
                    "low": round(r.low, 1),
                    "high": round(r.high, 1),
                    "games": played[i],
                    "wins": won[i],
                    "win_rate": wr.rate,
                    "win_low": wr.low,
                    "win_high": wr.high,
                    "forfeits": forfeited[i],
                }
            )
        return _frame(rows, frame)

    def head_to_head(self, frame: bool | None = None):
        """Per player (rows, best first) against each other player: the share of the games they
        played together that the row's player won (None when they never met). A DataFrame when
        pandas is installed (``frame=False``: a list of dicts with a ``player`` key)."""
        *_, together, beat = self._records
        index = {name: i for i, name in enumerate(self.entrants)}
        order = [r.player for r in self.ratings()]
        rows = []
        for a in order:
            i = index[a]
            row = {"player": a}
            for b in order:
                j = index[b]
                row[b] = None if i == j or not together[i][j] else beat[i][j] / together[i][j]
            rows.append(row)
        if frame is not False:
            df = _frame(rows, frame)
            if not isinstance(df, list):
                return df.set_index("player")
        return rows

    @property
    def dead(self) -> int:
        """Games that ended with nobody able to move."""
        forfeited = {f.game for f in self.forfeits}
        return sum(1 for g, w in enumerate(self.winners) if w is None and g not in forfeited)

    # -- output -----------------------------------------------------------------------------

    def _header(self, lang: str = "en") -> str:
        english = lang == "en"
        params = {
            "total": self.total_games,
            "games": self.games,
            "players": self.players,
            "rules": self.rules.describe() if english else words.rules_text(self.rules, lang),
            "seed": self.seed,
            "forfeits": len(self.forfeits),
            "dead": self.dead,
        }
        what = "tour_head_pairing" if self.players == 2 else "tour_head_table"
        return words.text(what, params, lang)

    def __str__(self) -> str:
        return self.summary()

    def summary(self, lang: str | None = None) -> str:
        """What :func:`print` shows: the games, then one line per player (best first: rating, its
        95% interval, wins, win rate, forfeits), the forfeits and the files left out, in
        ``lang`` (default: the session's language, :func:`pachisi_widget.set_language`); the
        computer players by their names in that language."""
        lang = words.language() if lang is None else lang
        lines = [self._header(lang)]
        for row in self.table(frame=False):
            name = self.name(row["player"], lang)
            rating = words.number(row["rating"], lang, "7.1f")
            spread = words.interval(row["low"], row["high"], lang, spec=".0f")
            rate = words.percent(row["win_rate"], lang, places=1)
            forfeits = words.text("tour_forfeits_cell", {"n": row["forfeits"]}, lang)
            lines.append(
                f"  {row['rank']:>2}. {name:<20} {rating} {spread}  "
                f"{row['wins']:>6}/{row['games']:<6} {rate:>6}  {forfeits}"
            )
        for f in self.forfeits[:10]:
            lines.append(f"  {f.text(lang)}")
        if len(self.forfeits) > 10:
            lines.append(
                "  " + words.text("tour_more_forfeits", {"n": len(self.forfeits) - 10}, lang)
            )
        for why in self.skipped.values():
            lines.append("  " + words.text("tour_not_loaded", {"why": why}, lang))
        return "\n".join(lines)

    def __repr__(self) -> str:
        params = {"players": len(self.entrants), "total": self.total_games, "seed": self.seed}
        return words.text("tour_repr", params)

    def _repr_html_(self) -> str:
        return self.to_html()

    def to_html(self, lang: str | None = None) -> str:
        """The standings and the head-to-head table as HTML (what a notebook shows), in ``lang``
        (default: the session's language)."""
        lang = words.language() if lang is None else lang
        e = html.escape

        def say(code: str, params: dict | None = None) -> str:
            return e(words.text(code, params or {}, lang))

        columns = ("rank", "player", "rating", "interval", "wins", "games", "win_rate", "forfeits")
        head = "".join(f"<th>{say('tour_col_' + c)}</th>" for c in columns)
        out = [
            f"<div class='pachisi-tournament'><p>{e(self._header(lang))}</p>",
            f"<table><thead><tr>{head}</tr></thead><tbody>",
        ]
        for r in self.table(frame=False):
            low, high = (words.number(r[k], lang, ".0f") for k in ("low", "high"))
            out.append(
                f"<tr><td>{r['rank']}</td><td>{e(self.name(r['player'], lang))}</td>"
                f"<td>{words.number(r['rating'], lang, '.0f')}</td><td>{low} – {high}</td>"
                f"<td>{r['wins']}</td><td>{r['games']}</td>"
                f"<td>{words.percent(r['win_rate'], lang, places=1)}</td>"
                f"<td>{r['forfeits']}</td></tr>"
            )
        out.append(f"</tbody></table><p>{say('tour_h2h')}</p><table><thead><tr><th></th>")
        h2h = self.head_to_head(frame=False)
        names = [r["player"] for r in h2h]
        out.extend(f"<th>{e(self.name(n, lang))}</th>" for n in names)
        out.append("</tr></thead><tbody>")
        dash = say("none")
        for r in h2h:
            cells = "".join(
                f"<td>{dash}</td>" if r[n] is None else f"<td>{words.percent(r[n], lang)}</td>"
                for n in names
            )
            out.append(f"<tr><th>{e(self.name(r['player'], lang))}</th>{cells}</tr>")
        out.append("</tbody></table>")
        if self.forfeits or self.skipped:
            out.append("<ul>")
            out.extend(f"<li>{e(f.text(lang))}</li>" for f in self.forfeits[:20])
            if len(self.forfeits) > 20:
                out.append(f"<li>{say('tour_more_forfeits', {'n': len(self.forfeits) - 20})}</li>")
            out.extend(
                f"<li>{say('tour_not_loaded', {'why': why})}</li>" for why in self.skipped.values()
            )
            out.append("</ul>")
        out.append("</div>")
        return "".join(out)

    def plot(self, backend: str = "auto", lang: str | None = None):
        """The ratings with their 95% intervals, best at the top: a matplotlib Figure when
        matplotlib is installed (``backend="auto"`` or ``"matplotlib"``), else (or with
        ``backend="svg"``) a small SVG picture that notebooks display.

        The words and the players' names are in ``lang`` (default: the session's language), and
        a Romanian plot writes its numbers with the decimal comma.

        Raises:
            ValueError: for an unknown backend.
            ImportError: for ``backend="matplotlib"`` without matplotlib.
        """
        lang = words.language() if lang is None else lang
        names = [self.name(r.player, lang) for r in self.ratings()]
        xlabel = words.text("tour_plot_x", {}, lang)
        title = words.text("tour_plot_title", {"total": self.total_games, "seed": self.seed}, lang)
        if backend not in BACKENDS:
            raise ValueError(
                f"backend must be 'auto', 'matplotlib' or 'svg', not {short_repr(backend)}"
            )
        ratings = self.ratings()
        figure = figure_class(backend)
        if figure is not None:
            fig = figure(figsize=(6, 0.45 * len(ratings) + 1.2))
            ax = fig.add_subplot()
            ys = list(range(len(ratings)))[::-1]
            centres = [r.rating for r in ratings]
            ax.errorbar(
                centres,
                ys,
                xerr=interval_errors(centres, [r.low for r in ratings], [r.high for r in ratings]),
                fmt="o",
                capsize=3,
            )
            ax.set_yticks(ys, names)
            ax.set_xlabel(xlabel)
            ax.set_title(title)
            charts.localize_axes(ax, lang)
            fig.tight_layout()
            return shown_as_svg(fig)
        return charts.intervals(
            names,
            [r.rating for r in ratings],
            [r.low for r in ratings],
            [r.high for r in ratings],
            title=title,
            xlabel=xlabel,
            reference=1500,
            decimal=words.label("decimal_point", lang),
        )


def _frame(rows: list, frame: bool | None):
    if frame is False:
        return rows
    try:
        import pandas as pd
    except ImportError:
        if frame:
            raise
        return rows
    return pd.DataFrame(rows)
