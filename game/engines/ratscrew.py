"""The old import path of the Ratscrew engine; the module itself is `game.games.ratscrew.engine`."""

import sys

from game.games.ratscrew import engine as _module

sys.modules[__name__] = _module
