"""espeak-ng as a child process per utterance: low latency, stopped at once by ending the process."""

from __future__ import annotations

import shutil
import subprocess
import threading
from collections.abc import Sequence
from typing import Any

from .base import EngineCrash, EngineError, FailureCallback, QueuedEngine, espeak_voice, terminate_process


class EspeakEngine(QueuedEngine):
    """espeak-ng as a child process per utterance: low latency, and it stops at once when the process ends.

    By default espeak-ng plays by itself. With ``player`` (a command that reads
    WAV data on its standard input, e.g. ``["aplay", "-q"]``) espeak-ng writes
    ``--stdout`` into that player instead; :meth:`stop` ends both.
    """

    name = "espeak-ng"

    def __init__(
        self,
        lang: str = "en",
        on_failure: FailureCallback | None = None,
        *,
        executable: str | None = None,
        player: Sequence[str] | None = None,
    ) -> None:
        super().__init__(lang, on_failure)
        found = executable or shutil.which("espeak-ng")
        if found is None:
            raise EngineError("the program espeak-ng is not installed")
        self.executable = found
        self.player = list(player) if player else None
        self._processes: list[subprocess.Popen[bytes]] = []
        self._process_lock = threading.Lock()
        self._start_worker()

    def command(self, text: str, *, wav: str | None = None, to_stdout: bool = False) -> list[str]:
        """The espeak-ng command line that says ``text`` with the current settings (or writes it to ``wav``)."""
        command = [
            self.executable,
            "-v",
            espeak_voice(self.lang),
            "-s",
            str(self.rate),
            "-p",
            str(self.pitch),
            "-a",
            str(self.volume),
        ]
        if wav is not None:
            command += ["-w", wav]
        elif to_stdout:
            command.append("--stdout")
        return [*command, "--", text]

    def _spawn(self, text: str) -> list[subprocess.Popen[bytes]]:
        quiet: dict[str, Any] = {"stdin": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        if self.player is None:
            return [subprocess.Popen(self.command(text), stdout=subprocess.DEVNULL, **quiet)]
        speaker = subprocess.Popen(self.command(text, to_stdout=True), stdout=subprocess.PIPE, **quiet)
        try:
            player = subprocess.Popen(
                self.player, stdin=speaker.stdout, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        except OSError:
            terminate_process(speaker)
            raise
        finally:
            if speaker.stdout is not None:
                speaker.stdout.close()
        return [speaker, player]

    def _play(self, text: str, generation: int) -> None:
        try:
            processes = self._spawn(text)
        except OSError as error:
            raise EngineError(f"espeak-ng could not be started: {error.strerror or error}") from error
        with self._process_lock:
            self._processes = processes
        if self._was_cut(generation):
            self._cut()
        code = processes[0].wait()
        killed = code < 0 and not self._was_cut(generation)
        for player in processes[1:]:
            if killed:  # the rest of a sentence cut off by a crash is said again from its start: stop its sound
                terminate_process(player)
            player.wait()
        with self._process_lock:
            self._processes = []
        if killed:
            raise EngineCrash(f"espeak-ng stopped unexpectedly (signal {-code})")

    def _cut(self) -> None:
        with self._process_lock:
            processes = list(self._processes)
        for process in processes:
            terminate_process(process)

    @property
    def process(self) -> subprocess.Popen[bytes] | None:
        """The espeak-ng process now speaking, if any (tests time how fast it ends)."""
        with self._process_lock:
            return self._processes[0] if self._processes else None
