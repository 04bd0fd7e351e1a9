"""Mini Mao's Django project: settings from the environment, URLs and the ASGI entry point."""
