import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0012_seat_lock_checked_round'),
    ]

    operations = [
        migrations.CreateModel(
            name='PublishedPuzzle',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('slug', models.SlugField(max_length=60, unique=True)),
                ('engine_id', models.PositiveIntegerField(help_text='RuleEntry.id of the rule in its game.')),
                ('jargon', models.CharField(max_length=40)),
                ('spec', models.JSONField(help_text='The rule\'s JSON (``kind`` and its fields).')),
                ('grade', models.CharField(choices=[('easy', 'easy'), ('medium', 'medium'), ('hard', 'hard'), ('very_hard', 'very_hard')], max_length=16)),
                ('author_name', models.CharField(blank=True, default='', help_text='Shown only when the author chose to show it.', max_length=40)),
                ('holder', models.CharField(editable=False, help_text="SHA-256 of the publisher's holder token.", max_length=64)),
                ('created', models.DateTimeField(auto_now_add=True)),
                ('game', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='published_puzzles', to='games.game')),
            ],
            options={
                'ordering': ['created', 'id'],
                'constraints': [models.UniqueConstraint(fields=('game', 'engine_id'), name='published_once')],
            },
        ),
    ]
