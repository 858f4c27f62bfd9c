"""`citelint judge`: the author asks a model once; the gate replays (`citelint/judged.py`)."""
