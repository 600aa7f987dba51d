"""Embossable braille: BRF pages (North American Braille ASCII) and their print twin, from Markdown text.

A document is read as paragraphs (headings, list items, table rows become
paragraphs of their own), each translated by liblouis with ``en-us-brf.dis``
first, then wrapped at word boundaries into pages of ``width`` cells by
``height`` lines. The last line of every page carries the braille page number
at the right; pages are separated by a form feed. The print twin lists the
same paragraphs under "Braille page N" headings, so a sighted teacher can
follow along.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final

from ..cards import DeckKind
from ..files import write_atomic
from . import louis

if TYPE_CHECKING:
    from ..game import ScoreSheet

BRAILLE_ASCII: Final = frozenset(chr(c) for c in range(0x20, 0x60))
"""The 64 characters of North American Braille ASCII (upper-case form)."""

MIN_WIDTH: Final = 10
MIN_HEIGHT: Final = 3
_PRINT_REPLACEMENTS: Final = {
    "“": '"',
    "”": '"',
    "„": '"',
    "‘": "'",
    "’": "'",
    "–": "-",
    "—": "-",
    "…": "...",
    "→": "->",
}
_NUMBER_LETTERS: Final = "JABCDEFGHI"  # digit d is letter _NUMBER_LETTERS[d] after the number sign


@dataclass(frozen=True, slots=True)
class Paragraph:
    """One paragraph in print; ``indent`` cells start its first braille line (2 for list items)."""

    text: str
    indent: int = 0
    heading: bool = False


@dataclass(frozen=True, slots=True)
class Embossed:
    """A document as BRF pages (lists of lines) and its print twin text."""

    pages: list[list[str]]
    print_text: str

    def brf(self) -> str:
        """The BRF file's text: CR LF line ends, a form feed between pages."""
        return "\f".join("\r\n".join(page) + "\r\n" for page in self.pages)


def _clean_inline(text: str) -> str:
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links: keep their words
    text = text.replace("`", "").replace("**", "").replace("__", "")
    text = re.sub(r"(?<!\w)[*_]([^*_]+)[*_](?!\w)", r"\1", text)
    for fancy, plain in _PRINT_REPLACEMENTS.items():
        text = text.replace(fancy, plain)
    return re.sub(r"\s+", " ", text).strip()


def _continues(buffer: list[str], item_indent: int, raw: str, line: str) -> bool:
    """Whether a line that looks like a numbered item only goes on with the paragraph before it.

    As in Markdown, only a list that starts at 1 breaks into running text, and a line indented under
    a list item goes on with that item: the source's line breaks are not paragraphs.
    """
    number = re.match(r"^(\d+)[.)]\s", line)
    if number is None or not buffer:
        return False
    if item_indent:
        return raw[: len(raw) - len(raw.lstrip())] != ""
    return number.group(1) != "1"


def markdown_paragraphs(markdown: str) -> list[Paragraph]:
    """Read Markdown into paragraphs: headings, list items, table rows (as "label: header value; ...") and text."""
    paragraphs: list[Paragraph] = []
    buffer: list[str] = []
    header: list[str] | None = None
    item_indent = 0

    def flush() -> None:
        nonlocal item_indent
        if buffer:
            paragraphs.append(Paragraph(_clean_inline(" ".join(buffer)), item_indent))
            buffer.clear()
        item_indent = 0

    for raw in markdown.splitlines():
        line = raw.strip()
        if not line:
            flush()
            header = None
        elif line.startswith("#"):
            flush()
            paragraphs.append(Paragraph(_clean_inline(line.lstrip("#")), heading=True))
        elif line.startswith("|"):
            flush()
            cells = [_clean_inline(cell) for cell in line.strip("|").split("|")]
            if all(re.fullmatch(r":?-{2,}:?", cell) for cell in cells if cell):
                continue
            if header is None:
                header = cells
                continue
            pairs = [f"{name} {value}" for name, value in zip(header[1:], cells[1:]) if value]
            paragraphs.append(Paragraph(f"{cells[0]}: " + "; ".join(pairs), 2))
        elif re.match(r"^([-*+]|\d+[.)])\s", line) and not _continues(buffer, item_indent, raw, line):
            flush()
            item_indent = 2
            buffer.append(re.sub(r"^([-*+])\s+", "", line))
        else:
            buffer.append(line)
    flush()
    return [p for p in paragraphs if p.text]


