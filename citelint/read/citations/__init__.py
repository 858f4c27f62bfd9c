"""Citations as real reports write them, and the reference lists they point into.

`styles` finds each citation style in rendered block text; `references` reads a
reference list and its entries; `resolve` ties a citation to a saved source (through its
entry, an identifier, a URL index or a title) or says why it cannot.
"""
