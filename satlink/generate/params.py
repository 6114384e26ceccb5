"""Generation parameters: parsing, defaults, and the checks that make bad requests clear."""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import asdict, dataclass

from satlink.generate.symmetry import SymmetryError, fold
from satlink.method import DEFAULT_METHOD, Method
from satlink.rules import Rules, parse_rules

METHODS = ("grow", "unionfind")
STRATEGIES = ("repair", "reject")
MAX_CELLS = 250_000


class ParamsError(ValueError):
    """A generation request that cannot be satisfied or is malformed."""


@dataclass(frozen=True)
class Params:
    width: int
    height: int
    colours_min: int
    colours_max: int
    min_length: int = 3
    max_solids: int = 0
    rules: str = "fill,notouch"
    method: str = "grow"
    strategy: str = "repair"
    seed: int = 0
    max_repairs: int = 40
    symmetry: str = "none"
    solving: Method = DEFAULT_METHOD  # how uniqueness is proved (verdicts never depend on it)

    def key(self) -> str:
        """Identifies a generation run: same parameters, same puzzles, resumable.

        The solving method enters the key only when it is not the default, so catalogues
        written before it was a parameter resume as before; it is there at all because the
        difficulty figures (solver effort) depend on the backend.
        """
        fields = asdict(self)
        if self.solving == DEFAULT_METHOD:
            del fields["solving"]
        return hashlib.sha256(json.dumps(fields, sort_keys=True).encode()).hexdigest()[:16]

    def as_dict(self) -> dict:
        return asdict(self)


def parse_size(text: str) -> tuple[int, int]:
    match = (re.fullmatch(r"\s*(\d{1,7})\s*[xX×]\s*(\d{1,7})\s*", text)
             or re.fullmatch(r"\s*(\d{1,7})\s*", text))
    if not match:
        raise ParamsError(f"size {text!r} is not WxH (e.g. 10x10)")
    w = int(match.group(1))
    h = int(match.group(2)) if match.lastindex == 2 else w
    if w < 1 or h < 1 or w * h < 2:
        raise ParamsError(f"size {w}x{h} has room for no path")
    if w * h > MAX_CELLS:
        raise ParamsError(f"size {w}x{h} has {w * h:,} cells; the generator takes at most "
                          f"{MAX_CELLS:,} (e.g. 500x500): larger boards take hours to grow and prove")
    return w, h


def parse_colours(text: str | None, width: int, height: int) -> tuple[int, int]:
    if text is None:  # about what Flow Free uses at the low end; path growth dictates the top
        cells = width * height
        return max(1, round(0.6 * math.sqrt(cells))), max(2, cells // 5)
    match = re.fullmatch(r"\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?", text)
    if not match:
        raise ParamsError(f"colours {text!r} is not N or MIN-MAX (e.g. 5-8)")
    lo = int(match.group(1))
    hi = int(match.group(2)) if match.group(2) else lo
    if lo < 1 or lo > hi:
        raise ParamsError(f"colours {text!r}: need 1 <= MIN <= MAX")
    return lo, hi


def make_params(size: str, colours: str | None, min_length: int, max_solids: int,
                rules: str | Rules | None, method: str, strategy: str, seed: int,
                symmetry: str = "none", solving: Method = DEFAULT_METHOD) -> Params:
    """Validated parameters; ``method`` is the growth algorithm, ``solving`` the SAT method,
    ``rules`` a profile as text or :class:`Rules` (None: the default profile)."""
    width, height = parse_size(size)
    lo, hi = parse_colours(colours, width, height)
    cells = width * height
    if min_length < 2:
        raise ParamsError("min-length must be at least 2 (a path joins two cells)")
    if min_length > cells:
        raise ParamsError(f"min-length {min_length} is longer than the {width}x{height} board "
                          f"({cells} cells)")
    room = cells // min_length
    if lo > room:
        raise ParamsError(f"{lo} colours do not fit a {width}x{height} board: with paths of at "
                          f"least {min_length} cells there is room for at most {room}")
    hi = min(hi, room)
    if method not in METHODS:
        raise ParamsError(f"method {method!r} (known: {', '.join(METHODS)})")
    if strategy not in STRATEGIES:
        raise ParamsError(f"strategy {strategy!r} (known: {', '.join(STRATEGIES)})")
    if max_solids < 0:
        raise ParamsError("max-solids cannot be negative")
    if symmetry != "none":
        try:
            fold(width, height, symmetry)
        except SymmetryError as exc:
            raise ParamsError(str(exc)) from None
    return Params(width, height, lo, hi, min_length, max_solids, str(parse_rules(rules)), method,
                  strategy, seed, symmetry=symmetry, solving=solving)
