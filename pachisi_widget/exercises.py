"""The lessons' exercises: expected answers, typical mistakes and hints, in English and Romanian.

Each exercise is a function of no arguments, keyed by (lesson, number), that asks the engine for
its expected answer, for the numbers its sentences quote, and for the answers that typical
mistakes give (the same position played with the mistaken rule: the grace's points counted, the
castle ignored, pyada forgotten...). Nothing here is typed by hand that the engine can compute.
:func:`pachisi_widget.lessons.exercise` turns one into something a notebook cell can check an
answer with.

The sentences live in :data:`TEXTS`, one catalogue per language with the same codes and
placeholders: ``"<lesson>.<number>.why"`` (said with "Right!"), ``".hint"``, and one code per
typical mistake (a phrase that follows the student's answer: "Not quite: 10 counts the grace's
points..."). Placeholders take the formats of :func:`pachisi_widget.lessons.words`.

>>> EXERCISES["03", 3]().expected
1
>>> sorted(EXERCISES["03", 3]().mistakes)
['added', 'counted', 'moved']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any

from . import board
from .game import Game
from .probability import hit_chance, turn_length_odds
from .rules import CANCEL_HIGH, PYADA_VALUES, Rules
from .throws import expected_value, grace_probability, throw_distribution, up_distribution

__all__ = ["Solution", "EXERCISES", "TEXTS", "QUIZ_SEED"]


@dataclass(frozen=True)
class Solution:
    """What the engine says about one exercise."""

    expected: Any
    """The expected answer, in the normal form of its ``form``."""
    form: tuple[str, dict]
    """How the answer is written: ("number", {"decimals": 2}), ("integer", {}), ("values", {}),
    ("steps", {"size": 4}), ("seats", {}), ("letters", {"letters": "abcd"}) or
    ("choice", {"key": "02.5", "words": {"more": (...), "less": (...)}})."""
    params: dict = field(default_factory=dict)
    """The numbers the sentences quote."""
    mistakes: dict = field(default_factory=dict)
    """Typical mistakes by name: the wrong answer each gives, or a test on the answer (read in
    the form's normal form) that recognises it."""


EXERCISES: dict[tuple[str, int], Callable[[], Solution]] = {}
"""Every exercise, by (lesson, number)."""


def _exercise(lesson: str, number: int):
    def register(function):
        EXERCISES[lesson, number] = function
        return function
    return register


def _drop_equal(expected, mistakes: dict, same=lambda a, b: a == b) -> dict:
    """The mistakes whose answer differs from the expected one (a rule that changes nothing in
    this position makes no mistake)."""
    return {k: v for k, v in mistakes.items() if callable(v) or not same(v, expected)}


# -- lesson 00: play your first game ------------------------------------------------------------

QUIZ_SEED = 101
"""The seed of lesson 00's exercise 1 (the notebook prints that game's opening throws)."""


def _order_from(starter: int, seats, direction: int = 1) -> tuple:
    i = seats.index(starter)
    return tuple(seats[(i + direction * k) % len(seats)] for k in range(len(seats)))


@_exercise("00", 1)
def _order_of_play() -> Solution:
    game = Game(players=4, seed=QUIZ_SEED)
    seats = tuple(game.seats)
    order = _order_from(game.to_move, seats)
    mistakes = {"clockwise": _order_from(game.to_move, seats, -1), "south_first": seats}
    first_round = game.opening[0]
    top = max(t.value for t in first_round.values())
    tied = [s for s, t in first_round.items() if t.value == top]
    if len(tied) > 1:
        for seat in tied:
            if seat != game.to_move:
                mistakes["first_round"] = _order_from(seat, seats)
    last = [(s, t.value) for s, t in game.opening[-1].items()]
    return Solution(order, ("seats", {}),
                    {"order": order, "starter": order[0], "last": last, "tied": tied},
                    _drop_equal(order, mistakes))


def _after(rules: Rules) -> tuple:
    game = Game.from_position([[5, 0, 0, 0], None, [12, 0, 0, 0], None], to_move=0, rules=rules,
                              seed=2)
    for value, start in ((6, 0), (25, 0), (4, 5)):
        game.throw(value=value)
        game.play(next(m for m in game.legal_moves() if m.start == start and m.kind != "pass"))
    return tuple(sorted(game.pieces(0)))


@_exercise("00", 2)
def _pieces_after_graces() -> Solution:
    pieces = _after(Rules())
    counted = _after(Rules(entry_mode="count_from_charkoni"))
    entered = sorted(p for p in pieces if p == 1)
    return Solution(pieces, ("steps", {"size": 4}),
                    {"pieces": sorted(pieces, reverse=True), "entry": entered[0],
                     "counted": sorted(counted, reverse=True)},
                    _drop_equal(pieces, {"counted": counted,
                                         "three": lambda read: len(read) == len(pieces) - 1}))


_HUNT = [[21, 30, 40, 50], None, [57, 59, 61, 0], None]


@_exercise("00", 3)
def _capture_values() -> Solution:
    rules = Rules()
    found, landing = set(), {}
    north = {board.step_of(0, board.square(2, s)) for s in _HUNT[2] if 0 < s < board.HOME}
    for value in sorted(set(rules.table)):
        game = Game.from_position(_HUNT, to_move=0, seed=3)
        game.throw(value=value)
        if any(m.start == 21 and m.captures for m in game.legal_moves()):
            found.add(value)
        if 21 + value in north:
            landing[value] = 21 + value
    on_north = frozenset(landing)                     # every value that stops on a North piece
    castle = sorted(v for v in on_north - found if board.is_castle(landing[v]))
    no_grace_move = frozenset(found - set(rules.entry_graces))
    return Solution(frozenset(found), ("values", {}),
                    {"found": found, "castle": castle[0], "castle_step": landing[castle[0]],
                     "sums": [f"21 + {v} = {21 + v}" for v in sorted(found)],
                     "grace": sorted(found & set(rules.entry_graces))[0]},
                    _drop_equal(frozenset(found), {"castle": on_north, "grace": no_grace_move}))


def _homecomings(south, rules: Rules | None = None) -> frozenset:
    """The throw values with which South can bring a piece home from ``south``."""
    rules = rules or Rules()
    found = set()
    for value in sorted(set(rules.table)):
        game = Game.from_position([south, None, [20, 0, 0, 0], None], to_move=0, rules=rules,
                                  seed=7)
        game.throw(value=value)
        if any(m.end == board.HOME for m in game.legal_moves()):
            found.add(value)
    return frozenset(found)


_CASTLE_CASES = {"a": ([59, 30, 40, 84], {}), "b": ([59, 0, 40, 84], {}),
                 "c": ([59, 30, 40, 84], {"pyada": True}), "d": ([59, 84, 84, 84], {})}


def _home_with_25(waiting_ignored: bool = False, pyada_ignored: bool = False) -> frozenset:
    found = set()
    for letter, (south, options) in _CASTLE_CASES.items():
        options = dict(options)
        if pyada_ignored:
            options.pop("pyada", None)
        if waiting_ignored:
            options["grace_moves_before_all_entered"] = True
        if 25 in _homecomings(south, Rules(**options)):
            found.add(letter)
    return frozenset(found)


@_exercise("00", 4)
def _twenty_five_castle() -> Solution:
    home = _home_with_25()
    return Solution(home, ("letters", {"letters": "abcd"}),
                    {"letters": [f"({x})" for x in sorted(home)]},
                    _drop_equal(home, {"both": _home_with_25(True, True),
                                       "waiting": _home_with_25(waiting_ignored=True),
                                       "pyada": _home_with_25(pyada_ignored=True)}))


@_exercise("00", 5)
def _last_squares() -> Solution:
    found = _homecomings([81, 83, 84, 84])
    exact = _homecomings([81, 84, 84, 84])
    release = _homecomings([83, 84, 84, 84])
    literal = _homecomings([81, 83, 84, 84], Rules(last_square_release=frozenset()))
    return Solution(found, ("values", {}),
                    {"found": found, "exact": sorted(exact), "release": sorted(release)},
                    _drop_equal(found, {"literal": literal, "release_only": release}))


# -- lesson 02: cowrie throws and probability -----------------------------------------------------


@_exercise("02", 1)
def _three_up() -> Solution:
    shells = Rules().shells
    p = up_distribution(shells)[3]
    ways, landings = comb(shells, 3), 2 ** shells
    return Solution(p, ("number", {"decimals": 4}),
                    {"p": p, "ways": ways, "landings": landings, "counts": shells + 1},
                    _drop_equal(p, {"ways": ways, "equally": Fraction(1, shells + 1),
                                    "one_landing": Fraction(1, landings)}))


@_exercise("02", 2)
def _grace_chance() -> Solution:
    rules = Rules()
    dist = throw_distribution(rules)
    g = grace_probability(rules)
    all_up = rules.table[rules.shells]                # six mouths up: the grace people forget
    graces = sorted(rules.entry_graces)
    return Solution(g, ("number", {"decimals": 4}),
                    {"g": g, "graces": graces, "parts": [f"{dist[v]}" for v in graces],
                     "forgotten": all_up, "values": len(dist)},
                    _drop_equal(g, {"forgot": g - dist[all_up],
                                    "equally": Fraction(len(graces), len(dist))}))


@_exercise("02", 3)
def _wait_for_ten() -> Solution:
    dist = throw_distribution(Rules())
    p = dist[10]
    wait = 1 / p
    landings = 2 ** Rules().shells
    return Solution(wait, ("number", {"decimals": 2}),
                    {"p": p, "ways": p * landings, "landings": landings, "wait": wait},
                    _drop_equal(wait, {"probability": p, "before": wait - 1,
                                       "twenty_five": 1 / dist[25]}))


@_exercise("02", 4)
def _mouths_up_variance() -> Solution:
    ups = up_distribution(Rules().shells)              # the number of mouths up, k
    mean = sum((k * pr for k, pr in ups.items()), Fraction(0))
    var = sum(((k - mean) ** 2 * pr for k, pr in ups.items()), Fraction(0))
    square_mean = sum((k * k * pr for k, pr in ups.items()), Fraction(0))
    spread = sum((abs(k - mean) * pr for k, pr in ups.items()), Fraction(0))
    sd = Fraction(float(var) ** 0.5)
    return Solution(var, ("number", {"decimals": 2}),
                    {"mean": mean, "variance": var, "sd": float(sd), "square_mean": square_mean,
                     "mean_square": mean * mean, "shells": len(ups) - 1},
                    _drop_equal(var, {"root": sd, "unsquared": spread,
                                      "no_mean": square_mean}))


@_exercise("02", 5)
def _tilted_shells() -> Solution:
    fair = throw_distribution(Rules())[25]
    tilted = throw_distribution(Rules(p_mouth_up=0.6))[25]
    expected = "more" if tilted > fair else "less"
    other = "less" if expected == "more" else "more"
    words = {"more": ("mai mult", "mai probabil", "likelier", "more likely"),
             "less": ("mai puțin", "mai puțin probabil", "less likely")}
    return Solution(expected, ("choice", {"key": "02.5", "words": words}),
                    {"fair": fair, "tilted": tilted, "down": 1 - 0.6},
                    {"mouths": other})


# -- lesson 03: grace throws ----------------------------------------------------------------------


@_exercise("03", 1)
def _entry_graces() -> Solution:
    classic = Rules()
    graces = frozenset(classic.entry_graces)
    all_up = classic.table[classic.shells]
    return Solution(graces, ("values", {}),
                    {"graces": sorted(graces), "all_up": all_up, "shells": classic.shells},
                    _drop_equal(graces, {
                        "seven": frozenset(Rules.preset("seven_cowries").entry_graces),
                        "six": graces - {all_up}}))


def _enters_on(pieces, value: int, rules: Rules | None = None, start=0) -> int:
    """Where South's piece from ``start`` ends with ``value`` (step 0 when it cannot move)."""
    game = Game.from_position([pieces, None, [0, 0, 0, 0], None], to_move=0, rules=rules or Rules(),
                              seed=1)
    game.throw(value=value)
    return next((m.end for m in game.legal_moves() if m.start == start and m.kind != "pass"), 0)


@_exercise("03", 2)
def _first_piece() -> Solution:
    start = [0, 0, 0, 0]
    step = _enters_on(start, 4)
    grace = min(Rules().entry_graces)
    waits = _enters_on(start, 4, Rules(first_piece_any_throw=False))
    return Solution(step, ("integer", {}), {"step": step, "value": 4},
                    _drop_equal(step, {"grace": _enters_on(start, grace), "waits": waits}))


@_exercise("03", 3)
def _grace_enters() -> Solution:
    pieces = [7, 0, 0, 0]
    step = _enters_on(pieces, 10)
    counted = _enters_on(pieces, 10, Rules(entry_mode="count_from_charkoni"))
    moved = _enters_on(pieces, 10, Rules(grace_moves_before_all_entered=True), start=7)
    return Solution(step, ("integer", {}), {"step": step, "value": 10, "moved": moved},
                    _drop_equal(step, {"counted": counted, "added": step + 10, "moved": moved}))


@_exercise("03", 4)
def _three_or_more() -> Solution:
    rules = Rules()
    odds = turn_length_odds(rules, max_throws=3)
    g = grace_probability(rules)
    p = 1 - odds[1] - odds[2]
    return Solution(p, ("number", {"decimals": 4}), {"p": p, "g": g},
                    _drop_equal(p, {"exactly": odds[3], "four": p * g, "two": g}))


@_exercise("03", 5)
def _seven_shell_turn() -> Solution:
    seven = Rules.preset("seven_cowries")
    again = grace_probability(seven, on_board=True)
    entry = grace_probability(seven, on_board=False)
    mean = 1 / (1 - again)
    return Solution(mean, ("number", {"decimals": 2}),
                    {"p": again, "mean": mean, "bonus": sorted(seven.bonus_graces),
                     "entry": sorted(seven.entry_graces)},
                    _drop_equal(mean, {"bonus": 1 / (1 - entry), "inverse": 1 / again,
                                       "classic": 1 / (1 - grace_probability(Rules()))}))


# -- the sentences ---------------------------------------------------------------------------------

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        # lesson 00
        "00.1.why": "in the last opening round {last:opening}: {starter:seat} starts, and play "
        "goes counter-clockwise: {order:seats}.",
        "00.1.hint": "the highest throw starts, and a tie throws again; then play goes "
        "counter-clockwise: South, East, North, West (part 1).",
        "00.1.clockwise": "starts with the right player but goes clockwise; play goes "
        "counter-clockwise: South → East → North → West → South (§2).",
        "00.1.south_first": "is the order round the board from South; the first to play is the "
        "player with the highest opening throw (§2).",
        "00.1.first_round": "starts with a player who tied in the first round; the tied players "
        "threw again, and the last round decides: {last:opening}.",
        "00.2.why": "each grace brings a piece in on step {entry} (the grace's value is not "
        "counted) and gives another throw; the 4 takes the piece on step 5 to step 9: {pieces}.",
        "00.2.hint": "where does a grace put a piece? (§3, square number 1)",
        "00.2.counted": "counts the graces' values: an entering piece lands on step {entry} "
        "whatever the grace (§3), not on the grace's value.",
        "00.2.three": "has three steps: you have four pieces; write 0 for the one that still "
        "waits.",
        "00.3.why": "{found:set}: {sums:and} capture (all South's pieces are in, so the {grace} "
        "moves too); 21 + {castle} = {castle_step} is a castle held by North, where South may not "
        "stop.",
        "00.3.hint": "count 21 + each value; remember that nobody may stop on an opponent's "
        "castle.",
        "00.3.castle": "includes {castle}: step {castle_step} is a castle held by North; nobody "
        "may stop on an opponent's castle (§7), and no piece is captured on a castle (§8).",
        "00.3.grace": "leaves out the {grace}: it is a grace, but all your pieces are on the "
        "board, so it moves like any other throw (§4).",
        "00.4.why": "{letters:and}: in (b) a piece still waits, so the 25 can only bring it in; "
        "in (c) pyada makes the 25 move 26 steps, one too many.",
        "00.4.hint": "the 25-castle's condition: part 4 (and what pyada does to a 25).",
        "00.4.both": "forgets both conditions: in (b) a piece still waits, so the 25 can only "
        "bring it in (§4); in (c) pyada makes the 25 move 26 steps, one too many.",
        "00.4.waiting": "includes (b): a piece still waits there, and while one waits a 25 can "
        "only bring a piece in (§4).",
        "00.4.pyada": "includes (c): with pyada a 25 moves 26 steps, one too many for the "
        "25-castle.",
        "00.5.why": "{found:set}: the {exact:and} is the exact count from step 81; from step 83 "
        "no throw is worth 1, so the board's last-square release lets the {release:and} take "
        "that piece home.",
        "00.5.hint": "an exact count for one piece; the board's release for the other (part 5).",
        "00.5.literal": "is the text's literal rule (§10), but the board plays with the "
        "last-square release: a {release:or} takes a piece from step 83 home (part 5).",
        "00.5.release_only": "forgets the piece on step 81: an exact count takes it home too.",
        # lesson 02
        "02.1.why": "C(6, 3) = {ways} of the {landings} landings have 3 mouths up: {p} ≈ "
        "{p:.4f}.",
        "02.1.hint": "count the ways to choose 3 shells out of 6, then divide by 64.",
        "02.1.ways": "is the number of landings with 3 mouths up; a probability divides it by "
        "all {landings} landings.",
        "02.1.equally": "treats the {counts} counts of mouths up (0 to 6) as equally likely; "
        "they are not: count the landings that give each.",
        "02.1.one_landing": "is the chance of one particular landing; {ways} different landings "
        "have 3 mouths up.",
        "02.2.why": "P(6) + P(10) + P(25) = {g} ≈ {g:.4f}.",
        "02.2.hint": "add up the probabilities of the three grace values from "
        "pw.throw_distribution(pw.Rules()).",
        "02.2.forgot": "leaves out the {forgotten}: all six mouths up is a grace too.",
        "02.2.equally": "counts graces among the {values} values as if each value were equally "
        "likely; add the values' probabilities instead.",
        "02.3.why": "P(10) = {ways}/{landings} = {p}, so the average wait is 1/P(10) = {wait} ≈ "
        "{wait:.2f} throws.",
        "02.3.hint": "a geometric wait for an event of probability p lasts 1/p tries on average.",
        "02.3.probability": "is P(10), the chance on one throw; the average wait is 1/P(10).",
        "02.3.before": "counts only the throws before the 10; the wait includes the throw that "
        "brings it: 1/p.",
        "02.3.twenty_five": "is the wait for a 25 (no mouth up); a 10 is one mouth up: {ways} "
        "landings in {landings}.",
        "02.4.why": "the mean is {mean} mouths up; the sum of (k − {mean})² × C({shells}, k)/64 "
        "is {variance} = {variance:.2f}, and its square root, the standard deviation, is about "
        "{sd:.2f}.",
        "02.4.hint": "for each k from 0 to {shells}, square its distance from the mean {mean}, "
        "multiply by the probability of k mouths up, and add.",
        "02.4.root": "is the standard deviation, the square root of the variance; the variance "
        "is its square.",
        "02.4.unsquared": "is the average distance from the mean, not squared; the variance "
        "averages the squared distances.",
        "02.4.no_mean": "is the average of k² alone; subtract the square of the mean, "
        "{mean}² = {mean_square}, to get the variance.",
        "02.5.why": "a 25 needs all mouths down: {down:.1f}^6 = {tilted:.5f} against 0.5^6 = "
        "{fair:.5f}.",
        "02.5.hint": "a 25 is 0 mouths up: which shells make that easier?",
        "02.5.mouths": "looks at the mouths up; a 25 needs all six mouths down, each with "
        "probability {down:.1f} now instead of 0.5.",
        "02.5.more": "more",
        "02.5.less": "less",
        # lesson 03
        "03.1.why": "the entry graces of the classic game are {graces:and} (§3).",
        "03.1.hint": "the rules text calls them graces (§3); look at pw.Rules().entry_graces.",
        "03.1.seven": "are the graces of the seven-shell game (§3, \"in other versions\"); the "
        "classic game has six shells.",
        "03.1.six": "leaves out the {all_up}: all {shells} mouths up is a grace too in the "
        "classic game.",
        "03.2.why": "the first piece leaves on any throw and moves the value: step {step}.",
        "03.2.hint": "paragraph 5: the first piece's privilege.",
        "03.2.grace": "is where a grace puts an entering piece; your first piece leaves on any "
        "throw and moves its value (§5).",
        "03.2.waits": "keeps the piece waiting for a grace; your first piece of the game leaves "
        "on any throw (§5).",
        "03.3.why": "an entering piece lands on step {step}; the grace's points are not counted.",
        "03.3.hint": "paragraphs 3 and 4: square number 1.",
        "03.3.counted": "counts the grace's points; an entering piece lands on square number 1 "
        "whatever the grace (§3, §4).",
        "03.3.added": "adds the grace's points after entering; they are not counted (§4): the "
        "next throw moves the piece.",
        "03.3.moved": "moves the piece on step 7; while pieces wait, a grace can only bring one "
        "in (§4).",
        "03.4.why": "the first two throws must both be graces: g² = {p} ≈ {p:.4f}.",
        "03.4.hint": "1 minus the chances of 1 and of 2 throws; or think: which throws must be "
        "graces?",
        "03.4.exactly": "is the chance of exactly 3 throws; 3 or more counts the longer turns "
        "too.",
        "03.4.four": "is the chance of 4 throws or more (three graces in a row); 3 or more "
        "needs only two.",
        "03.4.two": "is g, the chance of 2 throws or more; 3 or more needs two graces in a row.",
        "03.5.why": "P(another throw) = {p}, so the average is 1/(1 − {p}) = {mean} ≈ "
        "{mean:.2f} throws.",
        "03.5.hint": "the same geometric formula, with the chance of a throw that gives another "
        "throw (entry or bonus grace).",
        "03.5.bonus": "leaves out the bonus graces {bonus:and}: with a piece on the board they "
        "give another throw too.",
        "03.5.inverse": "is 1/p, the average wait for a grace; a turn lasts 1/(1 − p) throws on "
        "average.",
        "03.5.classic": "is the classic game's average; the seven-shell game has other graces.",
    },
    "ro": {
        # lecția 00
        "00.1.why": "în ultima rundă de început {last:opening}: începe {starter:seat}, apoi se "
        "joacă în sens invers acelor de ceasornic: {order:seats}.",
        "00.1.hint": "începe aruncarea cea mai mare, la egalitate se aruncă din nou; apoi se "
        "joacă în sens invers acelor de ceasornic: Sud, Est, Nord, Vest (partea 1).",
        "00.1.clockwise": "începe cu jucătorul potrivit, dar merge în sensul acelor de "
        "ceasornic; se joacă în sens invers: Sud → Est → Nord → Vest → Sud (§2).",
        "00.1.south_first": "este ordinea în jurul tablei pornind de la Sud; începe jucătorul cu "
        "cea mai mare aruncare de început (§2).",
        "00.1.first_round": "începe cu un jucător care a fost la egalitate în prima rundă; cei "
        "la egalitate au aruncat din nou, iar ultima rundă decide: {last:opening}.",
        "00.2.why": "fiecare har introduce o piesă pe pătratul {entry} (valoarea harului nu se "
        "adaugă) și îți dă o nouă aruncare; aruncarea de 4 duce piesa de pe pătratul 5 pe "
        "pătratul 9: {pieces}.",
        "00.2.hint": "unde pune un har piesa? (§3, pătratul numărul 1)",
        "00.2.counted": "adună valorile harurilor: o piesă introdusă ajunge pe pătratul {entry}, "
        "oricare ar fi harul (§3), nu pe pătratul cu valoarea harului.",
        "00.2.three": "are doar trei pătrate: ai patru piese; scrie 0 pentru cea care încă "
        "așteaptă.",
        "00.3.why": "{found:set}: {sums:and} capturează (toate piesele lui Sud au intrat, deci și "
        "aruncarea de {grace} mută piesa); cu aruncarea de {castle}, piesa s-ar opri pe pătratul "
        "{castle_step} (21 + {castle}), un castel ocupat de Nord, unde Sud nu se poate opri.",
        "00.3.hint": "calculează 21 + fiecare valoare; nimeni nu se poate opri pe castelul unui "
        "adversar.",
        "00.3.castle": "conține {castle}: pătratul {castle_step} este un castel ocupat de Nord; "
        "nimeni nu se poate opri pe castelul unui adversar (§7), iar pe un castel nu se "
        "capturează nicio piesă (§8).",
        "00.3.grace": "nu conține {grace}: aruncarea de {grace} este un har, dar toate piesele "
        "tale sunt pe tablă, așa că mută ca orice altă aruncare (§4).",
        "00.4.why": "{letters:and}: în (b) o piesă încă așteaptă, deci aruncarea de 25 poate doar "
        "s-o introducă; în (c), cu pyada, aruncarea de 25 duce piesa 26 de pătrate, cu unul prea "
        "mult.",
        "00.4.hint": "condiția castelului de 25: partea 4 (și ce face pyada cu o aruncare de 25).",
        "00.4.both": "uită ambele condiții: în (b) o piesă încă așteaptă, deci aruncarea de 25 "
        "poate doar s-o introducă (§4); în (c), cu pyada, aruncarea de 25 duce piesa 26 de "
        "pătrate, cu unul prea mult.",
        "00.4.waiting": "conține (b): acolo o piesă încă așteaptă, iar cât timp una așteaptă, "
        "aruncarea de 25 poate doar să introducă o piesă (§4).",
        "00.4.pyada": "conține (c): cu pyada, aruncarea de 25 duce piesa 26 de pătrate, cu unul "
        "prea mult pentru castelul de 25.",
        "00.5.why": "{found:set}: aruncarea de {exact:and} este aruncarea exactă de pe pătratul "
        "81; de pe pătratul 83 nicio aruncare nu valorează 1, așa că eliberarea de pe ultimul "
        "pătrat lasă aruncările de {release:and} să ducă piesa acasă.",
        "00.5.hint": "o aruncare exactă pentru una dintre piese; eliberarea de pe ultimul pătrat "
        "pentru cealaltă (partea 5).",
        "00.5.literal": "este regula textului luată cuvânt cu cuvânt (§10), dar tabla joacă cu "
        "eliberarea de pe ultimul pătrat: o aruncare de {release:or} duce acasă o piesă de pe "
        "pătratul 83 (partea 5).",
        "00.5.release_only": "uită piesa de pe pătratul 81: o aruncare exactă o duce și pe ea "
        "acasă.",
        # lecția 02
        "02.1.why": "C(6, 3) = {ways} dintre cele {landings} de căderi au 3 guri în sus: {p} ≈ "
        "{p:.4f}.",
        "02.1.hint": "numără în câte feluri poți alege 3 coji din 6, apoi împarte la 64.",
        "02.1.ways": "este numărul căderilor cu 3 guri în sus; probabilitatea îl împarte la toate "
        "cele {landings} de căderi.",
        "02.1.equally": "socotește cele {counts} numere de guri în sus (de la 0 la 6) la fel de "
        "probabile; nu sunt: numără căderile care dau fiecare număr.",
        "02.1.one_landing": "este probabilitatea unei singure căderi anume; {ways} de căderi "
        "diferite au 3 guri în sus.",
        "02.2.why": "P(6) + P(10) + P(25) = {g} ≈ {g:.4f}.",
        "02.2.hint": "adună probabilitățile celor trei valori care sunt haruri, din "
        "pw.throw_distribution(pw.Rules()).",
        "02.2.forgot": "lasă deoparte aruncarea de {forgotten}: toate cele șase guri în sus dau "
        "tot un har.",
        "02.2.equally": "numără harurile printre cele {values} valori ca și cum toate valorile ar "
        "fi la fel de probabile; adună în schimb probabilitățile valorilor.",
        "02.3.why": "P(10) = {ways}/{landings} = {p}, deci aștepți în medie 1/P(10) = {wait} ≈ "
        "{wait:.2f} aruncări.",
        "02.3.hint": "așteptarea geometrică a unui eveniment cu probabilitatea p durează în medie "
        "1/p încercări.",
        "02.3.probability": "este P(10), probabilitatea la o singură aruncare; așteptarea medie "
        "este 1/P(10).",
        "02.3.before": "numără doar aruncările dinaintea celei de 10; așteptarea include și "
        "aruncarea care o aduce: 1/p.",
        "02.3.twenty_five": "este așteptarea unei aruncări de 25 (nicio gură în sus); aruncarea "
        "de 10 înseamnă o gură în sus: {ways} căderi din {landings}.",
        "02.4.why": "media este de {mean} guri în sus; suma produselor (k − {mean})² × "
        "C({shells}, k)/64 este {variance} = {variance:.2f}, iar rădăcina ei pătrată, abaterea "
        "standard, este aproximativ {sd:.2f}.",
        "02.4.hint": "pentru fiecare k de la 0 la {shells}, ridică la pătrat distanța lui față de "
        "media {mean}, înmulțește cu probabilitatea a k guri în sus și adună.",
        "02.4.root": "este abaterea standard, rădăcina pătrată a dispersiei; dispersia este "
        "pătratul ei.",
        "02.4.unsquared": "este abaterea medie față de medie, fără ridicare la pătrat; "
        "dispersia este media pătratelor abaterilor.",
        "02.4.no_mean": "este doar media lui k²; scade pătratul mediei, {mean}² = {mean_square}, "
        "ca să obții dispersia.",
        "02.5.why": "aruncarea de 25 cere ca toate gurile să fie în jos: {down:.1f}^6 = "
        "{tilted:.5f}, față de 0,5^6 = {fair:.5f}.",
        "02.5.hint": "aruncarea de 25 înseamnă 0 guri în sus: ce fel de coji o fac mai ușoară?",
        "02.5.mouths": "se uită la gurile în sus; aruncarea de 25 cere toate cele șase guri în "
        "jos, fiecare acum cu probabilitatea {down:.1f}, nu 0,5.",
        "02.5.more": "mai probabil",
        "02.5.less": "mai puțin probabil",
        # lecția 03
        "03.1.why": "harurile de intrare ale jocului clasic sunt {graces:and} (§3).",
        "03.1.hint": "textul regulilor le numește haruri (§3); uită-te la "
        "pw.Rules().entry_graces.",
        "03.1.seven": "sunt harurile jocului cu șapte coji (§3, „În alte versiuni”); jocul "
        "clasic are șase coji.",
        "03.1.six": "lasă deoparte aruncarea de {all_up}: toate cele {shells} guri în sus dau tot "
        "un har în jocul clasic.",
        "03.2.why": "prima piesă pleacă la orice aruncare și avansează cu valoarea ei: pătratul "
        "{step}.",
        "03.2.hint": "paragraful 5: privilegiul primei piese.",
        "03.2.grace": "este pătratul pe care un har pune o piesă introdusă; prima ta piesă "
        "pleacă la orice aruncare și avansează cu valoarea ei (§5).",
        "03.2.waits": "lasă piesa să aștepte un har; prima ta piesă din joc pleacă la orice "
        "aruncare (§5).",
        "03.3.why": "o piesă introdusă ajunge pe pătratul {step}; punctele harului nu se adaugă.",
        "03.3.hint": "paragrafele 3 și 4: pătratul numărul 1.",
        "03.3.counted": "adună punctele harului; o piesă introdusă ajunge pe pătratul numărul 1, "
        "oricare ar fi harul (§3, §4).",
        "03.3.added": "adaugă punctele harului după intrare; ele nu se adaugă (§4): aruncarea "
        "următoare mută piesa.",
        "03.3.moved": "mută piesa de pe pătratul 7; cât timp piese așteaptă, un har poate doar "
        "să introducă una (§4).",
        "03.4.why": "primele două aruncări trebuie să fie amândouă haruri: g² = {p} ≈ {p:.4f}.",
        "03.4.hint": "1 minus probabilitățile unei ture cu o aruncare și cu două; sau gândește: "
        "care aruncări trebuie să fie haruri?",
        "03.4.exactly": "este probabilitatea a exact 3 aruncări; „3 sau mai multe” numără și "
        "turele mai lungi.",
        "03.4.four": "este probabilitatea a 4 aruncări sau mai multe (trei haruri la rând); "
        "pentru 3 sau mai multe ajung două.",
        "03.4.two": "este g, probabilitatea a 2 aruncări sau mai multe; pentru 3 sau mai multe "
        "trebuie două haruri la rând.",
        "03.5.why": "P(o nouă aruncare) = {p}, deci media este 1/(1 − {p}) = {mean} ≈ "
        "{mean:.2f} aruncări.",
        "03.5.hint": "aceeași formulă geometrică, cu probabilitatea unei aruncări care îți dă o "
        "nouă aruncare (har de intrare sau har fără introducere).",
        "03.5.bonus": "lasă deoparte harurile fără introducere, {bonus:and}: cu o piesă pe tablă "
        "și ele îți dau o nouă aruncare.",
        "03.5.inverse": "este 1/p, așteptarea medie a unui har; o tură durează în medie "
        "1/(1 − p) aruncări.",
        "03.5.classic": "este media jocului clasic; jocul cu șapte coji are alte haruri.",
    },
}
"""The exercises' sentences by language and code ("02.3.why", "02.3.hint", one per mistake)."""


