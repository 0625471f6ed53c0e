"""The rules engine: pure, deterministic, no I/O.

`engine.contract` fixes the protocol every game family follows; each family package
(`engine.<family>`) exports its declaration, `FAMILY`, and implements it over a story
loaded once into frozen objects.
"""
