"""Tree diagrams of the lessons' chances, their numbers from the engine's own odds.

- :func:`grace_tree`: one turn, throw by throw: a grace throws again, anything else ends the
  turn. The chance of k graces in a row is the product along its branch, g**k, and the
  leaves (the turn over after 1, 2, ... throws, or still going) add up to 1 (lesson 3).
- :func:`hit_tree`: an opponent's turn, throw by throw, against one piece: the throws that hit
  it, the throws that end the turn, and the graces that give another throw (moving a piece
  closer where that helps, as :func:`~pachisi_widget.probability.hit_chance` plays them). The
  leaves that hit add up to the exact hit chance (lesson 5b).

Each returns a :class:`~pachisi_widget.charts.Tree` in the session's language (or ``lang``):
``.svg()`` draws it in pure Python, ``.plot()`` with matplotlib; ``.total()`` is the sum the
tree shows and ``.answer`` the package's own exact answer, the same number.

>>> t = grace_tree(throws=2)
>>> [str(p) for _, p, _ in t.leaves()]
['7/8', '7/64', '1/64']
>>> t.leaf_sum()
Fraction(1, 1)
>>> h = hit_tree([[40, 84, 84, 0], None, [72, 84, 84, 84], None], 0, 40)   # North 2 behind
>>> h.total(), h.answer
(Fraction(15, 56), Fraction(15, 56))
"""

from __future__ import annotations

from fractions import Fraction

from .board import HOME
from .charts import Branch, Tree
from .charts._mpl import decimal_mark
from .errors import say, short_repr
from .landings import _blocked, _check_pieces
from .probability import hit_chance, throw_odds
from .tables import IS_SAFE, LOOP_OF, STEP_ON_LOOP
from .turns import _graces, _model, _rules, _whole
from .words import join, number, text
from .words.format import _lang

__all__ = ["grace_tree", "hit_tree", "THROWS_MAX"]

THROWS_MAX = 6
"""The most throws a tree draws (a picture of more would not fit a projector's screen)."""


def _throws(throws) -> int:
    if isinstance(throws, bool) or not isinstance(throws, int) or not 1 <= throws <= THROWS_MAX:
        raise ValueError(
            say("tree_err_throws", {"most": THROWS_MAX, "got": short_repr(throws, 40)})
        )
    return throws


_LONG = 10_000
"""A fraction with a denominator above this is written as a decimal: so many digits tell a
student nothing."""


def _fraction(p, lang: str = "en", decimal: bool | None = None) -> str:
    """A chance as a fraction ("15/56"), or as a decimal to 4 places ("0.6251", about):
    ``decimal`` True or False, or (None) when its denominator is above :data:`_LONG`. A whole
    number is written as one ("1")."""
    if p.denominator == 1:
        return str(p.numerator)
    if p.denominator > _LONG if decimal is None else decimal:
        return number(p, lang, f".{_places(p)}f")
    return f"{p.numerator}/{p.denominator}"


def _places(p) -> int:
    """Decimal places that show ``p`` with 4 places, or 4 significant digits when it is below
    0.001 (1/32768 is 0.00003052, never "0.0000")."""
    if p <= 0 or p >= Fraction(1, 1000):
        return 4
    places = 3
    while p * 10**places < 1:
        places += 1
    return places + 3


def _lines(head: str, terms: list, tail: str, width: int = 84) -> str:
    """``head`` + the terms joined by " + " + ``tail``, broken into lines of about ``width``."""
    lines, line = [], head
    for i, term in enumerate(terms):
        piece = term if i == 0 else f" + {term}"
        if len(line) + len(piece) > width and line.strip():
            lines.append(line)
            line = "   " + piece.lstrip()
        else:
            line += piece
    lines.append(line + tail)
    return "\n".join(lines)


