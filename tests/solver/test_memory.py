"""Memory: boards too large for the memory left are refused before they are built; the memory
left is read from MemAvailable, cgroup v1 and v2 limits and the address-space limit, and only
for boards that could come near it (small boards skip the reading).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import satlink.solver.memory as memory
from satlink import Board, check
from satlink.quality.looks import border_cells
from tests.support.cli import run

# -- Boards too large for the memory left are refused before they are built; the memory left is read
# from MemAvailable, cgroup v1 and v2 limits and the address-space limit.

def test_memory_estimate_follows_the_measured_sizes() -> None:
    from satlink.cnf.kinds import ENCODING_KINDS
    from satlink.solver.memory import estimated_bytes

    binary, onehot = ENCODING_KINDS["binary-edge"], ENCODING_KINDS["onehot-edge"]
    # measured (benchmarks/README.md): 34 M clauses / 5.3 GB at 1002x1002 with 4 labels,
    # 4.1 M / 615 MB at 200x200 with 5,000 labels, 101 M / 19.3 GB one-hot at 50x50 (300)
    assert 34e6 <= binary.clauses(1002 * 1002, 4, "pairwise") <= 1.3 * 34e6
    assert 5.3 * 2**30 <= estimated_bytes(1002 * 1002, 4, binary) <= 1.3 * 5.3 * 2**30
    assert 4.1e6 <= binary.clauses(200 * 200, 5000, "pairwise") <= 1.3 * 4.1e6
    assert 19.3 * 2**30 <= estimated_bytes(50 * 50, 300, onehot) <= 1.5 * 19.3 * 2**30


def test_a_board_too_large_for_the_memory_left_is_refused_before_it_is_built(monkeypatch) -> None:
    import satlink.solver.memory
    from satlink import Board, check

    monkeypatch.setattr(satlink.solver.memory, "available_bytes", lambda: 200 * 2**20)
    board = Board.from_rows(["A" + "." * 299] + ["." * 300] * 298 + ["." * 299 + "A"])
    with pytest.raises(satlink.solver.memory.BoardTooLarge, match="GB available"):
        check(board, "flow")
    result = run("check", "-", "--json", "--max-cells", "1000000", stdin="\n".join(board.rows) + "\n")
    assert result.exit_code == 2
    assert '"status": "invalid"' in result.output and "needs about" in result.output
    drawn = run("check", "-", "--max-cells", "1000000", stdin="\n".join(board.rows) + "\n")
    assert drawn.exit_code == 2
    assert "invalid: <stdin>" in drawn.output and "needs about" in drawn.output
    assert "== 1 board: 1 invalid ==" in drawn.output


def test_max_cells_defaults_to_what_memory_allows(monkeypatch) -> None:
    import satlink.solver.memory

    monkeypatch.setattr(satlink.solver.memory, "available_bytes", lambda: 60 * 2**20)
    result = run("check", "-", "--json", stdin="A" + "." * 20000 + "A\n")
    assert result.exit_code == 2 and "more than the limit" in result.output


@pytest.fixture
def fake_system(tmp_path: Path, monkeypatch):
    """A /proc and /sys/fs/cgroup of our own, with 20 GiB MemAvailable and no limits."""
    import satlink.solver.memory as resources

    (tmp_path / "meminfo").write_text("MemTotal: 33554432 kB\nMemAvailable: 20971520 kB\n")
    (tmp_path / "statm").write_text("262144 1000 0 0 0 0 0\n")  # 262144 pages mapped
    monkeypatch.setattr(resources, "MEMINFO", tmp_path / "meminfo")
    monkeypatch.setattr(resources, "SELF_STATM", tmp_path / "statm")
    monkeypatch.setattr(resources, "SELF_CGROUP", tmp_path / "cgroup")
    monkeypatch.setattr(resources, "CGROUP_ROOT", tmp_path / "sys")
    (tmp_path / "cgroup").write_text("0::/\n")
    monkeypatch.setattr("resource.getrlimit", lambda which: (-1, -1))
    return tmp_path


MiB = 2**20


def _write(folder: Path, **files: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (folder / name.replace("_", ".", 1)).write_text(text)


def test_available_memory_is_memavailable_without_limits(fake_system: Path) -> None:
    from satlink.solver.memory import available_bytes

    assert available_bytes() == 20 * 1024 * MiB


def test_available_memory_honours_a_cgroup_v2_limit_and_its_ancestors(fake_system: Path) -> None:
    from satlink.solver.memory import available_bytes, default_max_cells

    (fake_system / "cgroup").write_text("0::/jobs/box\n")
    _write(fake_system / "sys", memory_max="max\n", memory_current="999999999999\n")
    _write(fake_system / "sys" / "jobs" / "box", memory_max=f"{1024 * MiB}\n",
           memory_current=f"{300 * MiB}\n", memory_stat=f"anon 1\ninactive_file {100 * MiB}\n")
    assert available_bytes() == (1024 - 200) * MiB  # page cache it can reclaim is not used
    _write(fake_system / "sys" / "jobs", memory_max=f"{512 * MiB}\n", memory_current=f"{500 * MiB}\n")
    assert available_bytes() == 12 * MiB  # the parent's limit applies too
    assert default_max_cells() == 10_000  # the floor, not 20 GiB's worth


def test_available_memory_honours_a_cgroup_v1_limit(fake_system: Path) -> None:
    from satlink.solver.memory import available_bytes

    (fake_system / "cgroup").write_text("4:memory:/box\n0::/\n")
    _write(fake_system / "sys" / "memory", memory_limit_in_bytes="9223372036854771712\n")
    _write(fake_system / "sys" / "memory" / "box", memory_limit_in_bytes=f"{2048 * MiB}\n",
           memory_usage_in_bytes=f"{1024 * MiB}\n",
           memory_stat=f"inactive_file 5\ntotal_inactive_file {24 * MiB}\n")
    assert available_bytes() == (2048 - 1000) * MiB


def test_available_memory_honours_the_address_space_limit(fake_system: Path, monkeypatch) -> None:
    import os

    from satlink.solver.memory import available_bytes

    monkeypatch.setattr("resource.getrlimit", lambda which: (4096 * MiB, -1))
    mapped = 262144 * os.sysconf("SC_PAGE_SIZE")
    assert available_bytes() == 4096 * MiB - mapped


def test_cnf_refuses_a_board_too_large_for_the_memory_left(tmp_path: Path, monkeypatch) -> None:
    """Issue 25, row 7: cnf built whatever it was asked (10 GB and counting), unlike check."""
    import satlink.solver.memory

    monkeypatch.setattr(satlink.solver.memory, "available_bytes", lambda: 200 * 2**20)
    pack = tmp_path / "big.txt"
    pack.write_text("\n".join(["A" + "." * 299] + ["." * 300] * 298 + ["." * 299 + "A"]) + "\n")
    out = tmp_path / "big.cnf"
    result = run("cnf", str(pack), "--out", str(out))
    assert result.exit_code == 2, result.output
    assert f"invalid: {pack}, board 1, line 1: a 300x300 board with 1 labels needs about" \
        in result.output and "for the acyclic encoding" in result.output
    assert not out.exists()


# -- Per-board set-up kept off small boards (issue 24): the memory reading is skipped for boards far
# below any limit and taken afresh for every larger one.

def test_a_small_board_reads_no_memory_figures_and_a_large_one_does(monkeypatch) -> None:
    reads: list[int] = []

    def reader() -> int:
        reads.append(1)
        return 8 * 2**30

    monkeypatch.setattr(memory, "available_bytes", reader)
    check(Board.from_rows(["A.A"]), "flow")
    assert not reads  # below ALWAYS_FITS: /proc and the cgroup files are not read
    check(Board.from_rows(["A" + "." * 199] + ["." * 200] * 198 + ["." * 199 + "A"]), "flow")
    assert reads


def test_a_smaller_reading_is_seen_by_the_next_board_that_needs_it(monkeypatch) -> None:
    """A cached large figure must not let a board through that the machine cannot hold."""
    monkeypatch.setattr(memory, "available_bytes", lambda: 64 * 2**30)
    check(Board.from_rows(["A.A"]), "flow")
    monkeypatch.setattr(memory, "available_bytes", lambda: 200 * 2**20)
    board = Board.from_rows(["A" + "." * 299] + ["." * 300] * 298 + ["." * 299 + "A"])
    with pytest.raises(memory.BoardTooLarge):
        check(board, "flow")


@pytest.mark.parametrize("rows", [["A.#", "#.A"], ["AA"], ["A", ".", "A"], ["A.", ".#", "#A"],
                                  ["A..#", "....", "#..A", "...."]])
def test_the_frame_is_the_open_cells_on_the_first_and_last_row_and_column(rows) -> None:
    board = Board.from_rows(rows)
    w, h = board.width, board.height
    expected = [c for c in range(board.size) if not board.is_solid(c)
                and (c < w or c >= w * (h - 1) or c % w in (0, w - 1))]
    assert border_cells(board) == expected
    assert board.open_cells() == [c for c in range(board.size) if not board.is_solid(c)]


# -- The refusal's advice names only what would help: never the encoding already in use.

def test_the_refusal_never_advises_the_encoding_in_use() -> None:
    """A board of many labels under binary-edge (the smallest encoding): the refusal advised
    ``--encoding binary-edge`` itself; no other encoding needs much less."""
    from satlink.solver.method import Method
    from testbed.crowded import crowded_board

    board = crowded_board(100, 100)
    with pytest.raises(memory.BoardTooLarge) as refused:
        memory.ensure_fits(board, Method(encoding="binary-edge"), available=100 * 2**20)
    assert "--encoding" not in str(refused.value)
    assert "no encoding needs much less than binary-edge" in str(refused.value)


def test_the_refusal_advises_an_encoding_that_fits() -> None:
    """one-hot on 26 labels needs several times binary-edge's memory: with room for the latter
    only, the refusal names it, and the board then fits (by the same estimate)."""
    from satlink.solver.method import Method

    labels = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    board = Board.from_rows([labels + "." * 74] + ["." * 100] * 98 + [labels[::-1] + "." * 74])
    room = 600 * 2**20
    with pytest.raises(memory.BoardTooLarge) as refused:
        memory.ensure_fits(board, Method(encoding="onehot-edge"), available=room)
    assert "try --encoding binary-edge" in str(refused.value)
    memory.ensure_fits(board, Method(encoding="binary-edge"), available=room)
    with pytest.raises(memory.BoardTooLarge) as refused:  # too little even for binary-edge
        memory.ensure_fits(board, Method(encoding="onehot-edge"), available=100 * 2**20)
    assert "even the smallest encoding, binary-edge" in str(refused.value)
