"""Forms of the games app: opening a new table."""

from __future__ import annotations

from django import forms

from games.engine.settings import GameSettings
from games.engine.setup import MAX_NAME


class NewGameForm(forms.Form):
    """The settings of a new table and the host's name."""

    name = forms.CharField(label="Your name", max_length=MAX_NAME,
                           widget=forms.TextInput(attrs={"autocomplete": "nickname",
                                                         "placeholder": "e.g. Gogol"}))
    players = forms.TypedChoiceField(label="Seats at the table", coerce=int, initial=4,
                                     choices=[(n, str(n)) for n in range(2, 9)])
    hand_size = forms.TypedChoiceField(label="Cards in each hand", coerce=int, initial=5,
                                       choices=[(n, str(n)) for n in range(3, 8)])
    decks = forms.TypedChoiceField(label="Decks", coerce=int, initial=1,
                                   choices=[(1, "One deck"), (2, "Two decks")])
    jokers = forms.BooleanField(label="Play with jokers", required=False, initial=True)
    aces_high = forms.BooleanField(label="Aces are high", required=False, initial=False)
    first_rule_maker = forms.ChoiceField(
        label="Who writes the first rule", initial="random",
        choices=[("random", "Chosen at random"), ("host", "Me")])

    def settings(self) -> GameSettings:
        """The engine settings from the cleaned data."""
        data = self.cleaned_data
        return GameSettings(players=data["players"], hand_size=data["hand_size"],
                            decks=data["decks"], jokers=data["jokers"],
                            aces_high=data["aces_high"],
                            first_rule_maker=0 if data["first_rule_maker"] == "host" else None)
