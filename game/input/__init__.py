"""Input: the only reader of pygame events. Keys and pads become stamped per-seat Commands.

`InputRouter` (router.py) is what the app holds as `app.input`; bindings are data (bindings.py).
"""

from game.input.bindings import BindingRefused, Bindings
from game.input.router import InputRouter, LostPad, TextEdit

__all__ = ["BindingRefused", "Bindings", "InputRouter", "LostPad", "TextEdit"]
