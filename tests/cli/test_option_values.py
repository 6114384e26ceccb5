"""Option values are checked at the edge: timeouts, sizes and rule lists that cannot mean
anything are usage errors (exit status 2) naming the option, before anything is built."""

from __future__ import annotations

import pytest

from tests.support.cli import run


@pytest.mark.parametrize("value", ["inf", "1e308"])
def test_a_far_or_infinite_timeout_means_no_limit_not_a_timer_crash(value: str) -> None:
    result = run("check", "-", "--rules", "nikoli", "--json", "--timeout", value, stdin="A.A\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "OverflowError" not in result.output


@pytest.mark.parametrize("value", ["nan", "-1", "soon"])
def test_a_timeout_that_is_not_seconds_is_a_usage_error(value: str) -> None:
    result = run("check", "-", "--timeout", value, stdin="A.A\n")
    assert result.exit_code == 2 and "--timeout" in result.output


@pytest.mark.parametrize("args,message", [
    (["generate", "--size", "100000x100000"], "at most 250,000"),
    (["generate", "--size", "9" * 5000 + "x3"], "is not WxH"),
    (["generate", "--colors", "9" * 5000], "is not N or MIN-MAX"),
    (["render", "example", "--cell", "1000000", "--png", "x.png"], "--cell"),
])
def test_sizes_are_validated_before_anything_is_built(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and message in result.output, result.output


@pytest.mark.parametrize("value", ["", ",", " , "])
def test_an_empty_rule_list_has_one_meaning(value: str) -> None:
    """Issue 25, minor: --rules '' meant flow but --rules ',' meant nikoli."""
    from satlink.rules import parse_rules

    assert str(parse_rules(value)) == str(parse_rules(None)) == "fill,notouch"
    result = run("check", "example", "--rules", value)
    assert result.exit_code == 2 and f"{value!r} names no rule" in result.output
    assert "'none' for no rules" in result.output
