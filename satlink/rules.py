"""Rule profiles: what "a solution" means, and therefore what "unique" means.

A profile is a set of rules on top of NumberLink's basic ones (each pair joined by a simple
path of neighbouring cells of the board graph, paths never share a cell nor use a solid cell):

* ``fill``    every non-solid cell lies on a path;
* ``notouch`` a path never runs beside itself: two neighbouring cells of one path are
  consecutive on it (this is what makes real Flow Free packs unique);
* ``no2x2``   no block of the geometry (a 2x2 square, a hexagon triangle) lies on one path
  (implied by ``notouch``).

Named profiles: ``flow`` = fill,notouch (the default), ``fill`` and ``nikoli`` (no extra rule:
cells may stay empty).
"""

from __future__ import annotations

from dataclasses import dataclass

RULES = ("fill", "notouch", "no2x2")
PROFILES: dict[str, frozenset[str]] = {
    "flow": frozenset({"fill", "notouch"}),
    "fill": frozenset({"fill"}),
    "nikoli": frozenset(),
}
DEFAULT_PROFILE = "flow"
"""The profile a board is judged under when neither the user nor its file names one; the one
place that decides it (:data:`DEFAULT_RULES` is it parsed)."""


class RulesError(ValueError):
    """An unknown rule or profile name."""


@dataclass(frozen=True)
class Rules:
    """An immutable set of rules; ``str()`` gives the canonical comma list used in outputs."""

    rules: frozenset[str]

    @property
    def fill(self) -> bool:
        return "fill" in self.rules

    @property
    def notouch(self) -> bool:
        return "notouch" in self.rules

    @property
    def no2x2(self) -> bool:
        return "no2x2" in self.rules

    def __str__(self) -> str:
        return ",".join(r for r in RULES if r in self.rules) or "none"

    @property
    def name(self) -> str:
        """The named profile this equals, else the comma list."""
        for name, rules in PROFILES.items():
            if rules == self.rules:
                return name
        return str(self)


DEFAULT_RULES = Rules(PROFILES[DEFAULT_PROFILE])


def names_a_rule(text: str) -> bool:
    """Whether a rule list names anything (``""``, ``" , "`` do not)."""
    return any(part.strip() for part in text.split(","))


def parse_rules(text: str | Rules | None) -> Rules:
    """Parse ``flow``, ``nikoli``, ``fill,notouch``, ``none`` … into :class:`Rules`.

    Called once where a profile enters as text: an option, a request, a file's ``rules``, or
    a public library function given a profile name (``check(board, "fill")``); below them,
    code takes :class:`Rules`.  A text that names no rule at all (None, ``""``, ``","``) is
    the default profile; no rules is ``none`` (the command line refuses an empty ``--rules``)."""
    if isinstance(text, Rules):
        return text
    if text is not None and not isinstance(text, str):
        raise TypeError(f"rules must be a profile name such as 'flow', a comma list or Rules, "
                        f"not {type(text).__name__}")
    if text is None or not names_a_rule(text):
        return DEFAULT_RULES
    chosen: set[str] = set()
    for part in (p.strip().lower() for p in text.split(",")):
        if not part or part == "none":
            continue
        if part in PROFILES:
            chosen |= PROFILES[part]
        elif part in RULES:
            chosen.add(part)
        else:
            known = ", ".join(dict.fromkeys([*PROFILES, *RULES]))
            raise RulesError(f"unknown rule or profile {part!r} (known: {known})")
    return Rules(frozenset(chosen))
