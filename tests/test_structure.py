"""The shape of the code: games are named only inside their own packages, and imports go one way.

Outside ``accessible_cards/games/<name>/`` no module names a game: no game's
name as a string, no import of a game's package. The shared code loops over
the registry instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

import accessible_cards
from accessible_cards import game as registry

PACKAGE = Path(accessible_cards.__file__).parent

LAYERS = (
    {"__init__", "cards", "errors", "engine", "keys", "utterance", "i18n", "stats", "package_data"},
    {"game", "settings", "scenario", "narration", "rules", "files"},
    {"games"},
    {"table"},
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


def _imports(path: Path) -> list[tuple[int, str]]:
    relative = path.relative_to(PACKAGE).with_suffix("")
    package = list(relative.parts[:-1])  # a package's __init__ and its modules resolve "." alike
    found: list[tuple[int, str]] = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:  # module level: what loads with the module
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                target = ".".join([*base, *(node.module.split(".") if node.module else [])])
                if not node.module:
                    for alias in node.names:
                        found.append((node.lineno, ".".join([*base, alias.name])))
                    continue
            elif node.module and node.module.startswith("accessible_cards."):
                target = node.module.removeprefix("accessible_cards.")
            else:
                continue
            found.append((node.lineno, target))
    return found


def test_imports_go_one_way() -> None:
    """Module-level imports only: a function may reach up on purpose (the registry finds the games)."""
    wrong: list[str] = []
    for path in _modules():
        relative = path.relative_to(PACKAGE)
        own = _layer(".".join(relative.with_suffix("").parts))
        if own is None:
            wrong.append(f"{relative}: in no layer")
            continue
        for line, target in _imports(path):
            layer = _layer(target)
            if layer is not None and layer > own:
                wrong.append(f"{relative}:{line} imports {target} from a higher layer")
    assert not wrong, "\n".join(wrong)


def test_every_game_registers_itself_once() -> None:
    games = registry.registered()
    assert len({game.name for game in games}) == len(games)
    for game in games:
        assert registry.get(game.name) is game
        for alias in game.aliases:
            assert registry.get(alias) is game


def test_the_screens_import_no_circle() -> None:
    """Inside ui/, the modules' module-level imports form no circle (a screen opens another lazily)."""
    ui = PACKAGE / "ui"
    graph: dict[str, set[str]] = {}
    for path in sorted(ui.glob("*.py")):
        name = f"ui.{path.stem}"
        graph[name] = {target for _line, target in _imports(path) if target.startswith("ui.") and target != name}
    seen: dict[str, int] = {}

    def visit(node: str, trail: tuple[str, ...]) -> None:
        if seen.get(node) == 2:
            return
        assert seen.get(node) != 1, " -> ".join((*trail, node))
        seen[node] = 1
        for target in sorted(graph.get(node, ())):
            visit(target, (*trail, node))
        seen[node] = 2

    for node in sorted(graph):
        visit(node, ())
