"""Speech: the game's own voice, and when to step aside.

On Linux the voice is speech-dispatcher, pyttsx3 or espeak-ng; on Windows and
macOS the running screen reader (NVDA, JAWS, VoiceOver), else pyttsx3.

- :mod:`.engines`: one small :class:`~.engines.Engine` interface, the engines, :func:`~.engines.open_engine`.
- :mod:`.screen_reader`: speech handed to the screen reader on Windows and macOS (cytolk, accessible_output2).
- :mod:`.output`: :class:`~.output.SpeechOutput`, the :class:`~accessible_cards.outputs.Output` that speaks.
- :mod:`.mode`: :func:`~.mode.choose_mode` for ``--speech auto|self|screen-reader|off``.
- :mod:`.cli`: the ``speak`` subcommand and the speech part of ``doctor``.
"""

from __future__ import annotations
