"""Scenes on the app's stack: title, choose game, lobby, tables, results, pause, controls."""
