"""Optional LLM narration: any OpenAI-compatible server, or a plug-in backend.

The model only writes prose. It sees what the seat being narrated to may know (the
offline narration of the events, that seat's view, its recent narration), and nothing
it says can change the game. Offline templates remain the default and the fallback.
"""
