"""The Django side of Mini Mao: models, services, consumers, views and forms."""
