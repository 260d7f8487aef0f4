"""The day a kept practice session was played on, in the player's local time (a session is kept with its
start in UTC ISO; one that does not read has no day)."""

from __future__ import annotations

import datetime


def local_day(started: str, tz: datetime.tzinfo | None = None) -> datetime.date | None:
    try:
        when = datetime.datetime.fromisoformat(started)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    return when.astimezone(tz).date()
