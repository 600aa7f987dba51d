"""Speech: the game's own voice through speech-dispatcher, pyttsx3 or espeak-ng, and when to step aside.

- :mod:`.engines`: one small :class:`~.engines.Engine` interface, three engines, :func:`~.engines.open_engine`.
- :mod:`.output`: :class:`~.output.SpeechOutput`, the :class:`~accessible_cards.outputs.Output` that speaks.
- :mod:`.mode`: :func:`~.mode.choose_mode` for ``--speech auto|self|screen-reader|off``.
- :mod:`.cli`: the ``speak`` subcommand and the speech part of ``doctor``.
"""

from __future__ import annotations
