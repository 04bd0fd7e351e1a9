"""Names vulture cannot see used (`make lint` runs vulture; [tool.vulture] in pyproject.toml).

Each line is a use: an attribute read on ``_``. Keep it to names that only a template, a
dotted path in a string, or the database uses; remove a name here when its last use goes.
"""

# Read only by templates (templates/games/builder/panel.html and the situation panel).
_.autofocus, _.absolutes, _.count_ops, _.thans, _.colours2, _.parities2, _.pluses
_.single_subject, _.focus_add, _.joins, _.whos, _.modes, _.placeholders, _.has_written
_.jargon_from, _.jargon_redrawn, _.previews_grid, _.example_options, _.legal_count
_.is_group, _.focus_up, _.focus_down, _.value_sets, _.sames, _.sum_thans, _.shows_value
_.all_clear, _.auto_value, _.auto_selected, _.redraw_rounds, _.round_controls, _.redraw_piles
_.draft_key
# Read only by templates (the table, the notebook).
_.game_left, _.to_play, _.unjudged_words, _.under_near, _.under_far, _.general_note
_.can_seal, _.writes_rule, _.grouped, _.arrangements, _.advice_paused, _.advised

# Named by a dotted path in a string: the middleware and the Jinja2 environment in settings,
# the 404 handler in urls.
_.AdminGuard, _.not_found, _.FriendlyNotFound, _.environment

# Called by Django by convention: a middleware's hook.
_.process_exception

# Called by the standard library by convention: an HTMLParser's hook.
_.handle_data

# Read by the template and by name (getattr) through the rule language's description.
_.exempt

# Model fields that only the database and the admin read (a column stays until a migration).
_.updated, _.round_written

# Settings the tests override (maosite/settings.py is not scanned).
_.MAO_RATE_ADMIN_LOGIN, _.MAO_RATE_BUILDER, _.MAO_RATE_NOTEBOOK_ADDRESS, _.MAO_RATE_JOIN
_.MAO_RATE_NEW_GAME, _.MAO_RATE_LOBBY, _.RATELIMIT_CACHE_PREFIX, _.MAO_RATE_PUBLISH

# Fixtures a test or fixture asks for by parameter name, for their effect only.
_.restored, _.django_db_setup, _.through_another

# Read by pytest after its session-finish hooks: the run's exit status.
_.exitstatus

# The published puzzles as a library, for the solo table (games/puzzles: builtin_puzzles).
_.published_puzzles

# Read only by the reveal's template: whether one of the viewer's rules is published.
_.published

# Read by the solo templates (templates/solo/, the notebook's writer).
_.prophesy_url, _.days, _.blurb, _.median_plays, _.median_penalties, _.detective_plays

# Read by Channels when a consumer starts (channels.consumer.AsyncConsumer.__call__), and
# its send (set by GameConsumer's own loop when it runs without a channel layer).
_.channel_layer_alias, _.base_send
