"""The symmetries of a board a repair keeps: rotations and mirrors that map endpoints to
endpoints (pairs to pairs) and solid cells to solid cells, and an edit completed with its
images under them."""

from __future__ import annotations

from collections.abc import Callable

from satlink.board import EMPTY, SOLID, Board, BoardError, label_for

Transform = Callable[[int, int, int, int], tuple[int, int]]
TRANSFORMS: dict[str, tuple[bool, Transform]] = {  # name: (square boards only, map)
    "rot180": (False, lambda r, c, h, w: (h - 1 - r, w - 1 - c)),
    "mirror-lr": (False, lambda r, c, h, w: (r, w - 1 - c)),
    "mirror-ud": (False, lambda r, c, h, w: (h - 1 - r, c)),
    "rot90": (True, lambda r, c, h, w: (c, w - 1 - r)),
    "rot270": (True, lambda r, c, h, w: (h - 1 - c, r)),
    "transpose": (True, lambda r, c, h, w: (c, r)),
    "antitranspose": (True, lambda r, c, h, w: (w - 1 - c, h - 1 - r)),
}


def _perm(board: Board, name: str) -> list[int] | None:
    square_only, f = TRANSFORMS[name]
    h, w = board.height, board.width
    if square_only and h != w:
        return None
    return [f(x // w, x % w, h, w)[0] * w + f(x // w, x % w, h, w)[1] for x in range(h * w)]


def _label_map(board: Board, perm: list[int]) -> dict[str, str] | None:
    """The pair-to-pair map under which ``board`` is invariant by ``perm``, else None."""
    mapping: dict[str, str] = {}
    for x in range(board.size):
        a, b = board.char(x), board.char(perm[x])
        if a in (EMPTY, SOLID) or b in (EMPTY, SOLID):
            if a != b:
                return None
            continue
        if mapping.setdefault(a, b) != b:
            return None
    if len(set(mapping.values())) != len(mapping):
        return None
    return mapping


def symmetries(board: Board) -> dict[str, list[int]]:
    """The rotations and mirrors ``board`` is invariant under (plain boards only)."""
    if not board.geometry.is_plain or board.n_nodes != board.size:
        return {}
    out = {}
    for name in TRANSFORMS:
        perm = _perm(board, name)
        if perm is not None and _label_map(board, perm) is not None:
            out[name] = perm
    return out


def symmetrize(before: Board, after: Board, group: dict[str, list[int]]) -> Board | None:
    """``after`` with every change from ``before`` repeated under each symmetry of the
    group; None if the images clash or the result is not symmetric."""
    if not group:
        return after
    changed = [x for x in range(before.size) if before.char(x) != after.char(x)]
    chars = [after.char(x) for x in range(after.size)]
    used = set(before.labels) | set(after.labels)
    fresh: dict[tuple[str, frozenset], str] = {}
    new_labels = set(after.labels) - set(before.labels)

    def fresh_label(key: tuple[str, frozenset]) -> str:
        if key not in fresh:
            i = 0
            while label_for(i) in used:
                i += 1
            fresh[key] = label_for(i)
            used.add(fresh[key])
        return fresh[key]

    for perm in group.values():
        mapping = _label_map(before, perm) or {}
        for x in changed:
            ch, y = after.char(x), perm[x]
            if ch in (EMPTY, SOLID):
                image = ch
            elif ch in new_labels:
                cells = frozenset(perm[z] for z in range(after.size) if after.char(z) == ch)
                own = frozenset(z for z in range(after.size) if after.char(z) == ch)
                image = ch if cells == own else fresh_label((ch, cells))
            else:
                image = mapping.get(ch)
                if image is None:
                    return None
            if y in changed and chars[y] != image:
                return None
            chars[y] = image
    w = before.width
    rows = ["".join(chars[r * w:(r + 1) * w]) for r in range(before.height)]
    try:
        board = Board(tuple(rows), before.geometry)
    except BoardError:
        return None
    if any(_label_map(board, perm) is None for perm in group.values()):
        return None
    return board
