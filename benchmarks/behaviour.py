"""Behaviour fingerprint: proof that a restructuring changed no behaviour.

Computes, with whatever ``satlink`` the running interpreter imports, a JSON fingerprint of
what satlink does on a fixed set of boards, and compares two such fingerprints::

    python benchmarks/behaviour.py --out FILE.json [--quick] [--repo DIR] [--jobs N]
    python benchmarks/behaviour.py --compare A.json B.json     # exit 1 on any difference

Boards: the peer corpus (``../shared/corpus``, or ``--corpus``; skipped when missing) read
with satlink's own reader (invalid entries and boards over 2,500 cells skipped), random
variant boards of every Flow Free family from ``testbed/variants.py`` of ``--repo`` (default:
the repository this script sits in; fixed seed), and the bundled example pack.

Parts, per board:

``board``    what the reader built: rows, geometry, node count, graph edges in order.
``cnf``      per encoding x profile x lemma setting (auto, all), on every board of at most
             400 nodes and every 6th larger one (CNF_ALL_NODES, CNF_LARGE_STEP): sha256 over the number of
             variables and the clauses in the order they are handed to the solver
             (``Clauses.chunks()``; the clause lengths and the literals are hashed as two
             little-endian int64 streams, so numpy blocks and Python lists hash alike), plus
             the clause count, the per-family counts and the lemmas added.
``verdict``  per profile, ``check(board, profile, count=3)`` with the default method, all six
             profiles up to 100 nodes, flow and fill,no2x2 up to 400, flow beyond (without
             no-touch a profile takes seconds to minutes on the corpus's 12x12 to 14x14
             boards, and fill,no2x2 as long on its 800-node ones): status,
             count, count_complete, lemmas, sha256 of each solution's sorted edge set (in the
             order found, and as a sorted set), the diff cells.
``grade``    ``grade(board, profile).as_dict()`` for boards of at most 400 graph nodes, under
             flow and fill (an exception is recorded by its class name and message).

Plus generated packs: ``python -m satlink generate ...`` run as subprocesses (in a scratch
folder, so the current directory never shadows the installed satlink); the puzzles written
are hashed after dropping timing fields (any key named like ``seconds``, ``*_seconds``,
``time``, ``elapsed`` or ``stats``; today's JSON lines hold none, the quality figures --
solver decisions and conflicts included -- are deterministic), with the exit status and the
summary line on standard error (numbers followed by ``s`` or ``ms`` scrubbed).

Determinism: two runs against the same code must compare identical (checked on today's code:
two full runs, different PYTHONHASHSEEDs, identical).  What is deliberately left out because
it is not deterministic: every time measurement (``Verdict.seconds``, ``SolveStats`` timings;
the per-part wall times are stored under ``timings`` and ``meta``, which ``--compare``
ignores).  No time limit is given to any solve or grade (a timeout would make verdicts depend
on machine load).  Results are keyed by board, so the worker count and finishing order do not
matter.

The adapter section below is the only place that knows where functions live: each is looked
up at the layout of issue 20 first (``satlink.solver.method``, ``satlink.grading``, ...) and
the one before it second; ``encode`` is called according to its signature.  Record keys and
``generate`` options renamed since (``effort``, ``--grade``, ``--growth``) are read under
their earlier names, so fingerprints of both layouts compare.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if (CHECKOUT := str(Path(__file__).resolve().parents[1])) not in sys.path:  # started as a file
    sys.path.insert(1 + len(os.environ.get("PYTHONPATH", "").split(os.pathsep)), CHECKOUT)

import argparse
import hashlib
import importlib
import inspect
import json
import platform
import re
import subprocess
import tempfile
import time
from collections import Counter, defaultdict
from itertools import chain

# ----------------------------------------------------------------------------------------
# Adapter: where each function lives, new layout first, today's second.  Nothing outside
# this section imports from satlink directly.
# ----------------------------------------------------------------------------------------

LOCATIONS = {
    "Method": (("satlink.solver.method", "Method"), ("satlink.method", "Method"),
               ("satlink", "Method")),
    "encode": (("satlink.solver.encode", "encode"), ("satlink.cnf", "encode"),
               ("satlink.cnf.encoding", "encode")),
    "grade": (("satlink.grading", "grade"), ("satlink.difficulty", "grade")),
    "check": (("satlink", "check"), ("satlink.check", "check")),
    "parse_rules": (("satlink.rules", "parse_rules"), ("satlink", "parse_rules")),
    "read_file": (("satlink.formats", "read_file"),),
    "example_path": (("satlink.formats", "example_path"),),
    "Board": (("satlink", "Board"),),
}

GENERATE_OPTIONS = {
    # logical name -> candidate spellings of `satlink generate` options, first one that the
    # running CLI's --help lists wins (add the new spelling in front if one is renamed)
    "size": ("--size",),
    "count": ("--count",),
    "seed": ("--seed",),
    "out": ("--out",),
    "grid": ("--grid",),
    "difficulty": ("--grade", "--difficulty"),
    "method": ("--growth", "--method"),
    "max_solids": ("--max-solids",),
    "rules": ("--rules",),
    "wrap": ("--wrap",),
    "walls": ("--walls",),
    "bridges": ("--bridges",),
    "holes": ("--holes",),
    "symmetry": ("--symmetry",),
    "strategy": ("--strategy",),
}

DEFAULT_CARD = "pairwise"
_found: dict[str, object] = {}


def api(name: str):
    """The object called ``name`` (a key of LOCATIONS), from the first location that has it."""
    if name not in _found:
        tried = []
        for module, attr in LOCATIONS[name]:
            try:
                obj = getattr(importlib.import_module(module), attr)
            except (ImportError, AttributeError) as exc:
                tried.append(f"{module}.{attr}: {exc}")
                continue
            if inspect.ismodule(obj):  # e.g. a subpackage where a function was expected
                tried.append(f"{module}.{attr}: a module")
                continue
            _found[name] = obj
            break
        else:
            raise ImportError(f"{name} not found: " + "; ".join(tried))
    return _found[name]


def api_locations() -> dict[str, str]:
    """Where each adapted name was found (recorded in meta)."""
    out = {}
    for name in LOCATIONS:
        try:
            obj = api(name)
            out[name] = f"{getattr(obj, '__module__', '?')}.{getattr(obj, '__qualname__', name)}"
        except ImportError as exc:
            out[name] = f"missing ({exc})"
    return out


def encode_board(board, rules, encoding: str, lemmas: str):
    """The CNF for ``board`` under ``rules``; ``lemmas`` is a Method lemma setting.

    New layout: ``encode(board, rules, method, deadline=None)`` with a Method (presolve off).
    Today's: ``encode(board, rules, lemmas, encoding, card)`` with the lemma names resolved
    the way ``check`` resolves them (``Method.lemmas_for``)."""
    encode, method_cls = api("encode"), api("Method")
    method = method_cls(encoding=encoding, card=DEFAULT_CARD, lemmas=lemmas, presolve=False)
    if "method" in inspect.signature(encode).parameters:
        return encode(board, rules, method=method)
    names = method.lemmas_for(rules, board.geometry.kind)
    return encode(board, rules, lemmas=names, encoding=encoding, card=DEFAULT_CARD)


def clause_chunks(encoding):
    """The clauses in the order a solver is given them, as lists of int lists."""
    clauses = encoding.clauses
    if hasattr(clauses, "chunks"):
        yield from clauses.chunks()
    else:
        yield list(clauses)


def n_vars(encoding) -> int:
    return encoding.n_vars if hasattr(encoding, "n_vars") else encoding.variables.top


# ----------------------------------------------------------------------------------------
# Configuration
# ----------------------------------------------------------------------------------------

ENCODINGS = ("onehot-edge", "binary-edge", "shape", "acyclic")
QUICK_ENCODINGS = ("binary-edge", "acyclic")
PROFILES = ("flow", "fill", "nikoli", "fill,no2x2", "notouch,no2x2", "no2x2")
LEMMA_SETTINGS = ("auto", "all")
VERDICT_COUNT = 3
VERDICT_PROFILES_BY_SIZE = (
    # (most graph nodes, profiles): the relaxed profiles (fill, nikoli, no2x2, ...) on open
    # boards of a few hundred nodes and more take minutes to prove; measured on today's code
    (100, PROFILES),
    (400, ("flow", "fill,no2x2")),
    (None, ("flow",)),
)
CNF_ALL_NODES = 400
CNF_LARGE_STEP = 6
"""The CNF matrix is built for every board of at most CNF_ALL_NODES nodes and for every
CNF_LARGE_STEP-th larger one (in reading order): 2500 cells take ~20 s for the 48 CNFs."""
GRADE_PROFILES = ("flow", "fill")
MAX_GRADE_NODES = 400
MAX_CELLS = 2500
CORPUS = str(Path(__file__).resolve().parents[2] / "shared" / "corpus")  # ../shared/corpus
VARIANT_SEED = 2026
VARIANTS_PER_FAMILY = 15  # 7 families: 105 boards
QUICK_MAX_CORPUS_CELLS = 100
QUICK_VARIANT_STEP = 3

PACKS = {
    # name -> logical options (True: a flag); `count`, `seed` and `out` are added to each
    "7x7": {"size": "7x7"},
    "6x6-hex": {"size": "6x6", "grid": "hex"},
    "8x8-easy": {"size": "8x8", "difficulty": "easy"},
    "6x6-unionfind": {"size": "6x6", "method": "unionfind", "max_solids": "3"},
    "6x6-wrap": {"size": "6x6", "wrap": True},
    "7x7-bridges-walls": {"size": "7x7", "bridges": "1", "walls": "3"},
    "7x7-nikoli": {"size": "7x7", "rules": "nikoli"},
    "8x8-rotational": {"size": "8x8", "symmetry": "rotational"},
    "6x6-reject": {"size": "6x6", "strategy": "reject"},
    "8x8-holes": {"size": "8x8", "holes": "3"},
}
QUICK_PACKS = ("7x7", "6x6-hex", "8x8-easy", "6x6-unionfind")
PACK_COUNT, PACK_SEED = 3, 5
TIMING_KEY = re.compile(r"^(seconds|time|elapsed|stats|wall)$|_(seconds|time|elapsed)$")
SCRUB_SECONDS = re.compile(r"\d+(?:\.\d+)?\s*(?:s|ms|sec|seconds)\b")


def sha(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def error_of(exc: BaseException) -> dict:
    return {"error": f"{type(exc).__name__}: {exc}"}


# ----------------------------------------------------------------------------------------
# Boards
# ----------------------------------------------------------------------------------------

def corpus_boards(root: str, quick: bool, inputs: dict) -> list[tuple[str, object]]:
    out = []
    if not os.path.isdir(root):
        inputs["corpus"] = {"missing": root}
        return out
    read_file = api("read_file")
    counts: Counter[str] = Counter()
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            if name.endswith(".md"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, root)
            for entry in read_file(path):
                if entry.error is not None or entry.board is None:
                    counts["invalid"] += 1
                    continue
                board = entry.board
                if board.width * board.height > MAX_CELLS:
                    counts["too-large"] += 1
                    continue
                counts["read"] += 1
                if quick and board.width * board.height > QUICK_MAX_CORPUS_CELLS:
                    continue
                out.append((f"corpus/{rel}#{entry.index}", board))
    inputs["corpus"] = dict(sorted(counts.items()))
    return out


def variant_boards(repo: str, quick: bool, inputs: dict) -> list[tuple[str, object]]:
    """Boards of testbed/variants.py in ``repo`` (imported after satlink, so ``repo`` on
    sys.path cannot shadow the installed package)."""
    import satlink

    before = satlink.__file__
    sys.path.insert(0, repo)
    try:
        module = importlib.import_module("testbed.variants")
    finally:
        sys.path.remove(repo)
    if not os.path.realpath(module.__file__).startswith(os.path.realpath(repo) + os.sep):
        raise SystemExit(f"testbed.variants came from {module.__file__}, not {repo}")
    assert satlink.__file__ == before
    made = module.variants(seed=VARIANT_SEED, per_family=VARIANTS_PER_FAMILY)
    out = []
    for i, variant in enumerate(made):
        if quick and i % QUICK_VARIANT_STEP:
            continue
        family = module.FAMILIES[i // VARIANTS_PER_FAMILY]
        out.append((f"variants/{VARIANT_SEED}/{i:03d}-{family}", variant.board()))
    inputs["variants"] = {"made": len(made), "seed": VARIANT_SEED, "file": module.__file__}
    return out


def example_boards(inputs: dict) -> list[tuple[str, object]]:
    try:
        path = api("example_path")()
    except ImportError:
        from importlib import resources

        path = str(resources.files("satlink") / "data" / "example-pack.txt")
    out = []
    for entry in api("read_file")(path):
        if entry.error is None and entry.board is not None:
            out.append((f"example#{entry.index}", entry.board))
    inputs["example"] = {"read": len(out)}
    return out


# ----------------------------------------------------------------------------------------
# Parts
# ----------------------------------------------------------------------------------------

def board_part(board) -> dict:
    g = board.geometry
    return {"rows": list(board.rows), "kind": g.kind, "wrap": bool(g.wrap),
            "walls": sorted([list(w) for w in g.walls]), "bridges": list(g.bridges),
            "n_nodes": board.n_nodes, "n_edges": len(board.edges),
            "edges": sha([list(e) for e in board.edges])}


def cnf_hash(encoding) -> dict:
    import numpy as np

    lengths, literals = hashlib.sha256(), hashlib.sha256()
    n = 0
    for chunk in clause_chunks(encoding):
        if not chunk:
            continue
        lens = np.fromiter(map(len, chunk), dtype="<i8", count=len(chunk))
        lits = np.fromiter(chain.from_iterable(chunk), dtype="<i8", count=int(lens.sum()))
        lengths.update(lens.tobytes())
        literals.update(lits.tobytes())
        n += len(chunk)
    atmost = [[list(lits), bound] for lits, bound in getattr(encoding.clauses, "atmost", [])]
    nv = n_vars(encoding)
    return {"sha": sha([nv, n, lengths.hexdigest(), literals.hexdigest(), atmost]),
            "vars": nv, "clauses": n,
            "families": dict(sorted(getattr(encoding.clauses, "counts", {}).items())),
            "lemmas": list(getattr(encoding, "lemmas", ()))}


def cnf_part(board, encodings) -> dict:
    parse_rules = api("parse_rules")
    out = {}
    for profile in PROFILES:
        rules = parse_rules(profile)
        for encoding in encodings:
            for lemmas in LEMMA_SETTINGS:
                key = f"{profile} / {encoding} / lemmas={lemmas}"
                try:
                    out[key] = cnf_hash(encode_board(board, rules, encoding, lemmas))
                except Exception as exc:  # recorded: the same failure must happen on both sides
                    out[key] = error_of(exc)
    return out


def solution_sha(solution) -> str:
    return sha(sorted([list(e) for e in solution.edges()]))


def verdict_part(board) -> dict:
    check, method = api("check"), api("Method")()
    out = {}
    for profile in verdict_profiles(board):
        try:
            v = check(board, profile, count=VERDICT_COUNT, method=method)
        except Exception as exc:
            out[profile] = error_of(exc)
            continue
        found = [solution_sha(s) for s in v.solutions]
        out[profile] = {"status": getattr(v.status, "value", str(v.status)), "count": v.count,
                        "count_complete": v.count_complete, "timed_out": v.timed_out,
                        "lemmas": list(v.lemmas), "solutions": found, "solution_set": sha(sorted(found)),
                        "diff_cells": [int(c) for c in v.diff_cells]}
    return out


def grade_part(board) -> dict | None:
    if board.n_nodes > MAX_GRADE_NODES:
        return None
    grade, parse_rules = api("grade"), api("parse_rules")
    out = {}
    for profile in GRADE_PROFILES:
        try:
            out[profile] = grade(board, parse_rules(profile)).as_dict()
        except Exception as exc:
            out[profile] = error_of(exc)
    return out


def verdict_profiles(board) -> tuple[str, ...]:
    return next(p for most, p in VERDICT_PROFILES_BY_SIZE if most is None or board.n_nodes <= most)


def fingerprint_board(job: tuple[str, object, tuple[str, ...]]) -> tuple[str, dict, dict]:
    key, board, encodings = job
    result, timings = {}, {}
    for part, compute in (("board", lambda: board_part(board)),
                          ("cnf", lambda: cnf_part(board, encodings) if encodings else None),
                          ("verdict", lambda: verdict_part(board)),
                          ("grade", lambda: grade_part(board))):
        begun = time.process_time()
        value = compute()
        timings[part] = time.process_time() - begun
        if value is not None:
            result[part] = value
    return key, result, timings


# ----------------------------------------------------------------------------------------
# Generated packs
# ----------------------------------------------------------------------------------------

def generate_option_names(cwd: str) -> dict[str, str]:
    """Logical option -> spelling the running CLI accepts (from `generate --help`)."""
    run = subprocess.run([sys.executable, "-m", "satlink", "generate", "--help"], cwd=cwd,
                         capture_output=True, text=True, env=_child_env())
    offered = set(re.findall(r"(--[a-z0-9][a-z0-9-]*)", run.stdout))
    return {name: next((s for s in spellings if s in offered), "")
            for name, spellings in GENERATE_OPTIONS.items()}


def _child_env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # the child imports the same installed satlink as we do
    env["COLUMNS"] = "200"
    return env


RENAMED_KEYS = {"effort": "difficulty"}
"""Record keys renamed since (record version 3: the solver effort was ``difficulty``): read
under their earlier names, so fingerprints of both versions compare."""


def drop_timings(value, dropped: set[str]):
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if TIMING_KEY.search(str(k)):
                dropped.add(str(k))
                continue
            out[RENAMED_KEYS.get(k, k)] = drop_timings(v, dropped)
        return out
    if isinstance(value, list):
        return [drop_timings(v, dropped) for v in value]
    return value


def fingerprint_pack(job: tuple[str, dict, dict[str, str]]) -> tuple[str, dict, float]:
    name, options, spelling = job
    begun = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="behaviour-pack-") as tmp:
        out_file = os.path.join(tmp, "pack.jsonl")
        argv = [sys.executable, "-m", "satlink", "generate"]
        wanted = {**options, "count": str(PACK_COUNT), "seed": str(PACK_SEED), "out": out_file}
        missing = [k for k in wanted if not spelling.get(k)]
        if missing:
            return name, {"error": f"generate has no option for {missing}"}, 0.0
        for logical, value in wanted.items():
            argv += [spelling[logical]] if value is True else [spelling[logical], value]
        run = subprocess.run(argv, cwd=tmp, capture_output=True, text=True, env=_child_env())
        text = Path(out_file).read_text(encoding="utf-8") if os.path.exists(out_file) else ""
    dropped: set[str] = set()
    puzzles = [drop_timings(json.loads(line), dropped) for line in text.splitlines() if line.strip()]
    stderr = [SCRUB_SECONDS.sub("<time>", line) for line in run.stderr.splitlines() if line.strip()]
    result = {"argv": [a if a != out_file else "OUT" for a in argv[3:]], "returncode": run.returncode,
              "puzzles": len(puzzles), "sha": sha(puzzles), "each": [sha(p) for p in puzzles],
              "dropped_keys": sorted(dropped), "stderr": stderr}
    return name, result, time.perf_counter() - begun


# ----------------------------------------------------------------------------------------
# Running
# ----------------------------------------------------------------------------------------

def _run(job: tuple) -> tuple:
    kind, payload = job
    if kind == "board":
        return ("board", *fingerprint_board(payload))
    return ("pack", *fingerprint_pack(payload))


def _progress(i: int, total: int, started: float, result: tuple) -> tuple:
    if (i + 1) % 25 == 0 or i + 1 == total:
        print(f"  {i + 1}/{total} done, {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    return result


def compute(args: argparse.Namespace) -> dict:
    import satlink

    started = time.perf_counter()
    inputs: dict = {}
    sources = {"corpus": corpus_boards(args.corpus, args.quick, inputs),
               "variants": variant_boards(args.repo, args.quick, inputs),
               "example": example_boards(inputs)}
    encodings = QUICK_ENCODINGS if args.quick else ENCODINGS
    pack_names = QUICK_PACKS if args.quick else tuple(PACKS)
    with tempfile.TemporaryDirectory(prefix="behaviour-") as tmp:
        spelling = generate_option_names(tmp)
    jobs = [("pack", (name, PACKS[name], spelling)) for name in pack_names]
    # biggest boards first: the pool finishes together
    boards = [(key, board) for items in sources.values() for key, board in items]
    order = {key: i for i, (key, _) in enumerate(boards)}
    large = [key for key, board in boards if board.n_nodes > CNF_ALL_NODES]
    skip_cnf = set(large) - set(large[::CNF_LARGE_STEP])
    jobs += [("board", (key, board, () if key in skip_cnf else encodings))
             for key, board in sorted(boards, key=lambda kb: -kb[1].n_nodes)]
    results: dict[str, dict] = {}
    timings: dict[str, dict] = {}
    packs: dict[str, dict] = {}
    pack_seconds: dict[str, float] = {}
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            done = [_progress(i, len(jobs), started, r)
                    for i, r in enumerate(pool.imap_unordered(_run, jobs, chunksize=1))]
    else:
        done = [_progress(i, len(jobs), started, _run(job)) for i, job in enumerate(jobs)]
    for kind, key, result, seconds in done:
        if kind == "board":
            results[key], timings[key] = result, seconds
        else:
            packs[key], pack_seconds[key] = result, seconds
    import numpy
    import pysat

    return {
        "config": {"quick": args.quick, "encodings": list(encodings), "profiles": list(PROFILES),
                   "lemma_settings": list(LEMMA_SETTINGS), "card": DEFAULT_CARD,
                   "verdict_count": VERDICT_COUNT,
                   "verdict_profiles_by_size": [[m, list(p)] for m, p in VERDICT_PROFILES_BY_SIZE],
                   "cnf_all_nodes": CNF_ALL_NODES, "cnf_large_step": CNF_LARGE_STEP,
                   "grade_profiles": list(GRADE_PROFILES),
                   "max_grade_nodes": MAX_GRADE_NODES, "max_cells": MAX_CELLS,
                   "packs": list(pack_names)},
        "inputs": {k: {kk: vv for kk, vv in v.items() if kk != "file"} for k, v in inputs.items()},
        "boards": {key: results[key] for key in sorted(results, key=order.__getitem__)},
        "packs": {name: packs[name] for name in pack_names},
        "meta": {"satlink": satlink.__file__, "repo": os.path.abspath(args.repo),
                 "inputs": inputs, "api": api_locations(), "generate_options": spelling,
                 "python": sys.version, "platform": platform.platform(),
                 "numpy": numpy.__version__, "pysat": getattr(pysat, "__version__", "?"),
                 "jobs": args.jobs, "seconds": time.perf_counter() - started},
        "timings": {"boards": timings, "packs": pack_seconds},
    }


def source_of(key: str) -> str:
    return key.split("/", 1)[0].split("#", 1)[0]


def summary(fp: dict) -> str:
    sources = ["corpus", "variants", "example"]
    items: dict[str, Counter] = defaultdict(Counter)
    boards: dict[str, Counter] = defaultdict(Counter)
    seconds: Counter[str] = Counter()
    for key, parts in fp["boards"].items():
        src = source_of(key)
        for part, value in parts.items():
            boards[part][src] += 1
            items[part][src] += 1 if part == "board" else len(value)
        for part, s in fp["timings"]["boards"].get(key, {}).items():
            seconds[part] += s
    header = (f"{'part':8} " + " ".join(f"{s:>18}" for s in sources)
              + f" {'items':>8} {'cpu s':>8}  (packs: wall s)")
    lines = ["items (boards) per source", header, "-" * len(header)]
    for part in ("board", "cnf", "verdict", "grade"):
        cells = " ".join(f"{f'{items[part][s]} ({boards[part][s]})':>18}" for s in sources)
        lines.append(f"{part:8} {cells} {sum(items[part].values()):>8} {seconds[part]:>8.1f}")
    packs = fp["packs"]
    n_puzzles = sum(p.get("puzzles", 0) for p in packs.values())
    pack_s = sum(fp["timings"]["packs"].values())
    lines.append(f"{'packs':8} {f'{len(packs)} packs, {n_puzzles} puzzles':>37}"
                 f"{'':>19} {len(packs):>8} {pack_s:>8.1f}")
    errors = sum(1 for parts in fp["boards"].values() for part in ("cnf", "verdict", "grade")
                 for v in (parts.get(part) or {}).values() if isinstance(v, dict) and "error" in v)
    lines.append(f"errors recorded (compared like results): {errors}; inputs: {fp['inputs']}")
    lines.append(f"wall time {fp['meta']['seconds']:.1f} s with {fp['meta']['jobs']} worker(s); "
                 f"satlink from {fp['meta']['satlink']}")
    return "\n".join(lines)


# ----------------------------------------------------------------------------------------
# Comparing
# ----------------------------------------------------------------------------------------

IGNORED = ("meta", "timings")


def differences(a, b, path: list[str]) -> list[str]:
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in list(a) + [k for k in b if k not in a]:
            where = path + [str(key)]
            if key not in b:
                out.append(f"{' | '.join(where)}: only in A")
            elif key not in a:
                out.append(f"{' | '.join(where)}: only in B")
            else:
                out += differences(a[key], b[key], where)
        return out
    if a == b:
        return []
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [line for i, (x, y) in enumerate(zip(a, b, strict=True))
                for line in differences(x, y, path + [f"[{i}]"])]
    return [f"{' | '.join(path)}: A={json.dumps(a)[:200]}  B={json.dumps(b)[:200]}"]


def compare(file_a: str, file_b: str) -> int:
    a, b = (json.loads(Path(f).read_text(encoding="utf-8")) for f in (file_a, file_b))
    if a.get("config") != b.get("config"):
        print("note: the two fingerprints were made with different settings (config differs)")
    diffs = differences({k: v for k, v in a.items() if k not in IGNORED},
                        {k: v for k, v in b.items() if k not in IGNORED}, [])
    for line in diffs:
        print(line)
    n_boards = len(set(a.get("boards", {})) | set(b.get("boards", {})))
    affected = {d.split(" | ")[1] for d in diffs if d.startswith("boards | ")}
    print(f"\n{len(diffs)} difference(s); {len(affected)} of {n_boards} boards affected; "
          f"A: {a['meta']['satlink']}  B: {b['meta']['satlink']}")
    if not diffs:
        print("identical")
    return 1 if diffs else 0


def main(argv: list[str] | None = None) -> int:
    here = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", help="write the fingerprint here (JSON)")
    parser.add_argument("--quick", action="store_true",
                        help=f"binary-edge and acyclic only, corpus boards of at most "
                             f"{QUICK_MAX_CORPUS_CELLS} cells, every {QUICK_VARIANT_STEP}rd variant, "
                             f"{len(QUICK_PACKS)} packs")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), help="compare two fingerprints")
    parser.add_argument("--repo", default=str(here),
                        help="where testbed/variants.py lives (default: %(default)s)")
    parser.add_argument("--corpus", default=CORPUS, help="peer corpus folder (default: %(default)s)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="worker processes (default: %(default)s)")
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if not args.out:
        parser.error("give --out FILE.json or --compare A.json B.json")
    fp = compute(args)
    Path(args.out).write_text(json.dumps(fp, indent=1) + "\n", encoding="utf-8")
    print(summary(fp))
    print(f"fingerprint written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
