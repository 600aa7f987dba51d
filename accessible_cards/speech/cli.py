"""The ``speak`` subcommand and the speech part of ``doctor``.

Wiring into the program's parser takes two lines::

    add_speak_parser(commands)               # commands = parser.add_subparsers(...)
    if args.command == "speak": return run_speak(args)

``speak TEXT [--engine E] [--lang L] [--save FILE.wav]`` says a sentence, or
writes it to a WAV file through pyttsx3 (or espeak-ng ``-w``): teachers use it
to check a machine. :func:`speech_report` lists each engine as working or not,
with the reason and the fix, for ``doctor``.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from typing import Any, NamedTuple, TextIO

from .engines import (
    KNOWN_ENGINES,
    LANGUAGES,
    Engine,
    EngineError,
    EspeakEngine,
    Pyttsx3Engine,
    SpeechDispatcherEngine,
    engine_order,
    espeak_voice,
    open_engine,
)
from .mode import SCREEN_READER_VARIABLE, process_names
from .readers import screen_readers

SAVE_ENGINES = ("pyttsx3", "espeak-ng")


def add_speak_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``speak`` to an ``add_subparsers()`` object; returns its parser (``func`` is set to :func:`run_speak`)."""
    speak: argparse.ArgumentParser = subparsers.add_parser(
        "speak",
        help="say a sentence with the game's voice, or write it to a WAV file (to check a machine)",
        description="Say TEXT with the first speech engine that works, or with --engine; or write it to a WAV file.",
    )
    speak.add_argument("text", metavar="TEXT", help="the sentence to say")
    speak.add_argument("--engine", choices=KNOWN_ENGINES, default=None, help="use this engine only")
    speak.add_argument("--lang", choices=LANGUAGES, default="en", help="the voice's language (default: en)")
    speak.add_argument("--save", metavar="FILE.wav", default=None, help="write the speech to this WAV file instead")
    speak.set_defaults(func=run_speak)
    return speak


