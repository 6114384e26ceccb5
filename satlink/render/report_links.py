"""Where the validation report sends a board: the command that opens it in ``satlink studio``
and, for a board puzz.link can show, a puzz.link link, with a warning where puzz.link's rules
differ from the rules the board was judged under.

Both are decided here once per pack and once per rule list, not per board, so they cost the
page nothing per row (``report.js`` puts them together: the pack's argument around the
board's number, the rule list's puzz.link type and warning next to the URL it encodes).
Whether puzz.link's rules differ is :func:`satlink.formats.puzzlink.rules_differences`, the
decision ``convert --to puzzlink``'s warnings make too.
"""

from __future__ import annotations

import re

from satlink.formats.puzzlink import rules_warning, url_type
from satlink.rules import RulesError, parse_rules

PLAIN_ARGUMENT = re.compile(r"[\w@%+=:,./-]+", re.ASCII)
"""Characters a POSIX shell leaves alone in a word: such a path is shown unquoted."""
UNNAMED = {"", "-", "<stdin>"}
"""Sources no command line can name again (standard input)."""


def studio_argument(path: str) -> list[str] | None:
    """The argument of ``satlink studio PACK#N`` for the boards of the pack at ``path``, as the
    text before and after ``N``: ``["packs/a.txt#", ""]``, or single-quoted for a POSIX shell
    when the path has other characters (a space, a quote, a ``$``).  None when the pack
    cannot be named on a command line: standard input, or a path with a control character
    (a results file can be edited by hand; a line break in a copied command would run it).

    ``N`` is the board's number in its pack, from 1, as the report's "board" column counts
    and as ``--index`` takes it.  The path is the one the results file holds: as given to
    ``validate``, so relative to the folder it ran in."""
    if path in UNNAMED or any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in path):
        return None
    if PLAIN_ARGUMENT.fullmatch(path):
        return [f"{path}#", ""]
    return ["'" + path.replace("'", "'\\''") + "#", "'"]


def puzzlink_play(rules: str) -> list[str] | int:
    """For boards judged under the rule list ``rules`` (as a results file writes it): the
    puzz.link type their URL is written as and the warning a player needs (empty when
    puzz.link's rules are the board's), or 0 when the rules cannot be read (no link: the
    type would be a guess)."""
    try:
        parsed = parse_rules(rules)
    except (RulesError, TypeError):
        return 0
    return [url_type(parsed), rules_warning(parsed) or ""]


def links_data(paths: list[str], rules: list[str]) -> dict:
    """The page's data for its links: ``studio`` per pack (:func:`studio_argument`, 0 for
    none) and ``pz`` per rule list (:func:`puzzlink_play`)."""
    return {"studio": [studio_argument(path) or 0 for path in paths],
            "pz": [puzzlink_play(text) for text in rules]}
