"""Finding the class on the local network (mDNS, DNS-SD): optional, never needed.

``serve`` announces itself as a service of type :data:`SERVICE` named after the class ("Class 3b"),
with its port and addresses; ``join`` with no host looks for such services for a short while and
joins the one it finds (with several, it lists them and the child chooses one by its number). The
python-zeroconf library does the multicast DNS. When it is missing, or the network does not carry
multicast (a school's guest network often does not), nothing is announced or found, and the
teacher's address works as always.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from dataclasses import dataclass
from typing import Any, Final

SERVICE: Final = "_acards._tcp.local."
"""The service type (DNS-SD allows 15 characters for its name)."""
LOOK: Final = 3.0
"""Seconds ``join`` looks for a class on the network."""

log = logging.getLogger("accessible_cards.server")


@dataclass(frozen=True)
class Found:
    """A class found on the network: its name, an address and the port."""

    name: str
    host: str
    port: int


def _zeroconf() -> Any:
    try:
        import zeroconf
    except ImportError:
        return None
    return zeroconf


def _label(name: str) -> str:
    """The class's name as a DNS-SD instance label (at most 63 bytes, no dots)."""
    label = name.replace(".", " ").strip() or "Accessible Cards"
    while len(label.encode("utf-8")) > 63:
        label = label[:-1]
    return label


class Announcer:
    """The server's announcement on the network; :meth:`close` takes it back."""

    def __init__(self, zc: Any, info: Any) -> None:
        self._zc = zc
        self._info = info

    @classmethod
    def start(cls, name: str, port: int, addresses: list[str], interfaces: list[str] | None = None) -> Announcer | None:
        """Announce ``name`` at ``port``; None when zeroconf is missing or the network refuses."""
        zeroconf = _zeroconf()
        if zeroconf is None or not addresses:
            return None
        try:
            packed = [socket.inet_aton(address) for address in addresses]
            info = zeroconf.ServiceInfo(
                SERVICE, f"{_label(name)}.{SERVICE}", addresses=packed, port=port, properties={"v": "1"}
            )
            zc = zeroconf.Zeroconf(
                interfaces=interfaces or zeroconf.InterfaceChoice.All, ip_version=zeroconf.IPVersion.V4Only
            )
            zc.register_service(info, allow_name_change=True)
        except Exception as error:
            log.warning("the class is not announced on the network: %s", error)
            return None
        return cls(zc, info)

    def close(self) -> None:
        try:
            self._zc.unregister_service(self._info)
            self._zc.close()
        except Exception:
            pass


def find(seconds: float = LOOK, interfaces: list[str] | None = None) -> list[Found]:
    """The classes announced on the network within ``seconds`` (an empty list without zeroconf)."""
    zeroconf = _zeroconf()
    if zeroconf is None:
        return []
    found: dict[str, Found] = {}
    lock = threading.Lock()

    class Listener:
        def add_service(self, zc: Any, kind: str, name: str) -> None:
            info = zc.get_service_info(kind, name, 2000)
            if info is None or not info.parsed_addresses(zeroconf.IPVersion.V4Only):
                return
            label = name[: -len("." + SERVICE)] if name.endswith("." + SERVICE) else name
            with lock:
                found[name] = Found(label[:64], info.parsed_addresses(zeroconf.IPVersion.V4Only)[0], int(info.port))

        def update_service(self, zc: Any, kind: str, name: str) -> None:
            self.add_service(zc, kind, name)

        def remove_service(self, zc: Any, kind: str, name: str) -> None:
            with lock:
                found.pop(name, None)

    try:
        zc = zeroconf.Zeroconf(
            interfaces=interfaces or zeroconf.InterfaceChoice.All, ip_version=zeroconf.IPVersion.V4Only
        )
    except Exception as error:
        log.warning("cannot look for a class on the network: %s", error)
        return []
    try:
        browser = zeroconf.ServiceBrowser(zc, SERVICE, Listener())
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            time.sleep(0.1)
            with lock:
                if found and time.monotonic() > deadline - seconds / 2:
                    break  # found one, and looked long enough for others to answer too
        browser.cancel()
    finally:
        zc.close()
    with lock:
        return sorted(found.values(), key=lambda item: item.name)
