"""A private speech-dispatcher with no sound card, for tests and benchmarks.

It follows the recipe checked on a Debian machine without audio: a copy of
``/etc/speech-dispatcher`` with ``AudioOutputMethod "libao"`` and
``LogLevel 5``, libao's ``null`` driver chosen in ``$HOME/.libao``, and the
server on its own Unix socket. BEGIN and END events then arrive as with a
real card, and the log holds every text queued.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

SYSTEM_CONFIG = Path("/etc/speech-dispatcher")


@dataclass
class HeadlessSpeechd:
    """A running private speech-dispatcher: its socket ``address``, its log folder and its process."""

    folder: Path
    process: subprocess.Popen[bytes]
    environ: dict[str, str] = field(default_factory=dict)

    @property
    def socket(self) -> Path:
        """The server's Unix socket."""
        return self.folder / "speechd.sock"

    @property
    def address(self) -> str:
        """The address a client passes: ``unix_socket:PATH``."""
        return f"unix_socket:{self.socket}"

    @property
    def log_folder(self) -> Path:
        """Where the server writes its logs."""
        return self.folder / "log"

    def log_text(self) -> str:
        """Everything the server and its modules have logged so far."""
        parts = []
        for path in sorted(self.log_folder.glob("*.log")):
            with contextlib.suppress(OSError):
                parts.append(path.read_text(encoding="utf-8", errors="replace"))
        return "\n".join(parts)

    def queued_texts(self) -> list[str]:
        """The texts the server received, in order, as its log at level 5 records them."""
        texts = []
        for line in self.log_text().splitlines():
            match = re.search(r"Queueing message \|(.*)\|", line) or re.search(r"Received text: \|(.*)\|", line)
            if match is None:
                match = re.search(r"Message \|(.*)\| queued", line)
            if match is not None:
                texts.append(match.group(1))
        return texts

    def stop(self, timeout: float = 5.0) -> None:
        """End the server (its modules go with it) and wait for it; kill it after ``timeout`` seconds."""
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)  # any module process left in the group


def start_headless_speechd(folder: Path, timeout: float = 10.0, *, audio: str = "libao") -> HeadlessSpeechd:
    """Start speech-dispatcher in ``folder`` with libao's null output; raises RuntimeError if it does not come up.

    ``audio="alsa"`` gives a server that takes texts but, with no sound card, never finishes one.
    """
    executable = shutil.which("speech-dispatcher")
    if executable is None or not SYSTEM_CONFIG.is_dir():
        raise RuntimeError("speech-dispatcher is not installed")
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / "conf"
    shutil.copytree(SYSTEM_CONFIG, config, dirs_exist_ok=True)
    conf = config / "speechd.conf"
    text = conf.read_text(encoding="utf-8")
    text = re.sub(r"^\s*#?\s*AudioOutputMethod\s.*$", "", text, flags=re.M)
    text = re.sub(r"^\s*LogLevel\s.*$", "", text, flags=re.M)
    conf.write_text(text + f'\nAudioOutputMethod "{audio}"\nLogLevel 5\n', encoding="utf-8")
    home = folder / "home"
    home.mkdir(exist_ok=True)
    (home / ".libao").write_text("default_driver=null\n", encoding="utf-8")
    log = folder / "log"
    log.mkdir(exist_ok=True)
    env = dict(os.environ, HOME=str(home), XDG_RUNTIME_DIR=str(folder), XDG_CONFIG_HOME=str(home / ".config"))
    sock = folder / "speechd.sock"
    sock.unlink(missing_ok=True)  # left behind by a server that was killed: waiting for it would mean nothing
    process = subprocess.Popen(
        [executable, "-s", "-C", str(config), "-S", str(sock), "-c", "unix_socket", "-L", str(log), "-t", "60"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    server = HeadlessSpeechd(folder, process, env)
    deadline = time.monotonic() + timeout
    while not sock.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            server.stop()
            raise RuntimeError(f"speech-dispatcher did not start (see {log})")
        time.sleep(0.02)
    return server
