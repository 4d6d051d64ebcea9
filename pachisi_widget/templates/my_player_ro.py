"""Jucătorul meu de Pachisi: un șablon de copiat, de redenumit și de făcut al tău.

Cum îl folosești
----------------
1. Copiază fișierul în dosarul cu jucătorii clasei, sub numele tău, de exemplu
   ``jucatori/ana.py`` (``pw.tournament.new_player("jucatori/ana.py")`` face asta pentru tine).
2. Schimbă ``name`` și strategia din :meth:`JucatorulMeu.choose`. Păstrează o singură clasă de
   jucător în fiecare fișier.
3. Verifică-l: ``pw.check_agent("jucatori/ana.py")`` îl trece prin poziții din fiecare variantă
   gata făcută, cu 2 și cu 4 jucători, și îți spune, în cuvinte simple, tot ce ar refuza un turneu.
4. Joacă: ``pw.tournament(["jucatori/ana.py", "greedy", "random"], games=100, seed=1)``, sau
   toată clasa, cu ``pw.tournament.from_folder("jucatori/")``.

Regulile unui jucător
---------------------
- ``choose(state, rng)`` este apelată de fiecare dată când locul tău are de ales (când singura
  mutare permisă este trecerea, jocul o face pentru tine). Metoda trebuie să **întoarcă una
  dintre** mutările din ``state.legal_moves()``.
- Orice altceva înseamnă **pierdere din oficiu**: să întorci None sau ceva ce nu este o mutare
  permisă, să generezi o excepție sau să te gândești mai mult decât are voie o mutare (o secundă,
  dacă profesorul nu alege alt ``move_time=``). Jocul este atunci pierdut, iar turneul spune de ce
  și în ce poziție.
- **Alegeri la întâmplare doar din** ``rng`` (``rng.random()``, ``rng.choice(...)``), niciodată din
  modulul ``random`` sau din ceas: aceeași poziție și același ``rng`` trebuie să dea aceeași
  mutare, ca un turneu cu aceeași sămânță să dea aceleași rezultate pe orice calculator.
- **Nicio amintire de la un joc la altul**: fiecare joc primește o copie nouă a jucătorului tău.
  În timpul unui joc poți ține minte lucruri în ``self``.
- Nu afișa nimic, nu citi fișiere și nu folosi rețeaua cât timp alegi.

Ce poți citi
------------
``state`` este o poziție care nu se poate schimba (:class:`pachisi_widget.GameState`):

- ``state.to_move``: locul tău, de la 0 la 3 (Sud, Est, Nord, Vest);
- ``state.seats``: locurile în joc, de exemplu ``(0, 2)`` cu 2 jucători;
- ``state.pieces[seat]``: pătratele celor 4 piese pe drumul locului respectiv, 0 = încă în
  Charkoni, de la 1 la 83 pe tablă, 84 = acasă (None pentru un loc la care nu joacă nimeni);
- ``state.pending()``: aruncările pe care le mai ai de folosit în tura aceasta;
- ``state.captures[seat]``, ``state.turn``, ``state.rules`` (regulile în vigoare,
  :class:`pachisi_widget.Rules`: ``rules.teams``, ``rules.values``...);
- ``state.legal_moves()``: toate mutările permise, într-o ordine fixă, cu trecerea la sfârșit. O
  mutare ``m`` are ``m.piece``, ``m.start`` și ``m.end`` (pătrate), ``m.value`` (aruncarea pe care
  o folosește), ``m.kind`` (``"enter"`` = intrare, ``"move"`` = deplasare sau ``"pass"`` = trecere)
  și ``m.captures`` (piesele pe care le capturează);
- ``state.apply(m)``: poziția de după ``m`` (ca să te uiți înainte); ``state.chance_outcomes()``
  când urmează o aruncare: fiecare aruncare cu probabilitatea ei exactă;
- funcții ajutătoare din :mod:`pachisi_widget.agents`: ``danger(...)`` (câte piese adverse pot
  captura pe un pătrat cu o singură aruncare), ``evaluate(state, seat)``, ``reach_values(rules)``.

>>> import random, pachisi_widget as pw
>>> g = pw.Game(players=2, seed=3); _ = g.throw()
>>> JucatorulMeu().choose(g.state, random.Random(0)) in g.legal_moves()
True
"""

from pachisi_widget.agents import Agent


class JucatorulMeu(Agent):
    """Capturează când poate; altfel mută piesa cea mai din urmă. Un început simplu: fă-l al tău."""

    name = "jucătorul meu"  # cum apare în tabele când nu se folosește numele fișierului

    def choose(self, state, rng):
        moves = state.legal_moves()

        def score(m):
            """Un tuplu, comparat element cu element: se joacă mutarea cu scorul cel mai mare."""
            if m.kind == "pass":
                return (-1, 0)  # trece doar când nu este permis nimic altceva
            # Idei de încercat, câte una pe rând (măsoară fiecare cu un turneu):
            # - oprește-te la adăpost: danger(state.to_move, m.end, state.pieces, state.seats,
            #   state.rules.teams, reach_values(state.rules)) <= 0  (ambele din pachisi_widget.agents)
            # - du o piesă acasă: m.end == 84
            # - cursa: m.end - m.start (mutarea cea mai lungă) în loc de -m.start
            return (len(m.captures), -m.start)  # întâi capturile, apoi piesa cea mai din urmă

        # max() păstrează prima dintre mutările cu același scor: aceeași poziție dă aceeași mutare
        return max(moves, key=score)
