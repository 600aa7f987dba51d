"""Finding the class on the local network (mDNS): ``serve`` announces it, ``join`` with no host finds it.

On loopback only: the announcement and the look-up both go over 127.0.0.1, so the test needs no
network and tells nothing to one.
"""

from __future__ import annotations

import pytest

from accessible_cards.i18n import Catalog
from accessible_cards.net import cli, discovery

pytest.importorskip("zeroconf")
LOOPBACK = ["127.0.0.1"]


def test_an_announced_class_is_found_with_its_name_address_and_port() -> None:
    announcer = discovery.Announcer.start("Class 3b", 42424, LOOPBACK, interfaces=LOOPBACK)
    assert announcer is not None
    try:
        found = discovery.find(4.0, interfaces=LOOPBACK)
    finally:
        announcer.close()
    assert discovery.Found("Class 3b", "127.0.0.1", 42424) in found


def test_join_without_a_host_takes_the_one_class_found_or_asks_which(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    t = Catalog("de").text
    one = [discovery.Found("Klasse 3b", "192.168.1.20", 2222)]
    monkeypatch.setattr(discovery, "find", lambda: one)
    assert cli._find_class(t) == ("192.168.1.20", 2222)
    assert "Klasse 3b gefunden unter 192.168.1.20." in capsys.readouterr().out
    two = [*one, discovery.Found("Klasse 4a", "192.168.1.21", 2223)]
    monkeypatch.setattr(discovery, "find", lambda: two)
    monkeypatch.setattr("builtins.input", lambda prompt="": "2")
    assert cli._find_class(t) == ("192.168.1.21", 2223)
    assert "2: Klasse 4a, unter 192.168.1.21" in capsys.readouterr().out
    monkeypatch.setattr(discovery, "find", lambda: [])
    assert cli._find_class(t) is None
    assert "Keine Klasse im Netzwerk gefunden." in capsys.readouterr().err
