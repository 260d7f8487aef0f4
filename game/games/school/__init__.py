"""What the games' practice schools share (the slap school, the number school): the staircase that sets a
gentle pace, and stars that need right answers."""
