"""How hard a rule is to guess, for its author in the rule builder."""
