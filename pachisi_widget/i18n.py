"""Every sentence and label a person sees, one catalogue per language (English and Romanian).

A sentence has a code and named parameters; :func:`text` turns them into words in one language.
The Romanian catalogue follows the project's glossary (one word per concept: aruncare, har,
castel, pyada, Charkoni) and its grammar of numbers and nouns. Both languages have the same
codes, labels and placeholders (a test checks it).

A number before a noun is written with a format spec naming the noun, so that one helper,
:func:`count`, makes them agree in every template: ``{distance:steps}`` gives "1 step" and
"21 steps" in English, "un pătrat", "19 pătrate", "21 de pătrate" and "101 pătrate" in Romanian.
A step is written with ``{end:to_step}``, ``{start:from_step}`` or ``{start:at_step}``, which say
"the Charkoni" for step 0 and "home" for step 84 (never "step 84").

>>> text("turn", {"seat": 2}, "ro")
'La rând: Nord.'
>>> text("pyada_earned", {"seat": 0, "value": 25, "steps": 26}, "ro")
'Cu pyada, aruncarea de 25 duce piesa 26 de pătrate (toate piesele lui Sud au intrat).'
>>> text("capture", {"seat": 0, "victims": [[2, 2]], "end": 20}, "ro")
'Sud capturează două piese ale lui Nord pe pătratul 20; ele se întorc în Charkoni și pot reintra doar cu un har.'
>>> text("move", {"seat": 1, "start": 80, "end": 84, "value": 4})
'East moves a piece from step 80 home with the 4.'
>>> count(21, "steps", "ro"), count(101, "steps", "ro"), count(1, "pieces", "ro")
('21 de pătrate', '101 pătrate', 'o piesă')
"""

from __future__ import annotations

import re
import string
from typing import NamedTuple

from . import errors as _errors

__all__ = [
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "CATALOGUES",
    "LABELS",
    "SEATS",
    "SEAT_LETTERS",
    "PRESET_NAMES",
    "AGENT_NAMES",
    "NOUNS",
    "RECORD_FIELDS",
    "Message",
    "text",
    "count",
    "number",
    "seat_label",
    "error_text",
    "rules_text",
]

LANGUAGES = ("en", "ro")

LANGUAGE_NAMES = {"en": "English", "ro": "Română"}
"""Each language named in its own words (the board's language menu)."""

SEATS = {
    "en": ("South", "East", "North", "West"),
    "ro": ("Sud", "Est", "Nord", "Vest"),
}
"""Seat names by language, in seat order S, E, N, W."""

SEAT_LETTERS = {
    "en": ("S", "E", "N", "W"),
    "ro": ("S", "E", "N", "V"),
}
"""The letter each seat's pieces carry, by language."""

PRESET_NAMES = {
    "en": {
        "classic": "classic",
        "seven_cowries": "seven cowries",
        "cowrie_skill": "cowrie skill",
        "mitra": "Mitra",
    },
    "ro": {
        "classic": "clasic",
        "seven_cowries": "șapte cochilii",
        "cowrie_skill": "aruncători pricepuți",
        "mitra": "Mitra",
    },
}
"""The names of the rule presets shown in menus (the keys are :data:`pachisi_widget.PRESETS`)."""

AGENT_NAMES = {
    "en": {
        "human": "human player",
        "random": "random",
        "greedy": "greedy",
        "runner": "runner",
        "castle_waiter": "castle waiter",
        "expectimax": "expectimax",
    },
    "ro": {
        "human": "jucător uman",
        "random": "aleator",
        "greedy": "lacom",
        "runner": "alergător",
        "castle_waiter": "așteaptă la castel",
        "expectimax": "expectimax",
    },
}
"""The names of the computer players (the keys are :data:`pachisi_widget.agents.AGENTS`)."""

NOUNS = {
    "en": {
        "steps": ("1 step", "steps"),
        "pieces": ("1 piece", "pieces"),
        "throws": ("1 throw", "throws"),
        "mouths": ("1 mouth", "mouths"),
        "players": ("1 player", "players"),
        "actions": ("1 action", "actions"),
        "cowries": ("1 cowrie", "cowries"),
        "seats": ("1 seat", "seats"),
        "rounds": ("1 round", "rounds"),
        "characters": ("1 character", "characters"),
        "decimals": ("1 decimal place", "decimal places"),
    },
    "ro": {
        "steps": ("un pătrat", "pătrate"),
        "pieces": ("o piesă", "piese"),
        "throws": ("o aruncare", "aruncări"),
        "mouths": ("1 gură", "guri"),
        "players": ("un jucător", "jucători"),
        "actions": ("o acțiune", "acțiuni"),
        "cowries": ("o coajă", "coji"),
        "seats": ("un loc", "locuri"),
        "rounds": ("o rundă", "runde"),
        "characters": ("un caracter", "caractere"),
        "decimals": ("o zecimală", "zecimale"),
    },
}
"""Each countable noun: (the words for exactly one, the plural). Used by :func:`count`."""

_SMALL_PIECES = {
    "en": {1: "a piece", 2: "two pieces", 3: "three pieces", 4: "four pieces"},
    "ro": {1: "o piesă", 2: "două piese", 3: "trei piese", 4: "patru piese"},
}

_TYPE_NAMES = {
    "en": {
        "dict": "an object",
        "list": "a list",
        "tuple": "a list",
        "str": "a text",
        "int": "a number",
        "float": "a number",
        "bool": "true or false",
        "NoneType": "nothing (null)",
    },
    "ro": {
        "dict": "un obiect",
        "list": "o listă",
        "tuple": "o listă",
        "str": "un text",
        "int": "un număr",
        "float": "un număr",
        "bool": "o valoare adevărat/fals",
        "NoneType": "nimic (null)",
    },
}

RECORD_FIELDS = {
    "en": {
        "seed": "seed",
        "seats": "seats",
        "to_move": "to_move",
        "phase": "phase",
        "position": "position",
        "start": "start",
        "start_to_move": "start's to_move",
        "start_captured": "start's captured",
        "opening_seat": "opening seat",
        "opening_up": "opening mouths up",
        "move_seat": "move's seat",
        "move_start": "move's start",
        "move_end": "move's end",
        "move_value": "move's value",
    },
    "ro": {
        "seed": "sămânța",
        "seats": "locurile",
        "to_move": "locul la rând",
        "phase": "faza",
        "position": "poziția",
        "start": "poziția de început",
        "start_to_move": "locul la rând al poziției de început",
        "start_captured": "capturile poziției de început",
        "opening_seat": "locul unei aruncări de început",
        "opening_up": "gurile în sus ale unei aruncări de început",
        "move_seat": "locul unei mutări",
        "move_start": "pătratul de plecare al unei mutări",
        "move_end": "pătratul de sosire al unei mutări",
        "move_value": "valoarea unei mutări",
    },
}
"""The fields of a saved game record, as the ``field`` parameter of ``record_*`` sentences names
them (the key, or the English name, is looked up)."""

_STEP_WORDS = {
    "en": {
        "at_step": ("in the Charkoni", "on step {n}", "home"),
        "from_step": ("from the Charkoni", "from step {n}", "from home"),
        "to_step": ("to the Charkoni", "to step {n}", "home"),
    },
    "ro": {
        "at_step": ("în Charkoni", "pe pătratul {n}", "acasă"),
        "from_step": ("din Charkoni", "de pe pătratul {n}", "de acasă"),
        "to_step": ("în Charkoni", "pe pătratul {n}", "acasă"),
    },
}

_AND = {"en": "and", "ro": "și"}

