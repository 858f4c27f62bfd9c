"""Floor 3 of 10 — outputs.

What leaves the lint: the `Diagnostic` and the `Result` every output reads, the formatters
(pure functions of the `Result`), the audit contract, baselines, the generator mark of
citelint's own files, and what a finished run emits.

May import: `ground`, `sources` (never the engine: an output sees only the `Result`).
"""
