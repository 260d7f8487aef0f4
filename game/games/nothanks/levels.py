"""The No Thanks bots' level names, apart from the bots themselves: the definition (and the title, the
lobby) name the levels without loading the bots and their search, which load when a table seats one."""

LEVELS = ("random", "greedy", "easy", "medium", "hard")
