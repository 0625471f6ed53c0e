"""Playing over the network: a host holds the game, joiners take seats from afar.

The host's engine is the only authority. A joiner sends actions in their text form and
is sent only what its own seat may know: its narration, its view drawn as text, and
the prompts for its own decisions. Messages are JSON, one per line (`wire.py`).
"""
