"""The War quiz with two pupils at one keyboard: each question names the pupil who answers, each pupil has a score.

Issue 15, "Hot-seat War quiz": with ``--humans 2 --quiz`` the game never said who should answer and
kept one shared score. The teacher's guide: "With two pupils ..., they take turns answering."
"""

from __future__ import annotations

import re
from pathlib import Path

from saves_support import game_screen, make_app, only_save, play, saving_in

from accessible_cards import saves
from accessible_cards.ui.app import GameRequest

QUIZ = {"games": {"war": {"quiz": True}}}
HOT_SEAT = GameRequest("war", 2, 2, seed=15, options={"max_rounds": 6})


def _questions(said: list[str]) -> list[str]:
    return [line for line in said if "Which card is higher?" in line]


def test_each_question_names_the_pupil_whose_turn_it_is() -> None:
    _app, said = play(HOT_SEAT, ("", "1"), **QUIZ)
    questions = _questions(said)
    assert len(questions) >= 4
    for number, question in enumerate(questions):
        pupil = "Player 1" if number % 2 == 0 else "Player 2"
        assert question.startswith(f"{pupil}, your question: 1: Player 1, "), question
        assert " 2: Player 2, " in question


def test_every_pupil_keeps_a_score_of_their_own_and_hears_it_at_the_end() -> None:
    app, said = play(HOT_SEAT, ("", "1"), **QUIZ)
    verdicts = [line for line in said if re.match(r"(Right!|Not quite:.*?\.) Player \d: \d+ of \d+ right\.$", line)]
    questions = _questions(said)
    assert len(verdicts) == len(questions)
    asked = {"Player 1": 0, "Player 2": 0}
    for number, verdict in enumerate(verdicts):
        pupil = "Player 1" if number % 2 == 0 else "Player 2"
        asked[pupil] += 1
        assert f" {pupil}: " in verdict and verdict.endswith(f" of {asked[pupil]} right."), verdict
    screen = game_screen(app)
    right = screen.controller.quiz_right  # type: ignore[attr-defined]
    total = [line for line in said if line.startswith("Quiz scores: ")]
    assert total == [
        f"Quiz scores: Player 1: {right[0]} of {asked['Player 1']} right. "
        f"Player 2: {right[1]} of {asked['Player 2']} right."
    ]
    assert 0 < sum(right) < sum(asked.values())  # pressing 1 every time is right only sometimes


def test_one_pupil_is_not_named_and_has_the_score_as_before() -> None:
    _app, said = play(GameRequest("war", 2, 1, seed=15, options={"max_rounds": 6}), ("", "1"), **QUIZ)
    assert all(q.startswith("1: You, ") for q in _questions(said))
    assert any(re.fullmatch(r"(Right!|Not quite:.*?\.) [01] of 1 right\.", line) for line in said)
    assert [line for line in said if line.startswith("Quiz")][-1].startswith("Quiz: ")


def test_the_german_question_names_the_pupil() -> None:
    _app, said = play(HOT_SEAT, ("", "1"), lang="de", **QUIZ)
    questions = [line for line in said if "Welche Karte ist höher?" in line]
    assert questions[0].startswith("Spieler 1, deine Frage: 1: Spieler 1, ")
    assert questions[1].startswith("Spieler 2, deine Frage: ")
    assert any(line.startswith("Quiz-Punkte: Spieler 1: ") for line in said)


def test_the_scores_key_says_each_pupils_quiz_score(tmp_path: Path) -> None:
    app, out = make_app(("", "1", "", "1", "", "2", "s"), budget=7, **QUIZ)
    with saving_in(tmp_path):
        app.run(HOT_SEAT)
    said = out.getvalue().splitlines()
    assert re.fullmatch(r"Quiz scores: Player 1: \d of 2 right\. Player 2: \d of 1 right\.", said[-1]), said[-3:]


def test_the_save_keeps_a_score_per_seat_and_an_older_shared_score_still_loads(tmp_path: Path) -> None:
    with saving_in(tmp_path) as folder:
        app, _ = play(HOT_SEAT, ("", "1", "", "2", "", "0"), budget=6, **QUIZ)
        saved = saves.load(only_save(folder))
        tally = saved.extra["quiz"]
        assert len(tally) == 2 and [pair[0] for pair in tally] == [2, 1]
        resumed, said = play(None, ("s",), budget=1, resume=True, **QUIZ)
        controller = game_screen(resumed).controller
        assert [controller.quiz_asked, controller.quiz_right] == [  # type: ignore[attr-defined]
            [pair[0] for pair in tally],
            [pair[1] for pair in tally],
        ]
        assert game_screen(resumed).controller.next_pupil() == 1  # type: ignore[attr-defined]
        assert said[-1].startswith("Quiz scores: Player 1: ") and said[-1].endswith(" of 1 right."), said[-3:]
    screen = game_screen(app)
    old = screen.controller
    old.restore_extra({"quiz": [3, 1]})  # the form before: one pair for everyone
    assert old.quiz_asked == [3, 0] and old.quiz_right == [1, 0]  # type: ignore[attr-defined]
    for bad in ({"quiz": [1, 3]}, {"quiz": [[1, 0]]}, {"quiz": [[1, 0], [0, 2]]}, {"quiz": "x"}):
        try:
            old.restore_extra(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad} was taken")