def run_speak(args: argparse.Namespace, *, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run ``speak``: 0 when spoken or saved, 1 with a one-line reason on stderr when not."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    text = str(args.text).strip()
    lang = str(getattr(args, "lang", "en") or "en")
    engine_name: str | None = getattr(args, "engine", None)
    if not text:
        print("speak: there is nothing to say (TEXT is empty)", file=err)
        return 1
    save: str | None = getattr(args, "save", None)
    if save is not None:
        try:
            used = save_wav(text, save, lang, engine_name)
        except DiskFull:
            from ..i18n import Catalog

            sentence = Catalog(lang).text(
                "The sound file {path} could not be written: no space is left on the disk.", path=shown_path(save)
            )
            print(f"speak: {sentence}", file=err)
            return 1
        except EngineError as error:
            print(f"speak: {error}", file=err)
            return 1
        print(f"Wrote {save} with {used}.", file=out)
        return 0
    failed: list[str] = []
    while True:
        engine, reasons = open_engine(engine_name, lang, exclude=[f.split(":", 1)[0] for f in failed])
        if engine is None:
            print(f"speak: no speech engine works: {'; '.join(failed + reasons)}", file=err)
            return 1
        try:
            engine.speak(text)
            done = engine.wait_until_done(timeout=60.0)
        finally:
            engine.close()
        if done:
            break
        failed.append(f"{engine.name}: {engine.failure or 'it did not finish speaking within 60 seconds'}")
        if engine_name is not None:
            print(f"speak: {failed[-1]}", file=err)
            return 1
    note = f" ({'; '.join(failed)})" if failed else ""
    unheard = _unheard(engine)
    if unheard:
        print(f"speak: {engine.name} made the speech, but no sound reached a device: {unheard}{note}", file=err)
        return 1
    print(f"Spoke with {engine.name}.{note}", file=out)
    return 0


def _unheard(engine: Engine) -> str:
    """Why the speech ``engine`` made could not be heard, as ``doctor`` says it; empty when it went to a device.

    pyttsx3 and espeak-ng play through ALSA themselves: with no sound card, or a player that
    failed, nothing was heard. speech-dispatcher's own audio output is checked by its end of speech.
    """
    if engine.name in ("speech-dispatcher", "screen-reader"):
        return ""  # the screen reader plays through its own sound output
    errors = list(getattr(engine, "device_errors", []))
    if not sound_cards() and sys.platform.startswith("linux"):  # /proc/asound is Linux's
        errors.insert(0, "no sound card found: speech is silent here; speak --save still works")
    return "; ".join(errors)


class DiskFull(EngineError):
    """The WAV file could not be written: no space is left on the disk."""


FULL_BELOW = 1 << 20
"""A folder with less free space than this (bytes) is taken as full when an engine wrote nothing."""


def shown_path(path: str, limit: int = 120) -> str:
    """A path as it may be said: no control codes, and its end kept when it is long."""
    text = "".join(character for character in path if character.isprintable())
    return text if len(text) <= limit else "…" + text[-(limit - 1) :]


def _full(directory: str) -> bool:
    try:
        return shutil.disk_usage(directory).free < FULL_BELOW
    except OSError:
        return False


def save_wav(text: str, path: str, lang: str = "en", engine: str | None = None) -> str:
    """Write ``text`` to the WAV file ``path`` with pyttsx3, or espeak-ng; returns the engine used.

    The sound is written to a temporary file beside ``path`` and renamed over it
    when whole, so a failed write leaves no part of a file. Raises
    :class:`DiskFull` when the disk is full, and :class:`EngineError` with a
    plain-words reason when no engine can write it.
    """
    directory = os.path.dirname(os.path.abspath(path))
    if engine is not None and engine not in SAVE_ENGINES:
        raise EngineError(f"{engine} cannot write WAV files; use --engine pyttsx3 or --engine espeak-ng")
    if not os.path.isdir(directory):
        raise EngineError(f"cannot write {path}: the folder {directory} does not exist")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp.wav", dir=directory)
    except OSError as error:
        if error.errno in (errno.ENOSPC, errno.EDQUOT):
            raise DiskFull(f"cannot write {path}: no space is left on the disk") from error
        raise EngineError(f"cannot write {path}: {error.strerror or error}") from error
    os.close(handle)
    lost: list[BaseException] = []
    previous_hook = sys.unraisablehook
    sys.unraisablehook = lambda unraisable: lost.append(unraisable.exc_value or RuntimeError())
    try:
        used = _save_wav(text, temporary, lang, engine)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)  # as an ordinary new file, not mkstemp's owner-only
        os.replace(temporary, path)
        return used
    except EngineError as error:
        if _full(directory) or any("No space left" in str(e) for e in lost):
            raise DiskFull(f"cannot write {path}: no space is left on the disk") from error
        raise
    except OSError as error:
        if error.errno in (errno.ENOSPC, errno.EDQUOT) or _full(directory):
            raise DiskFull(f"cannot write {path}: no space is left on the disk") from error
        raise EngineError(f"cannot write {path}: {error.strerror or error}") from error
    finally:
        sys.unraisablehook = previous_hook
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _save_wav(text: str, path: str, lang: str, engine: str | None) -> str:
    if engine is not None and engine not in SAVE_ENGINES:
        raise EngineError(f"{engine} cannot write WAV files; use --engine pyttsx3 or --engine espeak-ng")
    reasons: list[str] = []
    for name in [engine] if engine else list(SAVE_ENGINES):
        try:
            if name == "pyttsx3":
                pyttsx3_engine = Pyttsx3Engine(lang)
                try:
                    pyttsx3_engine.save(text, path)
                finally:
                    pyttsx3_engine.close()
            else:
                espeak = EspeakEngine(lang)
                try:
                    code = subprocess.run(
                        espeak.command(text, wav=path),
                        stdin=subprocess.DEVNULL,
                        stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                        timeout=60,
                        check=False,
                    ).returncode
                finally:
                    espeak.close()
                if code != 0:
                    raise EngineError(f"espeak-ng could not write {path} (exit status {code})")
        except EngineError as error:
            reasons.append(f"{name}: {error}")
            continue
        if _holds_sound(path):
            return str(name)
        reasons.append(f"{name}: wrote no sound to {path}")
    raise EngineError("; ".join(reasons))


def _holds_sound(path: str, patience: float = 3.0) -> bool:
    """True once the WAV at ``path`` holds more than its header and has stopped growing.

    pyttsx3's ``runAndWait`` may return before its driver has written the last of the file, so the
    size is watched for a moment rather than read once.
    """
    deadline = time.monotonic() + patience
    last = -1
    while True:
        size = os.path.getsize(path) if os.path.isfile(path) else 0
        if size > 44 and size == last:
            return True
        if time.monotonic() > deadline:
            return size > 44
        last = size
        time.sleep(0.05)


class Check(NamedTuple):
    """One line of ``doctor``: the component, whether it works, why (plain words) and how to fix it."""

    component: str
    working: bool
    reason: str
    fix: str


_FIXES = {
    "speech-dispatcher": "install it: sudo apt install speech-dispatcher speech-dispatcher-espeak-ng python3-speechd, "
    "then run make setup; or start it with: speech-dispatcher",
    "pyttsx3": "install the eSpeak NG library and the player: sudo apt install libespeak-ng1 alsa-utils; "
    "then run make setup (it installs pyttsx3)",
    "espeak-ng": "install it: sudo apt install espeak-ng",
    "screen-reader": "start your screen reader; if it runs, install the bridge to it: "
    "pipx inject accessible-cards cytolk (Windows) or accessible_output2 (macOS; allow VoiceOver to be "
    "controlled with AppleScript in VoiceOver Utility)",
}
_FIXES_ELSEWHERE = {
    "pyttsx3": "install it: pipx inject accessible-cards pyttsx3",
}


