"""Stiche-Raten's refusals in words: one wording per message id, for the keys and for ``ui/messages.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from accessible_cards.cards import Suit
from accessible_cards.narration.card_names import SUIT_IDS


def _suit(t: Callable[..., str], code: Any) -> str:
    """A suit given by its code ("H") as a word; anything else as it is."""
    suit = next((suit for suit in SUIT_IDS if suit.value == str(code)), None)
    return t(SUIT_IDS[suit], "suit") if suit is not None else str(code)


ERRORS: Final[dict[str, Callable[[Callable[..., str], dict[str, Any]], str]]] = {
    # translators: a refused bid; {total} is what the bids would add up to, which the dealer may not make
    "error-ohhell-bid-total": lambda t, p: t(
        "You may not bid {bid}: the bids would add up to {total} tricks.", bid=p["bid"], total=p["total"]
    ),
    "error-ohhell-bid-high": lambda t, p: t(
        "You may not bid {bid}: the most you can bid is {tricks}.", bid=p["bid"], tricks=p["tricks"]
    ),
    "error-ohhell-follow": lambda t, p: t("You must follow {suit}.", suit=_suit(t, p["suit"])),
    "error-ohhell-not-held": lambda t, p: t("The {card} is not in your hand.", card=p["card"]),
    "error-ohhell-play-now": lambda t, p: t("Play a card now: it is not the time to bid."),
    "error-ohhell-bid-now": lambda t, p: t("Bid now: the cards are played after the bidding."),
    "error-ohhell-trump-now": lambda t, p: t("Choose trump first."),
    "error-ohhell-players": lambda t, p: t("Stiche-Raten is for 3 to 6 players, not {players}.", players=p["players"]),
    "error-ohhell-dealer": lambda t, p: t("There is no seat {seat} to deal.", seat=p["seat"]),
    "error-ohhell-start-round": lambda t, p: t(
        "There is no round {round}: the game has {rounds}.", round=p["round"], rounds=p["rounds"]
    ),
    "error-ohhell-scenario-rounds": lambda t, p: t("'rounds' must be a list of rounds, each with 'hands' and 'trump'."),
    "error-ohhell-scenario-too-many": lambda t, p: t(
        "Round {round}: the game has only {rounds} rounds.", round=p["round"], rounds=p["rounds"]
    ),
    "error-ohhell-scenario-round": lambda t, p: t(
        "Round {round}: a round is an object with 'hands' and 'trump' only.", round=p["round"]
    ),
    "error-ohhell-scenario-hands": lambda t, p: t(
        "Round {round}: {hands} hands for {players} players; give one hand per player.",
        round=p["round"],
        hands=p["hands"],
        players=p["players"],
    ),
    "error-ohhell-scenario-hand-size": lambda t, p: t(
        "Round {round}, hand {hand}: this round deals each hand {cards}, and this one holds {held}.",
        round=p["round"],
        hand=p["hand"],
        held=p["held"],
        cards=p["cards"],
    ),
    "error-ohhell-scenario-no-trump": lambda t, p: t(
        'Round {round}: the last round has no trump; give "trump": null.', round=p["round"]
    ),
    "error-ohhell-scenario-trump": lambda t, p: t(
        "Round {round}: give the card turned up for trump, a card code such as {example}.",
        round=p["round"],
        example='"trump": "9H"',
    ),
    "error-ohhell-scenario-card": lambda t, p: (
        t("Round {round}, hand {hand}: {reason}", round=p["round"], hand=p["hand"], reason=_card_reason(t, p))
        if p.get("hand") is not None
        else t("Round {round}, the turned card: {reason}", round=p["round"], reason=_card_reason(t, p))
    ),
    "error-ohhell-scenario-move": lambda t, p: t(
        "Move {move}: a move is a bid, a card or a trump suit, such as {examples}.",
        move=p["move"],
        examples='{"bid": 2}, {"card": "7H"}, {"trump": "H"}',
    ),
    "error-dealt": lambda t, p: t("The cards are dealt already."),
    "error-not-your-turn": lambda t, p: t("That is not a move now."),
}


def _card_reason(t: Callable[..., str], p: dict[str, Any]) -> str:
    cause = p.get("cause")
    code = str(p.get("code", ""))[:12]
    if cause == "error-card-twice":
        return t("{code} is listed twice.", code=code)
    if cause == "error-number-too-often":
        return t("{code} is listed more than {copies} times.", code=code, copies=p.get("copies", 2))
    if cause == "error-card-not-in-deck":
        return t("{code} is not a card of this pack.", code=code)
    return t("{code} is not a card code.", code=code)


def suit_name(t: Callable[..., str], suit: Suit) -> str:
    return _suit(t, suit.value)
