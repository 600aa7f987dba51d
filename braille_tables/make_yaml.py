"""Write braille_tables/cards-*.yaml: every card (cells from the schemes) and a few sentences.

The sentences' expected braille was produced by liblouis with our tables and checked by eye when
written; rerun this (from the project folder, with the .venv python) after changing a scheme, and
review the diff before keeping it.
"""

from pathlib import Path

from accessible_cards.braille import louis
from accessible_cards.braille.schemes import SCHEMES

FOLDER = Path(__file__).resolve().parent
SENTENCES = {
    "en": ["You win 7H v TS 4H", "Hand: 7H KC 2D", "P2 wins AS v QD", "Dealt: 13 each", "as ad ah"],
    "de": ["Du gewinnst 7H gg TS 4H", "Hand: 7H KC 2D", "S2 gewinnt AS gg QD", "Verteilt: je 13", "Karo Kreuz"],
    "it": ["Hand: 7H JC QD KS", "You win AD v 2C", "Du gewinnst AD gg 2C"],
    "es": ["Hand: 7H JC QD KS", "You win AD v 2C", "Du gewinnst AD gg 2C"],
}
GRADES = {
    "en": ["en-ueb-g1", "en-ueb-g2", "en-us-g2"],
    "de": ["de-g1", "de-g0", "de-g2"],
    "it": ["en-ueb-g1", "de-g1"],
    "es": ["en-ueb-g1", "de-g1"],
}
for name, scheme in SCHEMES.items():
    out = [
        f"# lou_checkyaml tests for {scheme.table}: every card of the {scheme.kind.value} pack"
        " and a few braille lines,",
        "# with each language table it is used with. Card cells come from accessible_cards/braille/schemes.py.",
        "display: unicode.dis",
        "",
    ]
    for grade in GRADES[name]:
        lang = grade[:2]
        table = louis.tables(lang, grade).language
        out += [f"table: [{scheme.table}, {table}]", "tests:"]
        for card in scheme.cards():
            out.append(f"  - [{card.code}, {scheme.cells(card)}]")
        for s in SENTENCES[name]:
            if name in ("it", "es") and not s.startswith(("Hand",)) and (lang == "de") != s.startswith("Du"):
                continue
            cells = louis.to_unicode(s, lang, grade, scheme.kind)
            out.append(f'  - ["{s}", {cells}]')
        out.append("")
    Path(f"{FOLDER}/cards-{name}.yaml").write_text("\n".join(out), encoding="utf-8")
