"""Every sentence a person sees, one catalogue per language (English and Romanian).

A sentence has a code and named parameters; :func:`text` turns them into words in one language.
The Romanian catalogue follows the glossary of the project (one word per concept: aruncare, har,
castel, pyada, Charkoni) and its grammar of numbers and nouns. Both catalogues have the same
codes and the same placeholders (a test checks it).

>>> text("turn", {"seat": 2}, "ro")
'Este rândul lui Nord.'
"""

from __future__ import annotations

__all__ = ["LANGUAGES", "CATALOGUES", "SEATS", "text", "seat_label"]

LANGUAGES = ("en", "ro")

SEATS = {
    "en": ("South", "East", "North", "West"),
    "ro": ("Sud", "Est", "Nord", "Vest"),
}

CATALOGUES: dict[str, dict[str, str]] = {
    "en": {
        # -- throws
        "throw": "{seat} throws {value} ({up} {mouths} up).",
        "grace_enter": "A grace: it may bring a piece out of the Charkoni, and {seat} throws again.",
        "grace_move": "A grace: {seat} throws again after using it.",
        "bonus_grace": "A bonus grace: {seat} has a piece on the board, so throws again.",
        "lost": "No piece can use the {value}: the throw is lost, and {seat} can only pass.",
        "cancelled": "Three high throws in a row ({values}) cancel each other: they are void and the throwing ends.",
        "series_on": "Throws to spend so far: {pool}.",
        "series_done": "{seat} now spends the throws {pool}, one per move, in any order.",
        "pyada_earned": "With pyada, the {value} moves {steps} steps (all of {seat}'s pieces have entered).",
        # -- moves
        "enter_square1": "{seat} brings a piece out of the Charkoni onto square 1 with the grace {value} (its points are not counted).",
        "enter_count": "{seat} brings a piece out of the Charkoni and moves it {value} steps, to step {end}.",
        "first_piece": "{seat}'s first piece leaves the Charkoni on any throw: it moves {distance} steps to step {end}.",
        "move": "{seat} moves a piece from step {start} to step {end} with the {value}.",
        "split_part": "The throw is split: {left} steps of the {value} are left for other pieces.",
        "pyada": "Pyada: the {value} moves one extra step.",
        "capture": "{seat} captures {victims} on step {end}: back to the Charkoni, to re-enter only with a grace.",
        "extra_throw": "A capture earns {seat} another throw.",
        "new_series": "A capture earns {seat} a new series of throws.",
        "castle": "Step {end} is a castle: the piece is safe from capture there.",
        "twenty_five": "This is the 25-castle, exactly 25 steps from home: a throw of 25 brings the piece home.",
        "twenty_five_pyada": "This is the 25-castle, 25 steps from home; but with pyada a 25 moves 26, so the piece cannot finish with one.",
        "home": "Exact count: the piece reaches home in the Charkoni.",
        "release": "The piece on the last square goes home with the {value} (the last-square release).",
        "revenge": "Revenge: {seat} recaptured the capturing piece at once, so {capturer}'s capture no longer counts.",
        "pass": "{seat} passes.",
        "pass_pool": "{seat} passes and gives up the throws {pool}.",
        "throw_again": "{seat} throws again.",
        "turn": "It is {seat}'s turn.",
        "win": "{seat} has brought all four pieces home and wins!",
        "team_win": "{seat} and {partner} have brought all eight pieces home: their team wins!",
        "dead": "No seat can ever move again: the game is over without a winner.",
        # -- refusals
        "illegal": "That move is not legal here.",
        "not_legal": "{seat} cannot move from step {start} to step {end} with the {value}.",
        "not_a_move": "That is not a move: {got}.",
        "game_over": "The game is over: no more throws or moves.",
        "throw_first": "{seat} must throw the cowries first.",
        "move_due": "{seat} must first spend or pass the pending throws {pending}.",
        "not_your_turn": "It is {to_move}'s turn, not {seat}'s.",
        "bad_kind": "A move's kind must be enter, move or pass, not {kind}.",
        "no_such_throw": "{seat} has no throw of {value} to spend; pending: {pending}.",
        "continue_split": "{seat} must go on with the split {split} ({left} steps left) or pass.",
        "no_piece_there": "{seat} has no piece on step {start}.",
        "already_home": "That piece is already home.",
        "enter_from_charkoni": "Only a piece waiting in the Charkoni can enter.",
        "needs_grace": "A piece leaves the Charkoni only with a grace ({graces}); the {value} is not one.",
        "no_split_entry": "Entering uses a whole grace: it cannot be a part of a split throw.",
        "enters_on_1": "An entering piece lands on square 1, whatever the grace (it never goes to step {value}).",
        "grace_must_enter": "While {seat} has pieces waiting in the Charkoni, the grace {value} can only bring one in (or be passed).",
        "piece_used": "That piece has already moved with this throw: each piece takes at most one part.",
        "forward_only": "Pieces only move forward along their track.",
        "overshoot": "Home needs an exact count: the piece on step {start} is {home_in} from home, so it cannot move {distance}.",
        "must_capture": "{seat} must capture an opponent before any piece goes past step 76 towards home.",
        "castle_held": "Step {end} is a castle held by {holder}: no opponent may land there.",
        "wrong_distance": "The {value} moves a piece exactly {distance} steps.",
        "nothing_to_undo": "Nothing to undo: this is the start of the game.",
        # -- the widget's messages
        "bad_message": "The board sent a message that could not be understood: {detail}.",
        "stale_move": "That move is no longer available (the position changed); choose again.",
        "bad_record": "The file could not be loaded, so the current game is kept: {detail}.",
        "loaded": "Game loaded.",
        "new_game": "A new game begins. {seat} starts.",
        "undone": "Undone.",
    },
    "ro": {
        "throw": "{seat} aruncă {value} ({up} {mouths} în sus).",
        "grace_enter": "Un har: poate scoate o piesă din Charkoni, iar {seat} aruncă din nou.",
        "grace_move": "Un har: {seat} aruncă din nou după ce îl folosește.",
        "bonus_grace": "Un har fără introducere: {seat} are o piesă pe tablă, deci aruncă din nou.",
        "lost": "Nicio piesă nu poate folosi {value}: aruncarea este pierdută, iar {seat} poate doar să treacă.",
        "cancelled": "Trei aruncări mari la rând ({values}) se anulează: sunt nule și aruncările se încheie.",
        "series_on": "Aruncări de mutat până acum: {pool}.",
        "series_done": "{seat} mută acum aruncările {pool}, câte una pe mutare, în orice ordine.",
        "pyada_earned": "Cu pyada, {value} mută {steps} pătrate (toate piesele lui {seat} au intrat).",
        "enter_square1": "{seat} scoate o piesă din Charkoni pe pătratul 1 cu harul {value} (punctele lui nu se numără).",
        "enter_count": "{seat} scoate o piesă din Charkoni și o mută {value} pătrate, pe pătratul {end}.",
        "first_piece": "Prima piesă a lui {seat} părăsește Charkoni la orice aruncare: se mută {distance} pătrate, pe pătratul {end}.",
        "move": "{seat} mută o piesă de pe pătratul {start} pe pătratul {end} cu {value}.",
        "split_part": "Aruncarea este împărțită: au rămas {left} pătrate din {value} pentru alte piese.",
        "pyada": "Pyada: {value} mută un pătrat în plus.",
        "capture": "{seat} capturează {victims} pe pătratul {end}: înapoi în Charkoni, de unde reintră doar cu un har.",
        "extra_throw": "Captura îi aduce lui {seat} încă o aruncare.",
        "new_series": "Captura îi aduce lui {seat} o nouă serie de aruncări.",
        "castle": "Pătratul {end} este un castel: acolo piesa nu poate fi capturată.",
        "twenty_five": "Acesta este castelul de 25, la exact 25 de pătrate de casă: o aruncare de 25 aduce piesa acasă.",
        "twenty_five_pyada": "Acesta este castelul de 25, la 25 de pătrate de casă; dar cu pyada un 25 mută 26, deci piesa nu poate termina cu el.",
        "home": "Aruncare exactă: piesa ajunge acasă, în Charkoni.",
        "release": "Piesa de pe ultimul pătrat ajunge acasă cu {value} (eliberarea de pe ultimul pătrat).",
        "revenge": "Răzbunare: {seat} a recapturat imediat piesa care capturase, deci captura lui {capturer} nu mai contează.",
        "pass": "{seat} trece.",
        "pass_pool": "{seat} trece și renunță la aruncările {pool}.",
        "throw_again": "{seat} aruncă din nou.",
        "turn": "Este rândul lui {seat}.",
        "win": "{seat} și-a adus toate cele patru piese acasă și câștigă!",
        "team_win": "{seat} și {partner} și-au adus toate cele opt piese acasă: echipa lor câștigă!",
        "dead": "Niciun jucător nu mai poate muta: jocul se încheie fără câștigător.",
        "illegal": "Această mutare nu este permisă aici.",
        "not_legal": "{seat} nu poate muta de pe pătratul {start} pe pătratul {end} cu {value}.",
        "not_a_move": "Aceasta nu este o mutare: {got}.",
        "game_over": "Jocul s-a încheiat: nu mai există aruncări sau mutări.",
        "throw_first": "{seat} trebuie mai întâi să arunce cojile de cowrie.",
        "move_due": "{seat} trebuie mai întâi să mute sau să treacă aruncările {pending}.",
        "not_your_turn": "Este rândul lui {to_move}, nu al lui {seat}.",
        "bad_kind": "O mutare poate fi doar intrare, mutare sau trecere, nu {kind}.",
        "no_such_throw": "{seat} nu are o aruncare de {value} de mutat; în așteptare: {pending}.",
        "continue_split": "{seat} trebuie să continue aruncarea împărțită {split} (mai sunt {left} pătrate) sau să treacă.",
        "no_piece_there": "{seat} nu are nicio piesă pe pătratul {start}.",
        "already_home": "Piesa aceasta este deja acasă.",
        "enter_from_charkoni": "Doar o piesă care așteaptă în Charkoni poate intra.",
        "needs_grace": "O piesă iese din Charkoni doar cu un har ({graces}); {value} nu este har.",
        "no_split_entry": "Intrarea folosește un har întreg: nu poate fi o parte dintr-o aruncare împărțită.",
        "enters_on_1": "Piesa care intră aterizează pe pătratul 1, oricare ar fi harul (niciodată pe pătratul {value}).",
        "grace_must_enter": "Cât timp {seat} are piese în Charkoni, harul {value} poate doar să introducă una (sau să fie trecut).",
        "piece_used": "Piesa aceasta s-a mutat deja cu această aruncare: fiecare piesă ia cel mult o parte.",
        "forward_only": "Piesele se mută doar înainte pe traseul lor.",
        "overshoot": "Acasă se ajunge doar printr-o aruncare exactă: piesa de pe pătratul {start} este la {home_in} de casă, deci nu poate muta {distance}.",
        "must_capture": "{seat} trebuie să captureze o piesă adversă înainte ca vreo piesă să treacă de pătratul 76 spre casă.",
        "castle_held": "Pătratul {end} este un castel ocupat de {holder}: niciun adversar nu poate ateriza acolo.",
        "wrong_distance": "{value} mută o piesă exact {distance} pătrate.",
        "nothing_to_undo": "Nu este nimic de anulat: acesta este începutul jocului.",
        "bad_message": "Tabla a trimis un mesaj care nu a putut fi înțeles: {detail}.",
        "stale_move": "Mutarea aceasta nu mai este disponibilă (poziția s-a schimbat); alegeți din nou.",
        "bad_record": "Fișierul nu a putut fi încărcat, deci jocul curent se păstrează: {detail}.",
        "loaded": "Joc încărcat.",
        "new_game": "Începe un joc nou. {seat} începe.",
        "undone": "Anulat.",
    },
}
"""Sentence templates by language and code."""


def seat_label(seat, lang: str = "en") -> str:
    """The name of a seat in ``lang``."""
    if isinstance(seat, int) and 0 <= seat <= 3:
        return SEATS[lang][seat]
    return str(seat)


class _Safe(dict):
    def __missing__(self, key):
        return "?"


def text(code: str, params: dict | None = None, lang: str = "en") -> str:
    """The sentence for ``code`` in ``lang``, seat numbers turned into names.

    Raises:
        ValueError: for an unknown language.
    """
    if lang not in CATALOGUES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    cat = CATALOGUES[lang]
    template = cat.get(code) or cat["illegal"]
    p = _Safe()
    for k, v in (params or {}).items():
        if k in ("seat", "to_move", "holder", "capturer", "partner"):
            v = seat_label(v, lang)
        elif isinstance(v, (list, tuple)):
            v = ", ".join(map(str, v)) if v else "-"
        p[k] = v
    return template.format_map(p)
