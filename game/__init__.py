"""Couch Cards: No Thanks! and Egyptian Ratscrew for one screen and many hands."""

__version__ = "0.1.0"