def sound_cards(path: str = "/proc/asound/cards") -> list[str]:
    """The sound cards ALSA lists (empty when there are none, or no ``/proc/asound`` to read)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as cards:
            lines = cards.read().splitlines()
    except OSError:
        return []
    return [line.strip() for line in lines if line[:3].strip().isdigit()]


def _probe(name: str, lang: str, env: Mapping[str, str], autospawn: bool) -> tuple[bool, str]:
    """Open engine ``name`` and, for speech-dispatcher, say a short word to see that speech ends."""
    if name == "speech-dispatcher":
        try:
            engine: Engine = SpeechDispatcherEngine(
                lang, environ=env, stall_grace=2.0, autospawn=None if autospawn else False
            )
        except EngineError as error:
            return False, str(error)
        try:
            engine.speak("Check." if lang == "en" else "Test.")
            if not engine.wait_until_done(timeout=6.0):
                return False, engine.failure or "speech did not end within 6 seconds"
        finally:
            engine.close()
        address = env.get("SPEECHD_ADDRESS")
        return True, f"connected{' to ' + address if address else ''} and spoke a word"
    opened, reasons = open_engine(name, lang, environ=env)
    if opened is None:
        return False, reasons[0].split(": ", 1)[-1] if reasons else "it did not start"
    opened.close()
    if name == "screen-reader":
        return True, f"{getattr(opened, 'label', 'a screen reader')} speaks for the game"
    if name == "pyttsx3":
        from .pyttsx3_engine import player_for

        player = player_for()
        return True, "started" + (
            f", plays through {player.name}" if player else "; no sound player, so stop cannot cut it off"
        )
    return True, f"found, voice {espeak_voice(lang)}"


def speech_report(lang: str = "en", environ: Mapping[str, str] | None = None, *, autospawn: bool = True) -> list[Check]:
    """Each speech engine, the sound card and screen-reader detection, as working or not, with reason and fix.

    Each :class:`Check` unpacks as ``(component, working, reason, fix)``.
    speech-dispatcher is asked to say one short word, to see that its speech
    ends (a server with no sound output takes texts and never finishes them).
    ``autospawn=False`` (for tests) never starts a speech-dispatcher that is not running.
    """
    env = os.environ if environ is None else environ
    checks: list[Check] = []
    linux = sys.platform.startswith("linux")
    for name in engine_order():
        working, reason = _probe(name, lang, env, autospawn)
        fix = "" if working else (_FIXES if linux else {**_FIXES, **_FIXES_ELSEWHERE})[name]
        if not working and "makes no sound" in reason:
            fix = "check its audio output (AudioOutputMethod in speechd.conf) and that a sound card is connected"
        elif not working and "answer" in reason:
            fix = "end the stuck speech-dispatcher process; it starts again when a program needs it"
        checks.append(Check(f"speech: {name}", working, reason, fix))
    if not linux:
        return checks  # the sound card (ALSA) and the terminal's screen readers are Linux's questions
    cards = sound_cards()
    checks.append(
        Check(
            "speech: sound card",
            bool(cards),
            f"{len(cards)} found" if cards else "no sound card found: speech is silent here; speak --save still works",
            "" if cards else "connect speakers or headphones, or use a machine with sound",
        )
    )
    checks.append(screen_reader_check(env))
    return checks


def screen_reader_check(environ: Mapping[str, str], readers: list[str] | None = None) -> Check:
    """The doctor's line on screen readers: the ones found reading this terminal (``readers``: found now)."""
    env = environ
    if readers is None:
        readers = screen_readers(environ=env)
        if "orca" in process_names() and "Orca" not in readers:
            readers.append("Orca")
    running = bool(readers)
    flag = env.get(SCREEN_READER_VARIABLE)
    if flag:
        seen = f" ({', '.join(readers)} seen)" if readers else ""
        reason = f"{SCREEN_READER_VARIABLE}={flag} decides{seen}"
    elif running:
        verb = "is" if len(readers) == 1 else "are"
        reason = f"{' and '.join(readers)} {verb} reading: --speech auto leaves speech to the screen reader"
    else:
        reason = "no screen reader seen: --speech auto lets the game speak"
    return Check(
        "speech: screen reader",
        True,
        reason,
        "" if flag or running else f"with NVDA, JAWS or a remote screen reader set {SCREEN_READER_VARIABLE}=1",
    )
