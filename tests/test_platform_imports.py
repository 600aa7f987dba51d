"""Every module of the package imports where the optional and the system-only libraries are missing.

A program that imports ``louis`` or ``winreg`` at the top of a module fails
to start on a system without it, before it can say what is missing. Here
each module is imported in a fresh interpreter with a meta-path finder that
refuses:

- the optional libraries, wherever they are imported from (liblouis'
  ``louis``, ``brlapi``, ``speechd``, ``pyttsx3``, ``accessible_output2``,
  ``cytolk``, and the Windows and macOS bridges under them);
- the standard library's system-only modules (``winreg``, ``winsound``,
  ``msvcrt`` on Windows; ``fcntl``, ``termios``, ``pty``... not there on
  Windows) when a module of the package imports them itself at module level
  (the import statement is watched: another library may have loaded them
  already); inside a function, where the program runs on that system, they
  are fine.

The same import is done again with ``sys.platform`` said to be ``win32`` and
``darwin``, so that what the package decides by platform at import time is
imported too.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

OPTIONAL = (
    "louis",
    "brlapi",
    "speechd",
    "pyttsx3",
    "accessible_output2",
    "cytolk",
    "comtypes",
    "win32com",
    "pythoncom",
    "pywintypes",
    "objc",
    "AppKit",
    "Foundation",
    "appscript",
)
SYSTEM_ONLY = ("winreg", "_winreg", "winsound", "msvcrt", "_winapi", "fcntl", "termios", "tty", "pty", "resource",
               "pwd", "grp", "curses", "readline")  # fmt: skip

PROGRAM = r"""
import importlib, importlib.abc, pkgutil, sys

OPTIONAL = set(sys.argv[1].split(","))
SYSTEM_ONLY = set(sys.argv[2].split(","))
refused = []

class Refuse(importlib.abc.MetaPathFinder):
    # the optional libraries are refused wherever they are imported from
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if top in OPTIONAL:
            refused.append(name)
            raise ImportError(f"No module named {name!r} (hidden by the test)")
        return None

for name in list(sys.modules):
    if name.split(".")[0] in OPTIONAL:
        del sys.modules[name]
sys.meta_path.insert(0, Refuse())

import builtins
plain_import = builtins.__import__

def watched_import(name, globals=None, locals=None, fromlist=(), level=0):
    # a system-only module may already be loaded by another library, so the import statement itself is watched
    caller = (globals or {}).get("__name__", "")
    if level == 0 and name.split(".")[0] in SYSTEM_ONLY and caller.startswith("accessible_cards"):
        if sys._getframe(1).f_code.co_name == "<module>":
            raise ImportError(f"{caller} imports {name!r} at module level")
    return plain_import(name, globals, locals, fromlist, level)

builtins.__import__ = watched_import
if sys.argv[3] != "linux":
    import prompt_toolkit  # noqa: the terminal library decides its own platform at import; ours is checked after
    sys.platform = sys.argv[3]

import accessible_cards
failed = []
count = 0
for module in pkgutil.walk_packages(accessible_cards.__path__, "accessible_cards."):
    if module.name == "accessible_cards.__main__":
        continue  # importing it runs the program; it only imports cli, imported here anyway
    count += 1
    try:
        importlib.import_module(module.name)
    except BaseException as error:
        failed.append(f"{module.name}: {type(error).__name__}: {error}")
print(count)
print("\n".join(failed))
"""


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_every_module_imports_without_the_optional_and_the_system_only_libraries(platform: str) -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM, ",".join(OPTIONAL), ",".join(SYSTEM_ONLY), platform],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    count, *failed = result.stdout.splitlines()
    modules = [p for p in (ROOT / "accessible_cards").rglob("*.py") if "__pycache__" not in p.parts]
    assert int(count) >= len(modules) - 2, "not every module was imported"  # __init__ and __main__ aside
    assert not [line for line in failed if line], "\n".join(failed)


def test_the_finder_does_refuse() -> None:
    """The hiding works: a module that imports fcntl at module level is refused, liblouis is refused anywhere."""
    program = PROGRAM.replace(
        "import accessible_cards\n",
        "import types\nsys.modules['accessible_cards.probe'] = types.ModuleType('accessible_cards.probe')\n"
        "try:\n    exec('import fcntl', {'__name__': 'accessible_cards.probe', '__builtins__': builtins})\n"
        "except ImportError as e:\n"
        "    print('refused:', e)\n"
        "try:\n    import louis\nexcept ImportError as e:\n    print('refused:', e)\n"
        "import accessible_cards\n",
    )
    result = subprocess.run(
        [sys.executable, "-c", program, ",".join(OPTIONAL), ",".join(SYSTEM_ONLY), "linux"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "refused: accessible_cards.probe imports 'fcntl' at module level" in result.stdout, result.stdout
    assert "refused: No module named 'louis' (hidden by the test)" in result.stdout, result.stdout
