"""Drawing for the tables: card art, matches, felt, seat layout, text cache and tweens (pygame, no rules)."""