def grace_tree(rules=None, throws: int = 3, on_board: bool = True, lang: str | None = None):
    """One turn's first ``throws`` throws as a tree: at each throw a grace (chance g) throws
    again and any other throw (1 − g) ends the turn; the last grace's leaf is the turn still
    going. ``on_board``: the seat has a piece on the board (so bonus graces count, as in
    :func:`~pachisi_widget.probability.turn_length_odds`). The leaves are the chances of a turn
    of 1, 2, ... throws and of ``throws`` graces in a row (g**throws); they add up to 1.

    Raises:
        ValueError: for ``throws`` that is not 1 to :data:`THROWS_MAX`, or rules without a grace.
    """
    rules, lang, throws = _rules(rules), _lang(lang), _throws(throws)
    odds = throw_odds(rules)
    graces = _graces(rules, on_board)
    yes = sorted(v for v in odds if v in graces)
    no = sorted(v for v in odds if v not in graces)
    if not yes or not no:
        raise ValueError(say("tree_err_no_graces"))
    g = sum((odds[v] for v in yes), Fraction(0))
    grace_words = text("tree_grace", {"which": join(yes, lang, "or")}, lang)
    other_words = join(no, lang, "or")

    def level(k: int) -> tuple:
        ends = Branch(
            other_words, 1 - g, leaf=text("tree_turn_over", {"n": k}, lang), kind="no", counts=0
        )
        if k == throws:
            code = "tree_graces_in_a_row" if k > 1 else "tree_one_grace"
            again = Branch(grace_words, g, leaf=text(code, {"n": k}, lang), kind="more", counts=1)
        else:
            again = Branch(grace_words, g, then=level(k + 1))
        return (ends, again)

    decimal = decimal_mark(lang)
    chain = g**throws
    t = Tree(level(1), title=text("tree_grace_title", {}, lang), decimal=decimal)
    leaves = [p for _, p, _ in t.leaves()]
    # one style for every number of the note: fractions, or (a denominator past _LONG) decimals
    long = any(Fraction(p).denominator > _LONG for p in [chain, *leaves])
    notes = []
    if throws > 1:
        factors = " × ".join([_fraction(g, lang, long)] * throws)
        notes.append(
            text(
                "tree_product",
                {"n": throws, "factors": factors, "product": _fraction(chain, lang, long)},
                lang,
            )
        )
    terms = [_fraction(p, lang, long) for p in leaves]
    notes.append(
        _lines(text("tree_leaf_sum", {}, lang) + " ", terms, f" = {_fraction(t.leaf_sum())}")
    )
    t.note = "\n".join(notes)
    t.answer = chain  # total(): the leaf that goes on, g**throws
    return t


def _foes(seats, rules, seat: int) -> list:
    """The seats in play against ``seat`` (with teams, not its partner)."""
    return [o for o in seats if o != seat and not (rules.teams and (o - seat) % 2 == 0)]


def _opponent(pieces, seats, rules, seat: int, by) -> int:
    """The opponent whose turn a hit tree draws: ``by``, or the only opponent in play."""
    foes = _foes(seats, rules, seat)
    if by is None:
        if len(foes) != 1:
            choices = ", ".join(map(str, foes)) or "–"
            raise ValueError(say("tree_err_by_needed", {"n": len(foes), "choices": choices}))
        return foes[0]
    if by not in foes:
        choices = ", ".join(map(str, foes)) or "–"
        raise ValueError(
            say("tree_err_by", {"seat": seat, "choices": choices, "got": short_repr(by, 40)})
        )
    return by


def _grace_words(state, new, which: str, lang: str) -> str:
    """What a grace does in the tree: throw again (a pass), enter a piece, or move one closer."""
    if new is None or new == state:
        return text("tree_grace", {"which": which}, lang)
    if new[1] < state[1]:
        return text("tree_grace_enters", {"which": which}, lang)
    before = sorted(set(state[0]) - set(new[0]))
    after = sorted(set(new[0]) - set(state[0]))
    if len(before) == 1 and len(after) == 1:
        return text(
            "tree_grace_moves", {"which": which, "before": before[0], "after": after[0]}, lang
        )
    return text("tree_grace", {"which": which}, lang)


