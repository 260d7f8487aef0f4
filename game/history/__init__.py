"""The players' history: profiles, every finished game, the slaps of profile seats and practice sessions
in one SQLite database in the user data folder; the stats drawn from it, CSV export, and the evening's
running tally. See store.py for how it is written off the frame path and what a bad disk costs."""

from __future__ import annotations

from game.history.store import FILENAME, History, open_history
from game.history.summary import GameRecord, game_record, table_key
from game.history.tally import SessionTally, Tally

__all__ = ["FILENAME", "GameRecord", "History", "SessionTally", "Tally", "game_record", "open_history", "table_key"]
