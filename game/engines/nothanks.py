"""The old import path of the No Thanks engine; the module itself is `game.games.nothanks.engine`."""

import sys

from game.games.nothanks import engine as _module

sys.modules[__name__] = _module