CATALOGUES: dict[str, dict[str, str]] = {
    "en": {
        # -- throws
        "throw": "{seat} throws {value} ({up:mouths} up).",
        "grace_enter": "Grace! {seat} may bring a piece onto the board and throws again.",
        "grace_move": "Grace! The {value} moves a piece, then {seat} throws again.",
        "grace_lost": "Grace! But the {value} cannot be used and is lost; {seat} still throws again.",
        "grace_series": "Grace! {seat} throws again at once; the {value} joins the throws to spend.",
        "bonus_grace": "Bonus grace: {seat} throws again because a piece is on the board "
        "(a {value} never brings a piece in).",
        "bonus_never_enters": "A {value} never brings a piece out of the Charkoni, not even the first "
        "piece: it is a bonus grace, which only gives another throw while a piece is on the board.",
        "lost": "No piece can use the {value}: the throw is lost, and {seat} can only pass.",
        "cancelled": "Three high throws in a row ({values}) are cancelled: they are void, and the "
        "series of throws ends.",
        "cancelled_high": "Three high throws in a row ({values}) are cancelled: they are void, and "
        "the series of throws ends.",
        "cancelled_same": "Three {value}s in a row are cancelled: they are void, and the series of "
        "throws ends.",
        "series_on": "Throws to spend so far: {pool}.",
        "series_done": "{seat} now spends the throws {pool}, one per move, in any order.",
        "series_done_one": "{seat} now spends the throw of {pool}.",
        "pyada_earned": "With pyada, the {value} moves {steps:steps} (all of {seat}'s pieces have "
        "entered).",
        "mouths_up": "{up:mouths} up",
        # -- moves
        "enter_square1": "{seat} brings a piece onto the board at square 1 with the grace of {value} "
        "(the grace's value is not counted).",
        "enter_count": "{seat} brings a piece onto the board with the grace of {value}: it moves "
        "{distance:steps} from the Charkoni, to step {end}.",
        "first_piece": "{seat}'s first piece enters on any throw: it moves {distance:steps} from the "
        "Charkoni, to step {end}.",
        "move": "{seat} moves a piece {start:from_step} {end:to_step} with the {value}.",
        "split_part": "Split throw: the {value} has {left:steps} left for other pieces.",
        "pyada": "Pyada: the {value} moves one extra step ({steps:steps} in all).",
        "capture": "{seat} captures {victims} on step {end}; they go back to the Charkoni and can "
        "re-enter only with a grace.",
        "capture_one": "{seat} captures {victims} on step {end}; it goes back to the Charkoni and "
        "can re-enter only with a grace.",
        "extra_throw": "The capture earns {seat} another throw.",
        "new_series": "The capture earns {seat} a new series of throws.",
        "castle": "Step {end} is a castle: the piece is safe from capture there.",
        "twenty_five": "This is the 25-castle, exactly 25 steps from home: a throw of 25 brings the "
        "piece home.",
        "twenty_five_waiting": "This is the 25-castle, 25 steps from home; but while {seat} has "
        "pieces waiting in the Charkoni, a 25 can only bring one of them in. The piece finishes "
        "with a 25 only once all of {seat}'s pieces have entered, and each waiting piece needs its "
        "own 25 or another grace.",
        "twenty_five_pyada": "This is the 25-castle, 25 steps from home; but with pyada a 25 moves "
        "26 steps, so the piece cannot finish with it.",
        "twenty_five_must_capture": "This is the 25-castle, 25 steps from home; but {seat} must "
        "capture an opponent before any piece goes past step 76.",
        "home": "Exact count: the piece is home, back in the Charkoni with its journey done (the board "
        "shows it beside its player's name, under \"home\").",
        "release": "The piece on the last square goes home with the {value} (the last-square "
        "release).",
        "revenge": "Revenge: {seat} recaptured the capturing piece at once, so {capturer}'s capture "
        "no longer counts.",
        "pass": "{seat} passes.",
        "pass_pool": "{seat} passes and gives up the throws {pool}.",
        "pass_pool_one": "{seat} passes and gives up the throw of {pool}.",
        "throw_again": "{seat} throws again.",
        "turn": "It is {seat}'s turn.",
        "win": "{seat} has brought all four pieces home and wins!",
        "team_win": "{seat} and {partner} have brought all eight pieces home: their team wins!",
        "dead": "No seat can ever move again: the game ends without a winner.",
        # -- the legal moves' labels (each move's accessible name on the board)
        "label_pass": "{who}: pass",
        "label_enter": "{who}: bring a piece onto the board, {end:to_step}, with the {value}",
        "label_move": "{who}: move the piece {start:from_step} {end:to_step} with the {value}",
        "label_captures": ", capturing {victims}",
        # -- refusals
        "illegal": "That move is not legal here.",
        "not_legal": "{seat} cannot move a piece {start:from_step} {end:to_step} with the {value}.",
        "not_a_move": "That is not a move: {got}.",
        "game_over": "The game is over: no more throws or moves.",
        "throw_first": "{seat} must throw the cowries first.",
        "move_due": "{seat} must first spend the throws {pending} or pass.",
        "move_due_one": "{seat} must first spend the throw of {pending} or pass.",
        "not_your_turn": "It is {to_move}'s turn, not {seat}'s.",
        "bad_kind": "A move's kind must be enter, move or pass, not {kind}.",
        "no_such_throw": "{seat} has no throw of {value} to spend; throws to spend: {pending}.",
        "continue_split": "{seat} must go on with the split throw of {split} ({left:steps} left) or "
        "pass.",
        "no_piece_there": "{seat} has no piece {start:at_step}.",
        "already_home": "That piece is already home.",
        "enter_from_charkoni": "Only a piece waiting in the Charkoni can be brought onto the board.",
        "needs_grace": "A piece enters only with a grace ({graces}); the {value} is not one.",
        "no_split_entry": "Entering uses a whole grace: it cannot be part of a split throw.",
        "enters_on_1": "An entering piece goes to square 1, whatever the grace (never to step "
        "{value}).",
        "grace_must_enter": "While {seat} has pieces waiting in the Charkoni, the grace of {value} "
        "can only bring one onto the board (or {seat} passes).",
        "piece_used": "That piece has already moved with this throw: each piece may use only one "
        "part of the throw.",
        "forward_only": "Pieces only move forward along their track.",
        "overshoot": "Home needs an exact count: the piece {start:at_step} is {home_in:steps} from "
        "home, so it cannot move {distance:steps}.",
        "must_capture": "{seat} must capture an opponent before any piece goes past step 76 "
        "towards home.",
        "castle_held": "Step {end} is a castle held by {holder}: no opponent may stop there.",
        "wrong_distance": "The {value} moves a piece exactly {distance:steps}.",
        "nothing_to_undo": "Nothing to take back: this is the start of the game.",
        # -- the widget's messages
        "bad_message": "The board sent a message that could not be understood: {detail}.",
        "bad_position": "That position cannot be set up: {detail}.",
        "bad_record": "The file could not be loaded, so the current game is kept: {detail}.",
        "stale_move": "That move is no longer available (the position changed); choose again.",
        "loaded": "Game loaded.",
        "new_game": "New game: {seat} starts.",
        "setup": "Position set up: {seat} is to move.",
        "saved": "The game is downloaded as the file {filename}.",
        "undone": "{action} was taken back.",
        "undone_several": "Taken back: {actions}.",
        "undone_new_game": "The new game was taken back: the game before it is back.",
        "undo_item_throw": "{seat}'s throw of {value}",
        "undo_item_move": "{seat}'s move {start:from_step} {end:to_step}",
        "undo_item_pass": "{seat}'s pass",
        "error_unknown": "the data are not valid",
        "internal_error": "internal error ({kind}); the details are in the log",
        # -- why the board's message was not understood (the {detail} of bad_message)
        "msg_not_object": "expected an object with a kind of intent, not {type}",
        "msg_unknown_kind": "unknown kind of intent {got}",
        "msg_bad_up": "the mouths up must be a whole number from 0 to {shells}, not {got}",
        "msg_computer_seat": "{seat} is a computer player",
        "msg_no_computer": "no computer player is to act",
        "msg_move_id": "a move needs the id of a legal move (a text), not {got}",
        "msg_players": "the number of players must be 2, 3 or 4, not {got}",
        "msg_seed": "the seed must be a whole number, not {got}",
        "msg_preset": "the rules must be one of the presets {presets}, not {got}",
        "msg_seat": "the seat must be one of {seats}, not {got}",
        "msg_player": "the player must be a human player or one of the computer players {agents}, "
        "not {got}",
        "msg_language": "the language must be en (English) or ro (Romanian), not {got}",
        "load_not_text": "expected the text of a saved game (JSON)",
        # -- impossible positions (Game.from_position, the set-up form)
        "position_not_list": "positions must be a list of 4 entries (S, E, N, W), each 4 steps or "
        "None",
        "position_piece_count": "{seat} must have exactly 4 pieces, not {got}",
        "position_step_range": "{seat}: a step must be 0..84, not {got}",
        "position_too_few_seats": "a game needs at least 2 seats in play, not {count}",
        "position_teams_seats": "teams needs all 4 seats in play (S+N against E+W)",
        "position_shared_square": "{seat} on step {step} and {other} on step {other_step} share a "
        "square that is not a castle: one would have captured the other",
        "position_to_move": "to_move must be a seat in play ({seats}), not {seat}",
        "position_captured_list": "captured must list seats in play ({seats})",
        "position_captured": "captured must name seats in play ({seats}), not {seat}",
        "position_finished_to_move": "{seat} has all four pieces home and cannot be the seat to move",
        "throw_up_range": "up must be the number of mouths up, 0..{shells}, not {got}",
        "throw_no_value": "the {table} table has no throw of {value}; its values are {values}",
        "throw_up_and_value": "give either up= or value=, not both",
        # -- saved game records (serialize.GameRecord, Game.from_record)
        "record_not_utf8": "the game record is not UTF-8 text",
        "record_json_type": "expected the JSON text of a game record, not {type}",
        "record_too_long": "the game record is too long: {length:characters}, at most {max}",
        "record_json": "the game record is not valid JSON (line {line}, column {column})",
        "record_too_deep": "the game record is nested more than {max} levels deep: not a "
        "pachisi_widget game record",
        "record_not_object": "a game record must be a JSON object, not {type}",
        "record_format": "not a pachisi_widget game record: format is {got}, expected {expected}",
        "record_version_type": "the record's version must be an integer, not {got}",
        "record_version_newer": "the record is format version {version}, newer than this "
        "pachisi_widget reads (up to {supported}): upgrade pachisi_widget to open it",
        "record_version_unknown": "unknown record version {version}",
        "record_unknown_fields": "the record has unknown field(s) {fields}",
        "record_rules": "the record's rules are invalid: {cause}",
        "record_missing": "the record is truncated or malformed: missing '{key}'",
        "record_wrong_type": "the record's '{key}' has the wrong type: {type}",
        "record_start_missing": "the start is truncated or malformed: missing '{key}'",
        "record_start_wrong_type": "the start's '{key}' has the wrong type: {type}",
        "record_too_many_actions": "the record has {count:actions}, more than the {max} a record "
        "may hold",
        "record_phase": "the record's phase must be one of throw, move, over, not {got}",
        "record_whole_number": "the record's {field} must be a whole number, not {type}",
        "record_range": "the record's {field} must be {low}..{high}, not {got}",
        "record_seat_count": "the record's seats must list 2 to 4 seats, not {count}",
        "record_seat_order": "the record's seats must be distinct and ascending, not {got}",
        "record_pieces_entries": "the record's {field} must have 4 entries (S, E, N, W), not {count}",
        "record_pieces_steps": "the record's {field} must give 4 steps per seat in play, not {got}",
        "record_start_type": "the record's start must be an object or null",
        "record_start_fields": "the record's start must have exactly the fields captured, pieces, "
        "to_move",
        "record_start_captured_count": "the record's start lists more than 4 seats as having "
        "captured",
        "record_opening_rounds": "the record has {count:rounds} of opening throws, more than the "
        "1000 the opening allows",
        "record_opening_round": "an opening round must list 1 to 4 [seat, mouths up] pairs, not "
        "{got}",
        "record_opening_throw": "an opening throw must be [seat, mouths up], not {got}",
        "record_action_type": "action {index} of {count} must be an object, not {got}",
        "record_throw_up": "action {index} of {count}: a throw must give the mouths up as a whole "
        "number 0..7, not {got}",
        "record_forced": "action {index} of {count}: 'forced' must be true or false, not {got}",
        "record_move_shape": "action {index} of {count}: a move must be [seat, kind, start, end, "
        "value], not {got}",
        "record_move_kind": "action {index} of {count}: a move's kind must be one of enter, move, "
        "pass, not {got}",
        "record_pass_shape": "action {index} of {count}: a pass has no start, end or value: [seat, "
        '"pass", null, null, null]',
        "record_action_unknown": 'action {index} of {count}: unknown action with the fields {fields}; '
        'an action is exactly {{"throw": n, "forced": true or false}} or {{"move": [...]}}',
        "record_seats": "the record's seats ({seats}) do not match {players:players}",
        "record_start": "the record's start is invalid: {cause}",
        "record_opening": "the record's opening throws do not follow from its seed, which gives "
        "{expected}: the record was changed or belongs to another seed",
        "record_action": "action {index} of {count}: {cause}",
        "record_replay": "action {index} of {count} ({action}) cannot be replayed: {cause}",
        "record_throw_seed": "the record says {up:mouths} up, but its seed gives {seed_up}: the "
        "record was changed or belongs to another seed",
        "record_position": "the record's position {position} does not match its actions, which give "
        "{expected}",
        "record_mismatch": "the record's {field} {got} does not match its actions, which give "
        "{expected}",
        # -- the exercise checker (lessons.check)
        "check_right": "Right! {why}",
        "check_no_answer": "No answer yet. Hint: {hint}",
        "check_wrong": "Not quite: {answer} is not the answer.",
        "check_wrong_hint": "Not quite: {answer} is not the answer. Hint: {hint}",
        # -- the lessons' exercises (lessons.exercise): {hint_call} is how to ask for the
        # exercise's hint; {form} is one of the exercise_form_* phrases
        "exercise_right": "Right! {why}",
        "exercise_blank": "No answer yet: write your answer in place of the ... and run the cell "
        "again. Answer with {form}. For a hint, run {hint_call}.",
        "exercise_wrong": "Not quite: {answer} is not the answer. For a hint, run {hint_call}.",
        "exercise_mistake": "Not quite: {answer} {mistake}",
        "exercise_close": "Close: {answer} is near the answer but not to "
        "{decimals:decimals}. Round to {decimals:decimals}, or give a fraction.",
        "exercise_comma": "Not quite: Python reads {answer} as two numbers. Write a decimal with "
        "a point, e.g. 0.25 (or as text: \"0,25\").",
        "exercise_unreadable": "Not quite: {answer} is not {form}.",
        "exercise_hint": "Hint: {hint}",
        "exercise_answer": "The answer: {expected}. Why: {why}",
        "exercise_form_number": "a fraction (Fraction(1, 64) or \"1/64\") or a decimal to "
        "{decimals:decimals}",
        "exercise_form_integer": "a whole number",
        "exercise_form_values": "a set of numbers, e.g. {{3, 5}}",
        "exercise_form_steps": "a list of {size:steps}, one for each piece, in any order",
        "exercise_form_seats": "a list of the seats in order, e.g. {example}",
        "exercise_form_letters": "a set of letters, e.g. {{\"a\", \"b\"}}",
        "exercise_form_choice": "one of the words {choices}",
        # -- a guess beside the computed result (lessons.compare): {what} names the quantity,
        # {value} and {guess} are already written as numbers, {gap} with its percentage
        "compare_blank": "No guess yet: write your guess in place of the ... before this cell, "
        "then run both cells again. The result: {what} = {value}.",
        "compare_right": "Spot on! You guessed {guess}, and {what} = {value}.",
        "compare_close": "Close! You guessed {guess}, and {what} = {value}: off by {gap}.",
        "compare_high": "You guessed {guess}, and {what} = {value}: your guess was {gap} too high.",
        "compare_low": "You guessed {guess}, and {what} = {value}: your guess was {gap} too low.",
        "compare_choice_right": "Well guessed! You chose {guess}, and {what} = {value}.",
        "compare_choice_wrong": "You chose {guess}, and {what} = {value}: not this time. Look at "
        "the numbers again.",
        "compare_unreadable": "Your guess {guess} is not {form}, so it cannot be compared. The "
        "result: {what} = {value}.",
        "compare_comma": "Python reads your guess {guess} as two numbers: write 7.5, or \"7,5\" "
        "in quotes. The result: {what} = {value}.",
        "compare_form_number": "a number (such as 7, 7.5, \"7,5\" or \"15/2\")",
        "compare_form_choice": "one of {choices}",
        # -- controls that redraw (lessons.explore) where no slider can be shown
        "explore_static": "(Sliders need ipywidgets in a live notebook: here is the result for "
        "{settings}.)",
        # -- the static picture (svg.board_svg)
        "svg_stack": "{seat} has {count:pieces} {step:at_step}",
        "svg_stack_returning": "{seat} has {count:pieces} {step:at_step}, on the way home",
        "svg_counts": "in the Charkoni: {waiting} · home: {home}",
        # -- rules that differ from a preset, in words (the rules menu of a custom game)
        "rule_throw_table": "{table} table ({shells:cowries})",
        "rule_p_mouth_up": "chance of a mouth up {p}",
        "rule_entry_graces": "entry graces {values}",
        "rule_entry_graces_none": "no entry graces",
        "rule_bonus_graces": "bonus graces {values}",
        "rule_bonus_graces_none": "no bonus graces",
        "rule_last_square_release": "last-square release with {values}",
        "rule_last_square_release_none": "no last-square release",
        "rule_first_piece_any_throw_on": "the first piece enters on any throw",
        "rule_first_piece_any_throw_off": "the first piece needs a grace too",
        "rule_entry_mode_square1": "an entering piece goes to square 1",
        "rule_entry_mode_count_from_charkoni": "an entering piece moves the grace's value from the "
        "Charkoni",
        "rule_grace_moves_before_all_entered_on": "a grace may move a piece while others wait",
        "rule_grace_moves_before_all_entered_off": "a grace must bring a waiting piece in",
        "rule_split_throw_on": "split throws",
        "rule_split_throw_off": "no split throws",
        "rule_capture_extra_throw_on": "another throw after a capture",
        "rule_capture_extra_throw_off": "no extra throw after a capture",
        "rule_castle_blocks_enemy_on": "castles block opponents",
        "rule_castle_blocks_enemy_off": "castles do not block opponents",
        "rule_must_capture_before_home_on": "a capture before going home",
        "rule_must_capture_before_home_off": "no capture needed before going home",
        "rule_revenge_rule_on": "the revenge rule",
        "rule_revenge_rule_off": "no revenge rule",
        "rule_turn_mode_move_each_throw": "a move after each throw",
        "rule_turn_mode_throw_then_move": "a series of throws, then the moves",
        "rule_cancel_three_on": "three high throws in a row are cancelled",
        "rule_cancel_three_off": "no cancelled throws",
        "rule_pyada_on": "with pyada",
        "rule_pyada_off": "without pyada",
        "rule_teams_on": "teams (South and North against East and West)",
        "rule_teams_off": "no teams",
        # -- the coach (coach.py): each move's chance to win, and the tutor's verdict
        "coach_move": "the move {start:from_step} {end:to_step} with the {value}",
        "coach_move_enter": "bringing a piece onto the board, {end:to_step}, with the {value}",
        "coach_move_pass": "passing",
        "coach_position": "this position",
        "coach_exact": "exact",
        "coach_col_move": "Move",
        "coach_col_chance": "Chance to win",
        "coach_col_interval": "95% interval",
        "coach_col_loss": "Behind the best (points)",
        "coach_col_rollouts": "Games played on",
        "coach_note_over": "The game is over: {seat} has won.",
        "coach_note_team_over": "The game is over: {seat} and {partner} have won.",
        "coach_note_dead": "The game is over without a winner.",
        "coach_note_throw": "{seat} must throw first: there is no move to choose yet. Before the "
        "throw, {seat}'s chance to win is {chance}.",
        "coach_note_only_move": "{seat} has only one legal move here: there is nothing to choose.",
        "coach_note_budget": "The time ran out before every game asked for was played (per move: "
        "{done} of {total}), so the intervals are wider than asked for.",
        "coach_only": "{move} is the only legal move: there is nothing to choose.",
        "coach_best": "A good move: {move} has the best chance to win here ({chance}).",
        "coach_close": "A good move: {move} wins {chance} of the games, close to the best move's "
        "{best}.",
        "coach_worse": "{grade}: {move} lowers the chance to win from {best} to {chance}. Better "
        "is {better}.",
        "coach_grade_inaccuracy": "Inaccuracy",
        "coach_grade_mistake": "Mistake",
        "coach_grade_blunder": "Blunder",
        # -- hints, tutor and heat maps on the board
        "hint_thinking": "Thinking… {pct}% of the games played on",
        "hint_win": "chance to win {chance}",
        "hint_win_pm": "chance to win {chance} ±{pm}",
        "hint_best": "the best move",
        "hint_pass": "Pass: {chance}",
        "hint_about": "Chances to win for {seat}, from {rollouts} games played on after each move.",
        "hint_about_exact": "Chances to win for {seat}, computed exactly.",
        "hint_about_budget": "Chances to win for {seat}, from {rollouts} games played on after "
        "each move (as many as the time allowed: the ± says how sure each chance is).",
        "tutor_says": "Tutor: {verdict}",
        "heat_danger_title": "Danger for {seat}",
        "heat_danger_caption": "The chance that an opponent can land on the square before "
        "{seat}'s next turn (an exact count of the throws, not a simulation). Castles are safe.",
        "heat_reach_title": "Where the piece from step {step} can stand",
        "heat_reach_title_waiting": "Where a piece from the Charkoni can stand",
        "heat_reach_caption": "The chance that {seat}'s piece stands on the square when this turn "
        "ends, when every throw that can move it does.",
        "heat_square": "{what}: {pct}",
        "heat_home": "home: {pct}",
        "heat_stays": "stays where it is: {pct}",
        "heat_scale_low": "less likely",
        "heat_scale_high": "more likely",
        "heat_nothing": "No square is coloured: nothing can land there this turn.",
        "msg_overlay": "the overlay must be one of {choices}, not {got}",
        "msg_hint_on": "a hint intent's 'on' must be true or false, not {got}",
        # -- replay, analysis and practice (the timeline and question panels)
        "replay_bad_record": "A replay needs a game, a game record (a dict) or its JSON text, not {type}.",
        "replay_bad_index": "The timeline goes from 0 to {count}, not {got}.",
        "replay_bad_seats": "The seats to analyse must be a list of seats in play ({seats}), not {got}.",
        "replay_status": "Replay — move {index} of {count}.",
        "replay_from_here": "Play goes on from move {index}: the later moves are dropped, and Undo "
        "goes back into the replayed part.",
        "replay_analysing": "Analysing… {done} of {total} moves",
        "replay_analysed": "Analysis done. Moves judged: {total}. Blunders: {blunders}, mistakes: "
        "{mistakes}, inaccuracies: {inaccuracies}.",
        "replay_mark": "Move {index}: {detail}, {loss} points of winning chance lost",
        "replay_point": "Move {index}: {seat} has a {pct}% chance to win",
        "replay_ended": "The replay is closed; the game on the board is live again.",
        "msg_not_replaying": "no game is being replayed (replay one with w.replay(...) or Load)",
        "msg_replaying": "the board is replaying a game: choose Play from here to play on from it",
        "msg_replay_index": "the timeline goes from 0 to {count}, not {got}",
        "msg_quiz_off": "practice mode is off (turn it on with w.quiz = True)",
        "msg_no_question": "there is no question to answer",
        "msg_answered": "this question has been answered already; ask another one",
        "msg_stale_question": "that answer was for an earlier question",
        "msg_bad_choice": "an answer must be the number of one of the {count} choices, not {got}",
        "msg_bad_start": "a piece is named by its step 0..83, not {got}",
        "quiz_bad_square": "That is not a square of the board: {got}.",
        "quiz_off_track": "{seat}'s piece {start:at_step} cannot reach that square: it is not on its "
        "way ahead.",
        "quiz_moved": "Allowed — {detail}.",
        "quiz_on": "Practice: no hints. Click a piece, then the square where it should go.",
        "q_capture": "Which move of {seat} captures?",
        "q_safe": "Which piece of {seat} is safe on a castle?",
        "q_chance_throw": "What is the chance that the next throw is a {value}?",
        "q_chance_hit": "What is the chance that {seat}'s piece on step {start} is captured before "
        "{seat}'s next turn?",
        "q_none": "None of them",
        "q_piece": "the piece {start:at_step}",
        "q_percent": "{pct}%",
        "q_why_capture": "{detail} captures {victims} on step {end}.",
        "q_why_no_capture": "No legal move of {seat} ends on an opponent's piece outside a castle: "
        "none captures.",
        "q_why_safe": "Step {end} is a castle (the castles are the steps {values}): no opponent can "
        "capture a piece there.",
        "q_why_not_safe": "No piece of {seat} stands on a castle (the steps {values}).",
        "q_why_chance": "The exact chance is {fraction}, about {pct}%.",
        "q_right": "Right — {detail}.",
        "q_wrong": "Not quite — {detail}.",
        "q_needs_move": "{seat} has no throw to spend: this question needs a move to choose.",
        "q_no_moves": "{seat} can only pass: there is no move to ask about.",
        "q_bad_seat": "Seat {got} is not in play; seats in play: {seats}.",
        "q_no_pieces": "{seat} has no piece on the board.",
        "q_no_piece_at": "{seat} has no piece on step {start}.",
        "q_bad_value": "{got} is not a throw value; the values are {values}.",
        "q_unknown": "Unknown question {got}; the questions are {values}.",
        "q_bad_state": "A question needs a position of the game, not {type}.",
        "q_no_question": "There is no question to answer: ask one with w.ask(...).",
        "q_answered": "This question has been answered already; ask another one.",
        "q_bad_choice": "An answer must be the number of one of the {count} choices, not {got}.",
        "replay_not_replaying": "No game is being replayed: replay one with w.replay(...).",
        "quiz_bad_start": "A piece is named by its step, 0..83, not {got}.",
        "coach_why_capture": "It captures {victims} on step {end}.",
        "coach_why_home": "It brings a piece home.",
        "coach_why_escape": "It takes the piece {start:from_step} out of danger: left there, it is "
        "hit before your next turn with a chance of {p}.",
        "coach_why_castle": "It stops on the castle at step {end}, where no opponent can capture "
        "the piece.",
        "coach_why_safe": "It brings the piece {end:to_step}, where no opponent can reach it.",
        "coach_why_exposed": "Your move leaves the piece {end:at_step}, where an opponent hits it "
        "before your next turn with a chance of {p}.",
        "coach_why_enter": "It brings a new piece onto the board.",
        "coach_why_progress": "It moves {distance:steps} further than your move.",
        "coach_why_rollouts": "No single reason shows at once: played on from both moves with the "
        "same throws, the games favour it.",
        "coach_not_state": "the coach evaluates a game state (game.state), not {got}",
        "coach_bad_engine": "engine must be auto, numpy or python, not {got}",
        "coach_bad_rollouts": "rollouts must be a whole number 1..{max}, not {got}",
        "coach_bad_seed": "the seed must be a whole number 0 <= seed < 2**128, not {got}",
        "coach_bad_budget": "the budget must be a number of seconds above 0, not {got}",
        "coach_bad_progress": "progress must be a function progress(done, total), True or None, "
        "not {got}",
        "coach_policy_count": "the policy must give one player per seat in play ({players}), not "
        "{count}",
        "coach_bad_policy": "the policy must be one of the computer players {agents} or an object "
        "with choose(state, rng), not {got}",
        "coach_numpy_cannot": "the numpy engine plays the move_each_throw rules without split_throw "
        "or revenge_rule, with the built-in players only; use engine='python' for these",
        "coach_bad_margin": "the margin must be a chance, 0 <= margin < 1, not {got}",
        "coach_no_move": "{seat} must throw first: there is no move to judge yet",
        "coach_over": "the game is over: there is no move to judge",
        "coach_other_evaluation": "the evaluation given belongs to another position",
        "coach_bad_language": "the language must be en (English) or ro (Romanian), not {got}",
        "coach_bad_exact": "exact must be True or False, not {got}",
        "coach_numpy_missing": "numpy is not installed here; use engine='python' (or 'auto')",
    },
    "ro": {
        # -- aruncări
        "throw": "{seat} aruncă {value} ({up:mouths} în sus).",
        "grace_enter": "Har! {seat} poate introduce o piesă pe tablă și aruncă din nou.",
        "grace_move": "Har! Aruncarea de {value} mută o piesă, apoi {seat} aruncă din nou.",
        "grace_lost": "Har! Dar aruncarea de {value} nu poate fi folosită și se pierde; {seat} "
        "aruncă totuși din nou.",
        "grace_series": "Har! {seat} aruncă din nou imediat; aruncarea de {value} se adaugă la "
        "aruncările de folosit.",
        "bonus_grace": "Har fără introducere: {seat} aruncă din nou, pentru că are o piesă pe tablă "
        "(aruncarea de {value} nu introduce niciodată o piesă).",
        "bonus_never_enters": "Aruncarea de {value} nu introduce niciodată pe tablă o piesă din "
        "Charkoni, nici măcar prima piesă: este un har fără introducere, care dă o nouă aruncare "
        "doar cât timp o piesă este pe tablă.",
        "lost": "Nicio piesă nu poate folosi aruncarea de {value}: aruncarea se pierde, iar {seat} "
        "poate doar să treacă.",
        "cancelled": "Trei aruncări mari consecutive ({values}) se anulează, iar seria de aruncări "
        "se încheie.",
        "cancelled_high": "Trei aruncări mari consecutive ({values}) se anulează, iar seria de "
        "aruncări se încheie.",
        "cancelled_same": "Trei aruncări de {value} consecutive se anulează, iar seria de aruncări "
        "se încheie.",
        "series_on": "Aruncări de folosit până acum: {pool}.",
        "series_done": "{seat} folosește acum aruncările {pool}, câte una la fiecare mutare, în "
        "orice ordine.",
        "series_done_one": "{seat} folosește acum aruncarea de {pool}.",
        "pyada_earned": "Cu pyada, aruncarea de {value} duce piesa {steps:steps} (toate piesele lui "
        "{seat} au intrat).",
        "mouths_up": "{up:mouths} în sus",
        # -- mutări
        "enter_square1": "{seat} introduce o piesă pe tablă, pe pătratul 1, cu harul de {value} "
        "(valoarea harului nu se adaugă).",
        "enter_count": "{seat} introduce o piesă pe tablă cu harul de {value}: piesa avansează "
        "{distance:steps} din Charkoni și ajunge pe pătratul {end}.",
        "first_piece": "Prima piesă a lui {seat} intră la orice aruncare: avansează "
        "{distance:steps} din Charkoni și ajunge pe pătratul {end}.",
        "move": "{seat} mută o piesă {start:from_step} {end:to_step} cu aruncarea de {value}.",
        "split_part": "Aruncare împărțită: aruncarea de {value} mai are {left:steps} pentru alte "
        "piese.",
        "pyada": "Pyada: aruncarea de {value} duce piesa un pătrat în plus ({steps:steps} în "
        "total).",
        "capture": "{seat} capturează {victims} pe pătratul {end}; ele se întorc în Charkoni și pot "
        "reintra doar cu un har.",
        "capture_one": "{seat} capturează {victims} pe pătratul {end}; ea se întoarce în Charkoni și "
        "poate reintra doar cu un har.",
        "extra_throw": "Captura îi aduce lui {seat} încă o aruncare.",
        "new_series": "Captura îi aduce lui {seat} o nouă serie de aruncări.",
        "castle": "Pătratul {end} este un castel: acolo piesa nu poate fi capturată.",
        "twenty_five": "Acesta este castelul de 25, la exact 25 de pătrate de casă: o aruncare de "
        "25 aduce piesa acasă.",
        "twenty_five_waiting": "Acesta este castelul de 25, la 25 de pătrate de casă; dar cât timp "
        "{seat} are piese care așteaptă în Charkoni, o aruncare de 25 poate doar să introducă una "
        "dintre ele. Piesa termină cu o aruncare de 25 doar după ce toate piesele lui {seat} au "
        "intrat, iar fiecare piesă care așteaptă are nevoie de propria aruncare de 25 sau de alt "
        "har.",
        "twenty_five_pyada": "Acesta este castelul de 25, la 25 de pătrate de casă; dar cu pyada "
        "aruncarea de 25 duce piesa 26 de pătrate, deci piesa nu poate termina cu ea.",
        "twenty_five_must_capture": "Acesta este castelul de 25, la 25 de pătrate de casă; dar "
        "{seat} trebuie să captureze o piesă adversă înainte ca vreo piesă să treacă de pătratul "
        "76.",
        "home": "Aruncare exactă: piesa a ajuns acasă: s-a întors în Charkoni, cu drumul încheiat "
        "(tabla o arată lângă numele jucătorului, la „acasă”).",
        "release": "Piesa de pe ultimul pătrat ajunge acasă cu aruncarea de {value} (eliberarea de "
        "pe ultimul pătrat).",
        "revenge": "Răzbunare: {seat} a capturat imediat înapoi piesa care capturase, deci captura "
        "lui {capturer} nu mai contează.",
        "pass": "{seat} trece.",
        "pass_pool": "{seat} trece și renunță la aruncările {pool}.",
        "pass_pool_one": "{seat} trece și renunță la aruncarea de {pool}.",
        "throw_again": "{seat} aruncă din nou.",
        "turn": "La rând: {seat}.",
        "win": "{seat} și-a adus toate cele patru piese acasă și câștigă!",
        "team_win": "{seat} și {partner} și-au adus toate cele opt piese acasă: echipa lor câștigă!",
        "dead": "Niciun jucător nu mai poate muta: jocul se încheie fără câștigător.",
        # -- etichetele mutărilor posibile
        "label_pass": "{who}: trece",
        "label_enter": "{who}: introduce o piesă pe tablă, {end:to_step}, cu aruncarea de {value}",
        "label_move": "{who}: mută piesa {start:from_step} {end:to_step} cu aruncarea de {value}",
        "label_captures": ", capturând {victims}",
        # -- refuzuri
        "illegal": "Această mutare nu este permisă aici.",
        "not_legal": "{seat} nu poate muta o piesă {start:from_step} {end:to_step} cu aruncarea de "
        "{value}.",
        "not_a_move": "Aceasta nu este o mutare: {got}.",
        "game_over": "Jocul s-a încheiat: nu mai sunt aruncări sau mutări.",
        "throw_first": "{seat} trebuie mai întâi să arunce cojile de cowrie.",
        "move_due": "{seat} trebuie mai întâi să folosească aruncările {pending} sau să treacă.",
        "move_due_one": "{seat} trebuie mai întâi să folosească aruncarea de {pending} sau să "
        "treacă.",
        "not_your_turn": "La rând este {to_move}, nu {seat}.",
        "bad_kind": "O mutare poate fi doar intrare, deplasare sau trecere, nu {kind}.",
        "no_such_throw": "{seat} nu are o aruncare de {value} de folosit; aruncări de folosit: "
        "{pending}.",
        "continue_split": "{seat} trebuie să folosească restul aruncării de {split} (încă "
        "{left:steps}) sau să treacă.",
        "no_piece_there": "{seat} nu are nicio piesă {start:at_step}.",
        "already_home": "Piesa aceasta este deja acasă.",
        "enter_from_charkoni": "Doar o piesă care așteaptă în Charkoni poate fi introdusă pe tablă.",
        "needs_grace": "O piesă se introduce pe tablă doar cu un har ({graces}); aruncarea de "
        "{value} nu este un har.",
        "no_split_entry": "Intrarea folosește un har întreg: nu poate fi o parte dintr-o aruncare "
        "împărțită.",
        "enters_on_1": "Piesa introdusă ajunge pe pătratul 1, oricare ar fi harul (niciodată pe "
        "pătratul {value}).",
        "grace_must_enter": "Cât timp {seat} are piese care așteaptă în Charkoni, harul de {value} "
        "poate doar să introducă una pe tablă (sau {seat} trece).",
        "piece_used": "Piesa aceasta s-a mutat deja cu această aruncare: fiecare piesă poate folosi "
        "o singură parte a aruncării.",
        "forward_only": "Piesele se mută doar înainte, pe traseul lor.",
        "overshoot": "Acasă se ajunge doar cu o aruncare exactă: piesa {start:from_step} este la "
        "{home_in:steps} de casă, deci nu poate avansa {distance:steps}.",
        "must_capture": "{seat} trebuie să captureze o piesă adversă înainte ca vreo piesă să treacă "
        "de pătratul 76 spre casă.",
        "castle_held": "Pătratul {end} este un castel ocupat de {holder}: niciun adversar nu se "
        "poate opri acolo.",
        "wrong_distance": "Aruncarea de {value} duce o piesă exact {distance:steps}.",
        "nothing_to_undo": "Nu este nimic de luat înapoi: acesta este începutul jocului.",
        # -- mesajele tablei
        "bad_message": "Tabla a trimis un mesaj care nu a putut fi înțeles: {detail}.",
        "bad_position": "Poziția nu poate fi pregătită: {detail}.",
        "bad_record": "Fișierul nu a putut fi încărcat, deci jocul curent se păstrează: {detail}.",
        "stale_move": "Mutarea aceasta nu mai este disponibilă (poziția s-a schimbat); alege din nou.",
        "loaded": "Jocul a fost încărcat.",
        "new_game": "Joc nou: începe {seat}.",
        "setup": "Poziția a fost pregătită. La rând: {seat}.",
        "saved": "Jocul se descarcă în fișierul {filename}.",
        "undone": "{action} a fost luată înapoi.",
        "undone_several": "Au fost luate înapoi: {actions}.",
        "undone_new_game": "Jocul nou a fost luat înapoi: jocul de dinainte continuă.",
        "undo_item_throw": "aruncarea de {value} a lui {seat}",
        "undo_item_move": "mutarea lui {seat} {start:from_step} {end:to_step}",
        "undo_item_pass": "trecerea lui {seat}",
        "error_unknown": "datele nu sunt valide",
        "internal_error": "eroare internă ({kind}); detaliile sunt în jurnal",
        # -- de ce mesajul tablei nu a fost înțeles
        "msg_not_object": "se aștepta un obiect cu un tip de intenție, nu {type}",
        "msg_unknown_kind": "tip de intenție necunoscut: {got}",
        "msg_bad_up": "numărul de guri în sus trebuie să fie un număr întreg de la 0 la {shells}, "
        "nu {got}",
        "msg_computer_seat": "{seat} este jucat de calculator",
        "msg_no_computer": "nu este rândul niciunui jucător al calculatorului",
        "msg_move_id": "o mutare are nevoie de identificatorul unei mutări posibile (un text), nu "
        "{got}",
        "msg_players": "numărul de jucători trebuie să fie 2, 3 sau 4, nu {got}",
        "msg_seed": "sămânța trebuie să fie un număr întreg, nu {got}",
        "msg_preset": "regulile trebuie să fie unul dintre seturile {presets}, nu {got}",
        "msg_seat": "locul trebuie să fie unul dintre {seats}, nu {got}",
        "msg_player": "jucătorul trebuie să fie un jucător uman sau unul dintre jucătorii "
        "calculatorului ({agents}), nu {got}",
        "msg_language": "limba trebuie să fie ro (română) sau en (engleză), nu {got}",
        "load_not_text": "se aștepta textul unui joc salvat (JSON)",
        # -- poziții imposibile
        "position_not_list": "poziția trebuie să fie o listă cu 4 elemente (S, E, N, V), fiecare "
        "cu pătratele celor 4 piese sau gol pentru un loc liber",
        "position_piece_count": "{seat} trebuie să aibă exact 4 piese, nu {got}",
        "position_step_range": "{seat}: pătratul unei piese trebuie să fie între 0 și 84, nu {got}",
        "position_too_few_seats": "un joc are nevoie de cel puțin 2 locuri ocupate, nu {count}",
        "position_teams_seats": "jocul în echipe are nevoie de toate cele 4 locuri (S și N contra "
        "E și V)",
        "position_shared_square": "{seat} pe pătratul {step} și {other} pe pătratul {other_step} "
        "stau pe același pătrat, care nu este castel: unul l-ar fi capturat pe celălalt",
        "position_to_move": "la rând trebuie să fie un loc în joc ({seats}), nu {seat}",
        "position_captured_list": "capturile trebuie date ca o listă de locuri în joc ({seats})",
        "position_captured": "un loc care a capturat trebuie să fie în joc ({seats}), nu {seat}",
        "position_finished_to_move": "{seat} are toate cele patru piese acasă și nu poate fi la rând",
        "throw_up_range": "numărul de guri în sus trebuie să fie între 0 și {shells}, nu {got}",
        "throw_no_value": "tabelul {table} nu are o aruncare de {value}; valorile lui sunt {values}",
        "throw_up_and_value": "dă fie numărul de guri în sus, fie valoarea aruncării, nu amândouă",
        # -- înregistrări de joc
        "record_not_utf8": "înregistrarea jocului nu este un text UTF-8",
        "record_json_type": "se aștepta textul JSON al unei înregistrări de joc, nu {type}",
        "record_too_long": "înregistrarea jocului este prea lungă: {length:characters}, cel mult "
        "{max}",
        "record_json": "înregistrarea jocului nu este JSON valid (linia {line}, coloana {column})",
        "record_too_deep": "înregistrarea jocului are mai mult de {max} niveluri imbricate: nu este "
        "o înregistrare de joc pachisi_widget",
        "record_not_object": "o înregistrare de joc trebuie să fie un obiect JSON, nu {type}",
        "record_format": "nu este o înregistrare de joc pachisi_widget: formatul este {got}, nu "
        "{expected}",
        "record_version_type": "versiunea înregistrării trebuie să fie un număr întreg, nu {got}",
        "record_version_newer": "înregistrarea are versiunea de format {version}, mai nouă decât "
        "poate citi această versiune de pachisi_widget (cel mult {supported}): actualizează "
        "pachisi_widget ca să o deschizi",
        "record_version_unknown": "versiune de înregistrare necunoscută: {version}",
        "record_unknown_fields": "înregistrarea are câmpuri necunoscute: {fields}",
        "record_rules": "regulile din înregistrare nu sunt valide: {cause}",
        "record_missing": "înregistrarea este trunchiată sau greșită: lipsește „{key}”",
        "record_wrong_type": "câmpul „{key}” al înregistrării are un tip greșit: {type}",
        "record_start_missing": "poziția de început este trunchiată sau greșită: lipsește „{key}”",
        "record_start_wrong_type": "câmpul „{key}” al poziției de început are un tip greșit: {type}",
        "record_too_many_actions": "înregistrarea are {count:actions}, mai multe decât cele {max} "
        "permise",
        "record_phase": "faza din înregistrare trebuie să fie aruncare, mutare sau sfârșit, nu {got}",
        "record_whole_number": "{field} din înregistrare trebuie să fie un număr întreg, nu {type}",
        "record_range": "{field} din înregistrare trebuie să fie între {low} și {high}, nu {got}",
        "record_seat_count": "înregistrarea trebuie să aibă între 2 și 4 locuri, nu {count}",
        "record_seat_order": "locurile din înregistrare trebuie să fie diferite și în ordine "
        "crescătoare, nu {got}",
        "record_pieces_entries": "{field} din înregistrare trebuie să aibă 4 elemente (S, E, N, V), "
        "nu {count}",
        "record_pieces_steps": "{field} din înregistrare trebuie să dea 4 pătrate pentru fiecare loc "
        "în joc, nu {got}",
        "record_start_type": "poziția de început din înregistrare trebuie să fie un obiect sau null",
        "record_start_fields": "poziția de început din înregistrare trebuie să aibă exact câmpurile "
        "pentru piese, locul la rând și capturi",
        "record_start_captured_count": "poziția de început din înregistrare are mai mult de 4 locuri "
        "care au capturat",
        "record_opening_rounds": "înregistrarea are {count:rounds} de aruncări de început, mai mult "
        "decât cele 1000 permise",
        "record_opening_round": "o rundă de început trebuie să aibă între 1 și 4 perechi [loc, guri "
        "în sus], nu {got}",
        "record_opening_throw": "o aruncare de început trebuie să fie [loc, guri în sus], nu {got}",
        "record_action_type": "acțiunea {index} din {count} trebuie să fie un obiect, nu {got}",
        "record_throw_up": "acțiunea {index} din {count}: o aruncare trebuie să dea numărul de guri "
        "în sus ca număr întreg între 0 și 7, nu {got}",
        "record_forced": "acțiunea {index} din {count}: câmpul „forced” (aruncare forțată) trebuie "
        "să fie adevărat sau fals, nu {got}",
        "record_move_shape": "acțiunea {index} din {count}: o mutare trebuie să fie [loc, fel, de la, "
        "până la, valoare], nu {got}",
        "record_move_kind": "acțiunea {index} din {count}: felul unei mutări trebuie să fie intrare, "
        "deplasare sau trecere, nu {got}",
        "record_pass_shape": "acțiunea {index} din {count}: o trecere nu are început, sfârșit sau "
        "valoare (acestea sunt null)",
        "record_action_unknown": "acțiunea {index} din {count} trebuie să fie exact o aruncare sau o "
        "mutare, nu un obiect cu câmpurile {fields}",
        "record_seats": "locurile din înregistrare ({seats}) nu se potrivesc cu {players:players}",
        "record_start": "poziția de început din înregistrare nu este validă: {cause}",
        "record_opening": "aruncările de început din înregistrare nu rezultă din sămânța ei, care "
        "dă {expected}: înregistrarea a fost modificată sau are altă sămânță",
        "record_action": "acțiunea {index} din {count}: {cause}",
        "record_replay": "acțiunea {index} din {count} ({action}) nu poate fi reluată: {cause}",
        "record_throw_seed": "înregistrarea spune {up:mouths} în sus, dar sămânța ei dă {seed_up}: "
        "înregistrarea a fost modificată sau are altă sămânță",
        "record_position": "poziția din înregistrare, {position}, nu se potrivește cu acțiunile ei, "
        "care dau {expected}",
        "record_mismatch": "{field} din înregistrare ({got}) nu se potrivește cu acțiunile ei, care "
        "dau {expected}",
        # -- verificarea exercițiilor
        "check_right": "Corect! {why}",
        "check_no_answer": "Încă nu ai răspuns. Indiciu: {hint}",
        "check_wrong": "Nu chiar: {answer} nu este răspunsul.",
        "check_wrong_hint": "Nu chiar: {answer} nu este răspunsul. Indiciu: {hint}",
        # -- exercițiile lecțiilor (lessons.exercise)
        "exercise_right": "Corect! {why}",
        "exercise_blank": "Încă nu ai răspuns: scrie răspunsul tău în locul lui ... și rulează "
        "din nou celula. Răspunde cu {form}. Pentru un indiciu, rulează {hint_call}.",
        "exercise_wrong": "Nu chiar: {answer} nu este răspunsul. Pentru un indiciu, rulează "
        "{hint_call}.",
        "exercise_mistake": "Nu chiar: {answer} {mistake}",
        "exercise_close": "Aproape: {answer} este aproape de răspuns, dar nu cu "
        "{decimals:decimals}. Rotunjește la {decimals:decimals} sau dă o fracție.",
        "exercise_comma": "Nu chiar: Python citește {answer} ca două numere. Scrie numărul "
        "zecimal cu punct, de exemplu 0.25 (sau ca text: \"0,25\").",
        "exercise_unreadable": "Nu chiar: {answer} nu este {form}.",
        "exercise_hint": "Indiciu: {hint}",
        "exercise_answer": "Răspunsul: {expected}. De ce: {why}",
        "exercise_form_number": "o fracție (Fraction(1, 64) sau \"1/64\") sau un număr zecimal "
        "cu {decimals:decimals}",
        "exercise_form_integer": "un număr întreg",
        "exercise_form_values": "o mulțime de numere, de exemplu {{3, 5}}",
        "exercise_form_steps": "o listă cu {size:steps}, câte unul pentru fiecare piesă, în orice "
        "ordine",
        "exercise_form_seats": "o listă cu locurile, în ordine, de exemplu {example}",
        "exercise_form_letters": "o mulțime de litere, de exemplu {{\"a\", \"b\"}}",
        "exercise_form_choice": "unul dintre cuvintele {choices}",
        # -- o estimare lângă rezultatul calculat (lessons.compare)
        "compare_blank": "Încă nu ai scris o estimare: scrie-o în locul lui ... înainte de această "
        "celulă, apoi rulează din nou ambele celule. Rezultatul: {what} = {value}.",
        "compare_right": "Exact! Ai estimat {guess}, iar {what} = {value}.",
        "compare_close": "Aproape! Ai estimat {guess}, iar {what} = {value}: diferența este {gap}.",
        "compare_high": "Ai estimat {guess}, iar {what} = {value}: estimarea ta a fost cu {gap} "
        "prea mare.",
        "compare_low": "Ai estimat {guess}, iar {what} = {value}: estimarea ta a fost cu {gap} "
        "prea mică.",
        "compare_choice_right": "Bine ghicit! Ai ales {guess}, iar {what} = {value}.",
        "compare_choice_wrong": "Ai ales {guess}, iar {what} = {value}: de data aceasta nu. "
        "Privește din nou numerele.",
        "compare_unreadable": "Estimarea ta, {guess}, nu este {form}, deci nu poate fi comparată. "
        "Rezultatul: {what} = {value}.",
        "compare_comma": "Python citește estimarea ta, {guess}, ca două numere: scrie 7.5 sau "
        "\"7,5\" între ghilimele. Rezultatul: {what} = {value}.",
        "compare_form_number": "un număr (de exemplu 7, 7.5, \"7,5\" sau \"15/2\")",
        "compare_form_choice": "una dintre variantele {choices}",
        # -- controale care redesenează (lessons.explore), acolo unde nu se pot arăta cursoare
        "explore_static": "(Cursoarele au nevoie de ipywidgets într-un notebook deschis: iată "
        "rezultatul pentru {settings}.)",
        # -- desenul static
        "svg_stack": "{seat} are {count:pieces} {step:at_step}",
        "svg_stack_returning": "{seat} are {count:pieces} {step:at_step}, pe drumul spre casă",
        "svg_counts": "în Charkoni: {waiting} · acasă: {home}",
        # -- reguli în cuvinte
        "rule_throw_table": "tabelul {table} ({shells:cowries})",
        "rule_p_mouth_up": "probabilitatea unei guri în sus {p}",
        "rule_entry_graces": "haruri de intrare {values}",
        "rule_entry_graces_none": "fără haruri de intrare",
        "rule_bonus_graces": "haruri fără introducere {values}",
        "rule_bonus_graces_none": "niciun har fără introducere",
        "rule_last_square_release": "eliberare de pe ultimul pătrat cu {values}",
        "rule_last_square_release_none": "fără eliberare de pe ultimul pătrat",
        "rule_first_piece_any_throw_on": "prima piesă intră la orice aruncare",
        "rule_first_piece_any_throw_off": "și prima piesă are nevoie de un har",
        "rule_entry_mode_square1": "piesa introdusă ajunge pe pătratul 1",
        "rule_entry_mode_count_from_charkoni": "piesa introdusă avansează din Charkoni cât "
        "valoarea harului",
        "rule_grace_moves_before_all_entered_on": "un har poate muta o piesă cât timp altele "
        "așteaptă",
        "rule_grace_moves_before_all_entered_off": "un har trebuie să introducă o piesă care "
        "așteaptă",
        "rule_split_throw_on": "aruncări împărțite",
        "rule_split_throw_off": "fără aruncări împărțite",
        "rule_capture_extra_throw_on": "o aruncare în plus după o captură",
        "rule_capture_extra_throw_off": "fără aruncare în plus după o captură",
        "rule_castle_blocks_enemy_on": "castelele opresc adversarii",
        "rule_castle_blocks_enemy_off": "castelele nu opresc adversarii",
        "rule_must_capture_before_home_on": "o captură obligatorie înainte de casă",
        "rule_must_capture_before_home_off": "fără captură obligatorie înainte de casă",
        "rule_revenge_rule_on": "regula răzbunării",
        "rule_revenge_rule_off": "fără regula răzbunării",
        "rule_turn_mode_move_each_throw": "o mutare după fiecare aruncare",
        "rule_turn_mode_throw_then_move": "întâi seria de aruncări, apoi mutările",
        "rule_cancel_three_on": "trei aruncări mari consecutive se anulează",
        "rule_cancel_three_off": "fără aruncări anulate",
        "rule_pyada_on": "cu pyada",
        "rule_pyada_off": "fără pyada",
        "rule_teams_on": "în echipe (Sud și Nord contra Est și Vest)",
        "rule_teams_off": "fără echipe",
        # -- antrenorul (coach.py): șansa de câștig a fiecărei mutări și verdictul
        "coach_move": "mutarea {start:from_step} {end:to_step} cu aruncarea de {value}",
        "coach_move_enter": "introducerea unei piese pe tablă, {end:to_step}, cu aruncarea de "
        "{value}",
        "coach_move_pass": "trecerea",
        "coach_position": "această poziție",
        "coach_exact": "exact",
        "coach_col_move": "Mutare",
        "coach_col_chance": "Șansa de câștig",
        "coach_col_interval": "Interval de 95%",
        "coach_col_loss": "Față de cea mai bună (puncte)",
        "coach_col_rollouts": "Partide jucate mai departe",
        "coach_note_over": "Jocul s-a încheiat: a câștigat {seat}.",
        "coach_note_team_over": "Jocul s-a încheiat: au câștigat {seat} și {partner}.",
        "coach_note_dead": "Jocul s-a încheiat fără câștigător.",
        "coach_note_throw": "{seat} trebuie mai întâi să arunce: încă nu este nicio mutare de ales. "
        "Înainte de aruncare, șansa de câștig a lui {seat} este {chance}.",
        "coach_note_only_move": "{seat} are aici o singură mutare permisă: nu este nimic de ales.",
        "coach_note_budget": "Timpul s-a terminat înainte să fie jucate toate partidele cerute "
        "(pentru fiecare mutare: {done} din {total}), deci intervalele sunt mai largi decât s-a "
        "cerut.",
        "coach_only": "{move} este singura mutare permisă: nu este nimic de ales.",
        "coach_best": "O mutare bună: {move} are aici cea mai mare șansă de câștig ({chance}).",
        "coach_close": "O mutare bună: {move} câștigă {chance} din partide, aproape de {best}, cât "
        "câștigă cea mai bună mutare.",
        "coach_worse": "{grade}: {move} scade șansa de câștig de la {best} la {chance}. Mai bună "
        "este {better}.",
        "coach_grade_inaccuracy": "Imprecizie",
        "coach_grade_mistake": "Greșeală",
        # -- indicii, tutore și hărți de culoare pe tablă
        "hint_thinking": "Mă gândesc… {pct}% din partidele de încercare jucate",
        "hint_win": "șansa de câștig {chance}",
        "hint_win_pm": "șansa de câștig {chance} ±{pm}",
        "hint_best": "cea mai bună mutare",
        "hint_pass": "Treci: {chance}",
        "hint_about": "Șansele de câștig ale lui {seat}, din {rollouts} partide de încercare după "
        "fiecare mutare.",
        "hint_about_exact": "Șansele de câștig ale lui {seat}, calculate exact.",
        "hint_about_budget": "Șansele de câștig ale lui {seat}, din {rollouts} partide de încercare "
        "după fiecare mutare (câte a permis timpul: ± arată cât de sigură este fiecare șansă).",
        "tutor_says": "Tutore: {verdict}",
        "heat_danger_title": "Pericol pentru {seat}",
        "heat_danger_caption": "Șansa ca un adversar să poată ajunge pe pătrat înainte de "
        "următorul rând al lui {seat} (o numărare exactă a aruncărilor, nu o simulare). Castelele "
        "sunt sigure.",
        "heat_reach_title": "Unde poate ajunge piesa de pe pătratul {step}",
        "heat_reach_title_waiting": "Unde poate ajunge o piesă din Charkoni",
        "heat_reach_caption": "Șansa ca piesa lui {seat} să fie pe pătrat la sfârșitul acestui "
        "rând, dacă o mută fiecare aruncare care o poate muta.",
        "heat_square": "{what}: {pct}",
        "heat_home": "acasă: {pct}",
        "heat_stays": "rămâne pe loc: {pct}",
        "heat_scale_low": "mai puțin probabil",
        "heat_scale_high": "mai probabil",
        "heat_nothing": "Niciun pătrat nu e colorat: nimic nu poate ajunge acolo în acest rând.",
        "msg_overlay": "harta de culoare trebuie să fie una dintre {choices}, nu {got}",
        "msg_hint_on": "câmpul „on” al unei cereri de indicii trebuie să fie true sau false, nu {got}",
        "coach_grade_blunder": "Greșeală gravă",
        # -- reluare, analiză și exersare (panourile cronologiei și al întrebărilor)
        "replay_bad_record": "O reluare are nevoie de un joc, de înregistrarea unui joc (un dict) sau "
        "de textul ei JSON, nu de {type}.",
        "replay_bad_index": "Cronologia merge de la 0 la {count}, nu {got}.",
        "replay_bad_seats": "Locurile de analizat trebuie să fie o listă de locuri în joc ({seats}), "
        "nu {got}.",
        "replay_status": "Reluare — mutarea {index} din {count}.",
        "replay_from_here": "Jocul continuă de la mutarea {index}: mutările de după ea dispar, iar "
        "„Ia înapoi” merge înapoi în partea reluată.",
        "replay_analysing": "Se analizează… mutarea {done} din {total}",
        "replay_analysed": "Analiză încheiată. Mutări judecate: {total}. Greșeli grave: {blunders}, "
        "greșeli: {mistakes}, imprecizii: {inaccuracies}.",
        "replay_mark": "Mutarea {index}: {detail}, puncte de șansă de câștig pierdute: {loss}",
        "replay_point": "Mutarea {index}: {seat} are o șansă de câștig de {pct}%",
        "replay_ended": "Reluarea s-a închis; jocul de pe tablă continuă.",
        "msg_not_replaying": "nu se reia niciun joc (reia unul cu w.replay(...) sau cu „Încarcă”)",
        "msg_replaying": "tabla reia un joc: alege „Joacă de aici” ca să continui de la el",
        "msg_replay_index": "cronologia merge de la 0 la {count}, nu {got}",
        "msg_quiz_off": "exersarea este oprită (pornește-o cu w.quiz = True)",
        "msg_no_question": "nu este nicio întrebare la care să răspunzi",
        "msg_answered": "ai răspuns deja la această întrebare; cere alta",
        "msg_stale_question": "răspunsul era pentru o întrebare mai veche",
        "msg_bad_choice": "un răspuns trebuie să fie numărul uneia dintre cele {count} variante, nu {got}",
        "msg_bad_start": "o piesă se numește după pătratul ei, 0..83, nu {got}",
        "quiz_bad_square": "Acesta nu este un pătrat al tablei: {got}.",
        "quiz_off_track": "Piesa lui {seat} {start:at_step} nu poate ajunge pe acel pătrat: nu se "
        "află pe drumul ei înainte.",
        "quiz_moved": "Permis — {detail}.",
        "quiz_on": "Exersare: fără indicii. Apasă pe o piesă, apoi pe pătratul unde trebuie să ajungă.",
        "q_capture": "Care mutare a lui {seat} capturează?",
        "q_safe": "Care piesă a lui {seat} este în siguranță pe un castel?",
        "q_chance_throw": "Care este șansa ca următoarea aruncare să fie {value}?",
        "q_chance_hit": "Care este șansa ca piesa lui {seat} de pe pătratul {start} să fie capturată "
        "înainte să-i vină din nou rândul lui {seat}?",
        "q_none": "Niciuna",
        "q_piece": "piesa {start:at_step}",
        "q_percent": "{pct} %",
        "q_why_capture": "{detail} capturează {victims} pe pătratul {end}.",
        "q_why_no_capture": "Nicio mutare permisă a lui {seat} nu se oprește pe o piesă adversă din "
        "afara unui castel: niciuna nu capturează.",
        "q_why_safe": "Pătratul {end} este un castel (castelele sunt pătratele {values}): niciun "
        "adversar nu poate captura o piesă acolo.",
        "q_why_not_safe": "Nicio piesă a lui {seat} nu stă pe un castel (pătratele {values}).",
        "q_why_chance": "Șansa exactă este {fraction}, adică aproximativ {pct} %.",
        "q_right": "Corect — {detail}.",
        "q_wrong": "Nu chiar — {detail}.",
        "q_needs_move": "{seat} nu are nicio aruncare de folosit: întrebarea are nevoie de o mutare "
        "de ales.",
        "q_no_moves": "{seat} poate doar să treacă: nu există nicio mutare despre care să întrebăm.",
        "q_bad_seat": "Locul {got} nu este în joc; locuri în joc: {seats}.",
        "q_no_pieces": "{seat} nu are nicio piesă pe tablă.",
        "q_no_piece_at": "{seat} nu are nicio piesă pe pătratul {start}.",
        "q_bad_value": "{got} nu este o valoare de aruncare; valorile sunt {values}.",
        "q_unknown": "Întrebare necunoscută: {got}; întrebările sunt {values}.",
        "q_bad_state": "O întrebare are nevoie de o poziție a jocului, nu de {type}.",
        "q_no_question": "Nu este nicio întrebare la care să răspunzi: cere una cu w.ask(...).",
        "q_answered": "Ai răspuns deja la această întrebare; cere alta.",
        "q_bad_choice": "Un răspuns trebuie să fie numărul uneia dintre cele {count} variante, nu {got}.",
        "replay_not_replaying": "Nu se reia niciun joc: reia unul cu w.replay(...).",
        "quiz_bad_start": "O piesă se numește după pătratul ei, 0..83, nu {got}.",
        "coach_why_capture": "Aceasta capturează {victims} pe pătratul {end}.",
        "coach_why_home": "Aceasta duce o piesă acasă.",
        "coach_why_escape": "Aceasta pune la adăpost piesa {start:from_step}: lăsată acolo, este "
        "capturată înainte să-ți vină din nou rândul cu o șansă de {p}.",
        "coach_why_castle": "Aceasta se oprește pe castelul de pe pătratul {end}, unde niciun "
        "adversar nu poate captura piesa.",
        "coach_why_safe": "Aceasta duce piesa {end:to_step}, unde niciun adversar nu o poate ajunge.",
        "coach_why_exposed": "Mutarea ta lasă piesa {end:at_step}, unde un adversar o capturează "
        "înainte să-ți vină din nou rândul cu o șansă de {p}.",
        "coach_why_enter": "Aceasta introduce o piesă nouă pe tablă.",
        "coach_why_progress": "Aceasta avansează cu {distance:steps} mai mult decât mutarea ta.",
        "coach_why_rollouts": "Niciun motiv nu se vede imediat: jucate mai departe de la ambele "
        "mutări, cu aceleași aruncări, partidele o favorizează.",
        "coach_not_state": "antrenorul evaluează o stare a jocului („game.state”), nu {got}",
        "coach_bad_engine": "motorul trebuie să fie auto, numpy sau python, nu {got}",
        "coach_bad_rollouts": "numărul de partide jucate mai departe trebuie să fie un număr "
        "întreg 1..{max}, nu {got}",
        "coach_bad_seed": "sămânța trebuie să fie un număr întreg, 0 ≤ sămânța < 2**128, nu {got}",
        "coach_bad_budget": "timpul alocat trebuie să fie un număr de secunde mai mare decât 0, nu "
        "{got}",
        "coach_bad_progress": "progress trebuie să fie o funcție progress(done, total), True sau "
        "„None”, nu {got}",
        "coach_policy_count": "jucătorii partidelor simulate trebuie dați câte unul pentru fiecare "
        "loc în joc ({players}), nu {count}",
        "coach_bad_policy": "jucătorul partidelor simulate trebuie să fie unul dintre jucătorii "
        "calculatorului, {agents}, sau un obiect cu choose(state, rng), nu {got}",
        "coach_numpy_cannot": "motorul numpy joacă doar regulile move_each_throw fără split_throw "
        "sau revenge_rule, și doar cu jucătorii incluși; pentru acestea folosește engine='python'",
        "coach_bad_margin": "marja trebuie să fie o șansă, 0 ≤ marja < 1, nu {got}",
        "coach_no_move": "{seat} trebuie mai întâi să arunce: încă nu este nicio mutare de judecat",
        "coach_over": "jocul s-a încheiat: nu este nicio mutare de judecat",
        "coach_other_evaluation": "evaluarea dată aparține altei poziții",
        "coach_bad_language": "limba trebuie să fie en (engleză) sau ro (română), nu {got}",
        "coach_bad_exact": "exact trebuie să fie True sau False, nu {got}",
        "coach_numpy_missing": "numpy nu este instalat aici; folosește engine='python' (sau "
        "'auto')",
    },
}
"""Sentence templates by language and code."""

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "throw": "Throw",
        "pass": "Pass",
        "undo": "Undo",
        "new_game": "New game",
        "key_throw": "t",
        "key_pass": "p",
        "key_undo": "u",
        "to_move": "To move",
        "pending": "Throws to spend",
        "human": "human player",
        "save": "Save",
        "load": "Load",
        "force": "Force throw",
        "setup": "Position",
        "winner": "Winner",
        "waiting": "in the Charkoni",
        "home": "home",
        "log": "What happened",
        "language": "Language",
        "speed": "Computer's pace",
        "speed_hint": "how long a computer player waits before each of its throws and moves",
        "large": "Large board (projector)",
        "new_game_confirm": "Start a new game? Undo brings this one back.",
        "confirm_new_game": "Yes, new game",
        "cancel": "Cancel",
        "hint_throw": "Press Throw to throw the cowries.",
        "hint_move": "Click a ringed piece, then the ring where it should go (or Tab to a ring "
        "and press Enter). Pass when no move suits you.",
        "hint_choose": "Now click one of the lit rings, or the piece again to choose another.",
        "home_tray": "home",
        # practice mode from the keyboard: choose a piece and a square, then try the move
        "practice_piece": "Piece",
        "practice_square": "To",
        "practice_step": "step",
        "practice_try": "Try this move",
        "animate": "Animation",
        "hint": "Hint",
        "hide_hints": "Hide hints",
        "best": "best",
        "thinking": "Thinking…",
        "overlay": "Colour the squares",
        "overlay_none": "no colours",
        "overlay_danger": "danger",
        "overlay_reach": "where a piece can go",
        "legend": "Legend",
        "grace": "grace",
        "bonus": "bonus grace",
        "pyada": "pyada",
        "lost": "lost",
        "castle": "castle",
        "cancelled": "cancelled",
        "mouths_up": "mouths up",
        "mouth_up": "mouth up",
        "cowries": "Cowrie shells",
        "to_throw": "throws the cowries",
        "to_choose": "chooses a move",
        "computer_thinks": "the computer plays",
        "game_over": "Game over",
        "no_winner": "no winner",
        "players": "Players",
        "preset": "Rules",
        "seats": "Seats",
        "teacher": "Teacher",
        "apply": "Apply",
        "setup_hint": "the steps of the 4 pieces, comma separated (0 = in the Charkoni, 84 = home); "
        "- for an empty seat",
        "returning": "on the way home",
        "stack": "pieces",
        "board": "Pachisi board",
        "settings": "Settings",
        "charkoni": "Charkoni",
        "moves": "legal moves",
        "twenty_five": "25-castle of",
        "decimal_point": ".",
        # -- the timeline and question panels
        "replay": "Replay",
        "timeline": "Timeline",
        "replay_back": "Back",
        "replay_forward": "Forward",
        "replay_play": "Play",
        "replay_pause": "Pause",
        "replay_from_here": "Play from here",
        "replay_analyse": "Analyse",
        "replay_close": "Back to the game",
        "replay_graph": "Winning chance over the game",
        "question": "Question",
        "answer": "Answer",
        "score": "Score",
    },
    "ro": {
        "throw": "Aruncă",
        "pass": "Treci",
        "undo": "Ia înapoi",
        "new_game": "Joc nou",
        "key_throw": "a",
        "key_pass": "t",
        "key_undo": "i",
        "to_move": "La rând",
        "pending": "Aruncări de folosit",
        "human": "jucător uman",
        "save": "Salvează",
        "load": "Încarcă",
        "force": "Forțează aruncarea",
        "setup": "Poziție",
        "winner": "Câștigător",
        "waiting": "în Charkoni",
        "home": "acasă",
        "log": "Desfășurarea jocului",
        "language": "Limba",
        "speed": "Ritmul calculatorului",
        "speed_hint": "cât așteaptă calculatorul înainte de fiecare aruncare și mutare a sa",
        "large": "Tablă mare (proiector)",
        "new_game_confirm": "Începi un joc nou? Cu „Ia înapoi” revii la acesta.",
        "confirm_new_game": "Da, joc nou",
        "cancel": "Renunță",
        "hint_throw": "Apasă „Aruncă” ca să arunci cojile.",
        "hint_move": "Apasă pe o piesă încercuită, apoi pe cercul unde trebuie să ajungă (sau "
        "„Tab” până la cerc și „Enter”). Apasă „Treci” dacă nu vrei nicio mutare.",
        "hint_choose": "Acum apasă pe unul dintre cercurile aprinse sau din nou pe piesă ca să "
        "alegi alta.",
        "home_tray": "acasă",
        # exersarea de la tastatură: alegi o piesă și un pătrat, apoi încerci mutarea
        "practice_piece": "Piesa",
        "practice_square": "Spre",
        "practice_step": "pătratul",
        "practice_try": "Încearcă mutarea",
        "animate": "Animație",
        "hint": "Indiciu",
        "hide_hints": "Ascunde indiciile",
        "best": "cea mai bună",
        "thinking": "Mă gândesc…",
        "overlay": "Colorează pătratele",
        "overlay_none": "fără culori",
        "overlay_danger": "pericol",
        "overlay_reach": "unde poate ajunge o piesă",
        "legend": "Legendă",
        "grace": "har",
        "bonus": "har fără introducere",
        "pyada": "pyada",
        "lost": "pierdută",
        "castle": "castel",
        "cancelled": "anulate",
        "mouths_up": "guri în sus",
        "mouth_up": "gură în sus",
        "cowries": "Cojile de cowrie",
        "to_throw": "aruncă cojile",
        "to_choose": "alege o mutare",
        "computer_thinks": "joacă calculatorul",
        "game_over": "Joc încheiat",
        "no_winner": "fără câștigător",
        "players": "Jucători",
        "preset": "Reguli",
        "seats": "Locuri",
        "teacher": "Profesor",
        "apply": "Aplică",
        "setup_hint": "pătratele celor 4 piese, separate prin virgulă (0 = în Charkoni, "
        "84 = acasă); - pentru un loc liber",
        "returning": "pe drumul spre casă",
        "stack": "piese",
        "board": "Tabla de Pachisi",
        "settings": "Setări",
        "charkoni": "Charkoni",
        "moves": "mutări posibile",
        "twenty_five": "castelul de 25 al lui",
        "decimal_point": ",",
        # -- panourile cronologiei și al întrebărilor
        "replay": "Reluare",
        "timeline": "Cronologie",
        "replay_back": "Înapoi",
        "replay_forward": "Înainte",
        "replay_play": "Redă",
        "replay_pause": "Pauză",
        "replay_from_here": "Joacă de aici",
        "replay_analyse": "Analizează",
        "replay_close": "Înapoi la joc",
        "replay_graph": "Șansa de câștig de-a lungul jocului",
        "question": "Întrebare",
        "answer": "Răspunde",
        "score": "Scor",
    },
}
"""Button, heading and badge texts of the board, by language (the view shows them as text)."""

