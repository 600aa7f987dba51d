"""Cards, codes and deck kinds, from the rulings' "Cards and notation" and the Krieg text's material.

Krieg text, "Material": "Ein Bridgeblatt oder Zahlenkarten mit jeweils vier Karten von den Zahlen
1 bis 13" (a bridge pack, or number cards with four cards of each number 1 to 13).
"""

from __future__ import annotations

from collections import Counter

import pytest

from accessible_cards.cards import Card, Deck, DeckKind, Suit, deck
from accessible_cards.errors import CardParseError, CardsError, OptionError

# --- codes parse and print ------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "rank", "suit"),
    [
        ("7H", 7, Suit.HEARTS),
        ("TH", 10, Suit.HEARTS),
        ("10H", 10, Suit.HEARTS),
        ("th", 10, Suit.HEARTS),
        ("10h", 10, Suit.HEARTS),
        ("as", 1, Suit.SPADES),
        ("AS", 1, Suit.SPADES),
        ("Kc", 13, Suit.CLUBS),
        ("qD", 12, Suit.DIAMONDS),
        ("jS", 11, Suit.SPADES),
        ("2c", 2, Suit.CLUBS),
        (" 9d ", 9, Suit.DIAMONDS),
    ],
)
def test_codes_parse_case_insensitively(code: str, rank: int, suit: Suit) -> None:
    """Rulings: rank + suit, ``TH`` = ten of hearts, case-insensitive, ``10H`` accepted too."""
    card = Card.parse(code)
    assert card.rank == rank
    assert card.suit is suit


@pytest.mark.parametrize(
    ("code", "printed"),
    [("7h", "7H"), ("10H", "TH"), ("th", "TH"), ("as", "AS"), ("kc", "KC"), ("Qd", "QD"), ("js", "JS")],
)
def test_codes_print_in_the_canonical_form(code: str, printed: str) -> None:
    """A card prints as rank letter + suit letter, upper case, ten as ``T``."""
    card = Card.parse(code)
    assert card.code == printed
    assert str(card) == printed


def test_every_code_of_the_french_pack_round_trips() -> None:
    """Each of the 52 printed codes parses back to the same card."""
    for card in deck("french52").cards:
        assert Card.parse(card.code) == card
        assert Card.parse(card.code.lower()) == card


@pytest.mark.parametrize("code", ["1", "5", "10", "13", " 7 "])
def test_number_cards_parse_and_print(code: str) -> None:
    """Krieg text: "Zahlenkarten ... von den Zahlen 1 bis 13" (number cards 1 to 13), written 1..13."""
    card = Card.parse_number(code)
    assert card.suit is None
    assert card.rank == int(code)
    assert card.code == code.strip()


def test_number_cards_parse_from_ints() -> None:
    """A scenario file may write number cards as JSON numbers."""
    assert Card.parse_number(13) == Card.parse_number("13")
    assert deck("numbers").parse(1) == Card(1, None)


@pytest.mark.parametrize("code", ["", "7", "7X", "1H", "11H", "0S", "AHH", "HA", "10", "X", "KSS", "7 H", "TEN"])
def test_bad_suited_codes_raise_naming_the_input(code: str) -> None:
    """A code that is not rank+suit is refused, and the message names what was typed."""
    with pytest.raises(CardParseError) as caught:
        Card.parse(code)
    assert repr(code) in str(caught.value)
    assert caught.value.params["code"] == code
    assert caught.value.msg_id == "error-card-code"


@pytest.mark.parametrize("code", ["0", "14", "-1", "AS", "seven", "", "1.5"])
def test_bad_number_codes_raise_naming_the_input(code: str) -> None:
    """Number cards are 1 to 13 only; anything else is refused by name."""
    with pytest.raises(CardParseError) as caught:
        Card.parse_number(code)
    assert repr(code) in str(caught.value)
    assert caught.value.params["code"] == code


def test_parse_errors_are_value_errors_of_the_one_family() -> None:
    """Style: one error family under ValueError, carrying a message id."""
    with pytest.raises(ValueError):
        Card.parse("ZZ")
    with pytest.raises(CardsError):
        deck("numbers").parse("14")


# --- deck kinds -------------------------------------------------------------------


def test_french52_has_52_distinct_cards() -> None:
    """Rulings: ``french52``; 13 ranks in 4 suits, no card twice."""
    pack = deck("french52")
    assert len(pack) == 52
    assert len(set(pack.cards)) == 52
    assert Counter(card.rank for card in pack.cards) == Counter({rank: 4 for rank in range(1, 14)})
    assert Counter(card.suit for card in pack.cards) == Counter({suit: 13 for suit in Suit})


@pytest.mark.parametrize("name", ["italian40", "spanish40"])
def test_forty_card_decks_lack_eights_nines_and_tens(name: str) -> None:
    """Rulings: ``italian40`` and ``spanish40`` = the 52 without 8, 9, 10."""
    pack = deck(name)
    assert len(pack) == 40
    assert len(set(pack.cards)) == 40
    ranks = {card.rank for card in pack.cards}
    assert ranks == {1, 2, 3, 4, 5, 6, 7, 11, 12, 13}
    for code in ("8S", "9H", "TD", "10C"):
        with pytest.raises(CardParseError) as caught:
            pack.parse(code)
        assert name in str(caught.value)
    assert pack.parse("7D") == Card(7, Suit.DIAMONDS)
    assert pack.parse("jc") == Card(11, Suit.CLUBS)