def hit_tree(
    position,
    seat: int,
    step: int,
    rules=None,
    throws: int = 3,
    by: int | None = None,
    lang: str | None = None,
):
    """The turn of the opponent ``by`` (default: the piece's only opponent in play) against the
    piece of ``seat`` on ``step``, throw by throw, as
    :func:`~pachisi_widget.probability.hit_chance` plays it: the throws that hit, the throws that
    end the turn without a hit, and each grace's best play (throw again, enter a piece, or move
    one closer). After ``throws`` throws a leaf still going carries the chance of a hit from
    there on. ``total()`` (the leaves that hit, and those still going times their chance) is
    the opponent's exact hit chance, ``.answer``: with one opponent in play, ``hit_chance``'s.
    The tree's words (the chances from a leaf on, the sum under it) write every chance one way:
    as fractions, or all as decimals to 4 places where one would be a fraction of more than
    10,000 in its denominator.

    ``position`` is a GameState or four entries of four steps (or None), as for ``hit_chance``.

    Raises:
        ValueError: for a seat or step as ``hit_chance`` refuses them, a piece that cannot be hit
            (on a castle, in its own column, off the board), several opponents and no ``by``,
            ``throws`` not 1 to :data:`THROWS_MAX`, or rules that throw a whole series before
            moving (``throw_then_move``: no throw-by-throw tree).
    """
    lang, throws = _lang(lang), _throws(throws)
    rules, pieces, fresh = _position(position, rules, seat, step)
    seats = tuple(s for s in range(4) if pieces[s] is not None)
    o = _opponent(pieces, seats, rules, seat, by)
    te = STEP_ON_LOOP[o][LOOP_OF[seat][step]]  # the target's step on the opponent's track
    model = _model(rules, True, te, _blocked(pieces, seats, rules, o))
    start = _turn_start(pieces[o], te, None if fresh is None else fresh[o])
    turn = _OpponentTurn(model, list(throw_odds(rules).items()), throws, lang)
    title = text("tree_hit_title", {"other": o, "seat": seat, "step": step}, lang)
    t = Tree(turn.branches(start, 1), title=title, decimal=decimal_mark(lang))
    # one way of writing the chances in the whole tree's words (a leaf's chance of a hit from
    # there on, the sum under it): fractions, or decimals where one would have too many digits
    if any(c.denominator > _LONG for c in _written(t)):
        turn.decimal = True
        t = Tree(turn.branches(start, 1), title=title, decimal=decimal_mark(lang))
    t.note = _hit_note(t, lang, turn.decimal)
    # the package's exact answer: hit_chance itself, or (several opponents) this one's share
    alone = len(_foes(seats, rules, seat)) == 1
    t.answer = hit_chance(position, seat, step, rules=rules) if alone else model.value(start)
    return t


def _turn_start(mine, te: int, fresh: bool | None) -> tuple:
    """The opponent's turn as its model (:func:`~pachisi_widget.turns._model`) starts it: the
    distances of its pieces ``mine`` behind the target's step ``te``, its pieces waiting,
    whether one is on the board, and whether its first piece may still leave on any throw
    (``fresh``, the state's word for it; None: while all four wait)."""
    privilege = all(t == 0 for t in mine) if fresh is None else fresh
    waiting = sum(1 for t in mine if t == 0)
    return (
        tuple(sorted(te - t for t in mine if 0 < t < te)),
        waiting,
        any(0 < t < HOME for t in mine),
        privilege and waiting == 4,
    )


def _position(position, rules, seat, step) -> tuple:
    """(rules, pieces, fresh) of a hit tree's ``position`` (a GameState, or four entries as for
    ``hit_chance``), its ``seat`` and ``step`` checked: a piece that can be hit, with rules that
    play throw by throw."""
    if hasattr(position, "pieces") and hasattr(position, "rules"):
        rules, pieces, fresh = position.rules, position.pieces, getattr(position, "fresh", None)
    else:
        rules, pieces, fresh = _rules(rules), _check_pieces(position), None
    _whole("seat", seat, 0, 3)
    _whole("step", step, 0, HOME)
    if pieces[seat] is None:
        raise ValueError(say("tree_err_seat", {"got": short_repr(seat, 40)}))
    if IS_SAFE[step]:
        raise ValueError(say("tree_err_safe", {"step": step}))
    if rules.turn_mode == "throw_then_move":
        raise ValueError(say("tree_err_series"))
    return rules, pieces, fresh