_ONE = {
    "series_done": "pool",
    "pass_pool": "pool",
    "move_due": "pending",
    "capture": "victims",
}
"""Codes with a ``<code>_one`` variant, and the parameter whose count of 1 chooses it."""

_SEAT_KEYS = frozenset({"seat", "to_move", "holder", "capturer", "partner", "other"})
_LIST_KEYS = frozenset({"pool", "pending", "values", "graces"})
_NESTED_KEYS = frozenset({"detail", "cause", "action"})


class Message(NamedTuple):
    """A sentence not yet in words: a code and its parameters (rendered by :func:`text` in the
    language of the sentence it is part of)."""

    code: str
    params: dict = {}


def seat_label(seat, lang: str = "en") -> str:
    """The name of a seat in ``lang`` (anything that is not a seat number, as text)."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat <= 3:
        return SEATS[lang][seat]
    return str(seat)


def number(x, lang: str = "en") -> str:
    """A number as ``lang`` writes it: a decimal comma in Romanian ("0,6").

    >>> number(0.6, "ro"), number(0.6), number(12, "ro")
    ('0,6', '0.6', '12')
    """
    s = str(x)
    return s.replace(".", ",") if lang == "ro" and isinstance(x, float) else s


def count(n, noun: str, lang: str = "en") -> str:
    """``n`` and ``noun`` (a key of :data:`NOUNS`) in agreement, in ``lang``.

    Romanian: 1 takes the singular ("un pătrat", "o piesă", "o aruncare"); from 20 on, a number
    whose last two digits are 00 or 20..99 takes "de" ("20 de pătrate", "100 de pătrate"), the
    others do not ("19 pătrate", "101 pătrate").

    >>> [count(n, "steps", "ro") for n in (1, 2, 19, 20, 100, 119)]
    ['un pătrat', '2 pătrate', '19 pătrate', '20 de pătrate', '100 de pătrate', '119 pătrate']
    >>> count(1, "steps"), count(2, "steps")
    ('1 step', '2 steps')
    """
    one, many = NOUNS[lang][noun]
    if isinstance(n, bool) or not isinstance(n, int):
        return f"{n} {many}"
    if n == 1:
        return one
    if lang == "ro" and abs(n) >= 20 and (abs(n) % 100 == 0 or abs(n) % 100 >= 20):
        return f"{n} de {many}"
    return f"{n} {many}"


def _join(items, lang: str) -> str:
    """Items as a list in words: "7", "7 and 3", "7, 3 and 25" ("7, 3 și 25")."""
    words = [str(i) for i in items]
    if not words:
        return "–"
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {_AND[lang]} {words[-1]}"


def _victims(victims, lang: str) -> str:
    """Captured pieces as [seat, count] pairs in words: "two pieces of North"."""
    if isinstance(victims, str) or not isinstance(victims, (list, tuple)):
        return str(victims)
    parts = []
    for pair in victims:
        try:
            seat, n = pair
        except (TypeError, ValueError):
            parts.append(str(pair))
            continue
        what = _SMALL_PIECES[lang].get(n) or count(n, "pieces", lang)
        if lang == "ro":
            parts.append(f"{what} {'a' if n == 1 else 'ale'} lui {seat_label(seat, lang)}")
        else:
            parts.append(f"{what} of {seat_label(seat, lang)}")
    return _join(parts, lang)


def _how_many(value) -> int | None:
    """The count that chooses a ``_one`` variant: a list's length, or the sum of victim counts."""
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(p, (list, tuple)) and len(p) == 2 for p in value):
            return sum(int(p[1]) for p in value)
        return len(value)
    return None


