"""The narrator: War's events and a seat's view turned into utterances, in English or German.

An :class:`Utterance` carries a whole sentence for speech and a terse text for
one 40-cell braille line, key fact first, both from the message catalogs
(:mod:`accessible_cards.i18n`). :class:`WarNarrator` says every War event at
three verbosities and answers the review keys from a :class:`WarView`:

- ``brief`` says the least: no face-down counts, no "takes 2 cards" after a
  plain battle (the winner was just said), no losing cards, no game counts.
- ``normal`` says every face-up card, every take, the counts at the end.
- ``full`` adds everybody's pile after each take and the final card counts.

Only what the events and the view hold is ever said: the face-up cards and
counts. Nobody's pile and no face-down card is ever named.

One seat may be addressed as "you" (``you=``; the listening seat of a
one-person game): its sentences use their own messages ("You take 10
cards." / "Du nimmst 10 Karten."), because the verb changes with the person.
"""

from __future__ import annotations

from collections.abc import Sequence

from accessible_cards.cards import Card, DeckKind
from accessible_cards.engine import Event
from accessible_cards.errors import OptionError
from accessible_cards.games.war.state import (
    Battle,
    Dealt,
    FaceDown,
    GameOver,
    LastCardUp,
    PlayerOut,
    RanShort,
    TableSetAside,
    Took,
    WarStarted,
    WarView,
)
from accessible_cards.i18n import Catalog
from accessible_cards.narration.base import SeatNarrator
from accessible_cards.narration.card_names import CardNames
from accessible_cards.utterance import VERBOSITIES, Utterance

_B = "braille"  # msgctxt of every braille text


