"""Writing a rule without Django: the builder's form model, its mapping to and from rules,
the examples, the preview and its warnings, the situation, the notes and the revision."""