def braille_page_number(number: int) -> str:
    """A braille page number in BRF: the number sign and digits as letters (12 -> ``#AB``)."""
    return "#" + "".join(_NUMBER_LETTERS[int(d)] for d in str(number))


def to_braille_ascii(brf: str) -> str:
    """Upper-case form of liblouis' BRF output; every character in :data:`BRAILLE_ASCII`."""
    out = []
    for char in brf:
        code = ord(char)
        if 0x60 <= code <= 0x7F:
            code -= 0x20
        out.append(chr(code) if 0x20 <= code < 0x60 else " ")
    return "".join(out)


def wrap(text: str, width: int, indent: int = 0) -> list[str]:
    """Wrap at spaces; a word longer than the line is split with a hyphen at the end of each part."""
    lines: list[str] = []
    current = " " * indent
    for word in text.split():
        while len(word) > width:
            if current.strip():
                lines.append(current)
                current = ""
            lines.append(word[: width - 1] + "-")
            word = word[width - 1 :]
        candidate = current + word if not current.strip() else current + " " + word
        if len(candidate) <= width:
            current = candidate
        else:
            lines.append(current)
            current = word
    if current.strip():
        lines.append(current)
    return lines


CONTINUED: Final = "(the paragraph before goes on)"
"""The print twin's text for a braille page that only goes on with a paragraph begun on an earlier page."""


