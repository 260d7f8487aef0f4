"""Pure rules engines: no pygame, no clock, no I/O, no module-level randomness."""


class IllegalAction(Exception):
    """An action the rules do not allow now; the state is left unchanged."""
