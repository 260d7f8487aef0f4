"""The old import path of the No Thanks bots; the module itself is `game.games.nothanks.bots`."""

import sys

from game.games.nothanks import bots as _module

sys.modules[__name__] = _module
