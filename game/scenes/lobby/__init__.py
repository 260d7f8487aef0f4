"""The lobby screen (a package: the seats' cards, the house rules' own screen, focus that moves in space)."""

from game.scenes.lobby.scene import LobbyScene

__all__ = ["LobbyScene"]