def _decapitalize(s: str, lang: str) -> str:
    """A sentence to go after a colon: its first letter small, unless it starts with a name."""
    first = re.match(r"\w*", s).group()
    if not s or first in SEATS[lang] or first in ("Charkoni", "JSON") or not s[0].isupper():
        return s
    if len(s) > 1 and s[1].isupper():
        return s
    return s[0].lower() + s[1:]


def _nested(value, lang: str) -> str:
    """A sentence inside another (a Message, an exception, or text): no final full stop."""
    if isinstance(value, Message):
        out = text(value.code, value.params, lang)
    elif isinstance(value, BaseException):
        out = error_text(value, lang)
    else:
        return str(value)
    return _decapitalize(out.rstrip(". "), lang)


class _Formatter(string.Formatter):
    def __init__(self, lang: str):
        super().__init__()
        self.lang = lang

    def get_value(self, key, args, kwargs):
        if key not in kwargs:
            return "?"
        v = kwargs[key]
        lang = self.lang
        if key in _SEAT_KEYS:
            return seat_label(v, lang)
        if key == "victims":
            return _victims(v, lang)
        if key in _NESTED_KEYS:
            return _nested(v, lang)
        if key == "actions" and isinstance(v, (list, tuple)):
            return _join([_nested(a, lang) for a in v], lang)
        if key == "seats" and isinstance(v, (list, tuple)):
            return _join([seat_label(s, lang) for s in v], lang)
        if key == "presets" and isinstance(v, (list, tuple)):
            return _join([PRESET_NAMES[lang].get(p, p) for p in v], lang)
        if key == "agents" and isinstance(v, (list, tuple)):
            return _join([AGENT_NAMES[lang].get(a, a) for a in v], lang)
        if key == "type" and isinstance(v, str):
            return _TYPE_NAMES[lang].get(v, v)
        if key == "field" and isinstance(v, str):
            en = RECORD_FIELDS["en"]
            k = v if v in en else next((k for k, name in en.items() if name == v), v)
            return RECORD_FIELDS[lang].get(k, v)
        if key in _LIST_KEYS and isinstance(v, (list, tuple, set, frozenset)):
            return _join(sorted(v) if isinstance(v, (set, frozenset)) else v, lang)
        return v

    def format_field(self, value, format_spec):
        lang = self.lang
        if format_spec in NOUNS[lang]:
            return count(value, format_spec, lang)
        if format_spec in _STEP_WORDS[lang]:
            charkoni, step, home = _STEP_WORDS[lang][format_spec]
            if value == 0 and not isinstance(value, bool):
                return charkoni
            if value == 84:
                return home
            return step.format(n=value)
        if isinstance(value, float) and not format_spec:
            return number(value, lang)
        if isinstance(value, (list, tuple)) and not format_spec:
            return str(list(value))
        return super().format_field(value, format_spec)


