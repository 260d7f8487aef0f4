"""The old import path of the Ratscrew bots; the module itself is `game.games.ratscrew.bots`."""

import sys

from game.games.ratscrew import bots as _module

sys.modules[__name__] = _module
