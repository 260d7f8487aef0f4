"""Shared fixtures: a headless SDL, the real app on a fake clock (`app`), and a clean event queue."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from support_app import make_app


@pytest.fixture
def app(tmp_path):
    """The real App (real InputRouter, scene stack and navigator) on a fake clock, settings in tmp_path."""
    a = make_app(tmp_path)
    yield a
    a.stack.clear()
    pygame.event.clear()
