"""The number school: No Thanks' playing-card edition as a place-value lesson (issue 39)."""
