"""The live game and who plays it: a :class:`Table`, the computer seats, and taking back one
action with the words that say so.

>>> import pachisi_widget as pw
>>> g = pw.Game(players=2, seed=1)
>>> seats_from({2: "greedy"}, g)[1]
['human', '', 'greedy', '']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..agents import check_agent
from ..checks import check_seat
from ..game import Game
from ..throws import Throw
from ..words import Message

__all__ = ["Table", "seats_from", "computer_player", "player_label", "undo_one"]


@dataclass(frozen=True)
class Table:
    """The live game and who plays it: what a new game, a set-up or a load replaces whole."""

    game: Game
    """The live game (a Game changes in place as it is played)."""
    seat_players: tuple = ()
    """Per seat: ``"human"``, a computer player's name, or ``""`` for a seat nobody plays."""
    agents: dict = field(default_factory=dict)
    """The computer seats: {seat: agent} (a new dict for each change, never changed in place)."""
    events: tuple = ()
    """(kind, before, action, after) for each action narrated, oldest first."""
    start_note: tuple | None = None
    """The (code, params) that opens the narration ("New game: South starts.")."""


def undo_one(g: Game, events: list) -> Message:
    """Take back the last action of ``g`` (and its event); what it was, as words to say."""
    action = g.history[-1] if g.history else None
    g.undo()
    if events:
        events.pop()
    if isinstance(action, Throw):  # the state restored is the thrower's
        return Message("undo_item_throw", {"seat": g.to_move, "value": action.value})
    if action is not None and action.kind == "pass":
        return Message("undo_item_pass", {"seat": action.seat})
    if action is not None:
        return Message(
            "undo_item_move", {"seat": action.seat, "start": action.start, "end": action.end}
        )
    return Message("undo_item_pass", {"seat": g.to_move})


def seats_from(computer, game: Game):
    """({seat: agent}, per seat its player) for the constructor's ``computer``."""
    players = ["human" if s in game.seats else "" for s in range(4)]
    agents: dict = {}
    if computer is None:
        return agents, players
    if isinstance(computer, dict):
        items = computer.items()
    elif isinstance(computer, (list, tuple)) and len(computer) == 4:
        items = enumerate(computer)
    else:
        raise ValueError("computer must be a dict {seat: agent name} or a list of 4 entries")
    for seat, name in items:
        check_seat(seat, game.seats)
        if name is None or name == "human":
            players[seat] = "human"
            continue
        agents[seat] = computer_player(name)
        players[seat] = player_label(agents[seat])
    return agents, players


def computer_player(spec):
    """A computer player from a name of :data:`AGENTS` or an object with ``choose``."""
    return check_agent(spec, ValueError, "a computer player must be")


def player_label(agent) -> str:
    """How the seat menu names a computer player."""
    name = getattr(agent, "name", None)
    return name[:40] if isinstance(name, str) and name else type(agent).__name__
