"""Say where the evidence is: search the saved sources for what a claim states, hint it
in every output, and edit the report's anchors when the answer is certain (`--fix`)."""
