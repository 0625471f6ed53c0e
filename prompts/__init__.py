"""Jinja templates: offline prose for each story's events, and the LLM prompts."""
