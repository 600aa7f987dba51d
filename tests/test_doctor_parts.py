"""doctor's sentences on missing parts: one each, in the player's language, with the way to get it where it runs."""

from __future__ import annotations

import pytest

from accessible_cards.doctor import PART_NAMES, Check, Place, missing_parts, part_working
from accessible_cards.i18n import Catalog

NOTHING = dict.fromkeys(PART_NAMES, False)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_checkout_on_debian_says_make_setup(lang: str) -> None:
    sentences = missing_parts(NOTHING, Place("linux", checkout=True, debian=True), Catalog(lang).text)
    assert len(sentences) == 4, "liblouis, BrlAPI, speech-dispatcher's client, pyttsx3; no bridge on Linux"
    assert all("make setup" in sentence for sentence in sentences), sentences
    assert (
        sentences[0]
        == {
            "en": "liblouis is missing, so there is no braille: run make setup.",
            "de": "liblouis fehlt, daher gibt es keine Braille-Schrift: führe make setup aus.",
        }[lang]
    )


def test_the_system_voice_on_an_installed_linux_needs_only_the_system_packages() -> None:
    working = {**dict.fromkeys(PART_NAMES, True), "pyttsx3": False}
    sentences = missing_parts(working, Place("linux", checkout=False, debian=True), Catalog("en").text)
    assert sentences == [
        "The pyttsx3 voice does not work: install libespeak-ng1 alsa-utils with your system's packages "
        "(Debian: sudo apt install libespeak-ng1 alsa-utils)."
    ]


@pytest.mark.parametrize(("system", "bridge"), [("win32", "cytolk"), ("darwin", "accessible_output2")])
def test_windows_and_macos_name_the_bridge_and_leave_linux_parts_to_the_screen_reader(system: str, bridge: str) -> None:
    sentences = missing_parts(NOTHING, Place(system, checkout=False, debian=False), Catalog("en").text)
    assert not any("speech-dispatcher" in sentence or "apt" in sentence for sentence in sentences), sentences
    assert sentences[0].startswith("liblouis is missing: Windows and macOS do not ship it")
    assert sentences[2] == (
        "The system voice (pyttsx3) does not work, so the game speaks only through a screen reader: "
        "install it with pipx inject accessible-cards pyttsx3."
    )
    assert sentences[3].endswith(f"install it with pipx inject accessible-cards {bridge}.")
    assert len(sentences) == 4


def test_a_part_the_checks_do_not_name_is_not_said_to_be_missing() -> None:
    working = part_working([Check("liblouis", False, "not loaded"), Check("speech: pyttsx3", True, "started")])
    assert working["liblouis"] is False
    assert working["brlapi"] is True and working["pyttsx3"] is True
    assert missing_parts({**working, "speechd": True}, Place("linux", True, True), Catalog("en").text) == [
        "liblouis is missing, so there is no braille: run make setup."
    ]
