"""Stealing Bundles' narrator at the end: a tiebreak, the game's result and counts, Scopa points, a match's standing.

:class:`BundlesReckoning` says the results after the last card: the ranking by
cards (or by points), the winner, each category of a counted game (most cards,
most coins, the settebello, the primiera...), the Scopa points scored in play,
and a match's standing after each game and at its end, for speech and a braille
line that puts the key fact first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from accessible_cards.games.bundles.phrasing import BundlesPhrases
from accessible_cards.games.bundles.rules import (
    BundlesOptions,
    GameOver,
    MatchGameOver,
    MatchOver,
    MatchStanding,
    ScopaScored,
    TiebreakStarted,
)
from accessible_cards.utterance import BRAILLE_CELLS, Utterance

_B: Final = "braille"  # msgctxt of every braille text


class BundlesReckoning(BundlesPhrases):
    """The end of a game and of a match, as one listener's narrator says it."""

    def _tiebreak(self, event: TiebreakStarted) -> Utterance:
        c = self.catalog
        self._playing = event.players
        speech = c.plural(
            "Tie at {n} card each between {seats}.",
            "Tie at {n} cards each between {seats}.",
            event.score,
            seats=self._seats(event.players),
        )
        if self._verbosity != "brief":
            speech += " " + c.text("One tiebreak hand from a fresh deck decides.")
        braille = c.text(
            "Tie {count}: {seats}, tiebreak",
            _B,
            count=event.score,
            seats=" ".join(self.braille_seat(s) for s in event.players),
        )
        return Utterance(speech, braille, urgent=True, kind="tiebreak")

    def _ranking(self, scores: Sequence[int], seats: Sequence[int]) -> tuple[str, str]:
        """Seats by cards, most first: "you have 30 cards and Player 2 has 22 cards", "You 30 P2 22"."""
        order = sorted(seats, key=lambda seat: (-scores[seat], seat))
        return (
            self._join([self._holds(seat, scores[seat]) for seat in order]),
            " ".join(f"{self.braille_seat(seat)} {scores[seat]}" for seat in order),
        )

    def _game_over(self, event: GameOver) -> Utterance:
        c = self.catalog
        winners = event.winners
        everyone = range(len(event.scores))
        piles, line = self._ranking(event.scores, everyone)
        if event.tiebreak is not None:
            tied = [seat for seat in everyone if event.scores[seat] == max(event.scores)]
            gained = event.tiebreak
            if len(winners) == 1:
                winner = winners[0]
                n = gained[winner]
                speech = (
                    c.plural("You win the tiebreak with {n} card.", "You win the tiebreak with {n} cards.", n)
                    if winner == self.you
                    else c.plural(
                        "{seat} wins the tiebreak with {n} card.",
                        "{seat} wins the tiebreak with {n} cards.",
                        n,
                        seat=self.seat_name(winner),
                    )
                )
                braille = (
                    c.text("You win tiebreak, {count}", _B, count=n)
                    if winner == self.you
                    else c.text("{seat} wins tiebreak, {count}", _B, seat=self.braille_seat(winner), count=n)
                )
            else:
                seats = self._seats(winners)
                speech = c.text("Game over: the tiebreak is a draw too, between {seats}.", seats=seats)
                braille = c.text("Draw: {seats}", _B, seats=" ".join(self.braille_seat(s) for s in winners))
            speech += " " + c.text("In the main game: {piles}.", piles=piles)
            tiebreak_piles, tiebreak_line = self._ranking(gained, tied)
            speech += " " + c.text("In the tiebreak: {piles}.", piles=tiebreak_piles)
            braille = self._fit(braille, "; " + tiebreak_line, apart=True)
        elif len(winners) == 1:
            winner = winners[0]
            n = event.scores[winner]
            speech = (
                c.plural("You win the game with {n} card.", "You win the game with {n} cards.", n)
                if winner == self.you
                else c.plural(
                    "{seat} wins the game with {n} card.",
                    "{seat} wins the game with {n} cards.",
                    n,
                    seat=self.seat_name(winner),
                )
            )
            braille = (
                c.text("You win, {count} cards", _B, count=n)
                if winner == self.you
                else c.text("{seat} wins, {count} cards", _B, seat=self.braille_seat(winner), count=n)
            )
            speech += " " + c.text("Cards in bundles: {piles}.", piles=piles)
            braille = self._fit(braille, "; " + line, apart=True)
        else:
            speech = c.plural(
                "Game over: a draw between {seats}, with {n} card each.",
                "Game over: a draw between {seats}, with {n} cards each.",
                event.scores[winners[0]],
                seats=self._seats(winners),
            )
            braille = c.text("Draw: {seats}", _B, seats=" ".join(self.braille_seat(s) for s in winners))
            if len(winners) < len(event.scores):
                speech += " " + c.text("Cards in bundles: {piles}.", piles=piles)
            braille = self._fit(braille, "; " + line, apart=True)
        if event.points is not None:
            points = [
                c.plural("you have {n} point", "you have {n} points", p)
                if seat == self.you
                else c.plural("{seat} has {n} point", "{seat} has {n} points", p, seat=self.seat_name(seat))
                for seat, p in enumerate(event.points)
            ]
            speech += " " + c.text("Scopa points: {points}.", points=self._join(points))
        if self._verbosity != "brief":
            speech += " " + c.text(
                "The game had {steals}, {captures} and {trails}.",
                steals=c.plural("{n} steal", "{n} steals", event.steals),
                captures=c.plural("{n} capture", "{n} captures", event.captures),
                trails=c.plural("{n} trail", "{n} trails", event.trails),
            )
        return Utterance(speech, braille, urgent=True, kind="game_over")

    # -- Scopa scoring and matches --------------------------------------------------------

    def _winner_word(self, seat: int) -> str:
        """A seat as the winner of a category: "you" / "du", or its name."""
        if seat == self.you:
            return self.catalog.text("you", "winner of a Scopa category")
        return self.seat_name(seat)

    def _figure(self, seat: int, value: int, against: bool = False) -> str:
        """ "Computer 1 12": a seat's figure in a list (``against``: after "against", German accusative "dich")."""
        c = self.catalog
        if against and seat == self.you:
            name = c.text("you", "player in a list after 'against' (German: accusative)")
        else:
            name = self._winner_word(seat)
        return c.text("{seat} {value}", "a player's figure in a Scopa category", seat=name, value=value)

    def _category(self, name: str, values: Sequence[int | None]) -> str:
        """One Scopa category: who won it and why, or a tie or nobody (no point then)."""
        c = self.catalog
        counted = [(seat, value) for seat, value in enumerate(values) if value is not None]
        best = max((value for _, value in counted), default=0)
        if best <= 0:
            return c.text("{category}: nobody; no point.", category=name)
        leaders = [seat for seat, value in counted if value == best]
        if len(leaders) > 1:
            return c.text(
                "{category}: a tie at {value} between {seats}; no point.",
                category=name,
                value=best,
                seats=self._seats(leaders),
            )
        winner = leaders[0]
        others = [(seat, value) for seat, value in counted if seat != winner]
        if not others:
            return c.text("{category}: {winner}, {value}.", category=name, winner=self._winner_word(winner), value=best)
        against = (
            str(others[0][1]) if len(values) == 2 else self._join([self._figure(s, v, against=True) for s, v in others])
        )
        return c.text(
            "{category}: {winner}, {value} against {others}.",
            category=name,
            winner=self._winner_word(winner),
            value=best,
            others=against,
        )

    def _scopa(self, event: ScopaScored) -> Utterance:
        """Each Scopa category named with who won it and why; the sweeps counted; the points of the game."""
        c = self.catalog
        parts = [
            self._category(c.text("Most cards", "Scopa category"), event.cards),
            self._category(c.text("Most coins", "Scopa category"), event.coins),
        ]
        settebello = c.text("Settebello", "Scopa category")
        if event.settebello is None:
            parts.append(c.text("{category}: nobody; no point.", category=settebello))
        else:
            parts.append(
                c.text("{category}: {winner}.", category=settebello, winner=self._winner_word(event.settebello))
            )
        parts.append(self._category(c.text("Primiera", "Scopa category"), event.primiera))
        for seat, value in enumerate(event.primiera):
            if value is None:
                parts.append(
                    c.text("You have no primiera: a suit is missing.")
                    if seat == self.you
                    else c.text("{seat} has no primiera: a suit is missing.", seat=self.seat_name(seat))
                )
        if any(event.sweeps):
            counts = self._join([self._figure(s, n) for s, n in enumerate(event.sweeps)])
            parts.append(c.text("Sweeps, which give no point here: {counts}.", counts=counts))
        tally = " ".join(f"{self.braille_seat(s)} {p}" for s, p in enumerate(event.points))
        return Utterance(" ".join(parts), c.text("Scopa points: {tally}", _B, tally=tally), kind="scopa")

    def _tally(self, kind: str, values: Sequence[int]) -> str:
        """Every seat's tally in words: games won, cards in all, or points."""
        c = self.catalog
        items = []
        for seat, n in enumerate(values):
            you = seat == self.you
            name = self.seat_name(seat)
            if kind == "games":
                items.append(
                    c.plural("you have won {n} game", "you have won {n} games", n)
                    if you
                    else c.plural("{seat} has won {n} game", "{seat} has won {n} games", n, seat=name)
                )
            elif kind == "cards":
                items.append(self._holds(seat, n))
            else:
                items.append(
                    c.plural("you have {n} point", "you have {n} points", n)
                    if you
                    else c.plural("{seat} has {n} point", "{seat} has {n} points", n, seat=name)
                )
        return self._join(items)

    def _short_label(self, seat: int) -> str:
        """A seat's label of at most 3 cells for a crowded line: "You", "P2", or a name's initial and number ("C1")."""
        label = self.braille_seat(seat)
        if len(label) <= 3:
            return label
        name = self.seat_name(seat)
        digits = name[len(name.rstrip("0123456789")) :]
        return (name[:1] + digits) if digits else label[:3]

    def _match_braille(self, kind: str, of: int, values: Sequence[int]) -> str:
        """The standing on one braille line of at most 40 cells, the seats' tallies after a short heading."""
        c = self.catalog

        def heading(tally: str) -> str:
            if kind == "games":
                return c.text("Best of {of}, won: {tally}", _B, of=of, tally=tally)
            if kind == "cards":
                return c.text("Total cards: {tally}", _B, tally=tally)
            return c.text("Points to {of}: {tally}", _B, of=of, tally=tally)

        full = " ".join(f"{self.braille_seat(s)} {n}" for s, n in enumerate(values))
        short = " ".join(f"{self._short_label(s)} {n}" for s, n in enumerate(values))
        for line in (heading(full), heading(short), c.text("Match: {tally}", _B, tally=short)):
            if len(line) <= BRAILLE_CELLS:
                return line
        return line[:BRAILLE_CELLS]

    def _match_kind(self) -> tuple[str, int]:
        options = self.options or BundlesOptions()
        kind = options.match_kind
        return kind, options.target if kind == "points" else options.match_games

    def _standing(
        self, finished: int, wins: Sequence[int], draws: int, cards: Sequence[int], points: Sequence[int]
    ) -> tuple[str, str]:
        """The match standing after ``finished`` games, said and on the braille line."""
        c = self.catalog
        kind, of = self._match_kind()
        values = wins if kind == "games" else cards if kind == "cards" else points
        tally = self._tally(kind, values)
        if kind == "games":
            speech = c.plural(
                "After {n} game of the best of {of}: {tally}.",
                "After {n} games of the best of {of}: {tally}.",
                finished,
                of=of,
                tally=tally,
            )
            if draws:
                speech += " " + c.plural("{n} drawn game does not count.", "{n} drawn games do not count.", draws)
        elif kind == "cards":
            speech = c.plural(
                "After {n} game of {of}, by total cards: {tally}.",
                "After {n} games of {of}, by total cards: {tally}.",
                finished,
                of=of,
                tally=tally,
            )
        else:
            speech = c.plural(
                "After {n} game of the match to {of} points: {tally}.",
                "After {n} games of the match to {of} points: {tally}.",
                finished,
                of=of,
                tally=tally,
            )
        return speech, self._match_braille(kind, of, values)

    def _match_game(self, event: MatchGameOver) -> Utterance:
        c = self.catalog
        speech, braille = self._standing(event.game, event.wins, event.draws, event.cards, event.points)
        kind, of = self._match_kind()
        if event.dealer is not None and kind == "points" and max(event.points) >= of:
            speech += " " + c.text("The leaders are level: the match goes on.")
        if event.dealer is not None and kind == "cards" and event.game >= of:
            speech += " " + c.text("The highest totals are equal: another game decides.")
        if event.dealer is not None:
            speech += " " + (
                c.text("Next game: you deal.")
                if event.dealer == self.you
                else c.text("Next game: {seat} deals.", seat=self.seat_name(event.dealer))
            )
        return Utterance(speech, braille, urgent=True, kind="match_game")

    def _match_over(self, event: MatchOver) -> Utterance:
        c = self.catalog
        if len(event.winners) != 1:
            return Utterance(
                c.text("The match is a draw between {seats}.", seats=self._seats(event.winners)),
                c.text("Match drawn: {seats}", _B, seats=" ".join(self.braille_seat(s) for s in event.winners)),
                urgent=True,
                kind="match_over",
            )
        winner = event.winners[0]
        you = winner == self.you
        if you:
            braille = c.text("You win the match", _B)
            speech = c.plural("You win the match after {n} game.", "You win the match after {n} games.", event.games)
        else:
            braille = c.text("{seat} wins the match", _B, seat=self.braille_seat(winner))
            speech = c.plural(
                "{seat} wins the match after {n} game.",
                "{seat} wins the match after {n} games.",
                event.games,
                seat=self.seat_name(winner),
            )
        return Utterance(speech, braille, urgent=True, kind="match_over")

    def match_intro(self) -> str | None:
        """What kind of match this is (None: a single game)."""
        c = self.catalog
        options = self.options
        if options is None or not options.is_match:
            return None
        kind, of = self._match_kind()
        if kind == "games":
            return c.text("This is a match: best of {of} games.", of=of)
        if kind == "cards":
            return c.text("This is a match of {of} games: the most cards in all wins.", of=of)
        return c.text("This is a match to {of} Scopa points.", of=of)

    def standing(self, standing: MatchStanding) -> Utterance:
        """The match as it stands (the S key): the game being played, then the tallies."""
        c = self.catalog
        if standing.winners is not None:
            speech, braille = self._standing(
                standing.finished, standing.wins, standing.draws, standing.cards, standing.points
            )
        elif standing.finished == 0:
            speech = (self.match_intro() or "") + " " + c.text("Game {n} of the match.", n=standing.game)
            braille = c.text("Match game {n}", _B, n=standing.game)
        else:
            said, braille = self._standing(
                standing.finished, standing.wins, standing.draws, standing.cards, standing.points
            )
            speech = c.text("Game {n} of the match.", n=standing.game) + " " + said
        return Utterance(speech.strip(), braille, kind="review.match")

    # -- turns ----------------------------------------------------------------------------
