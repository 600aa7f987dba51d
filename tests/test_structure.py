"""The shape of the code: games are named only inside their own packages, and imports go one way.

Outside ``accessible_cards/games/<name>/`` no module names a game: no game's
name as a string, no import of a game's package. The shared code loops over
the registry instead.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import accessible_cards
from accessible_cards import game as registry

PACKAGE = Path(accessible_cards.__file__).parent

LAYERS = (
    {"__init__", "cards", "errors", "engine", "keys", "utterance", "i18n", "stats", "package_data"},
    {"game", "settings", "scenario", "narration", "rules", "files", "table"},
    {"games"},
    {"saves", "simulate", "transcript"},
    {"outputs", "speech", "braille", "doctor"},
    {"ui", "net"},
    {"cli", "__main__"},
)
"""From the bottom up: a module may import from its own layer and the layers below, never above."""


def _modules() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts)


def _game_words() -> set[str]:
    return {game.name for game in registry.registered()}


def _names_a_game(path: Path, words: set[str]) -> list[str]:
    found: list[str] = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in words:
            found.append(f"line {node.lineno}: {node.value!r}")
        if isinstance(node, ast.ImportFrom) and node.module and ".games." in f".{node.module}.":
            found.append(f"line {node.lineno}: from {node.module}")
        if isinstance(node, ast.ImportFrom) and node.module == "games" and node.level:
            found.append(f"line {node.lineno}: from games")
    return found


def test_no_module_outside_a_game_package_names_a_game() -> None:
    words = _game_words()
    offenders: dict[str, list[str]] = {}
    for path in _modules():
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith("games/") and relative.count("/") >= 2:
            continue  # inside a game's own package
        found = _names_a_game(path, words)
        if found:
            offenders[relative] = found
    assert not offenders, offenders


def _layer(module: str) -> int | None:
    top = module.split(".")[0]
    for index, layer in enumerate(LAYERS):
        if top in layer:
            return index
    return None


REACHING_UP: dict[tuple[str, str], str] = {
    ("game", "games"): "the registry's discovery: it imports the games package to find every game in it by name",
}
"""The one import that may reach a higher layer (the importing module, the module imported), and why."""


def _module(path: Path) -> str:
    """The module's dotted name inside the package: ``games.bundles`` for its ``__init__.py``, ``__init__``
    for the package's own."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


@functools.cache
def _module_names() -> frozenset[str]:
    return frozenset(_module(path) for path in _modules())


def _known(target: str, modules: frozenset[str]) -> str:
    """``target`` as a module of the package: an imported name (``games.bundles.DESCRIPTION``) is its module's."""
    while target and target not in modules:
        target = target.rpartition(".")[0]
    return target or "__init__"


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every import of the package's modules, at module level and inside functions and methods alike, but not
    under ``if TYPE_CHECKING:`` (for the type checker only, never run): what the module may load."""
    modules = _module_names()
    relative = path.relative_to(PACKAGE).with_suffix("")
    package = list(relative.parts[:-1])  # a package's __init__ and its modules resolve "." alike
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            elif node.module and (node.module + ".").startswith("accessible_cards."):
                target = node.module.removeprefix("accessible_cards").lstrip(".")
            else:
                target = None
            if target is not None:
                for alias in node.names:  # a name may be a module: from . import games
                    found.append((node.lineno, _known(f"{target}.{alias.name}".lstrip("."), modules)))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("accessible_cards."):
                    found.append((node.lineno, _known(alias.name.removeprefix("accessible_cards."), modules)))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def test_imports_go_one_way() -> None:
    """Every import counts, inside a function too: one that loads later still needs the higher module."""
    wrong: list[str] = []
    for path in _modules():
        relative = path.relative_to(PACKAGE)
        module = _module(path)
        own = _layer(module)
        if own is None:
            wrong.append(f"{relative}: in no layer")
            continue
        for line, target in _imports(path):
            layer = _layer(target)
            if layer is not None and layer > own and (module, target) not in REACHING_UP:
                wrong.append(f"{relative}:{line} imports {target} from a higher layer")
    assert not wrong, "\n".join(wrong)


def test_the_one_import_that_reaches_up_is_there() -> None:
    """An exception for an import that is gone is a loophole: each one names an import the code makes."""
    for (module, target), why in REACHING_UP.items():
        path = PACKAGE / (module.replace(".", "/") + ".py")
        assert target in {found for _line, found in _imports(path)}, f"{module} no longer imports {target} ({why})"


def test_every_game_registers_itself_once() -> None:
    games = registry.registered()
    assert len({game.name for game in games}) == len(games)
    for game in games:
        assert registry.get(game.name) is game
        for alias in game.aliases:
            assert registry.get(alias) is game


def test_the_modules_import_no_circle() -> None:
    """No module imports, however indirectly, one that imports it back: counted as the layers count them.

    A screen does not import the app that opens it (the app hands it what it needs); Klondike's solver
    does not import the state that asks it for winnable deals (both import the actions below them); the
    server is handed the teacher's console that commands it.
    """
    graph: dict[str, set[str]] = {}
    for path in _modules():
        name = _module(path)
        graph[name] = {target for _line, target in _imports(path) if target != name}
    seen: dict[str, int] = {}

    def visit(node: str, trail: tuple[str, ...]) -> None:
        if seen.get(node) == 2:
            return
        assert seen.get(node) != 1, "a circle: " + " -> ".join((*trail[trail.index(node) :], node))
        seen[node] = 1
        for target in sorted(graph.get(node, ())):
            visit(target, (*trail, node))
        seen[node] = 2

    for node in sorted(graph):
        visit(node, ())
