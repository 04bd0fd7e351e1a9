"""Django registration of the rule language, only so its management commands load."""

from django.apps import AppConfig


class RulesConfig(AppConfig):
    """The ``rules`` package as a Django app (label ``maorules``)."""

    name = "rules"
    label = "maorules"
    verbose_name = "Mini Mao rule language"
