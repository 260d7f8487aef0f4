"""The old import path of the random Ratscrew bot; the module itself is `game.games.ratscrew.random_bot`."""

import sys

from game.games.ratscrew import random_bot as _module

sys.modules[__name__] = _module
