"""One name per idea: the growth algorithm, the solver effort and the human grade have names
of their own, and what earlier versions wrote under the old names still reads and resumes."""

from __future__ import annotations

import json

from click.testing import CliRunner

from satlink.cli import main
from satlink.generate.catalogue import Catalogue
from satlink.generate.params import make_params

OLD_KEYS = [  # Params.key() as satlink wrote it before the renames (commit 7185e0d)
    (("6x6", None, 3, 0, "flow", "grow", "repair", 7), {}, "48dccde68efd416d"),
    (("6x6", "1-12", 2, 36, "flow", "unionfind", "reject", 3), {}, "a092a7e1ded7859d"),
    (("7x7", None, 3, 0, "flow", "grow", "repair", 1), {"grade": "easy"}, "deb74e4c912c2d2a"),
]


def test_the_run_keys_survive_the_renames() -> None:
    """``Params.key()`` names a run in every catalogue: renaming a field must not change it."""
    for args, extra, key in OLD_KEYS:
        assert make_params(*args, **extra).key() == key


def test_a_run_stored_with_the_old_parameter_names_is_offered_for_resuming(tmp_path) -> None:
    """``seeds_like`` reads run parameters stored as ``method`` (now ``growth``) and
    ``difficulty`` (now ``grade``)."""
    params = make_params("6x6", "1-12", 2, 36, "flow", "unionfind", "reject", 3, grade="0-9")
    stored = {**params.as_dict(), "seed": 99, "method": "unionfind", "difficulty": "0-9"}
    del stored["growth"], stored["grade"]
    catalogue = Catalogue(str(tmp_path / "old.sqlite"))
    catalogue.db.execute("INSERT INTO runs (run, params, accepted) VALUES ('x', ?, 5)",
                         (json.dumps(stored, sort_keys=True),))
    assert catalogue.seeds_like(params) == [(99, 5)]
    catalogue.close()


def test_generate_growth_and_its_deprecated_alias(tmp_path) -> None:
    runner = CliRunner()
    args = ["generate", "--size", "6x6", "--seed", "3", "--count", "2", "--colors", "1-12",
            "--min-length", "2", "--max-solids", "36", "--strategy", "reject"]
    new = runner.invoke(main, [*args, "--growth", "unionfind"])
    old = runner.invoke(main, [*args, "--method", "unionfind"])
    default = runner.invoke(main, args)
    assert new.exit_code == old.exit_code == 0, (new.output, old.output)
    assert new.stdout == old.stdout != default.stdout
    assert "--method is deprecated" in old.stderr and "--growth" in old.stderr
    assert "deprecated" not in new.stderr
    shown = runner.invoke(main, ["generate", "--help"]).output
    assert "--growth" in shown and "--method" not in shown


def test_generate_grade_and_its_deprecated_alias() -> None:
    runner = CliRunner()
    args = ["generate", "--size", "5x5", "--seed", "2", "--count", "2"]
    new = runner.invoke(main, [*args, "--grade", "easy"])
    old = runner.invoke(main, [*args, "--difficulty", "easy"])
    assert new.exit_code == old.exit_code == 0, (new.output, old.output)
    assert new.stdout == old.stdout
    assert all(json.loads(line)["quality"]["grade"]["band"] == "easy"
               for line in new.stdout.splitlines())
    assert "--difficulty is deprecated" in old.stderr and "--grade" in old.stderr
    assert "deprecated" not in new.stderr
    bad = runner.invoke(main, [*args, "--grade", "impossible"])
    assert bad.exit_code == 2 and "grade 'impossible' is not easy" in bad.output
    shown = runner.invoke(main, ["generate", "--help"]).output
    assert "--grade" in shown and "--difficulty" not in shown


def test_rejections_counted_as_difficulty_are_counted_as_grade(tmp_path) -> None:
    params = make_params("5x5", None, 3, 0, "flow", "grow", "repair", 2, grade="easy")
    catalogue = Catalogue(str(tmp_path / "old.sqlite"))
    catalogue.start(params)
    catalogue.db.execute("UPDATE runs SET rejected = ? WHERE run = ?",
                         (json.dumps({"difficulty": 3, "grade": 1}), params.key()))
    assert catalogue.state(params).rejected == {"grade": 4}
    catalogue.close()