def test_numbers_deck_has_four_of_each_number() -> None:
    """Krieg text: "jeweils vier Karten von den Zahlen 1 bis 13" (four cards of each number 1 to 13)."""
    pack = deck("numbers")
    assert len(pack) == 52
    assert all(card.suit is None for card in pack.cards)
    assert Counter(card.rank for card in pack.cards) == Counter({rank: 4 for rank in range(1, 14)})
    assert not pack.suited
    assert deck("french52").suited


def test_numbers_deck_refuses_suited_codes_and_the_french_deck_numbers() -> None:
    """Each deck reads its own notation only."""
    with pytest.raises(CardParseError):
        deck("numbers").parse("7H")
    with pytest.raises(CardParseError):
        deck("french52").parse("7")


def test_deck_by_enum_and_by_name_is_the_same() -> None:
    """``deck()`` takes a DeckKind or its name."""
    for kind in DeckKind:
        assert deck(kind) is deck(kind.value)
        assert deck(kind).kind is kind


def test_unknown_deck_name_is_refused() -> None:
    """A deck kind that does not exist is an option error naming it."""
    with pytest.raises(OptionError) as caught:
        deck("tarot78")
    assert "tarot78" in str(caught.value)


def test_card_ids_cross_back_to_codes() -> None:
    """Ids from ``parse_many`` print back as the codes given (canonical form)."""
    pack = deck("french52")
    ids = pack.parse_many(["KS", "2h", "10d", "as"])
    assert pack.codes(ids) == ["KS", "2H", "TD", "AS"]
    assert [pack.code(i) for i in ids] == ["KS", "2H", "TD", "AS"]
    assert pack.card(ids[0]) == Card(13, Suit.SPADES)


# --- duplicates ---------------------------------------------------------------------


def test_a_suited_card_twice_is_refused() -> None:
    """Rulings, scenario files: "no card twice"; the message names the card."""
    with pytest.raises(CardParseError) as caught:
        deck("french52").parse_many(["KS", "2H", "ks"])
    assert "KS" in str(caught.value)
    assert caught.value.msg_id == "error-card-twice"


def test_ten_written_two_ways_is_still_one_card() -> None:
    """``TH`` and ``10H`` are the same card, so listing both is a duplicate."""
    with pytest.raises(CardParseError):
        deck("french52").parse_many(["TH", "10H"])


def test_four_copies_of_a_number_are_four_distinct_ids() -> None:
    """Rulings: the numbers deck writes cards 1..13, "each allowed four times"."""
    pack = deck("numbers")
    ids = pack.parse_many(["5", 5, "5", " 5"])
    assert len(set(ids)) == 4
    assert all(pack.card(i) == Card(5, None) for i in ids)


def test_a_fifth_copy_of_a_number_is_refused() -> None:
    """Four of each number exist; a fifth 5 is refused, naming the number."""
    with pytest.raises(CardParseError) as caught:
        deck("numbers").parse_many(["5", "5", "5", "5", "5"])
    assert "5" in str(caught.value)
    assert caught.value.msg_id == "error-number-too-often"


def test_the_whole_numbers_deck_parses_and_nothing_more() -> None:
    """All 52 number cards parse to all 52 ids; one more card of any number is refused."""
    pack = deck("numbers")
    codes = [str(n) for n in range(1, 14) for _ in range(4)]
    assert sorted(pack.parse_many(codes)) == list(range(52))
    with pytest.raises(CardParseError):
        pack.parse_many([*codes, "13"])


# --- repr pastes back -------------------------------------------------------------


@pytest.mark.parametrize("code", ["7H", "TH", "AS", "KC", "2D"])
def test_suited_card_repr_pastes_back(code: str) -> None:
    """Style: value types have a repr you can paste back (python-chess ``Move.from_uci``)."""
    card = Card.parse(code)
    assert repr(card) == f"Card.parse({code!r})"
    assert eval(repr(card), {"Card": Card}) == card


def test_number_card_repr_pastes_back() -> None:
    """The numbers deck's cards paste back through ``Card.parse_number``."""
    card = Card.parse_number("12")
    assert eval(repr(card), {"Card": Card}) == card


def test_suit_deck_kind_and_deck_reprs_paste_back() -> None:
    """Suit, DeckKind and Deck reprs evaluate to equal values."""
    names = {"Suit": Suit, "DeckKind": DeckKind, "Deck": Deck}
    for suit in Suit:
        assert eval(repr(suit), names) is suit
    for kind in DeckKind:
        assert eval(repr(kind), names) is kind
        rebuilt = eval(repr(deck(kind)), names)
        assert rebuilt.kind is kind
        assert rebuilt.cards == deck(kind).cards