def emboss(
    paragraphs: Sequence[Paragraph],
    lang: str = "en",
    grade: str | None = None,
    width: int = 40,
    height: int = 25,
    deck: DeckKind | str = DeckKind.FRENCH52,
) -> Embossed | None:
    """Lay paragraphs out as BRF pages; None when liblouis is missing."""
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        raise ValueError(f"a braille page needs at least {MIN_WIDTH} cells and {MIN_HEIGHT} lines")
    body = height - 1  # the last line carries the page number
    pages: list[list[str]] = [[]]
    twin: list[list[str]] = [[]]
    for paragraph in paragraphs:
        brf = louis.to_brf(paragraph.text, lang, grade, deck)
        if brf is None:
            return None
        lines = wrap(to_braille_ascii(brf), width, paragraph.indent)
        page = pages[-1]
        gap = 1 if page and paragraph.heading else 0
        if page and len(page) + gap + len(lines) > body and (paragraph.heading or len(lines) <= body):
            pages.append([])
            twin.append([])
            page, gap = pages[-1], 0
        page.extend([""] * gap)
        twin[-1].append(("  " * (paragraph.indent // 2)) + paragraph.text)
        for line in lines:
            if len(page) >= body:
                pages.append([])
                twin.append([])
                page = pages[-1]
            page.append(line)
    finished: list[list[str]] = []
    for number, page in enumerate(pages, 1):
        lines = page + [""] * (body - len(page))
        mark = braille_page_number(number)
        finished.append([*lines, mark.rjust(width)])
    # a page that holds only the middle of a paragraph longer than a page starts no paragraph: it is named all the
    # same, so that the print twin has a heading for every braille page
    print_text = "\n\n".join(
        f"Braille page {number}\n\n" + ("\n\n".join(texts) if texts else CONTINUED)
        for number, texts in enumerate(twin, 1)
    )
    return Embossed(finished, print_text + "\n")


def rules_markdown(game: str, lang: str) -> str:
    """The rules page of a game, named by its name, an alias or one of its presets, in ``lang`` (else English).

    The page comes from the game's own package (:func:`accessible_cards.rules.rules_text`);
    a ValueError names the games when there is no such game or it has no rules.
    """
    from accessible_cards import game as registry
    from accessible_cards.rules import rules_text

    text = rules_text(game, lang)
    if text is None:
        games = registry.registered()
        names = ", ".join(
            [*(known.name for known in games), *(name for known in games for name in known.variant_names())]
        )
        raise ValueError(f"{game!r} is not a game with rules ({names})")
    return text


def write_brf(embossed: Embossed, output: Path) -> tuple[Path, Path]:
    """Write the BRF file and its print twin (``.txt`` with the same name); returns both paths."""
    mask = os.umask(0)
    os.umask(mask)
    twin = output.with_suffix(".txt")
    for path, text in ((output, embossed.brf()), (twin, embossed.print_text)):  # BRF is ASCII, as UTF-8 keeps it
        write_atomic(path, text)
        os.chmod(path, 0o666 & ~mask)  # readable as any new file, not only by its owner as a temporary file is
    return output, twin


def emboss_table(
    sheet: ScoreSheet, lang: str = "en", grade: str | None = None, width: int = 40, height: int = 25
) -> Embossed | None:
    """A table as BRF pages, its columns aligned; None when liblouis is missing.

    Every cell is translated on its own. A table wider than a line is cut between bands into parts,
    each with the key columns first; every page of a part repeats its header rows, under the title on
    the first page. The print twin lays out the same parts in print, page by page.
    """
    if width < MIN_WIDTH or height < MIN_HEIGHT:
        raise ValueError(f"a braille page needs at least {MIN_WIDTH} cells and {MIN_HEIGHT} lines")
    grid = [*sheet.headers, *sheet.rows]
    cells: list[list[str]] = []
    for row in grid:
        translated = []
        for text in row:
            brf = louis.to_brf(text, lang, grade) if text else ""
            if brf is None:
                return None
            translated.append(to_braille_ascii(brf).strip())
        cells.append(translated)
    columns = max(len(row) for row in grid)
    braille_width = [max(len(row[c]) if c < len(row) else 0 for row in cells) for c in range(columns)]
    print_width = [max(len(row[c]) if c < len(row) else 0 for row in grid) for c in range(columns)]
    keys = list(range(sheet.keys))
    bands: list[list[int]] = []
    at = sheet.keys
    for size in sheet.bands or (1,) * (columns - sheet.keys):
        bands.append(list(range(at, min(at + size, columns))))
        at += size
    parts: list[list[int]] = []
    used = sum(braille_width[c] + 1 for c in keys)
    current: list[int] = []
    for band in bands:
        need = sum(braille_width[c] + 1 for c in band)
        if current and used + need - 1 > width:
            parts.append(current)
            current, used = [], sum(braille_width[c] + 1 for c in keys)
        current += band
        used += need
    if current or not parts:
        parts.append(current)
    title = louis.to_brf(sheet.title, lang, grade)
    if title is None:
        return None
    body = height - 1
    heads = len(sheet.headers)
    pages: list[list[str]] = []
    twin: list[str] = []
    for number, part in enumerate(parts):
        chosen = keys + part

        def line(row: Sequence[str], widths: list[int], chosen: list[int] = chosen) -> str:
            return " ".join((row[c] if c < len(row) else "").ljust(widths[c]) for c in chosen).rstrip()

        data = list(range(heads, len(grid)))
        first = True
        while first or data:
            page = wrap(to_braille_ascii(title), width) if first and number == 0 else []
            page += [line(cells[r], braille_width)[:width] for r in range(heads)]
            room = max(body - len(page), 1)
            chunk, data = data[:room], data[room:]
            page += [line(cells[r], braille_width)[:width] for r in chunk]
            pages.append(page)
            printed = [line(grid[r], print_width) for r in range(heads)] + [line(grid[r], print_width) for r in chunk]
            twin.append("\n".join(([sheet.title, ""] if first and number == 0 else []) + printed))
            first = False
    finished = []
    for number, page in enumerate(pages, 1):
        finished.append([*page, *[""] * (body - len(page)), braille_page_number(number).rjust(width)])
    print_text = "\n\n".join(f"Braille page {n}\n\n{text}" for n, text in enumerate(twin, 1))
    return Embossed(finished, print_text + "\n")