# -- lesson 08: write your own player -------------------------------------------------------------
# (appended as one block with its sentences, so that the lesson's exercises stay together)

_FIRST_POSITION = [[14, 47, 0, 0], None, [16, 70, 0, 0], None]
"""Lesson 08, exercise 1: South throws a 3 here."""
_DUEL = (113, 200)
"""Lesson 08, exercise 2: a duel's wins and games."""


def _first_player(state):
    """The lesson's first rule of thumb: capture if you can, otherwise the rearmost piece."""
    return max(state.legal_moves(),
               key=lambda m: (-1, 0) if m.kind == "pass" else (len(m.captures), -m.start))


@_exercise("08", 1)
def _first_rule() -> Solution:
    game = Game.from_position(_FIRST_POSITION, to_move=0, seed=11)
    game.throw(value=3)
    chosen = _first_player(game.state)
    moving = [m for m in game.legal_moves() if m.kind != "pass"]
    rear = min(m.start for m in moving)
    north = next(s for s in _FIRST_POSITION[2]
                 if 0 < s < board.HOME and board.step_of(0, board.square(2, s)) == chosen.end)
    return Solution(chosen.start, ("integer", {}),
                    {"start": chosen.start, "end": chosen.end, "value": chosen.value,
                     "rear": rear, "north": north},
                    _drop_equal(chosen.start, {"rearmost": rear}))


