"""`citelint judge`: the author asks a model once; the gate replays
(`citelint/evidence/judged.py`)."""