class _OpponentTurn:
    """An opponent's turn against one piece, throw by throw, as a hit tree draws it: ``model``
    (the turn's exact values, :func:`~pachisi_widget.turns._model`), the throws' ``odds`` as
    (value, chance) pairs, the ``throws`` drawn and the words' language."""

    def __init__(self, model, odds: list, throws: int, lang: str):
        self.model, self.odds, self.throws, self.lang = model, odds, throws, lang
        self.decimal = False
        """Whether a leaf's chance of a hit from there on is written as a decimal (else a
        fraction)."""

    def branches(self, state, k: int) -> tuple:
        """The branches of throw ``k`` in ``state``: the throws that hit, those that end the
        turn, and each grace's best play (a leaf past the last throw drawn)."""
        hits, ends, again = self._kinds(state)
        out = []
        if hits:
            out.append(self._end(hits, "tree_hit", "yes", 1))
        if ends:
            out.append(self._end(ends, "tree_no_hit", "no", 0))
        for new, group in again.items():
            out.append(self._grace(state, new, group, k))
        return tuple(out)

    def _kinds(self, state) -> tuple[list, list, dict]:
        """The (value, chance) of the throws that hit, of those that end the turn, and of the
        graces grouped by the state their best play leaves."""
        model = self.model
        hits: list = []
        ends: list = []
        again: dict = {}
        for v, p in self.odds:
            kind, _ = model._options(state, v)
            if kind == "hit":
                hits.append((v, p))
            elif model._grace(state, v):
                new = model.best(state, v)
                again.setdefault(state if new is None else new, []).append((v, p))
            else:
                ends.append((v, p))
        return hits, ends, again

    def _which(self, group) -> str:
        return join(sorted(v for v, _ in group), self.lang, "or")

    def _end(self, group, code: str, kind: str, counts: int) -> Branch:
        """One leaf for the throws of ``group``: a hit, or the turn over without one."""
        leaf = text(code, {}, self.lang)
        return Branch(
            self._which(group), sum(p for _, p in group), leaf=leaf, kind=kind, counts=counts
        )

    def _grace(self, state, new, group, k: int) -> Branch:
        """The graces of ``group``, whose best play leaves ``new``: no hit possible from there,
        the chance of a hit from there (after the last throw drawn), or the next throw."""
        lang = self.lang
        words = _grace_words(state, new, self._which(group), lang)
        p = sum(q for _, q in group)
        rest = self.model.value(new)
        if rest == 0:
            return Branch(words, p, leaf=text("tree_no_hit", {}, lang), kind="no", counts=0)
        if k == self.throws:
            chance = _fraction(rest, lang, self.decimal)
            leaf = text("tree_goes_on", {"chance": chance}, lang)
            return Branch(words, p, leaf=leaf, kind="more", counts=rest)
        return Branch(words, p, then=self.branches(new, k + 1))


def _written(t) -> list:
    """The chances a hit tree's words write: each counted leaf's, each chance of a hit from a
    leaf still going on, and their sum."""
    leaves = [(p, b.counts) for _, p, b in t.leaves() if b.counts]
    return [p for p, _ in leaves] + [c for _, c in leaves if c != 1] + [t.total()]


def _hit_note(t, lang: str, decimal: bool = False) -> str:
    """The sum under a hit tree: each leaf that hits, and each still going times its chance of a
    hit, added up; every number a fraction or, ``decimal``, a decimal to 4 places."""

    def say(p) -> str:
        return _fraction(p, lang, decimal)

    terms = [
        say(p) if b.counts == 1 else f"{say(p)} × {say(b.counts)}"
        for _, p, b in t.leaves()
        if b.counts
    ]
    total = t.total()
    exact = not decimal or (total * 10**4).denominator == 1
    return _lines(
        text("tree_hit_sum", {}, lang) + " = ",
        terms or ["0"],
        f" {'=' if exact else '≈'} {say(total)}" if len(terms) > 1 else "",
    )