@_exercise("08", 2)
def _read_an_interval() -> Solution:
    from .simulate import wilson_interval

    wins, games = _DUEL
    rate = wilson_interval(wins, games)
    verdict = "wins" if rate.low > 0.5 else "loses" if rate.high < 0.5 else "unclear"
    point = "wins" if rate.rate > 0.5 else "loses"
    return Solution(verdict, ("choice", {"key": "08.2", "words": {
                        "wins": ("win", "won", "beats", "castiga"),
                        "loses": ("lose", "lost", "pierde"),
                        "unclear": ("no clear difference", "no difference", "unclear",
                                    "nicio diferenta", "neclar")}}),
                    {"wins": wins, "games": games, "rate": 100 * rate.rate,
                     "low": 100 * rate.low, "high": 100 * rate.high},
                    _drop_equal(verdict, {"point": point}))


@_exercise("08", 3)
def _half_the_width() -> Solution:
    games, factor = 200, 2 ** 2
    return Solution(games * factor, ("integer", {}),
                    {"games": games, "factor": factor, "result": games * factor},
                    {"double": 2 * games, "fewer": games // 2})


@_exercise("08", 4)
def _games_for_an_edge() -> Solution:
    edge = Fraction(7, 100)
    root = Fraction(98, 100) / edge
    return Solution(int(root ** 2), ("integer", {}),
                    {"edge": float(edge), "root": int(root), "games": int(root ** 2)},
                    {"root": int(root), "two": round(1 / edge ** 2)})


@_exercise("08", 5)
def _rating_odds() -> Solution:
    d = 400
    odds = Fraction(10) ** (d // 400)           # 400 points: odds of 10 to 1
    p = odds / (1 + odds)
    return Solution(p, ("number", {"decimals": 2}),
                    {"d": d, "odds": odds, "p": p, "percent": round(100 * p)},
                    {"odds": odds, "weaker": 1 - p, "ten_in_ten": (odds - 1) / odds})


TEXTS["en"].update({
    "08.1.why": "the piece on step {start}: the {value} takes it to step {end}, onto North's piece "
    "(North's step {north}), and a capture comes first; without it, the rearmost piece (step "
    "{rear}) would move.",
    "08.1.hint": "look for a capture first: where does each piece land, and where do North's "
    "pieces stand? (the picture above the exercise shows them)",
    "08.1.rearmost": "is the rearmost piece, but the first player captures when it can: the "
    "piece on step {start} lands on North's piece.",
    "08.2.why": "{rate:.1f}% is above 50%, but the interval [{low:.1f}%, {high:.1f}%] reaches "
    "below 50%: these games cannot tell.",
    "08.2.hint": "is the whole interval above 50%, below it, or neither?",
    "08.2.point": "reads only the win rate, {rate:.1f}%; the interval reaches below 50%, so the "
    "games do not show a win.",
    "08.2.wins": "wins",
    "08.2.loses": "loses",
    "08.2.unclear": "no clear difference",
    "08.3.why": "{result}: the width shrinks like 1/√n, so half the width takes 2² = {factor} "
    "times as many games as {games}.",
    "08.3.hint": "the width shrinks like 1/√n (part 5): which n makes √n twice as large?",
    "08.3.double": "doubles the games, which only makes the width 1/√2 ≈ 0.71 of what it was; "
    "half the width takes four times the games.",
    "08.3.fewer": "is fewer games: fewer games give a wider interval, not a narrower one.",
    "08.4.why": "(0.98/{edge})² = {root}² = {games} games between the two players.",
    "08.4.hint": "n ≈ (0.98/e)², with the edge e = 0.07 (part 5).",
    "08.4.root": "is 0.98/0.07; the number of games is its square.",
    "08.4.two": "uses 2 in place of 1.96, a fair rule of thumb; the lesson's formula gives "
    "(0.98/0.07)² = {games}.",
    "08.5.why": "odds of {odds} to 1 mean {odds} wins for each loss: {odds} in {odds} + 1, "
    "p = 1 / (1 + 10^(−{d}/400)) = {p} ≈ {p:.2f}; the stronger player wins about {percent}% of "
    "such games.",
    "08.5.hint": "10^(−{d}/400) = 1/10; then 1 / (1 + that).",
    "08.5.odds": "is the odds, wins to losses, not the probability: p = odds / (1 + odds).",
    "08.5.weaker": "is the weaker player's chance; the question asks for the stronger one's.",
    "08.5.ten_in_ten": "reads odds of {odds} to 1 as {odds} − 1 wins in {odds} games: they "
    "mean {odds} wins for each loss, {odds} in {odds} + 1 games.",
})

TEXTS["ro"].update({
    "08.1.why": "piesa de pe pătratul {start}: aruncarea de {value} o duce pe pătratul {end}, "
    "peste piesa lui Nord (pătratul {north} al lui Nord), iar captura are întâietate; fără ea, "
    "s-ar fi mutat piesa din urmă (de pe pătratul {rear}).",
    "08.1.hint": "caută întâi o captură: unde ajunge fiecare piesă și unde stau piesele lui "
    "Nord? (desenul de deasupra exercițiului le arată)",
    "08.1.rearmost": "este piesa din urmă, dar primul jucător capturează când poate: piesa de pe "
    "pătratul {start} ajunge peste piesa lui Nord.",
    "08.2.why": "{rate:.1f}% este peste 50%, dar intervalul [{low:.1f}%, {high:.1f}%] coboară "
    "sub 50%: aceste jocuri nu pot decide.",
    "08.2.hint": "este tot intervalul peste 50%, tot sub 50%, sau niciuna, nici alta?",
    "08.2.point": "se uită doar la procentul de victorii, {rate:.1f}%; intervalul coboară sub "
    "50%, deci jocurile nu arată o victorie.",
    "08.2.wins": "câștigă",
    "08.2.loses": "pierde",
    "08.2.unclear": "nicio diferență clară",
    "08.3.why": "{result}: lățimea scade ca 1/√n, deci jumătate din lățime cere de 2² = {factor} "
    "ori mai multe jocuri decât {games}.",
    "08.3.hint": "lățimea scade ca 1/√n (partea 5): pentru ce n este √n de două ori mai mare?",
    "08.3.double": "dublează jocurile, iar asta face lățimea doar 1/√2 ≈ 0,71 din cât era; "
    "jumătate din lățime cere de patru ori mai multe jocuri.",
    "08.3.fewer": "înseamnă mai puține jocuri: mai puține jocuri dau un interval mai larg, nu "
    "unul mai îngust.",
    "08.4.why": "(0,98/{edge})² = {root}² = {games}: atâtea jocuri între cei doi jucători.",
    "08.4.hint": "n ≈ (0,98/e)², cu avantajul e = 0,07 (partea 5).",
    "08.4.root": "este 0,98/0,07; numărul de jocuri este pătratul lui.",
    "08.4.two": "folosește 2 în loc de 1,96, o regulă practică bună; formula lecției dă "
    "(0,98/0,07)² = {games}.",
    "08.5.why": "o cotă de {odds} la 1 înseamnă {odds} victorii la fiecare înfrângere: {odds} "
    "din {odds} + 1, p = 1 / (1 + 10^(−{d}/400)) = {p} ≈ {p:.2f}; jucătorul mai puternic "
    "câștigă cam {percent}% dintre astfel de jocuri.",
    "08.5.hint": "10^(−{d}/400) = 1/10; apoi 1 / (1 + rezultat).",
    "08.5.odds": "este cota, victorii la înfrângeri, nu probabilitatea: p = cotă / (1 + cotă).",
    "08.5.weaker": "este șansa jucătorului mai slab; întrebarea cere șansa celui mai puternic.",
    "08.5.ten_in_ten": "citește cota de {odds} la 1 ca {odds} − 1 victorii din {odds} jocuri: "
    "ea înseamnă {odds} victorii la fiecare înfrângere, adică {odds} din {odds} + 1 jocuri.",
})


# -- lesson 04: pyada and the rules for skilled cowrie throwers --------------------------------
# (one block with its sentences, so that the lesson's exercises stay together)

_SKILLED = [[12, 20, 30, 40], None, [0, 0, 0, 0], None]
"""Lesson 04: all of South's pieces have entered; North's all wait."""
_WAITING = [[12, 20, 30, 0], None, [0, 0, 0, 0], None]
"""Lesson 04, exercise 2: one of South's pieces still waits in the Charkoni."""
_ENTERING = (25, 7, 10, 3)
"""Lesson 04, exercise 2: South's pool; the 25 brings the waiting piece in first."""
_NEAR_HOME = [[73, 80, board.HOME, board.HOME], None, [0, 0, 0, 0], None]
"""Lesson 04, exercise 4: two of South's pieces near home, two home."""
_SERIES = {"a": (25, 30, 10), "b": (25, 7, 30, 10, 3), "c": (7, 7, 14, 7, 3), "d": (14, 14, 14)}
"""Lesson 04, exercise 3: South's throws, one series each."""


def _skilled(pyada: bool = True) -> Rules:
    return Rules.preset("cowrie_skill").replace(pyada=pyada)


def _spent(pool, rules: Rules) -> list[int]:
    """The steps each throw of ``pool`` moves one of South's pieces (all entered), in the pool's
    order."""
    game = Game.from_position(_SKILLED, to_move=0, rules=rules, seed=1)
    for value in pool:
        game.throw(value=value)
    steps = []
    for value in pool:
        move = next(m for m in game.legal_moves() if m.kind != "pass" and m.value == value)
        steps.append(move.end - move.start)
        game.play(move)
    return steps


@_exercise("04", 1)
def _pyada_total() -> Solution:
    pool = (10, 30, 4)
    steps = _spent(pool, _skilled())
    plain = _spent(pool, _skilled(pyada=False))
    earn = [v for v, s in zip(pool, steps, strict=True) if s > v]
    return Solution(sum(steps), ("integer", {}),
                    {"steps": " + ".join(map(str, steps)), "total": sum(steps),
                     "plain": sum(plain), "earn": earn, "pool": pool,
                     "none": [v for v in pool if v not in earn]},
                    _drop_equal(sum(steps), {"forgot": sum(plain),
                                             "every": sum(plain) + len(pool)}))


def _pyadas_after_entering(rules: Rules) -> tuple[int, int]:
    """(pyadas, steps) of South's pool ``_ENTERING`` with a piece waiting: the 25 brings it in
    first, then the other throws move pieces on the board, in the pool's order."""
    game = Game.from_position(_WAITING, to_move=0, rules=rules, seed=1)
    for value in _ENTERING:
        game.throw(value=value)
    pyadas = steps = 0
    for value in _ENTERING:
        move = next(m for m in game.legal_moves() if m.kind != "pass" and m.value == value)
        if move.kind != "enter":
            pyadas += move.end - move.start - value
            steps += move.end - move.start
        game.play(move)
    return pyadas, steps


@_exercise("04", 2)
def _pyada_when_spent() -> Solution:
    pyadas, steps = _pyadas_after_entering(_skilled())
    judged_at_throw, _ = _pyadas_after_entering(_skilled(pyada=False))
    earning = [v for v in _ENTERING if v in PYADA_VALUES]
    return Solution(pyadas, ("integer", {}),
                    {"pyadas": pyadas, "pool": list(_ENTERING), "earning": earning,
                     "entering": _ENTERING[0],
                     "moving": [v for v in _ENTERING[1:] if v in PYADA_VALUES]},
                    _drop_equal(pyadas, {"entered": len(earning), "thrown": judged_at_throw,
                                         "steps": steps}))


def _cancelled_values(series, rules: Rules) -> tuple:
    """The throws voided when South throws ``series`` (all entered); () when none are."""
    game = Game.from_position(_SKILLED, to_move=0, rules=rules, seed=1)
    for value in series:
        game.throw(value=value)
        if game.state.cancelled:
            return tuple(game.state.cancelled)
    return ()


def _cancelled(rules: Rules, reading=lambda series: series, voids=bool) -> frozenset:
    """The letters of the series that end with throws cancelled, read by ``reading``, when the
    voided throws pass ``voids``."""
    return frozenset(x for x, series in _SERIES.items()
                     if voids(_cancelled_values(reading(series), rules)))


def _only_high(voided) -> bool:
    """Whether throws were voided and all of them high (the reading where only high throws
    cancel)."""
    return bool(voided) and set(voided) <= CANCEL_HIGH


@_exercise("04", 3)
def _cancelling() -> Solution:
    rules = _skilled()
    found = _cancelled(rules)
    breaks = rules.bonus_graces                 # the 7 and the 14

    def bridged(series):          # a 7 or 14 after a high throw read as not breaking its run
        return [v for i, v in enumerate(series)
                if not (v in breaks and any(w in CANCEL_HIGH for w in series[:i]))]

    def gathered(series):         # "three in one turn" read as three anywhere in the series
        return sorted(series, key=lambda v: (v not in CANCEL_HIGH | breaks, v))

    return Solution(found, ("letters", {"letters": "abcd"}),
                    {"letters": [f"({x})" for x in sorted(found)], "high": sorted(CANCEL_HIGH)},
                    _drop_equal(found, {
                        "bridged": _cancelled(rules, bridged),
                        "anywhere": _cancelled(rules, gathered),
                        "high_only": _cancelled(rules, voids=_only_high)}))


def _finishers(pieces, rules: Rules) -> dict[int, tuple[int, int]]:
    """{value: (start, steps)} for each throw value that brings one of South's ``pieces`` home in
    a single throw."""
    found = {}
    for value in sorted(set(rules.table)):
        game = Game.from_position([pieces, *_NEAR_HOME[1:]], to_move=0, rules=rules, seed=1)
        game.throw(value=value)
        while game.phase == "throw":          # a grace: end the series with a 3
            game.throw(value=3)
        home = [m for m in game.legal_moves()
                if m.end == board.HOME and m.value == value and m.kind != "pass"]
        if home:
            found[value] = (home[0].start, home[0].end - home[0].start)
    return found


@_exercise("04", 4)
def _home_with_pyada() -> Solution:
    pieces = _NEAR_HOME[0]
    found = _finishers(pieces, _skilled())
    plain = _finishers(pieces, _skilled(pyada=False))
    one_further = [s + 1 if s < board.HOME else s for s in pieces]   # every throw moves one more
    sums = [f"{start} + {value}{' + 1' if steps > value else ''} = {board.HOME}"
            for value, (start, steps) in sorted(found.items())]
    pyada = sorted(v for v, (_, steps) in found.items() if steps > v)
    return Solution(frozenset(found), ("values", {}),
                    {"found": set(found), "sums": sums, "pyada": pyada,
                     "pyada_from": found[pyada[0]][0]},
                    _drop_equal(frozenset(found), {
                        "forgot": frozenset(plain),
                        "every": frozenset(_finishers(one_further, _skilled(pyada=False)))}))


@_exercise("04", 5)
def _high_throw_chance() -> Solution:
    rules = _skilled()
    dist = throw_distribution(rules)
    high = sorted(CANCEL_HIGH)
    p = sum(dist[v] for v in high)
    landings = 2 ** rules.shells
    ways = int(p * landings)
    grace_values = sorted(rules.entry_graces | rules.bonus_graces)
    return Solution(p, ("number", {"decimals": 4}),
                    {"p": p, "high": high, "ways": ways, "landings": landings,
                     "parts": " + ".join(f"{dist[v]}" for v in high), "values": len(dist),
                     "forgotten": max(high), "up": rules.table.index(max(high))},
                    _drop_equal(p, {"ways": ways,
                                    "equally": Fraction(len(high), len(dist)),
                                    "forgot": p - dist[max(high)],
                                    "graces": sum(dist[v] for v in grace_values)}))


TEXTS["en"].update({
    "04.1.why": "the {earn:and} earn pyada, the {none:and} does not: {steps} = {total:steps}.",
    "04.1.hint": "all the pieces have entered: add one step for each 10, 25 or 30 (§18).",
    "04.1.forgot": "forgets pyada: once all the pieces have entered, a {earn:or} moves one "
    "extra step (§18).",
    "04.1.every": "gives the {none:and} a pyada too; only a 10, 25 or 30 earns one (§18).",
    "04.2.why": "{pyadas}: the {entering} brings the piece in onto step 1 and earns nothing; "
    "after it all the pieces have entered, so the {moving:and} earns a pyada when it is spent "
    "(§18).",
    "04.2.hint": "pyada counts once all the pieces have entered, and the engine checks that "
    "when each throw is spent, not when it is thrown.",
    "04.2.entered": "counts the {entering} too: it brought the waiting piece in, onto step 1, "
    "as a grace; a throw spent on entering earns no pyada.",
    "04.2.thrown": "judges pyada when the throws were made, while a piece still waited; it is "
    "judged when each throw is spent, and the {moving:and} is spent after the {entering} "
    "brought the last piece in.",
    "04.2.steps": "is the number of steps the pieces move after the entering; the question "
    "asks only for the extra steps, one for each pyada.",
    "04.3.why": "{letters:and}: three high throws ({high:or}) in a row, or three 14s in a row; "
    "a throw of another kind between them breaks the run (§17).",
    "04.3.hint": "only throws in a row count, and a throw of another kind breaks the run (§17).",
    "04.3.bridged": "includes (b): the 7 between the 25 and the 30 breaks the run of high "
    "throws, which is what the 7 is for (§17).",
    "04.3.anywhere": "counts throws that are not in a row: in (b) the 7 breaks the run, in (c) "
    "the 14 breaks the run of 7s (§15, §17).",
    "04.3.high_only": "leaves out (d): three 14s in a row cancel too (§16).",
    "04.4.why": "{found:set}: {sums:and}; with pyada the {pyada:or} moves one extra step "
    "(§18), and home needs an exact count (§10).",
    "04.4.hint": "how many steps does each piece still have to go? With pyada a 10, 25 or 30 "
    "moves one extra step.",
    "04.4.forgot": "forgets pyada: with it the {pyada:or} moves one extra step and takes the "
    "piece on step {pyada_from} exactly home (§18).",
    "04.4.every": "gives every throw a pyada; only a 10, 25 or 30 earns one (§18), the other "
    "throws move exactly their value.",
    "04.5.why": "P(10) + P(25) + P(30) = {parts} = {ways}/{landings} ≈ {p:.4f}.",
    "04.5.hint": "10, 25 and 30 are 1, 5 and 6 mouths up: add C(7, k)/128 for those k.",
    "04.5.ways": "is the number of landings that give a high throw; a probability divides it "
    "by all {landings} landings.",
    "04.5.equally": "treats the {values} values as equally likely; add the values' "
    "probabilities instead.",
    "04.5.forgot": "leaves out the {forgotten}: {up:mouths} up is a high throw too.",
    "04.5.graces": "is the chance of a throw that gives another throw (7 and 14 too); the high "
    "throws are only {high:and}.",
})

TEXTS["ro"].update({
    "04.1.why": "aruncările de {earn:and} câștigă pyada, cea de {none:and} nu: {steps} = "
    "{total:steps}.",
    "04.1.hint": "toate piesele au intrat: adaugă un pătrat pentru fiecare aruncare de 10, 25 "
    "sau 30 (§18).",
    "04.1.forgot": "uită de pyada: după ce toate piesele au intrat, o aruncare de {earn:or} duce "
    "piesa cu un pătrat în plus (§18).",
    "04.1.every": "dă pyada și aruncării de {none:and}; doar aruncările de 10, 25 sau 30 o "
    "câștigă (§18).",
    "04.2.why": "{pyadas}: aruncarea de {entering} introduce piesa pe pătratul 1 și nu "
    "câștigă nimic; după ea toate piesele au intrat, așa că aruncarea de {moving:and} câștigă o "
    "pyada când este folosită (§18).",
    "04.2.hint": "pyada se câștigă după ce toate piesele au intrat, iar motorul verifică asta "
    "când fiecare aruncare este folosită, nu când este aruncată.",
    "04.2.entered": "numără și aruncarea de {entering}: ea a introdus piesa care aștepta pe "
    "pătratul 1, ca un har; o aruncare folosită la intrare nu câștigă pyada.",
    "04.2.thrown": "judecă pyada în momentul aruncărilor, când o piesă încă aștepta; pyada se "
    "judecă atunci când fiecare aruncare este folosită, iar aruncarea de {moving:and} este "
    "folosită după ce aruncarea de {entering} a introdus ultima piesă.",
    "04.2.steps": "este numărul de pătrate parcurse după intrare; întrebarea cere doar "
    "pătratele în plus, câte unul pentru fiecare pyada.",
    "04.3.why": "{letters:and}: trei aruncări mari ({high:or}) la rând, sau trei aruncări de "
    "14 la rând; o aruncare de alt fel între ele întrerupe șirul (§17).",
    "04.3.hint": "contează doar aruncările la rând, iar o aruncare de alt fel întrerupe șirul "
    "(§17).",
    "04.3.bridged": "conține (b): aruncarea de 7 dintre 25 și 30 întrerupe șirul aruncărilor "
    "mari, și tocmai pentru asta se aruncă (§17).",
    "04.3.anywhere": "numără aruncări care nu sunt la rând: în (b) aruncarea de 7 întrerupe "
    "șirul, în (c) aruncarea de 14 întrerupe șirul celor de 7 (§15, §17).",
    "04.3.high_only": "nu conține (d): și trei aruncări de 14 la rând se anulează (§16).",
    "04.4.why": "{found:set}: {sums:and}; cu pyada, aruncarea de {pyada:or} duce piesa cu un "
    "pătrat în plus (§18), iar acasă se ajunge doar cu o aruncare exactă (§10).",
    "04.4.hint": "câte pătrate mai are de parcurs fiecare piesă? Cu pyada, aruncările de 10, 25 "
    "și 30 duc piesa cu un pătrat în plus.",
    "04.4.forgot": "uită de pyada: cu ea, aruncarea de {pyada:or} duce piesa cu un pătrat în "
    "plus și o aduce exact acasă de pe pătratul {pyada_from} (§18).",
    "04.4.every": "dă pyada fiecărei aruncări; doar aruncările de 10, 25 sau 30 o câștigă "
    "(§18), celelalte duc piesa exact cu valoarea lor.",
    "04.5.why": "P(10) + P(25) + P(30) = {parts} = {ways}/{landings} ≈ {p:.4f}.",
    "04.5.hint": "10, 25 și 30 înseamnă 1, 5 și 6 guri în sus: adună C(7, k)/128 pentru acești "
    "k.",
    "04.5.ways": "este numărul căderilor care dau o aruncare mare; probabilitatea îl împarte "
    "la toate cele {landings} de căderi.",
    "04.5.equally": "socotește cele {values} valori la fel de probabile; adună în schimb "
    "probabilitățile valorilor.",
    "04.5.forgot": "lasă deoparte aruncarea de {forgotten}: {up:mouths} în sus dau tot o "
    "aruncare mare.",
    "04.5.graces": "este probabilitatea unei aruncări care îți dă o nouă aruncare (și 7, și "
    "14); aruncările mari sunt doar {high:and}.",
})


# -- lesson 01: the board and the track ---------------------------------------------------------
# (one block with its sentences, so that the lesson's exercises stay together)

_ENTRY_SQUARES = ((11, 9), (9, 11), (7, 9))
"""Lesson 01, exercise 2: squares next to the Charkoni; whose step 1 is each?"""
_SOUTH_TIP = (9, 0)
"""Lesson 01, exercise 3: South's tip, on East's track too."""
_BEFORE_THE_CASTLE = 49
"""Lesson 01, exercise 5: South's piece on step 49 goes for the 25-castle."""


def _track_squares(seat: int) -> dict:
    """{square: [steps]} of ``seat``'s track on the board (steps 1 to 83)."""
    on = {}
    for step in range(1, board.HOME):
        on.setdefault(board.square(seat, step), []).append(step)
    return on


@_exercise("01", 1)
def _squares_twice() -> Solution:
    twice = {sq: steps for sq, steps in _track_squares(0).items() if len(steps) == 2}
    tip = board.square(0, 8)
    return Solution(len(twice), ("integer", {}), {"count": len(twice), "tip": tip},
                    _drop_equal(len(twice), {"steps": sum(len(s) for s in twice.values()),
                                             "tip": len(twice) - (tip in twice)}))


def _owner(square, rotate=board.rot) -> int:
    """The seat whose step 1 is ``square``, turning South's track by ``rotate`` once a seat."""
    start = board.square(0, 1)
    for seat in range(4):
        if start == square:
            return seat
        start = rotate(*start)
    raise AssertionError(square)


def _clockwise(x: int, y: int) -> tuple:
    """A quarter turn clockwise about the centre: three counter-clockwise turns."""
    for _ in range(3):
        x, y = board.rot(x, y)
    return x, y


@_exercise("01", 2)
def _entry_squares() -> Solution:
    seats = tuple(_owner(sq) for sq in _ENTRY_SQUARES)
    assert all(board.square(seat, 1) == sq for seat, sq in zip(seats, _ENTRY_SQUARES, strict=True))
    return Solution(seats, ("seats", {}),
                    {"seats": seats, "squares": [str(sq) for sq in _ENTRY_SQUARES],
                     "south": str(board.square(0, 1))},
                    _drop_equal(seats, {
                        "clockwise": tuple(_owner(sq, _clockwise) for sq in _ENTRY_SQUARES),
                        "swapped": tuple(_owner((y, x)) for x, y in _ENTRY_SQUARES)}))


@_exercise("01", 3)
def _south_tip_for_east() -> Solution:
    step = board.step_of(1, _SOUTH_TIP)
    own = sorted(_track_squares(0)[_SOUTH_TIP])
    return Solution(step, ("integer", {}),
                    {"step": step, "to_go": board.HOME - step, "own": own,
                     "twenty_five": board.TWENTY_FIVE_STEP},
                    _drop_equal(step, {"own": own[0], "own_back": own[-1],
                                       "clockwise": board.step_of(3, _SOUTH_TIP)}))


@_exercise("01", 4)
def _castles_ahead() -> Solution:
    castle = board.TWENTY_FIVE_STEP
    ahead = sorted(s for s in board.CASTLE_STEPS if s > castle)
    return Solution(len(ahead), ("integer", {}),
                    {"ahead": ahead, "count": len(ahead), "castle": castle},
                    _drop_equal(len(ahead), {"including": len(ahead) + 1,
                                             "squares": len(board.CASTLE_SQUARES),
                                             "steps": len(board.CASTLE_STEPS)}))


@_exercise("01", 5)
def _throw_to_the_castle() -> Solution:
    start, castle = _BEFORE_THE_CASTLE, board.TWENTY_FIVE_STEP
    rules = Rules()
    found = []
    for value in sorted(set(rules.table)):
        game = Game.from_position([[start, 20, 30, 40], None, [0, 0, 0, 0], None], to_move=0,
                                  seed=5)
        game.throw(value=value)
        if any(m.start == start and m.end == castle for m in game.legal_moves()):
            found.append(value)
    (value,) = found
    return Solution(value, ("integer", {}),
                    {"value": value, "start": start, "castle": castle,
                     "to_go": board.HOME - castle},
                    _drop_equal(value, {"name": board.HOME - castle,
                                        "home": board.HOME - start}))


TEXTS["en"].update({
    "01.1.why": "{count}: step n and step 84 − n share a square for n = 1 to {count}: South's "
    "own middle column, down on the way out and up on the way home.",
    "01.1.hint": "a piece goes down its own middle column and comes back up it.",
    "01.1.steps": "counts steps, two for each square; the question asks for the squares.",
    "01.1.tip": "leaves out the tip {tip}: the piece stands on it at step 8 and again at step "
    "76.",
    "01.2.why": "{seats:seats}: each seat's step 1 is next to the Charkoni, on its own arm; "
    "South's is {south}, and the others follow counter-clockwise.",
    "01.2.hint": "South's step 1 is {south}; turn it a quarter turn counter-clockwise for each "
    "seat after South (pw.board.square(seat, 1)).",
    "01.2.clockwise": "turns the board clockwise; seats and pieces go counter-clockwise: South "
    "→ East → North → West.",
    "01.2.swapped": "reads the squares as (y, x); x counts columns to the East and y rows to the "
    "North.",
    "01.3.why": "it is East's step {step}, East's 25-castle, {to_go} steps from home.",
    "01.3.hint": "East goes round counter-clockwise: E, N, W, then S; try "
    "pw.board.step_of(seat, (x, y)).",
    "01.3.own": "is South's step there; the question asks for the step of East's track.",
    "01.3.own_back": "is South's second step there (its tip is met twice); the question asks for "
    "East's track.",
    "01.3.clockwise": "is West's step there (and, by chance, the steps still to go from it); "
    "East reaches South's arm last, after the North and West arms.",
    "01.4.why": "the castle steps after {castle} are {ahead:and}: {count}.",
    "01.4.hint": "look at sorted(pw.board.CASTLE_STEPS) and count the steps after "
    "{castle}.",
    "01.4.including": "counts the 25-castle itself; the question asks for the castles ahead of "
    "it.",
    "01.4.squares": "is the number of castle squares on the whole board; count the castle steps "
    "after step {castle} on one track.",
    "01.4.steps": "counts every castle step of the track; only those after step {castle} are "
    "ahead.",
    "01.5.why": "{start} + {value} = {castle}, the 25-castle.",
    "01.5.hint": "the 25-castle is step {castle}.",
    "01.5.name": "is how far the 25-castle is from home, which gives it its name; the piece on "
    "step {start} needs to reach step {castle}.",
    "01.5.home": "is how far the piece is from home; the 25-castle is step {castle}.",
})

TEXTS["ro"].update({
    "01.1.why": "{count}: pătratele n și 84 − n ale drumului sunt același pătrat al tablei "
    "pentru n de la 1 la {count}: coloana din mijloc a propriului braț, coborâtă la plecare și "
    "urcată la întoarcere.",
    "01.1.hint": "o piesă coboară pe coloana din mijloc a propriului braț și se întoarce urcând "
    "pe ea.",
    "01.1.steps": "numără pătratele drumului, câte două pentru fiecare pătrat al tablei; "
    "întrebarea cere pătratele tablei.",
    "01.1.tip": "lasă deoparte vârful {tip}: piesa ajunge pe el de două ori, ca pătratul 8 și "
    "ca pătratul 76 al drumului.",
    "01.2.why": "{seats:seats}: pătratul 1 al fiecărui jucător este lângă Charkoni, pe propriul "
    "braț; al lui Sud este {south}, iar ceilalți urmează în sens invers acelor de ceasornic.",
    "01.2.hint": "pătratul 1 al lui Sud este {south}; rotește-l cu un sfert de cerc în sens "
    "invers acelor de ceasornic pentru fiecare jucător de după Sud (pw.board.square(seat, 1)).",
    "01.2.clockwise": "rotește tabla în sensul acelor de ceasornic; jucătorii și piesele merg în "
    "sens invers: Sud → Est → Nord → Vest.",
    "01.2.swapped": "citește pătratele ca (y, x); x numără coloanele spre Est, iar y rândurile "
    "spre Nord.",
    "01.3.why": "este pătratul {step} al lui Est, castelul de 25 al lui Est, la {to_go:steps} "
    "de casă.",
    "01.3.hint": "Est merge în sens invers acelor de ceasornic: E, N, V, apoi S; încearcă "
    "pw.board.step_of(seat, (x, y)).",
    "01.3.own": "este numărul acelui pătrat pe drumul lui Sud; întrebarea cere numărul lui de "
    "pe drumul lui Est.",
    "01.3.own_back": "este al doilea număr al acelui pătrat pe drumul lui Sud (drumul trece de "
    "două ori prin vârful brațului); întrebarea cere drumul lui Est.",
    "01.3.clockwise": "este numărul acelui pătrat pe drumul lui Vest (și, întâmplător, distanța "
    "de acolo până acasă); Est ajunge la brațul lui Sud după toate celelalte brațe.",
    "01.4.why": "castelele de după pătratul {castle} sunt pe pătratele {ahead:and}: {count}.",
    "01.4.hint": "uită-te la castelele drumului, în ordine (CASTLE_STEPS, sortate), și "
    "numără-le pe cele de după pătratul {castle}.",
    "01.4.including": "numără și castelul de 25; întrebarea cere castelele din fața lui.",
    "01.4.squares": "este numărul castelelor de pe toată tabla; numără castelele de după "
    "pătratul {castle} de pe un singur drum.",
    "01.4.steps": "numără toate castelele drumului; în față sunt doar cele de după pătratul "
    "{castle}.",
    "01.5.why": "{start} + {value} = {castle}, castelul de 25.",
    "01.5.hint": "castelul de 25 este pătratul {castle}.",
    "01.5.name": "este distanța de la castelul de 25 până acasă, de unde îi vine numele; piesa "
    "de pe pătratul {start} trebuie să ajungă pe pătratul {castle}.",
    "01.5.home": "este distanța piesei până acasă; castelul de 25 este pătratul {castle}.",
})


# -- lesson 05: captures, castles and the revenge rule -------------------------------------------
# (one block with its sentences, so that the lesson's exercises stay together)

_GRACE_CAPTURE = [[30, 84, 84, 0], None, [54, 20, 84, 84], None]
"""Lesson 05, exercise 1: North (all entered) captures South's piece on its step 64 with a 10."""
_CASTLE_HELD = [[38, 84, 84, 84], None, [68, 84, 84, 84], None]
"""Lesson 05, exercise 2: South holds the castle on its step 38 (North's 72); North is 4 behind."""
_NOT_CAPTURED = [[73, 20, 30, 84], None, [40, 0, 0, 0], None]
"""Lesson 05, exercise 3: South (all entered, no capture yet) has a piece on step 73."""
_REVENGE = ([[26, 74, 40, 50], None, [64, 61, 0, 0], None],
            ((4, 26, 30), (4, 74, 78), (3, 61, 64)))
"""Lesson 05, exercise 4: the lesson's revenge story (position, then each throw and move)."""


def _throws_after_capture(rules: Rules) -> tuple[int, int]:
    """(pieces captured, further throws) when North captures with a 10 in ``_GRACE_CAPTURE`` and
    every later throw is a 3."""
    game = Game.from_position(_GRACE_CAPTURE, to_move=2, rules=rules, seed=1)
    game.throw(value=10)
    move = game.play(game.legal_move(54, 64))
    more = 0
    while game.to_move == 2:
        game.throw(value=3)
        game.pass_()
        more += 1
    return len(move.captures), more


@_exercise("05", 1)
def _grace_that_captures() -> Solution:
    captured, more = _throws_after_capture(Rules())
    _, without = _throws_after_capture(Rules(capture_extra_throw=False))
    return Solution(more, ("integer", {}), {"more": more, "captured": captured},
                    _drop_equal(more, {"two": more + without}))


def _castle_moves(rules: Rules) -> int:
    game = Game.from_position(_CASTLE_HELD, to_move=2, rules=rules, seed=2)
    game.throw(value=4)
    return len(game.legal_moves())


@_exercise("05", 2)
def _blocked_by_castle() -> Solution:
    moves = _castle_moves(Rules())
    opened = _castle_moves(Rules(castle_blocks_enemy=False))
    return Solution(moves, ("integer", {}),
                    {"moves": moves, "castle": _CASTLE_HELD[0][0],
                     "north": board.step_of(2, board.square(0, _CASTLE_HELD[0][0]))},
                    _drop_equal(moves, {"landed": opened, "no_pass": moves - 1}))


def _movers_from_73(rules: Rules) -> frozenset:
    """The throw values that can move South's piece on step 73 in ``_NOT_CAPTURED``."""
    found = set()
    for value in sorted(set(rules.table)):
        game = Game.from_position(_NOT_CAPTURED, to_move=0, rules=rules, seed=3)
        game.throw(value=value)
        if any(m.start == 73 and m.kind != "pass" for m in game.legal_moves()):
            found.add(value)
    return frozenset(found)


@_exercise("05", 3)
def _no_way_home() -> Solution:
    found = _movers_from_73(Rules(must_capture_before_home=True))
    free = _movers_from_73(Rules())
    last = max(73 + v for v in found)                   # the last step allowed: the tip, 76
    return Solution(found, ("values", {}),
                    {"found": found, "last": last, "free": free,
                     "sums": [f"73 + {v} = {73 + v}" for v in sorted(found)]},
                    _drop_equal(found, {"ignored": free,
                                        "before": frozenset(v for v in found if 73 + v < last)}))


def _captures_after_revenge(rules: Rules) -> tuple:
    position, plays = _REVENGE
    game = Game.from_position(position, to_move=0, rules=rules, seed=4)
    for value, start, end in plays:
        game.throw(value=value)
        game.play(game.legal_move(start, end))
    return tuple(game.state.captures)


@_exercise("05", 4)
def _revenge_voids() -> Solution:
    counted = _captures_after_revenge(Rules(revenge_rule=True, must_capture_before_home=True))
    plain = _captures_after_revenge(Rules(must_capture_before_home=True))
    south = counted[0]
    return Solution(south, ("integer", {}), {"south": south, "north": counted[2]},
                    _drop_equal(south, {"ignored": plain[0]}))


TEXTS["en"].update({
    "05.1.why": "{more:throws}: the grace's extra throw and the capture's are the same throw, "
    "not two.",
    "05.1.hint": "does a grace that captures earn two extra throws or one?",
    "05.1.two": "counts the grace's extra throw and the capture's as two; they are the same "
    "throw: a capturing grace earns one more throw, as any capture does.",
    "05.2.why": "{moves}: only the pass; South holds the castle on its step {castle} (North's "
    "step {north}), and no opponent may land on a castle it holds (§7).",
    "05.2.hint": "South's step {castle} is a castle: can North land there?",
    "05.2.landed": "counts the move onto the castle; no piece may move onto a castle held by "
    "an opponent (§7), so North's only legal move is the pass.",
    "05.2.no_pass": "leaves out the pass: the pass is a legal move too, and here it is the "
    "only one.",
    "05.3.why": "{found:set}: {sums:and}; until South has captured, no piece of South's may go "
    "past step {last} (§9).",
    "05.3.hint": "73 + value must not pass step {last}; may it stop on step {last}?",
    "05.3.ignored": "ignores the variant: with must_capture_before_home=True no piece of South's "
    "may go past step {last} before South has captured (§9).",
    "05.3.before": "stops short of step {last}; a piece may reach step {last}, only not go "
    "past it.",
    "05.4.why": "{south}: North captured the capturing piece back, on the same square, in its "
    "very next turn, so South's capture is void; North's revenge counts as North's own "
    "capture ({north}) (§9).",
    "05.4.hint": "paragraph 9: player 1's capture is invalidated; player 1 must capture again.",
    "05.4.ignored": "still counts South's capture; North's revenge, in its very next turn and "
    "on the same square, made it void (§9).",
})

TEXTS["ro"].update({
    "05.1.why": "{more:throws}: aruncarea în plus a harului și cea a capturii sunt aceeași "
    "aruncare, nu două.",
    "05.1.hint": "un har care capturează îți dă două aruncări în plus sau una?",
    "05.1.two": "numără aruncarea în plus a harului și pe cea a capturii ca două; ele sunt "
    "aceeași aruncare: un har care capturează dă o singură aruncare în plus, ca orice captură.",
    "05.2.why": "{moves}: doar trecerea; Sud ocupă castelul de pe pătratul său {castle} "
    "(pătratul {north} al lui Nord), iar niciun adversar nu se poate muta pe un castel ocupat "
    "de el (§7).",
    "05.2.hint": "pătratul {castle} al lui Sud este un castel: se poate opri Nord acolo?",
    "05.2.landed": "numără și mutarea pe castel; nicio piesă nu se poate muta pe un castel "
    "ocupat de un adversar (§7), așa că singura mutare permisă a lui Nord este trecerea.",
    "05.2.no_pass": "lasă deoparte trecerea: și trecerea este o mutare permisă, iar aici este "
    "singura.",
    "05.3.why": "{found:set}: {sums:and}; până când Sud capturează, nicio piesă a lui nu poate "
    "trece de pătratul {last} (§9).",
    "05.3.hint": "73 + valoarea nu trebuie să treacă de pătratul {last}; se poate opri pe "
    "pătratul {last}?",
    "05.3.ignored": "nu ține seama de variantă: cu must_capture_before_home=True nicio piesă a "
    "lui Sud nu poate trece de pătratul {last} înainte ca Sud să captureze (§9).",
    "05.3.before": "se oprește înainte de pătratul {last}; o piesă poate ajunge pe pătratul "
    "{last}, doar să nu treacă de el.",
    "05.4.why": "{south}: Nord a capturat înapoi piesa care a capturat, pe același pătrat, "
    "chiar în tura următoare, așa că captura lui Sud nu mai contează; răzbunarea lui Nord "
    "contează drept captura lui Nord ({north}) (§9).",
    "05.4.hint": "paragraful 9: captura jucătorului 1 este invalidată; jucătorul 1 trebuie să "
    "captureze din nou.",
    "05.4.ignored": "numără încă o captură a lui Sud; răzbunarea lui Nord, chiar în tura "
    "următoare și pe același pătrat, a anulat-o (§9).",
})


# -- lesson 05b: the chance of being hit ----------------------------------------------------------
# (one block with its sentences, so that the lesson's exercises stay together)

_TARGET = 40
"""Lesson 05b: the step of South's piece that North's pieces are behind."""
_TRIALS = 3_000
"""Lesson 05b: the number of simulated turns of each position."""


def _behind(*distances: int) -> list:
    """South's piece on ``_TARGET`` (two others home, one waiting); North's pieces ``distances``
    squares behind it, North's others home."""
    north = board.step_of(2, board.square(0, _TARGET))
    pieces = [north - d for d in distances] + [board.HOME] * (4 - len(distances))
    return [[_TARGET, board.HOME, board.HOME, 0], None, pieces, None]


def _hit(*distances: int) -> Fraction:
    return hit_chance(_behind(*distances), 0, _TARGET)


@_exercise("05b", 1)
def _most_dangerous() -> Solution:
    distances = range(1, 31)
    chances = {d: _hit(d) for d in distances}
    most = max(distances, key=chances.get)
    odds = throw_distribution(Rules())
    return Solution(most, ("integer", {}),
                    {"most": most, "p": odds[most], "chance": chances[most],
                     "closest": min(distances)},
                    _drop_equal(most, {"closest": min(distances),
                                       "biggest": max(d for d in distances if d in odds)}))


@_exercise("05b", 2)
def _five_behind() -> Solution:
    rules = Rules()
    odds = throw_distribution(rules)
    g = grace_probability(rules)
    p = _hit(5)
    return Solution(p, ("number", {"decimals": 4}), {"p": p, "q": odds[5], "g": g},
                    _drop_equal(p, {"one_throw": odds[5], "graces_hit": odds[5] + g}))


@_exercise("05b", 3)
def _four_and_five_behind() -> Solution:
    odds = throw_distribution(Rules())
    p = _hit(4, 5)
    hits = odds[4] + odds[5]
    ends = odds[2] + odds[3] + odds[4] + odds[5]
    apart = 1 - (1 - _hit(4)) * (1 - _hit(5))       # as if the two pieces threw on their own
    return Solution(p, ("number", {"decimals": 4}), {"p": p, "hits": hits, "ends": ends},
                    _drop_equal(p, {"one_throw": hits, "apart": apart}))


@_exercise("05b", 4)
def _hits_expected() -> Solution:
    p = _hit(2, 3)
    mean = p * _TRIALS
    return Solution(mean, ("number", {"decimals": 2}), {"p": p, "trials": _TRIALS, "mean": mean},
                    _drop_equal(mean, {"chance": p, "percent": p * 100,
                                       "one_piece": _hit(2) * _TRIALS}))


TEXTS["en"].update({
    "05b.1.why": "{most} squares: {most} is the commonest throw, P({most}) = {p}, and the "
    "chance of a hit from {most} squares behind is {chance} ≈ {chance:.4f}.",
    "05b.1.hint": "which throw value is the most likely one? (lesson 2)",
    "05b.1.closest": "is the closest distance, but no throw is a 1: from {closest} square "
    "behind North cannot hit at all.",
    "05b.1.biggest": "is the biggest throw, and one of the rarest; the most dangerous "
    "distance is that of the commonest throw.",
    "05b.2.why": "P(5) / (1 − P(grace)) = ({q}) / (1 − {g}) = {p} ≈ {p:.4f}.",
    "05b.2.hint": "a 5 must come before a throw that ends the turn; graces only prolong it.",
    "05b.2.one_throw": "is the chance of a 5 with North's first throw; a grace first gives "
    "North another throw, so divide by 1 − P(grace).",
    "05b.2.graces_hit": "counts the graces as hits; a grace overshoots, it only gives North "
    "another throw.",
    "05b.3.why": "(P(4) + P(5)) / (P(2) + P(3) + P(4) + P(5)) = ({hits}) / ({ends}) = {p} ≈ "
    "{p:.4f}: a 4 or a 5 must come before a 2 or a 3.",
    "05b.3.hint": "now a 4 or a 5 hits, a 2 or a 3 ends the turn, and graces only prolong it.",
    "05b.3.one_throw": "is the chance of a hit with North's first throw; a grace first gives "
    "North another throw.",
    "05b.3.apart": "treats the two pieces as if each had a turn of its own; they share one "
    "turn of North's, whose throws either piece may use.",
    "05b.4.why": "{p} × {trials} = {mean} hits on average; the simulation's own count "
    "differs from it by chance.",
    "05b.4.hint": "the exact chance of a hit in one turn, times the number of turns.",
    "05b.4.chance": "is the chance of a hit in one turn; in {trials} turns expect {trials} "
    "times as many.",
    "05b.4.percent": "is the chance of a hit in one turn, in percent; the question asks for the "
    "number of hits in {trials} turns.",
    "05b.4.one_piece": "counts only the piece 2 squares behind; the piece 3 squares behind "
    "can hit too.",
})

TEXTS["ro"].update({
    "05b.1.why": "{most:steps}: {most} este aruncarea cea mai frecventă, P({most}) = {p}, iar "
    "probabilitatea unei capturi de la {most:steps} în spate este {chance} ≈ {chance:.4f}.",
    "05b.1.hint": "care valoare a aruncării este cea mai probabilă? (lecția 2)",
    "05b.1.closest": "este distanța cea mai mică, dar nicio aruncare nu valorează 1: de la "
    "{closest:steps} în spate Nord nu poate captura deloc.",
    "05b.1.biggest": "este aruncarea cea mai mare și una dintre cele mai rare; distanța cea mai "
    "periculoasă este cea a aruncării celei mai frecvente.",
    "05b.2.why": "P(5) / (1 − P(har)) = ({q}) / (1 − {g}) = {p} ≈ {p:.4f}.",
    "05b.2.hint": "un 5 trebuie să vină înaintea unei aruncări care încheie tura; harurile doar "
    "o prelungesc.",
    "05b.2.one_throw": "este probabilitatea unui 5 la prima aruncare a lui Nord; un har "
    "înainte îi dă lui Nord încă o aruncare, deci împarte la 1 − P(har).",
    "05b.2.graces_hit": "numără harurile drept capturi; un har trece de piesă, doar îi dă lui "
    "Nord încă o aruncare.",
    "05b.3.why": "(P(4) + P(5)) / (P(2) + P(3) + P(4) + P(5)) = ({hits}) / ({ends}) = {p} ≈ "
    "{p:.4f}: un 4 sau un 5 trebuie să vină înaintea unui 2 sau a unui 3.",
    "05b.3.hint": "acum un 4 sau un 5 capturează, un 2 sau un 3 încheie tura, iar harurile doar "
    "o prelungesc.",
    "05b.3.one_throw": "este probabilitatea unei capturi la prima aruncare a lui Nord; un har "
    "înainte îi dă lui Nord încă o aruncare.",
    "05b.3.apart": "socotește cele două piese ca și cum fiecare ar avea tura ei; ele împart "
    "o singură tură a lui Nord, ale cărei aruncări le poate folosi oricare dintre ele.",
    "05b.4.why": "{p} × {trials} = {mean} capturi în medie; numărul de capturi al simulării "
    "diferă de el din întâmplare.",
    "05b.4.hint": "probabilitatea exactă a unei capturi într-o tură, înmulțită cu numărul de "
    "ture.",
    "05b.4.chance": "este probabilitatea unei capturi într-o tură; în {trials} de ture așteaptă "
    "de {trials} de ori mai multe.",
    "05b.4.percent": "este probabilitatea unei capturi într-o tură, în procente; întrebarea "
    "cere numărul de capturi în {trials} de ture.",
    "05b.4.one_piece": "numără doar piesa aflată la două pătrate în spate; și piesa aflată la "
    "trei pătrate în spate poate captura.",
})


# -- lessons 06 and 06b: the 25-square castle, and does waiting pay -----------------------------
# (one block with its sentences, so that the lessons' exercises stay together)

_WAIT_TURNS = 10
"""Lesson 06, exercise 1: the first turns of waiting on the 25-castle."""
_HOUSE_GRACES = frozenset({10, 25})
"""Lesson 06, exercise 2: the house rule's graces (a 6 gives no extra throw)."""
_LAST_SQUARE = [board.HOME - 1, board.HOME, board.HOME, board.HOME]
"""Lesson 06, exercise 4: South's lone piece on the last square, its others home."""


@_exercise("06", 1)
def _home_within_turns() -> Solution:
    from .probability import castle_wait_odds, turn_has_value_chance

    rules, n = Rules(), _WAIT_TURNS
    per_turn = castle_wait_odds(rules, per="turn", upto=n)
    p = sum(per_turn.values())
    q = turn_has_value_chance(25, rules)
    per_throw = sum(castle_wait_odds(rules, per="throw", upto=n).values())
    return Solution(p, ("number", {"decimals": 4}),
                    {"p": p, "q": q, "turns": n, "miss": 1 - q, "per_throw": per_throw},
                    _drop_equal(p, {"per_throw": per_throw, "added": n * q, "still": 1 - p,
                                    "last_turn": per_turn[n]}))


@_exercise("06", 2)
def _house_rule_wait() -> Solution:
    from .probability import expected_throws_until, expected_turns_until, turn_has_value_chance

    classic = Rules()
    house = classic.replace(entry_graces=_HOUSE_GRACES)
    mean = expected_turns_until(25, house)
    odds = throw_distribution(house)
    dropped = sorted(set(classic.entry_graces) - _HOUSE_GRACES)
    return Solution(mean, ("number", {"decimals": 2}),
                    {"mean": mean, "chance": turn_has_value_chance(25, house),
                     "q": odds[25], "r": 1 - sum(odds[v] for v in house.entry_graces),
                     "dropped": dropped, "classic": expected_turns_until(25, classic)},
                    _drop_equal(mean, {"kept_six": expected_turns_until(25, classic),
                                       "per_throw": expected_throws_until(25, house)}))


@_exercise("06", 3)
def _seven_shell_wait() -> Solution:
    from .probability import expected_throws_until, expected_turns_until, turn_has_value_chance

    seven = Rules.preset("seven_cowries")
    mean = expected_turns_until(25, seven)
    return Solution(mean, ("number", {"decimals": 2}),
                    {"mean": mean, "p": throw_distribution(seven)[25],
                     "rules": 'pw.Rules.preset("seven_cowries")',
                     "chance": turn_has_value_chance(25, seven),
                     "bonus": sorted(seven.bonus_graces)},
                    _drop_equal(mean, {
                        "per_throw": expected_throws_until(25, seven),
                        "no_bonus": expected_turns_until(25, seven, on_board=False),
                        "classic": expected_turns_until(25, Rules())}))


@_exercise("06", 4)
def _last_square() -> Solution:
    from .probability import turn_has_value_chance

    rules = Rules()
    odds = throw_distribution(rules)
    release = _homecomings(_LAST_SQUARE, rules)         # the throws that take it home
    again = sorted(set(rules.entry_graces) - release)   # graces that cannot move it: throw again
    q = sum(odds[v] for v in release)
    g = sum(odds[v] for v in again)
    p = q / (1 - g)
    return Solution(p, ("number", {"decimals": 4}),
                    {"p": p, "q": q, "g": g, "release": sorted(release), "again": again,
                     "turns": 1 / p},
                    _drop_equal(p, {"per_throw": q, "twenty_five": turn_has_value_chance(25, rules),
                                    "turns": 1 / p}))


_TILT = 0.3
"""Lesson 06b, exercise 1: the chance of mouth up of the unbalanced shells of its match."""
_TILT_SEED = 720
"""Lesson 06b, exercise 1: the seed of that match (the lesson plays it with the same seed)."""
_TILT_ASKED = 0.4
"""Lesson 06b, exercises 3 and 4: unbalanced shells the lesson does not play."""
_MORE_GAMES_REACH = 2.5
"""Lesson 06b, exercise 2: how far (percentage points) the interval may reach either side."""
_MATCH_GAMES = 200
"""Lesson 06b: the games of each half of a match (each player as South, then as North)."""
_MATCHES: dict = {}
"""The matches :func:`match_both_ways` has played, by their arguments (the same seed gives the
same games, so each is played once per session, by the lesson or by its exercise)."""


def match_both_ways(a, b, rules=None, games: int = _MATCH_GAMES, seed: int = 1) -> tuple:
    """Lesson 06b's match: ``games`` two-player games with ``a`` as South against ``b`` (seed
    ``seed``), then ``games`` with the seats swapped (seed ``seed + 1``).

    Returns the two :class:`~pachisi_widget.simulate.SimulationResult` values; ``a`` won
    ``first.wins[0] + second.wins[2]`` of the games. Each match is played once and kept, so an
    exercise rereads the very games the lesson showed without playing them again.

    >>> first, second = match_both_ways("castle_waiter", "random", games=4, seed=3)
    >>> first.games + second.games
    8
    >>> match_both_ways("castle_waiter", "random", games=4, seed=3)[0] is first
    True

    Raises:
        ValueError: for an unknown player, a bad number of games (as :func:`simulate`).
        TypeError: for rules that are not a :class:`Rules` or a preset name, or a seed that is
            not a whole number.
    """
    from .game import check_rules, check_seed
    from .simulate import simulate

    rules = check_rules(rules)
    seed = check_seed(seed)
    key = (a, b, rules, games, seed)
    try:
        hash(key)
    except TypeError:
        raise TypeError(f"match_both_ways plays built-in players given by name, such as "
                        f"'greedy', not {a!r} and {b!r}") from None
    if key not in _MATCHES:
        first = simulate(games, rules=rules, agents=[a, b], players=2, seed=seed, progress=False)
        second = simulate(games, rules=rules, agents=[b, a], players=2, seed=seed + 1,
                          progress=False)
        _MATCHES[key] = (first, second)
    return _MATCHES[key]


def _verdict(rate, fair: float = 0.5) -> str:
    """Lesson 06b's reading of a 95% interval: above ``fair``, below it, or neither."""
    return "wins" if rate.low > fair else "loses" if rate.high < fair else "unclear"


@_exercise("06b", 1)
def _tilted_match() -> Solution:
    from .simulate import wilson_interval

    rules = Rules(p_mouth_up=_TILT)
    first, second = match_both_ways("castle_waiter", "greedy", rules, seed=_TILT_SEED)
    rate = wilson_interval(first.wins[0] + second.wins[2], first.games + second.games)
    verdict = _verdict(rate)
    # the sentences explain an interval that contains 50%: a new engine that changed these games'
    # verdict must change them too
    assert verdict == "unclear", f"06b.1: the seeded match now gives {verdict!r} ({rate})"
    point = "wins" if rate.rate > 0.5 else "loses"
    return Solution(verdict, ("choice", {"key": "06b.1", "words": {
                        "wins": ("win", "won", "beats", "castiga", "castigă"),
                        "loses": ("lose", "lost", "pierde"),
                        "unclear": ("no clear difference", "no difference", "unclear",
                                    "nicio diferenta", "neclar")}}),
                    {"p": _TILT, "rate": 100 * rate.rate, "low": 100 * rate.low,
                     "high": 100 * rate.high, "games": first.games + second.games},
                    _drop_equal(verdict, {"point": point}))


@_exercise("06b", 2)
def _games_for_half_the_width() -> Solution:
    from .simulate import wilson_interval

    def reach(games: int) -> float:
        """How far, in percentage points, the 95% interval of a 50% win rate reaches each side."""
        r = wilson_interval(games // 2, games)
        return 100 * (r.high - r.low) / 2

    base = 2 * _MATCH_GAMES                               # the games of one of the lesson's matches
    aim = _MORE_GAMES_REACH
    games = next(n for n in range(100, 100_001, 100) if reach(n) <= aim)
    return Solution(games, ("integer", {}),
                    {"games": games, "base": base, "base_reach": reach(base), "aim": aim,
                     "reach": reach(games), "double": 2 * base},
                    _drop_equal(games, {"double": 2 * base, "fewer": base // 2}))


@_exercise("06b", 3)
def _tilted_twenty_five() -> Solution:
    rules = Rules(p_mouth_up=_TILT_ASKED)
    p = throw_distribution(rules)[25]
    down = 1 - _TILT_ASKED
    return Solution(p, ("number", {"decimals": 4}),
                    {"p": p, "up": _TILT_ASKED, "down": down, "shells": rules.shells},
                    _drop_equal(p, {"mouths_up": throw_distribution(rules)[rules.table[-1]],
                                    "fair": throw_distribution(Rules())[25]},
                                same=lambda a, b: abs(a - b) < 1e-4))


@_exercise("06b", 4)
def _tilted_wait() -> Solution:
    from .probability import expected_throws_until, expected_turns_until, turn_has_value_chance

    rules = Rules(p_mouth_up=_TILT_ASKED)
    mean = expected_turns_until(25, rules)
    return Solution(mean, ("number", {"decimals": 1}),
                    {"mean": mean, "up": _TILT_ASKED, "chance": turn_has_value_chance(25, rules),
                     "rules": f"pw.Rules(p_mouth_up={_TILT_ASKED})",
                     "classic": expected_turns_until(25, Rules())},
                    _drop_equal(mean, {"per_throw": expected_throws_until(25, rules),
                                       "classic": expected_turns_until(25, Rules())},
                                same=lambda a, b: abs(a - b) < 0.05))


TEXTS["en"].update({
    "06.1.why": "1 − (1 − {q})^{turns} = 1 − ({miss})^{turns} ≈ {p:.4f}: each turn brings a 25 "
    "with chance {q}, and the piece is still waiting only if none of the {turns} turns did.",
    "06.1.hint": "the chance of no 25 in one turn is 1 − {q}; {turns} such turns in a row...",
    "06.1.per_throw": "is the chance of a 25 within {turns} throws; the wait is counted in "
    "turns, and a turn can hold several throws (a 6 or a 10 gives another), each turn bringing a "
    "25 with chance {q}.",
    "06.1.added": "adds {turns} times {q}, as if the wait could end again in every turn; it ends "
    "at the first 25: take 1 minus the chance of no 25 in {turns} turns.",
    "06.1.still": "is the chance that the piece is still waiting after {turns} turns; the "
    "question asks for the chance that a 25 has taken it home.",
    "06.1.last_turn": "is the chance that the 25 comes exactly in turn {turns}; the question "
    "asks for any of the first {turns} turns.",
    "06.2.why": "now a {dropped:or} ends the turn: a throw is a 25 with q = {q} and ends the turn "
    "with r = {r}, so a turn contains a 25 with chance q / (q + r) = {chance}: {mean} turns on "
    "average.",
    "06.2.hint": "r, the chance that a throw ends the turn, now includes the {dropped:or}; then "
    "1 / (q / (q + r)).",
    "06.2.kept_six": "is the classic game's wait; under the house rule a {dropped:or} ends the "
    "turn, so a turn holds fewer throws and the wait is longer.",
    "06.2.per_throw": "counts throws, not turns: a 10 still gives another throw, so the wait in "
    "turns is shorter than 1/P(25).",
    "06.3.why": "with seven shells P(25) = {p} per throw, and every grace (the bonus graces "
    "{bonus:and} too, once a piece is on the board) gives another throw: a turn contains a 25 "
    "with chance {chance}, so the wait is {mean} ≈ {mean:.2f} turns.",
    "06.3.hint": "use probability.expected_turns_until(25, {rules}), or q / (q + r) by hand.",
    "06.3.per_throw": "counts throws, not turns; graces chain, so a turn holds several throws.",
    "06.3.no_bonus": "forgets that the bonus graces {bonus:and} give another throw too, to a "
    "seat with a piece on the board.",
    "06.3.classic": "is the six-shell game's wait; with seven shells a 25 is far commoner.",
    "06.4.why": "only {release:or} take the piece home (P = {q}); a {again:or} cannot move it "
    "but gives another throw (P = {g}); anything else ends the turn. So p = {q} / (1 − {g}) = "
    "{p}: on average {turns} turns, the T(1) of the table.",
    "06.4.hint": "which throws take a piece home from the last square, and which throw gives "
    "another throw without moving it?",
    "06.4.per_throw": "is the chance with one throw; a {again:or} first gives another throw, so "
    "divide by 1 − {g}.",
    "06.4.twenty_five": "counts only the 25; from the last square {release:or} take the piece "
    "home (the last-square release).",
    "06.4.turns": "is the average number of turns, 1/p; the question asks for p, the chance in "
    "one turn.",
    "06b.1.why": "castle_waiter won {rate:.1f}% of {games} games, but the interval [{low:.1f}%, "
    "{high:.1f}%] contains 50%: these games cannot tell waiting from not waiting.",
    "06b.1.hint": "is the whole interval above 50%, below it, or neither?",
    "06b.1.point": "reads only the win rate, {rate:.1f}%; the interval [{low:.1f}%, "
    "{high:.1f}%] contains 50%, so these games do not show a win.",
    "06b.1.wins": "wins",
    "06b.1.loses": "loses",
    "06b.1.unclear": "no clear difference",
    "06b.2.why": "{games} games: the width shrinks like 1/√n, so half of the {base_reach:.1f} "
    "points of {base} games takes 2² = 4 times the games; with {games} games the interval reaches "
    "{reach:.1f} points either side.",
    "06b.2.hint": "the width shrinks like 1/√n: which n makes √n twice as large as √{base}?",
    "06b.2.double": "doubles the games, which only makes the width 1/√2 ≈ 0.71 of what it was; "
    "half the width takes four times the games.",
    "06b.2.fewer": "is fewer games: fewer games give a wider interval, not a narrower one.",
    "06b.3.why": "a 25 needs all {shells} shells mouth down, each with chance 1 − {up} = "
    "{down:.1f}: {down:.1f}^{shells} ≈ {p:.4f}.",
    "06b.3.hint": "a 25 is zero mouths up: each shell lands mouth down with chance 1 − {up}.",
    "06b.3.mouths_up": "is the chance of all {shells} mouths up; a 25 needs all mouths down, "
    "each with chance 1 − {up}.",
    "06b.3.fair": "is the chance with fair shells; these shells land mouth down more often.",
    "06b.4.why": "a turn contains a 25 with chance {chance:.4f} (a 6 or a 10 gives another "
    "throw): 1 / {chance:.4f} ≈ {mean:.1f} turns, against {classic} with fair shells.",
    "06b.4.hint": "use probability.expected_turns_until(25, {rules}), or q / (q + r) by hand "
    "(lesson 6).",
    "06b.4.per_throw": "is the wait in throws, 1/P(25); a 6 or a 10 gives another throw in the "
    "same turn, so the wait in turns is shorter.",
    "06b.4.classic": "is the wait with fair shells; with p_mouth_up = {up} a 25 is commoner.",
})

TEXTS["ro"].update({
    "06.1.why": "1 − (1 − {q})^{turns} = 1 − ({miss})^{turns} ≈ {p:.4f}: fiecare tură aduce un "
    "25 cu probabilitatea {q}, iar piesa încă așteaptă doar dacă niciuna dintre cele {turns} "
    "ture nu l-a adus.",
    "06.1.hint": "probabilitatea ca o tură să nu aducă niciun 25 este 1 − {q}; {turns} asemenea "
    "ture la rând...",
    "06.1.per_throw": "este probabilitatea unui 25 în {turns} aruncări; așteptarea se numără în "
    "ture, iar o tură poate avea mai multe aruncări (un 6 sau un 10 îi dă jucătorului încă o "
    "aruncare); fiecare tură aduce un 25 cu probabilitatea {q}.",
    "06.1.added": "adună de {turns} ori {q}, ca și cum așteptarea s-ar putea încheia din nou în "
    "fiecare tură; ea se încheie la primul 25: ia 1 minus probabilitatea ca în {turns} ture să "
    "nu vină niciun 25.",
    "06.1.still": "este probabilitatea ca piesa să aștepte încă după {turns} ture; întrebarea "
    "cere probabilitatea ca un 25 să o fi dus acasă.",
    "06.1.last_turn": "este probabilitatea ca aruncarea de 25 să vină exact în tura {turns}; "
    "întrebarea cere oricare dintre primele {turns} ture.",
    "06.2.why": "acum un {dropped:or} încheie tura: o aruncare este un 25 cu q = {q} și încheie "
    "tura cu r = {r}, deci o tură conține un 25 cu probabilitatea q / (q + r) = {chance}: numărul "
    "mediu de ture de așteptare este {mean}.",
    "06.2.hint": "r, probabilitatea ca o aruncare să încheie tura, cuprinde acum și aruncarea de "
    "{dropped:or}; apoi 1 / (q / (q + r)).",
    "06.2.kept_six": "este așteptarea din jocul clasic; cu regula casei un {dropped:or} încheie "
    "tura, deci o tură are mai puține aruncări, iar așteptarea este mai lungă.",
    "06.2.per_throw": "numără aruncări, nu ture: un 10 dă în continuare încă o aruncare, deci "
    "așteptarea în ture este mai scurtă decât 1/P(25).",
    "06.3.why": "cu șapte coji P(25) = {p} la o aruncare, iar fiecare har (și harurile fără "
    "introducere {bonus:and}, odată ce o piesă este pe tablă) dă încă o aruncare: o tură "
    "conține un 25 cu probabilitatea {chance}, deci numărul mediu de ture de așteptare este "
    "{mean} ≈ {mean:.2f}.",
    "06.3.hint": "folosește probability.expected_turns_until(25, {rules}) sau calculează de "
    "mână q / (q + r).",
    "06.3.per_throw": "numără aruncări, nu ture; harurile se înlănțuie, deci o tură are mai "
    "multe aruncări.",
    "06.3.no_bonus": "uită că și harurile fără introducere {bonus:and} dau încă o aruncare, "
    "când jucătorul are o piesă pe tablă.",
    "06.3.classic": "este așteptarea din jocul cu șase coji; cu șapte coji aruncarea de 25 este "
    "mult mai frecventă.",
    "06.4.why": "doar {release:or} duc piesa acasă (P = {q}); un {again:or} nu o poate muta, dar "
    "dă încă o aruncare (P = {g}); orice altceva încheie tura. Deci p = {q} / (1 − {g}) = {p}: "
    "în medie {turns} ture, adică T(1) din tabel.",
    "06.4.hint": "care aruncări duc acasă o piesă de pe ultimul pătrat și care aruncare dă încă "
    "o aruncare fără să o poată muta?",
    "06.4.per_throw": "este probabilitatea la o singură aruncare; un {again:or} înainte dă încă "
    "o aruncare, deci împarte la 1 − {g}.",
    "06.4.twenty_five": "numără doar aruncarea de 25; de pe ultimul pătrat și {release:or} duc "
    "piesa acasă (eliberarea de pe ultimul pătrat).",
    "06.4.turns": "este numărul mediu de ture, 1/p; întrebarea cere p, probabilitatea într-o "
    "tură.",
    "06b.1.why": "castle_waiter a câștigat {rate:.1f}% din cele {games} de jocuri, dar intervalul "
    "[{low:.1f}%, {high:.1f}%] conține 50%: aceste jocuri nu pot deosebi jucătorul care "
    "așteaptă de cel care nu așteaptă.",
    "06b.1.hint": "este tot intervalul peste 50%, tot sub 50%, sau niciuna, nici alta?",
    "06b.1.point": "se uită doar la procentul de victorii, {rate:.1f}%; intervalul [{low:.1f}%, "
    "{high:.1f}%] conține 50%, deci jocurile nu arată o victorie.",
    "06b.1.wins": "câștigă",
    "06b.1.loses": "pierde",
    "06b.1.unclear": "nicio diferență clară",
    "06b.2.why": "{games} de jocuri: lățimea scade ca 1/√n, deci jumătate din cele "
    "{base_reach:.1f} puncte ale celor {base} de jocuri cere de 2² = 4 ori mai multe jocuri; cu "
    "{games} de jocuri intervalul se întinde {reach:.1f} puncte de o parte și de alta.",
    "06b.2.hint": "lățimea scade ca 1/√n: pentru ce n este √n de două ori mai mare decât "
    "√{base}?",
    "06b.2.double": "dublează jocurile, iar asta face lățimea doar 1/√2 ≈ 0,71 din cât era; "
    "jumătate din lățime cere de patru ori mai multe jocuri.",
    "06b.2.fewer": "înseamnă mai puține jocuri: mai puține jocuri dau un interval mai larg, nu "
    "unul mai îngust.",
    "06b.3.why": "aruncarea de 25 cere ca toate cele {shells} coji să cadă cu gura în jos, "
    "fiecare cu probabilitatea 1 − {up} = {down:.1f}: {down:.1f}^{shells} ≈ {p:.4f}.",
    "06b.3.hint": "aruncarea de 25 înseamnă 0 guri în sus: fiecare coajă cade cu gura în jos cu "
    "probabilitatea 1 − {up}.",
    "06b.3.mouths_up": "este probabilitatea ca toate cele {shells} coji să cadă cu gura în sus; "
    "aruncarea de 25 cere toate gurile în jos, fiecare cu probabilitatea 1 − {up}.",
    "06b.3.fair": "este probabilitatea cu coji echilibrate; aceste coji cad mai des cu gura în "
    "jos.",
    "06b.4.why": "o tură conține un 25 cu probabilitatea {chance:.4f} (un 6 sau un 10 dă încă o "
    "aruncare): numărul mediu de ture este 1 / {chance:.4f} ≈ {mean:.1f}, față de {classic} cu "
    "coji echilibrate.",
    "06b.4.hint": "folosește probability.expected_turns_until(25, {rules}) sau calculează de "
    "mână q / (q + r) (lecția 6).",
    "06b.4.per_throw": "este așteptarea în aruncări, 1/P(25); un 6 sau un 10 dă încă o aruncare "
    "în aceeași tură, deci așteptarea în ture este mai scurtă.",
    "06b.4.classic": "este așteptarea cu coji echilibrate; cu p_mouth_up = {up} aruncarea de 25 "
    "este mai frecventă.",
})


# -- lesson 07: variants and house rules ---------------------------------------------------------
# (one block with its sentences, so that the lesson's exercises stay together)

_MITRA_ENTRY = [[12, 0, 0, 0], None, [40, 0, 0, 0], None]
"""Lesson 07, exercise 2: South throws a 25 (then a 3) under Mitra's rules."""
_SPLIT = [[20, 30, 84, 84], None, [50, 0, 0, 0], None]
"""Lesson 07, exercise 3: South throws a 6 with split throws."""
_PARTNERS = [[26, 0, 0, 0], [0, 0, 0, 0], [64, 0, 0, 0], [0, 0, 0, 0]]
"""Lesson 07, exercise 4: South's piece on step 26, North's on its step 64 (South's step 30)."""
_SAMPLES = (240, 6000)
"""Lesson 07, exercise 5: a class's few games and the lesson's many."""


def _turn_total(rules: Rules) -> tuple:
    """(average throw, average throws per turn, their product): with a piece on the board a
    turn goes on after every grace, so by Wald's identity its throws add up on average to
    E[value] × E[throws per turn]."""
    mean = expected_value(rules)
    turns = 1 / (1 - grace_probability(rules, on_board=True))
    return mean, turns, mean * turns


@_exercise("07", 1)
def _seven_shell_turn_ratio() -> Solution:
    mean6, turns6, total6 = _turn_total(Rules())
    mean7, turns7, total7 = _turn_total(Rules.preset("seven_cowries"))
    ratio = total7 / total6
    return Solution(ratio, ("number", {"decimals": 1}),
                    {"mean6": mean6, "turns6": turns6, "total6": total6, "mean7": mean7,
                     "turns7": turns7, "total7": total7, "ratio": ratio},
                    _drop_equal(ratio, {"values": mean7 / mean6, "turns": turns7 / turns6,
                                        "upside_down": 1 / ratio}))


def _entering_step(rules: Rules, value: int) -> int:
    game = Game.from_position(_MITRA_ENTRY, to_move=0, rules=rules, seed=2)
    game.throw(value=value)
    game.throw(value=3)
    return next(m.end for m in game.legal_moves() if m.kind == "enter")


@_exercise("07", 2)
def _mitra_entry() -> Solution:
    mitra, value = Rules.preset("mitra"), 25
    step = _entering_step(mitra, value)
    square1 = _entering_step(mitra.replace(entry_mode="square1"), value)
    return Solution(step, ("integer", {}), {"step": step, "value": value, "square1": square1},
                    _drop_equal(step, {"from_square1": square1 + value, "classic": square1}))


def _split_parts(rules: Rules, value: int, start=None) -> int:
    game = Game.from_position(_SPLIT, to_move=0, rules=rules, seed=3)
    game.throw(value=value)
    return sum(1 for m in game.legal_moves()
               if m.kind != "pass" and (start is None or m.start == start))


@_exercise("07", 3)
def _split_first_parts() -> Solution:
    split, value = Rules(split_throw=True), 6
    moves = _split_parts(split, value)
    pieces = sum(1 for s in _SPLIT[0] if 0 < s < board.HOME)
    return Solution(moves, ("integer", {}), {"moves": moves, "value": value, "pieces": pieces},
                    _drop_equal(moves, {"whole": _split_parts(Rules(), value),
                                        "one_piece": _split_parts(split, value, _SPLIT[0][0]),
                                        "with_pass": moves + 1}))


def _onto_the_partner(rules: Rules) -> str:
    """What South's piece does when a 4 takes it from step 26 onto North's piece."""
    game = Game.from_position(_PARTNERS, to_move=0, rules=rules, seed=4)
    game.throw(value=4)
    move = next((m for m in game.legal_moves() if m.start == 26 and m.end == 30), None)
    if move is None:
        return "blocked"
    return "captures" if move.captures else "shares"


@_exercise("07", 4)
def _partners_share() -> Solution:
    outcome = _onto_the_partner(Rules(teams=True))
    north = board.step_of(2, board.square(0, 30))
    return Solution(outcome, ("choice", {"key": "07.4", "words": {
                        "shares": ("share", "shared", "share the square", "together",
                                   "impart", "impart patratul", "impreuna"),
                        "captures": ("capture", "captured", "captureaza", "captura"),
                        "blocked": ("block", "blocked", "cannot", "may not", "blocat",
                                    "nu poate")}}),
                    {"north": north},
                    _drop_equal(outcome, {"partners_capture": _onto_the_partner(Rules()),
                                          "partners_block": "blocked"}))


@_exercise("07", 5)
def _wider_interval() -> Solution:
    from math import isqrt

    from .simulate import wilson_interval

    small, large = _SAMPLES
    factor = Fraction(large, small)
    ratio = Fraction(isqrt(factor.numerator), isqrt(factor.denominator))
    assert ratio ** 2 == factor and factor.denominator == 1, _SAMPLES  # a whole square
    wide = wilson_interval(small // 2, small)
    narrow = wilson_interval(large // 2, large)
    return Solution(ratio, ("number", {"decimals": 1}),
                    {"small": small, "large": large, "factor": factor, "ratio": ratio,
                     "wide": 100 * (wide.high - wide.low) / 2,
                     "narrow": 100 * (narrow.high - narrow.low) / 2},
                    _drop_equal(ratio, {"games": int(factor), "upside_down": 1 / ratio}))


TEXTS["en"].update({
    "07.1.why": "an average seven-shell turn adds up to {mean7:.2f} × {turns7:.2f} = {total7:.2f}, "
    "a classic turn to {mean6:.2f} × {turns6:.2f} = {total6:.2f}; {total7:.2f} / {total6:.2f} = "
    "{ratio:.2f}, so about {ratio:.1f} times as far.",
    "07.1.hint": "a turn's throws add up on average to E[value] × (throws per turn), both columns of "
    "the table; work it out for seven_cowries and for classic, then divide.",
    "07.1.values": "compares only the average throw, E[value]; with seven shells a turn also has "
    "more throws ({turns7:.2f} against {turns6:.2f}): multiply by the throws per turn.",
    "07.1.turns": "compares only the throws per turn; each seven-shell throw is also worth more "
    "({mean7:.2f} against {mean6:.2f}): multiply by E[value].",
    "07.1.upside_down": "is the classic turn divided by the seven-shell turn; the question asks how "
    "many times as far the seven-shell turn goes: {total7:.2f} / {total6:.2f}.",
    "07.2.why": "step {step}: under Mitra's rules (count_from_charkoni) an entering piece counts the "
    "grace's full value from the Charkoni, step 0: 0 + {value} = {step}.",
    "07.2.hint": "Mitra's entry_mode is count_from_charkoni: from where does the count start?",
    "07.2.from_square1": "counts from step {square1}, as if the piece first stood on the board; it "
    "counts from the Charkoni, step 0: 0 + {value} = {step}.",
    "07.2.classic": "is the classic entry (square 1, the grace's value not counted); Mitra's rules "
    "count the grace's full value from the Charkoni.",
    "07.3.why": "{moves}: each of the {pieces} pieces may take any part of the throw, from 1 to "
    "{value} steps: {pieces} × {value} = {moves} (the pass not counted).",
    "07.3.hint": "with split_throw a piece may take just a part of the throw: which parts can each "
    "piece take?",
    "07.3.whole": "counts only whole moves of {value} steps; with split_throw a piece may take any "
    "part of the throw, from 1 to {value} steps.",
    "07.3.one_piece": "counts the parts for one piece; the other piece may take the first part "
    "too.",
    "07.3.with_pass": "counts the pass as well; the question leaves it out.",
    "07.4.why": "the two pieces share the square: North's step {north} is South's step 30, and with "
    "teams partners may share a square and never capture each other.",
    "07.4.hint": "with teams=True, South and North play together against East and West.",
    "07.4.partners_capture": "is what happens without teams; partners never capture each other, "
    "so South's piece and North's share the square.",
    "07.4.partners_block": "treats the partner like a castle held by an opponent; South may stop "
    "on its partner's square, and the two pieces share it.",
    "07.4.shares": "shares",
    "07.4.captures": "captures",
    "07.4.blocked": "blocked",
    "07.5.why": "{ratio}: the width of a 95% interval shrinks like 1/√n; {large} games are "
    "{factor} times {small}, so the interval of {small} games is √{factor} = {ratio} times as wide "
    "(about ±{wide:.1f} points against ±{narrow:.1f} around 50%).",
    "07.5.hint": "the width goes like 1/√n: how many times as many games, and what is the square "
    "root of that?",
    "07.5.games": "is how many times as many games; the width goes like 1/√n, so take the square "
    "root: √{factor} = {ratio}.",
    "07.5.upside_down": "is the narrow interval's width divided by the wide one's; the question asks "
    "how many times as wide the interval of {small} games is.",
})

TEXTS["ro"].update({
    "07.1.why": "o tură medie cu șapte coji adună {mean7:.2f} × {turns7:.2f} = {total7:.2f}, o tură "
    "clasică {mean6:.2f} × {turns6:.2f} = {total6:.2f}; {total7:.2f} / {total6:.2f} = {ratio:.2f}, "
    "deci cam de {ratio:.1f} ori mai departe.",
    "07.1.hint": "aruncările unei ture adună în medie E[valoare] × (aruncări pe tură), ambele "
    "coloane ale tabelului; calculează pentru seven_cowries și pentru classic, apoi împarte.",
    "07.1.values": "compară doar aruncarea medie, E[valoare]; cu șapte coji o tură are și mai "
    "multe aruncări ({turns7:.2f} față de {turns6:.2f}): înmulțește cu aruncările pe tură.",
    "07.1.turns": "compară doar aruncările pe tură; fiecare aruncare cu șapte coji valorează și mai "
    "mult ({mean7:.2f} față de {mean6:.2f}): înmulțește cu E[valoare].",
    "07.1.upside_down": "este tura clasică împărțită la tura cu șapte coji; întrebarea cere de câte "
    "ori mai departe merge tura cu șapte coji: {total7:.2f} / {total6:.2f}.",
    "07.2.why": "pătratul {step}: cu regulile lui Mitra (count_from_charkoni), o piesă introdusă "
    "numără toată valoarea harului pornind din Charkoni, de la 0: 0 + {value} = {step}.",
    "07.2.hint": "la Mitra, entry_mode este count_from_charkoni: de unde începe numărătoarea?",
    "07.2.from_square1": "numără de la pătratul {square1}, ca și cum piesa ar fi stat întâi pe "
    "tablă; numărătoarea pornește din Charkoni, de la 0: 0 + {value} = {step}.",
    "07.2.classic": "este intrarea clasică (pătratul 1, valoarea harului nu se adaugă); regulile "
    "lui Mitra numără toată valoarea harului pornind din Charkoni.",
    "07.3.why": "{moves}: fiecare dintre cele {pieces} piese poate folosi orice parte a aruncării, "
    "de la 1 la {value}: {pieces} × {value} = {moves} (fără trecere).",
    "07.3.hint": "cu split_throw o piesă poate folosi doar o parte a aruncării: ce părți poate "
    "folosi fiecare piesă?",
    "07.3.whole": "numără doar mutările întregi, cu toată aruncarea de {value}; cu split_throw o "
    "piesă poate folosi orice parte a aruncării, de la 1 la {value}.",
    "07.3.one_piece": "numără părțile pentru o singură piesă; și cealaltă piesă poate folosi prima "
    "parte.",
    "07.3.with_pass": "numără și trecerea; întrebarea o lasă deoparte.",
    "07.4.why": "cele două piese împart pătratul: pătratul {north} al lui Nord este pătratul 30 al "
    "lui Sud, iar în echipe partenerii pot sta pe același pătrat și nu se capturează niciodată.",
    "07.4.hint": "cu teams=True, Sud și Nord joacă împreună contra lui Est și Vest.",
    "07.4.partners_capture": "este ce se întâmplă fără echipe; partenerii nu se capturează "
    "niciodată, așa că piesa lui Sud și cea a lui Nord împart pătratul.",
    "07.4.partners_block": "tratează partenerul ca pe un castel ocupat de un adversar; Sud se poate "
    "opri pe pătratul partenerului, iar cele două piese îl împart.",
    "07.4.shares": "împart pătratul",
    "07.4.captures": "capturează",
    "07.4.blocked": "nu se poate",
    "07.5.why": "{ratio}: lățimea unui interval de 95% scade ca 1/√n; {large} de jocuri înseamnă de "
    "{factor} de ori {small}, deci intervalul celor {small} de jocuri este de √{factor} = {ratio} "
    "ori mai larg (cam ±{wide:.1f} puncte față de ±{narrow:.1f} în jurul lui 50%).",
    "07.5.hint": "lățimea scade ca 1/√n: de câte ori mai multe jocuri sunt și cât este rădăcina "
    "pătrată a acestui număr?",
    "07.5.games": "arată de câte ori mai multe jocuri sunt; lățimea scade ca 1/√n, deci ia "
    "rădăcina pătrată: √{factor} = {ratio}.",
    "07.5.upside_down": "este lățimea intervalului îngust împărțită la cea a intervalului larg; "
    "întrebarea cere de câte ori mai larg este intervalul celor {small} de jocuri.",
})
