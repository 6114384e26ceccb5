"""Which files the studio may open and save: the folder it serves, and the files named on its
command line.

The studio reads and writes as the user who started it, so a path sent by the page is taken
from the folder the studio was started in (or ``--root``) and must stay inside it once every
symbolic link is resolved: ``../`` and a link pointing out of the folder are refused before
anything is read, made or written.  A file named on the command line (``satlink studio
../other/pack.txt``) is reachable too, that file and no other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


class AccessRefused(ValueError):
    """A path outside what the studio may touch (``status`` 403), or one that cannot be
    resolved (400)."""

    def __init__(self, message: str, status: int = 403):
        super().__init__(message)
        self.message, self.status = message, status


@dataclass(frozen=True)
class Access:
    """``root``: the folder served (resolved); ``named``: files named on the command line."""

    root: Path
    named: frozenset[Path] = field(default_factory=frozenset)

    @classmethod
    def of(cls, root: Path, named: tuple[str | Path, ...] = ()) -> Access:
        return cls(Path(root).resolve(), frozenset(Path(p).resolve() for p in named))

    def resolve(self, path: str) -> Path:
        """The file ``path`` names (relative to the root), every link resolved; refused
        (:class:`AccessRefused`) when it lies outside the root and is not a named file."""
        if "\x00" in path:
            raise AccessRefused("a file name cannot hold a NUL byte", 400)
        try:
            target = (self.root / path).resolve()
        except (OSError, RuntimeError) as exc:  # RuntimeError: a symlink loop (Python < 3.13)
            raise AccessRefused(f"{path}: cannot be resolved "
                                f"({getattr(exc, 'strerror', None) or exc})", 400) from None
        if target in self.named or target.is_relative_to(self.root):
            return target
        raise AccessRefused(f"{path}: outside the folder this studio serves ({self.root}); "
                            "start it there, or with --root, to reach it")

    def shown(self, path: Path) -> str:
        """How the page names a file: relative to the root when inside it."""
        resolved = Path(path).resolve()
        if resolved.is_relative_to(self.root):
            return str(resolved.relative_to(self.root))
        return str(resolved)