def text(code: str, params: dict | None = None, lang: str = "en") -> str:
    """The sentence for ``code`` in ``lang``, its parameters put into words.

    Seat numbers become names; lists of throws become "7, 3 and 25"; ``victims`` ([seat, count]
    pairs) becomes "two pieces of North"; a :class:`Message` or an exception as ``detail``,
    ``cause`` or ``action`` is rendered in the same language. A code with a ``<code>_one``
    variant uses it when its counted parameter holds one item. An unknown code gives the
    generic refusal; a missing parameter shows as "?".

    Raises:
        ValueError: for an unknown language.
    """
    if lang not in CATALOGUES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    cat = CATALOGUES[lang]
    params = dict(params or {})
    counted = _ONE.get(code)
    if counted and _how_many(params.get(counted)) == 1:
        code = f"{code}_one"
    template = cat.get(code) or cat["illegal"]
    out = _Formatter(lang).vformat(template, (), params)
    if template.startswith("{") and out[:1].islower():
        out = out[0].upper() + out[1:]
    return out


def error_text(exc: BaseException, lang: str = "en") -> str:
    """What an error says, in ``lang``.

    An error with a ``code`` from the catalogue (every :class:`~pachisi_widget.errors.PachisiError`
    may carry one) is rendered from it; a game-over error without one says the game is over.
    Without a code, English shows the error's own message and Romanian a sentence of its own
    (never the English one).
    """
    code = getattr(exc, "code", None)
    params = getattr(exc, "params", None) or {}
    if code is None and type(exc).__name__ == "GameOverError":
        code = "game_over"
    if code and code in CATALOGUES[lang]:
        return text(code, params, lang)
    if lang == "en" and str(exc):
        return str(exc)
    return text("error_unknown", {}, lang)


