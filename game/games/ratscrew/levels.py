"""The Ratscrew bots' level names, apart from the bots themselves: the definition (and the title, the
lobby) name the levels without loading the bots, which load when a table seats one."""

LEVELS = ("random", "kid", "casual", "pro", "adaptive")
SIM_LEVELS = LEVELS + ("masher",)  # the masher measures mash-proofing in `sim`; no table seats one