class WarNarrator(SeatNarrator):
    """Says War for one listener, in ``lang`` at ``verbosity``.

    ``players`` is the number of seats; ``seat_names`` gives a name per seat
    (None or "" for the default "Player 2" / "Spieler 2"); ``you`` is the seat
    spoken to as "you", if any.
    """

    def __init__(
        self,
        lang: str = "en",
        verbosity: str = "normal",
        players: int = 2,
        seat_names: Sequence[str | None] | None = None,
        *,
        you: int | None = None,
    ) -> None:
        self.catalog = Catalog(lang)
        self.lang = lang
        self.players = players
        names: list[str | None] = list(seat_names) if seat_names is not None else [None] * players
        if len(names) != players:
            raise OptionError(
                "error-seat-names",
                f"{len(names)} seat names given for {players} seats",
                given=len(names),
                players=players,
            )
        if you is not None and not 0 <= you < players:
            raise OptionError("error-seat", f"there is no seat {you}", seat=you)
        self._seat_names = names
        self.you = you
        self.cards = CardNames(self.catalog, DeckKind.FRENCH52)
        self._verbosity = "normal"
        self.verbosity = verbosity
        self._plain_battle = 0  # cards in the last battle that had a winner: a plain take says nothing new

    def __repr__(self) -> str:
        return f"WarNarrator({self.lang!r}, {self._verbosity!r}, {self.players}, you={self.you!r})"

    # -- verbosity ------------------------------------------------------------

    def cycle_verbosity(self) -> Utterance:
        """Move to the next verbosity (brief, normal, full, brief ...) and say which it is now."""
        self.verbosity = VERBOSITIES[(VERBOSITIES.index(self._verbosity) + 1) % len(VERBOSITIES)]
        c = self.catalog
        level = c.text(self._verbosity, "verbosity level")
        return Utterance(
            c.text("Verbosity: {level}.", level=level), c.text("Verbosity: {level}", _B, level=level), kind="verbosity"
        )

    # -- names ------------------------------------------------------------------

    def card(self, card: Card) -> str:
        """A card's spoken name in the narrator's language: "seven of hearts", "Herz Sieben", "13"."""
        return self.cards.name(card)

    def _seats(self, seats: Sequence[int], case: str) -> str:
        """A list of seats; ``case`` is ``nominative`` or ``dative`` (German "du" / "dir")."""
        c = self.catalog
        words = [
            (
                c.text("you", "player addressed, in a list after 'between'")
                if case == "dative"
                else c.text("you", "player addressed, in a list as subject")
            )
            if seat == self.you
            else self.seat_name(seat)
            for seat in seats
        ]
        return self._join(words)

    def _from(self, seat: int, card: Card) -> str:
        """ "the seven of hearts from Player 2" / "Herz Sieben von dir"."""
        c = self.catalog
        name = self.cards.name(card)
        if seat == self.you:
            return c.text("the {card} from you", card=name)
        return c.text("the {card} from {seat}", card=name, seat=self.seat_name(seat))

    def _holds(self, seat: int, count: int) -> str:
        """ "Player 2 has 20 cards" / "you have 20 cards" (a clause for a list)."""
        c = self.catalog
        if seat == self.you:
            return c.plural("you have {n} card", "you have {n} cards", count)
        return c.plural("{seat} has {n} card", "{seat} has {n} cards", count, seat=self.seat_name(seat))

    def _braille_piles(self, sizes: Sequence[int], seats: Sequence[int]) -> str:
        return " ".join(f"{self.braille_seat(seat)} {sizes[seat]}" for seat in seats)

    def _counts(self, rounds: int, battles: int, wars: int) -> dict[str, str]:
        c = self.catalog
        return {
            "rounds": c.plural("{n} round", "{n} rounds", rounds),
            "battles": c.plural("{n} battle", "{n} battles", battles),
            "wars": c.plural("{n} war", "{n} wars", wars),
        }

    # -- events -----------------------------------------------------------------

    def event(self, event: Event, view: WarView) -> Utterance | None:
        """The utterance for ``event``, read with ``view`` (the listener's view after it); None: nothing to say."""
        if isinstance(event, Battle):
            return self._battle(event)
        if isinstance(event, Took):
            return self._took(event, view)
        if isinstance(event, WarStarted):
            return self._war(event)
        if isinstance(event, FaceDown):
            return self._face_down(event)
        if isinstance(event, Dealt):
            return self._dealt(event)
        if isinstance(event, LastCardUp):
            return self._last_card_up(event)
        if isinstance(event, RanShort):
            return self._ran_short(event)
        if isinstance(event, TableSetAside):
            return self._table_set_aside(event)
        if isinstance(event, PlayerOut):
            return self._player_out(event)
        if isinstance(event, GameOver):
            return self._game_over(event)
        return None

    def _dealt(self, event: Dealt) -> Utterance:
        c = self.catalog
        counts = event.counts
        if len(set(counts)) == 1:
            speech = c.plural(
                "The cards are dealt face down: {n} card each.",
                "The cards are dealt face down: {n} cards each.",
                counts[0],
            )
            braille = c.text("Dealt: {count} each", _B, count=counts[0])
        else:
            deals = [
                c.plural("{n} card to you", "{n} cards to you", n)
                if seat == self.you
                else c.plural("{n} card to {seat}", "{n} cards to {seat}", n, seat=self.seat_name(seat))
                for seat, n in enumerate(counts)
            ]
            speech = c.text("The cards are dealt face down: {deals}.", deals=self._join(deals))
            braille = c.text("Dealt: {counts}", _B, counts=self._braille_piles(counts, range(len(counts))))
        if event.set_aside:
            speech += " " + c.plural(
                "{n} card is set aside, out of play.", "{n} cards are set aside, out of play.", event.set_aside
            )
            braille += ", " + c.text("{count} aside", _B, count=event.set_aside)
        return Utterance(speech, braille, kind="dealt")

    def _battle(self, event: Battle) -> Utterance:
        c = self.catalog
        names = self.cards
        codes = names.codes(card for _, card in event.cards)
        if len(event.high) > 1:
            tied = dict(event.cards)[event.high[0]]
            ranks = names.ranks(tied)
            if self._verbosity == "brief":
                speech = c.text("Tie of {ranks}.", ranks=ranks)
            else:
                shown = self._join([self._from(seat, card) for seat, card in event.cards])
                speech = c.text("Tie of {ranks}: {cards}.", ranks=ranks, cards=shown)
            self._plain_battle = 0
            return Utterance(speech, c.text("Tie: {cards}", _B, cards=codes), kind="tie")
        winner = event.high[0]
        card = dict(event.cards)[winner]
        others = [(seat, other) for seat, other in event.cards if seat != winner]
        self._plain_battle = len(event.cards)
        you = winner == self.you
        params = {"card": names.name(card)}
        if self._verbosity == "brief" or not others:
            speech = (
                c.text("You win with the {card}.", **params)
                if you
                else c.text("{seat} wins with the {card}.", seat=self.seat_name(winner), **params)
            )
        elif self.players == 2:
            params["other"] = names.name(others[0][1])
            speech = (
                c.text("You win with the {card} against the {other}.", **params)
                if you
                else c.text("{seat} wins with the {card} against the {other}.", seat=self.seat_name(winner), **params)
            )
        else:
            params["others"] = self._join([self._from(seat, other) for seat, other in others])
            speech = (
                c.text("You win with the {card} against {others}.", **params)
                if you
                else c.text("{seat} wins with the {card} against {others}.", seat=self.seat_name(winner), **params)
            )
        losing = names.codes(other for _, other in others)
        braille = (
            c.text("You win {card} v {others}", _B, card=card.code, others=losing)
            if you
            else c.text(
                "{seat} wins {card} v {others}", _B, seat=self.braille_seat(winner), card=card.code, others=losing
            )
        )
        return Utterance(speech, braille.strip(), kind="battle")

    def _war(self, event: WarStarted) -> Utterance:
        c = self.catalog
        speech = c.text("War between {seats}!", seats=self._seats(event.seats, "dative"))
        braille = c.text("War! {seats}", _B, seats=" ".join(self.braille_seat(seat) for seat in event.seats))
        return Utterance(speech, braille, urgent=True, kind="war")

    def _face_down(self, event: FaceDown) -> Utterance | None:
        if self._verbosity == "brief":
            return None
        c = self.catalog
        laid = [(seat, n) for seat, n in event.counts if n]
        if not laid:
            return None
        if len({n for _, n in event.counts}) == 1:
            n = event.counts[0][1]
            speech = c.plural("Each lays {n} card face down.", "Each lays {n} cards face down.", n)
            braille = c.text("Down: {count} each", _B, count=n)
        else:
            items = [
                c.plural("{n} card from you", "{n} cards from you", n)
                if seat == self.you
                else c.plural("{n} card from {seat}", "{n} cards from {seat}", n, seat=self.seat_name(seat))
                for seat, n in laid
            ]
            speech = c.text("Face down: {counts}.", counts=self._join(items))
            braille = c.text("Down: {counts}", _B, counts=" ".join(f"{self.braille_seat(s)} {n}" for s, n in laid))
        return Utterance(speech, braille, kind="face_down")

    def _last_card_up(self, event: LastCardUp) -> Utterance:
        c = self.catalog
        speech: list[str] = []
        braille: list[str] = []
        for seat in event.seats:
            speech.append(
                c.text("You turn up your last card.")
                if seat == self.you
                else c.text("{seat} turns up the last card.", seat=self.seat_name(seat))
            )
            braille.append(c.text("{seat}: last card up", _B, seat=self.braille_seat(seat)))
        for seat in event.standing:
            speech.append(
                c.text("You have no card left; your tied card stands.")
                if seat == self.you
                else c.text("{seat} has no card left; the tied card stands.", seat=self.seat_name(seat))
            )
            braille.append(c.text("{seat}: no card, tie stands", _B, seat=self.braille_seat(seat)))
        return Utterance(" ".join(speech), "; ".join(braille), kind="last_card_up")

    def _ran_short(self, event: RanShort) -> Utterance:
        c = self.catalog
        speech = " ".join(
            c.text("You cannot finish the war.")
            if seat == self.you
            else c.text("{seat} cannot finish the war.", seat=self.seat_name(seat))
            for seat in event.seats
        )
        braille = c.text("Short: {seats}", _B, seats=" ".join(self.braille_seat(seat) for seat in event.seats))
        return Utterance(speech, braille, urgent=True, kind="ran_short")

    def _took(self, event: Took, view: WarView) -> Utterance | None:
        c = self.catalog
        plain = event.count == self._plain_battle
        self._plain_battle = 0
        if plain and self._verbosity == "brief":
            return None
        n = event.count
        if event.seat == self.you:
            speech = c.plural("You take {n} card.", "You take {n} cards.", n)
            braille = c.text("You take {count}", _B, count=n)
        else:
            speech = c.plural("{seat} takes {n} card.", "{seat} takes {n} cards.", n, seat=self.seat_name(event.seat))
            braille = c.text("{seat} takes {count}", _B, seat=self.braille_seat(event.seat), count=n)
        if self._verbosity == "full":
            seats = range(view.players)
            piles = self._join([self._holds(seat, view.pile_sizes[seat]) for seat in seats])
            speech += " " + c.text("Piles: {piles}.", piles=piles)
            braille = self._fit(braille, "; " + self._braille_piles(view.pile_sizes, seats), apart=True)
        return Utterance(speech, braille, kind="took")

    def _table_set_aside(self, event: TableSetAside) -> Utterance:
        c = self.catalog
        speech = c.plural(
            "{n} card on the table goes out of play.", "{n} cards on the table go out of play.", event.count
        )
        return Utterance(speech, c.text("{count} out of play", _B, count=event.count), kind="table_set_aside")

    def _player_out(self, event: PlayerOut) -> Utterance:
        c = self.catalog
        you = event.seat == self.you
        seat = self.seat_name(event.seat)
        if event.reason == "short":
            speech = (
                c.text("You are out: too few cards for the war.")
                if you
                else c.text("{seat} is out: too few cards for the war.", seat=seat)
            )
        else:
            speech = (
                c.text("You are out: no cards left.") if you else c.text("{seat} is out: no cards left.", seat=seat)
            )
        braille = c.text("{seat} out", _B, seat=self.braille_seat(event.seat))
        return Utterance(speech, braille, urgent=True, kind="player_out")

    def _game_over(self, event: GameOver) -> Utterance:
        c = self.catalog
        winners = event.winners
        seats = self._seats(winners, "dative")
        bseats = " ".join(self.braille_seat(seat) for seat in winners)
        if not winners:
            speech = c.text("Game over: nobody has cards left.")
            braille = c.text("Game over: nobody left", _B)
        elif event.reason == "cycle":
            speech = c.text(
                "Game over: the same position came back, so the game would never end. A draw between {seats}.",
                seats=seats,
            )
            braille = c.text("Draw, position repeats: {seats}", _B, seats=bseats)
        elif event.reason == "draw_short":
            speech = c.text("Game over: a draw between {seats}, who ran out of cards together.", seats=seats)
            braille = c.text("Draw, all short: {seats}", _B, seats=bseats)
        elif len(winners) == 1:
            winner = winners[0]
            n = event.scores[winner]
            you = winner == self.you
            name = self.seat_name(winner)
            if event.reason == "round_limit":
                speech = (
                    c.plural(
                        "Safety stop after 10,000 rounds, as the game would not end: you win with {n} card.",
                        "Safety stop after 10,000 rounds, as the game would not end: you win with {n} cards.",
                        n,
                    )
                    if you
                    else c.plural(
                        "Safety stop after 10,000 rounds, as the game would not end: {seat} wins with {n} card.",
                        "Safety stop after 10,000 rounds, as the game would not end: {seat} wins with {n} cards.",
                        n,
                        seat=name,
                    )
                )
            elif event.reason == "max_rounds":
                speech = (
                    c.plural("Time is up: you win with {n} card.", "Time is up: you win with {n} cards.", n)
                    if you
                    else c.plural(
                        "Time is up: {seat} wins with {n} card.",
                        "Time is up: {seat} wins with {n} cards.",
                        n,
                        seat=name,
                    )
                )
            else:
                speech = (
                    c.plural("You win the game with {n} card.", "You win the game with {n} cards.", n)
                    if you
                    else c.plural(
                        "{seat} wins the game with {n} card.", "{seat} wins the game with {n} cards.", n, seat=name
                    )
                )
            braille = (
                c.text("You win, {count} cards", _B, count=n)
                if you
                else c.text("{seat} wins, {count} cards", _B, seat=self.braille_seat(winner), count=n)
            )
        elif event.reason == "round_limit":
            speech = c.plural(
                "Safety stop after 10,000 rounds, as the game would not end: "
                "a draw between {seats}, with {n} card each.",
                "Safety stop after 10,000 rounds, as the game would not end: "
                "a draw between {seats}, with {n} cards each.",
                event.scores[winners[0]],
                seats=seats,
            )
            braille = c.text("Draw: {seats}", _B, seats=bseats)
        elif event.reason == "max_rounds":
            speech = c.plural(
                "Time is up: a draw between {seats}, with {n} card each.",
                "Time is up: a draw between {seats}, with {n} cards each.",
                event.scores[winners[0]],
                seats=seats,
            )
            braille = c.text("Draw: {seats}", _B, seats=bseats)
        else:
            speech = c.text("Game over: a draw between {seats}.", seats=seats)
            braille = c.text("Draw: {seats}", _B, seats=bseats)
        if self._verbosity != "brief":
            speech += " " + c.text(
                "The game took {rounds}, with {battles} and {wars}.",
                **self._counts(event.rounds, event.battles, event.wars),
            )
        if self._verbosity == "full" or (self._verbosity == "normal" and (self.players > 2 or len(winners) > 1)):
            ranking = sorted(range(len(event.scores)), key=lambda seat: (-event.scores[seat], seat))
            piles = self._join([self._holds(seat, event.scores[seat]) for seat in ranking])
            speech += " " + c.text("Final count: {piles}.", piles=piles)
        return Utterance(speech, braille, urgent=True, kind="game_over")

    # -- review -------------------------------------------------------------------

    def pile(self, view: WarView) -> Utterance:
        """The listener's own pile: how many cards (never which)."""
        c = self.catalog
        seat = view.seat
        n = view.pile_sizes[seat]
        you = seat == self.you
        if not view.in_game[seat]:
            speech = (
                c.text("You are out of the game.")
                if you
                else c.text("{seat} is out of the game.", seat=self.seat_name(seat))
            )
            return Utterance(speech, c.text("{seat} out", _B, seat=self.braille_seat(seat)), kind="review.pile")
        speech = (
            c.plural("You have {n} card in your pile.", "You have {n} cards in your pile.", n)
            if you
            else c.plural(
                "{seat} has {n} card in the pile.", "{seat} has {n} cards in the pile.", n, seat=self.seat_name(seat)
            )
        )
        braille = c.text("{seat}: {count} cards", _B, seat=self.braille_seat(seat), count=n)
        return Utterance(speech, braille, kind="review.pile")

    def table(self, view: WarView) -> Utterance:
        """The face-up cards on the table, the face-down counts and who is at war; or that it is empty."""
        c = self.catalog
        down = [(seat, n) for seat, n in enumerate(view.table_down) if n]
        if not view.table_up and not down:
            return Utterance(c.text("The table is empty."), c.text("Table empty", _B), kind="review.table")
        speech: list[str] = []
        braille: list[str] = []
        if view.table_up:
            shown = self._join([self._from(seat, card) for seat, card in view.table_up])
            speech.append(c.text("Face up on the table: {cards}.", cards=shown))
            by_seat: dict[int, list[Card]] = {}
            for seat, card in view.table_up:
                by_seat.setdefault(seat, []).append(card)
            braille.append(
                " ".join(f"{self.braille_seat(seat)} {self.cards.codes(cards)}" for seat, cards in by_seat.items())
            )
        if down:
            items = [
                c.plural("{n} card from you", "{n} cards from you", n)
                if seat == self.you
                else c.plural("{n} card from {seat}", "{n} cards from {seat}", n, seat=self.seat_name(seat))
                for seat, n in down
            ]
            speech.append(c.text("Face down: {counts}.", counts=self._join(items)))
            if len(down) > 1 and len({n for _, n in down}) == 1:
                braille.append(c.text("down {count} each", _B, count=down[0][1]))
            else:
                braille.append(
                    c.text("down {counts}", _B, counts=" ".join(f"{self.braille_seat(s)} {n}" for s, n in down))
                )
        if view.at_war:
            speech.append(c.text("At war: {seats}.", seats=self._seats(view.at_war, "nominative")))
        return Utterance(" ".join(speech), "; ".join(braille), kind="review.table")

    def scores(self, view: WarView) -> Utterance:
        """Every seat's card count or that it is out, cards set aside or out of play, cards on the table."""
        c = self.catalog
        clauses: list[str] = []
        braille: list[str] = []
        for seat in range(view.players):
            if view.in_game[seat] or view.result is not None:
                clauses.append(self._holds(seat, view.pile_sizes[seat]))
                braille.append(f"{self.braille_seat(seat)} {view.pile_sizes[seat]}")
            else:
                clauses.append(
                    c.text("you are out") if seat == self.you else c.text("{seat} is out", seat=self.seat_name(seat))
                )
                braille.append(c.text("{seat} out", _B, seat=self.braille_seat(seat)))
        speech = [c.text("Cards held: {piles}.", piles=self._join(clauses))]
        line = " ".join(braille)
        on_table = len(view.table_up) + sum(view.table_down)
        if on_table:
            speech.append(c.plural("{n} card is on the table.", "{n} cards are on the table.", on_table))
            line += ", " + c.text("table {count}", _B, count=on_table)
        if view.set_aside:
            speech.append(
                c.plural("{n} card is set aside, out of play.", "{n} cards are set aside, out of play.", view.set_aside)
            )
            line += ", " + c.text("{count} aside", _B, count=view.set_aside)
        if view.out_of_play:
            speech.append(
                c.plural(
                    "{n} card went out of play after a war.",
                    "{n} cards went out of play after a war.",
                    view.out_of_play,
                )
            )
            line += ", " + c.text("{count} out of play", _B, count=view.out_of_play)
        return Utterance(" ".join(speech), line, kind="review.scores")

    def counts(self, view: WarView) -> Utterance:
        """Rounds, battles and wars so far."""
        c = self.catalog
        speech = c.text("So far: {rounds}, {battles} and {wars}.", **self._counts(view.rounds, view.battles, view.wars))
        braille = c.text(
            "Rounds {rounds}, battles {battles}, wars {wars}",
            _B,
            rounds=view.rounds,
            battles=view.battles,
            wars=view.wars,
        )
        return Utterance(speech, braille, kind="review.counts")