def rules_text(rules, lang: str = "en") -> str:
    """A set of rules in words: the nearest preset's name, then what differs from it.

    >>> from pachisi_widget.rules import Rules
    >>> rules_text(Rules.preset("mitra").replace(teams=True), "ro")
    'Mitra, în echipe (Sud și Nord contra Est și Vest)'
    >>> rules_text(Rules(pyada=True, split_throw=True))
    'classic, split throws, with pyada'
    """
    import dataclasses

    from .rules import PRESETS, Rules

    names = [f.name for f in dataclasses.fields(rules)]

    def diff(base) -> list:
        return [n for n in names if getattr(rules, n) != getattr(base, n)]

    best = min(PRESETS, key=lambda p: len(diff(Rules.preset(p))))
    parts = [PRESET_NAMES[lang][best]]
    for name in diff(Rules.preset(best)):
        value = getattr(rules, name)
        if isinstance(value, bool):
            parts.append(text(f"rule_{name}_{'on' if value else 'off'}", {}, lang))
        elif isinstance(value, frozenset):
            code = f"rule_{name}" if value else f"rule_{name}_none"
            parts.append(text(code, {"values": sorted(value)}, lang))
        elif name == "throw_table":
            parts.append(text("rule_throw_table", {"table": value, "shells": rules.shells}, lang))
        elif name == "p_mouth_up":
            parts.append(text("rule_p_mouth_up", {"p": value}, lang))
        else:
            parts.append(text(f"rule_{name}_{value}", {}, lang))
    return ", ".join(parts)


def _english(code: str, params: dict) -> str:
    return text(code, params, "en")


_errors.set_renderer(_english)  # errors made from a code read as the English sentence
