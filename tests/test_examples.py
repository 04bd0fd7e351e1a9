"""The share of the active Hypothesis profile's examples a costly property takes."""

from hypothesis import HealthCheck, settings

from tests.examples import share


def test_a_share_follows_the_active_profile_and_keeps_at_least_one_example() -> None:
    profile = settings().max_examples
    assert share(1).max_examples == profile
    assert share(0.5).max_examples == max(1, round(profile / 2))
    assert share(0.000_001).max_examples == 1


def test_a_share_keeps_the_other_options_given() -> None:
    chosen = share(0.5, suppress_health_check=[HealthCheck.too_slow])
    assert list(chosen.suppress_health_check) == [HealthCheck.too_slow]
    assert chosen.deadline == settings().deadline
