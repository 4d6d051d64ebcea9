"""Rules: every option of RULES.md section 4 as one frozen value, and the presets.

>>> Rules().throw_table, sorted(Rules().entry_graces)
('bell6', [6, 10, 25])
>>> r = Rules.preset("cowrie_skill")
>>> r.turn_mode, r.cancel_three, r.pyada
('throw_then_move', True, True)
>>> Rules.preset("classic").replace(teams=True).teams
True
>>> Rules(p_mouth_up=1.5)
Traceback (most recent call last):
...
ValueError: p_mouth_up must be a number from 0.05 to 0.95 (the chance that one cowrie lands mouth up), not 1.5
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Real
from typing import Any

from .errors import say
from .errors import short_repr as _short
from .throws import THROW_TABLES

__all__ = ["Rules", "PRESETS", "TURN_MODES", "ENTRY_MODES", "PYADA_VALUES", "CANCEL_HIGH"]

TURN_MODES = ("move_each_throw", "throw_then_move")
ENTRY_MODES = ("square1", "count_from_charkoni")
PYADA_VALUES = frozenset({10, 25, 30})
"""Throws that earn pyada (one extra step) once a seat has all entered (rules text, paragraph 18)."""
CANCEL_HIGH = frozenset({10, 25, 30})
"""High throws: three in a row are void under ``cancel_three`` (rules text, paragraphs 13-17)."""

P_MIN = Fraction(1, 20)
"""The smallest ``p_mouth_up`` allowed. Real cowries are biased, but not this far: with a bias
beyond 1 in 20 almost every throw is the same, and a game lasts tens of thousands of throws
(p = 0.01: about 32,000 throws a game; p = 0.05: about 800; p = 0.5: about 500)."""
P_MAX = 1 - P_MIN
"""The largest ``p_mouth_up`` allowed (see :data:`P_MIN`)."""
P_DENOMINATOR_MAX = 10**12
"""The largest denominator of a ``p_mouth_up`` given as a Fraction (exact odds stay small)."""

_P_TEXT = re.compile(r"\s*[+-]?(?:\d+/\d+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d{1,3})?)\s*")
"""A ``p_mouth_up`` written as text: "n/d" or a decimal with an exponent of at most 3 digits
(``Fraction("1e-10000000")`` would first compute ten to the ten millionth power)."""

_SET_FIELDS = ("entry_graces", "bonus_graces", "last_square_release")
_BOOL_FIELDS = (
    "first_piece_any_throw",
    "grace_moves_before_all_entered",
    "split_throw",
    "capture_extra_throw",
    "castle_blocks_enemy",
    "must_capture_before_home",
    "revenge_rule",
    "cancel_three",
    "pyada",
    "teams",
)


@dataclass(frozen=True)
class Rules:
    """Every rule option of the game; the defaults are the classic game of the rules text.

    Build variants with keywords, :meth:`preset` or :meth:`replace`. An impossible combination is
    refused at once.

    Raises:
        ValueError: naming the option and what is allowed (unknown table, p outside 0.05..0.95,
            ``cancel_three`` without ``throw_then_move``, an unknown turn or entry mode, grace
            values that are not integers).
    """

    throw_table: str = "bell6"
    """Which cowrie table maps mouths up to values: bell6, mitra6, wiki7 or murray7."""
    p_mouth_up: float | Fraction = 0.5
    """Chance that one shell lands mouth up (real cowries are unbalanced: a parameter)."""
    entry_graces: frozenset[int] = field(default_factory=lambda: frozenset({6, 10, 25}))
    """Throws that give another throw and may bring a waiting piece in (rules text, paragraph 3)."""
    bonus_graces: frozenset[int] = field(default_factory=frozenset)
    """Throws that give another throw only, when the seat has a piece on the board."""
    first_piece_any_throw: bool = True
    """A seat's first piece of the game leaves the Charkoni on any throw (rules text, paragraph 5)."""
    entry_mode: str = "square1"
    """``square1``: an entering piece lands on step 1; ``count_from_charkoni``: it moves the
    grace's full value from the Charkoni."""
    grace_moves_before_all_entered: bool = False
    """Whether an entry grace may move a piece (instead of entering one) while pieces wait."""
    split_throw: bool = False
    """Whether one throw may be divided among several pieces (rules text, paragraph 6)."""
    capture_extra_throw: bool = True
    """A capture gives the capturer another throw (rules text, paragraph 8)."""
    castle_blocks_enemy: bool = True
    """A piece may not land on a castle held by an opponent (rules text, paragraph 7)."""
    last_square_release: frozenset[int] = field(default_factory=lambda: frozenset({10, 25}))
    """Throws that carry a piece on step 83 home (no throw of 1 exists)."""
    must_capture_before_home: bool = False
    """A seat's pieces may not go past step 76 until that seat has captured (paragraph 9)."""
    revenge_rule: bool = False
    """An immediate recapture of the capturing piece voids the capture (paragraph 9)."""
    turn_mode: str = "move_each_throw"
    """``move_each_throw`` or ``throw_then_move`` (throw a whole series, then spend the pool)."""
    cancel_three: bool = False
    """Three consecutive high throws (or three 7s, or three 14s) are void (paragraphs 13-17)."""
    pyada: bool = False
    """Once all entered, each 10, 25 or 30 moves one extra step (paragraph 18)."""
    teams: bool = False
    """South and North play against East and West (4 players only)."""

    def __post_init__(self) -> None:
        """Check every option (the first wrong one is named) and freeze the sets of throws."""
        self._check_throw_table()
        self._check_p_mouth_up()
        for name in _SET_FIELDS:
            object.__setattr__(self, name, _throw_set(name, getattr(self, name)))
        self._check_modes()
        for name in _BOOL_FIELDS:
            if not isinstance(getattr(self, name), bool):
                got = _short(getattr(self, name))
                raise ValueError(say("arg_rule_bool", {"name": name, "got": got}))
        if self.cancel_three and self.turn_mode != "throw_then_move":
            raise ValueError(say("arg_rule_cancel_three"))

    def _check_throw_table(self) -> None:
        if not isinstance(self.throw_table, str) or self.throw_table not in THROW_TABLES:
            params = {"name": "throw_table", "names": ", ".join(THROW_TABLES)}
            raise ValueError(say("arg_rule_choice", {**params, "got": _short(self.throw_table)}))

    def _check_p_mouth_up(self) -> None:
        p = self.p_mouth_up
        if isinstance(p, bool) or not isinstance(p, Real) or not P_MIN <= p <= P_MAX:
            raise ValueError(say("arg_rule_p", {"got": _short(p, 40)}))
        if isinstance(p, Fraction) and p.denominator > P_DENOMINATOR_MAX:
            params = {"most": P_DENOMINATOR_MAX, "got": str(p)[:40]}
            raise ValueError(say("arg_rule_p_denominator", params))

    def _check_modes(self) -> None:
        if self.entry_mode not in ENTRY_MODES:
            params = {"name": "entry_mode", "names": ", ".join(ENTRY_MODES)}
            raise ValueError(say("arg_rule_choice", {**params, "got": _short(self.entry_mode)}))
        if self.turn_mode not in TURN_MODES:
            params = {"name": "turn_mode", "names": ", ".join(TURN_MODES)}
            raise ValueError(say("arg_rule_choice", {**params, "got": _short(self.turn_mode)}))

    # -- construction ---------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str) -> Rules:
        """One of the named rule sets: classic, seven_cowries, cowrie_skill, mitra.

        Raises:
            ValueError: for an unknown name, listing the known ones.
        """
        if not isinstance(name, str) or name not in PRESETS:
            raise ValueError(
                say("arg_rule_preset", {"got": _short(name), "names": ", ".join(PRESETS)})
            )
        return cls(**PRESETS[name])

    def replace(self, **changes: Any) -> Rules:
        """A new Rules with ``changes`` applied (validated like a new one).

        Raises:
            TypeError: for an option that does not exist.
        """
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            params = {"got": _short(sorted(unknown)), "names": ", ".join(self.option_names())}
            raise TypeError(say("arg_rule_options", params))
        return dataclasses.replace(self, **changes)

    @classmethod
    def option_names(cls) -> list[str]:
        """The names of every option, in declaration order."""
        return [f.name for f in dataclasses.fields(cls)]

    # -- derived facts ---------------------------------------------------------------------

    @property
    def table(self) -> tuple[int, ...]:
        """The throw table's values by mouths up."""
        return THROW_TABLES[self.throw_table]

    @property
    def shells(self) -> int:
        """How many cowries one throw uses."""
        return len(self.table) - 1

    @property
    def values(self) -> tuple[int, ...]:
        """The distinct values a throw can take, ascending."""
        return tuple(sorted(set(self.table)))

    def distance(self, value: int, waiting: bool = False) -> int:
        """How many steps a throw of ``value`` moves a piece: with ``pyada``, a 10, 25 or 30
        moves one step more, while no piece of the seat waits to enter (RULES.md 5).

        >>> Rules(pyada=True).distance(25), Rules(pyada=True).distance(25, waiting=True)
        (26, 25)
        >>> Rules().distance(25)
        25
        """
        return value + 1 if self.pyada and not waiting and value in PYADA_VALUES else value

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe dict of every option (sets as sorted lists; a Fraction p as "n/d")."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if isinstance(v, frozenset):
                v = sorted(v)
            elif f.name == "p_mouth_up":
                v = str(v) if isinstance(v, Fraction) else v
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Inverse of :meth:`to_dict`: every option must be there, with a value of its type.

        A missing option is refused, never filled in with a default (RULES.md section 5,
        "Records"): a record made under other rules must not load as the classic game.

        Raises:
            ValueError: for a missing or unknown option, or a bad value.
        """
        if not isinstance(data, dict):
            raise ValueError(f"rules must be a dict of options, not {type(data).__name__}")
        names = cls.option_names()
        unknown = [k for k in data if k not in names]
        if unknown:
            shown = _short(sorted(_short(k, 30) for k in unknown[:5]))
            raise ValueError(say("arg_rule_options", {"got": shown, "names": ", ".join(names)}))
        missing = [k for k in names if k not in data]
        if missing:
            raise ValueError(
                f"the rules lack the option(s) {', '.join(missing)}: every option must "
                "be given (none is filled in with a default)"
            )
        kw = dict(data)
        for name in _SET_FIELDS:
            if not isinstance(kw[name], list):
                raise ValueError(
                    f"{name} must be a list of throw values, not {type(kw[name]).__name__}"
                )
        p = kw.get("p_mouth_up")
        if isinstance(p, str):
            if len(p) > 40:
                raise ValueError(
                    f"p_mouth_up must be a number from 0.05 to 0.95, written in at "
                    f"most 40 characters, not {p[:20]!r}..."
                )
            try:
                if not _P_TEXT.fullmatch(p):
                    raise ValueError(p)
                kw["p_mouth_up"] = Fraction(p)
            except (ValueError, ZeroDivisionError):
                raise ValueError(
                    f"p_mouth_up must be a number from 0.05 to 0.95, not {p!r}"
                ) from None
        elif isinstance(p, bool) or not isinstance(p, (int, float)):
            raise ValueError(
                f"p_mouth_up must be a number from 0.05 to 0.95, not {type(p).__name__}"
            )
        return cls(**kw)

    def describe(self) -> str:
        """The options that differ from the classic defaults, as ``name=value`` text.

        >>> Rules.preset("seven_cowries").describe()
        "throw_table='wiki7', entry_graces={10, 25, 35}, bonus_graces={7, 14}"
        """
        base = Rules()

        def show(v: object) -> str:
            return (
                "{" + ", ".join(map(str, sorted(v))) + "}" if isinstance(v, frozenset) else repr(v)
            )

        diffs = [
            f"{f.name}={show(getattr(self, f.name))}"
            for f in dataclasses.fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        ]
        return ", ".join(diffs) if diffs else "classic"

    def __hash__(self) -> int:  # frozenset fields are hashable; keep the generated semantics
        return hash(tuple(getattr(self, f.name) for f in dataclasses.fields(self)))


PRESETS: dict[str, dict[str, Any]] = {
    "classic": {},
    "seven_cowries": {
        "throw_table": "wiki7",
        "entry_graces": frozenset({10, 25, 35}),
        "bonus_graces": frozenset({7, 14}),
    },
    "cowrie_skill": {
        "throw_table": "murray7",
        "entry_graces": frozenset({10, 25, 30}),
        "bonus_graces": frozenset({7, 14}),
        "turn_mode": "throw_then_move",
        "cancel_three": True,
        "pyada": True,
    },
    "mitra": {
        "throw_table": "mitra6",
        "entry_graces": frozenset({10, 25}),
        "bonus_graces": frozenset({6, 12}),
        "entry_mode": "count_from_charkoni",
        "turn_mode": "throw_then_move",
    },
}
"""The named rule sets (RULES.md section 4): options that differ from the defaults."""


def _throw_set(name: str, value: object) -> frozenset[int]:
    """The option ``name``'s ``value`` as a frozen set of positive whole throw values.

    Raises:
        ValueError: for a value that is not a set of positive integers.
    """
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise ValueError(say("arg_rule_set", {"name": name, "got": _short(value)}))
    try:
        items: frozenset[Any] | None = frozenset(value)
    except TypeError:  # an unhashable item (a list, a dict)
        items = None
    bad = (
        [v for v in value if not isinstance(v, int) or isinstance(v, bool)]
        if items is None
        else [v for v in items if isinstance(v, bool) or not isinstance(v, int) or v < 1]
    )
    if items is None or bad:
        got = _short(sorted(_short(v, 20) for v in bad[:5]))
        raise ValueError(say("arg_rule_set_values", {"name": name, "got": got}))
    return items
