"""The home page."""

from __future__ import annotations

from django.test import Client


def test_home_page_is_served(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 200
    assert "Mini Mao" in response.content.decode()
