"""`citelint fetch`: snapshot every cited record and page into the sources root.

An author's step, not the gate's: the lint itself never opens a connection. `plan`
reads what reports cite as the linter does, `http` is the one door to the network,
`services` knows each registry's paths and answers, `run` saves and records outcomes.
"""
