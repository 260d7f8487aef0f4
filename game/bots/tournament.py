"""The old import path of the No Thanks bot tournaments; the module itself is `game.games.nothanks.tournament`."""

import sys

from game.games.nothanks import tournament as _module

sys.modules[__name__] = _module
