"""The messages sent to the model, made from the Jinja templates in prompts/llm/.

Everything in them is something the seat being narrated to may know: the offline
narration of the events (which tells each seat only its own), that seat's view drawn as
text, and its own recent narration. The state itself is never read here.
"""
from __future__ import annotations

from narrator import screens
from narrator.narration import _environment


def messages(story, episode: str, reader: str, view, memory: list[str], moment: list[str]) -> list[dict]:
    env = _environment()
    names = {s: story.seat_name(s) for s in story.seats_of(view)}
    ep = story.episode(episode)
    context = {
        "story": {"title": story.title, "blurb": " ".join(story.info.get("blurb", "").split()),
                  "tone": " ".join(story.info.get("tone", "").split())},
        "episode": ep if len(story.episodes) > 1 else None,
        "cast": list(story.info.get("cast", {}).values()) or list(names.values()),
        "reader": names[reader],
        "memory": memory,
        "facts": screens.for_story(story).facts(view, names),
        "moment": "\n".join(moment),
    }
    return [
        {"role": "system", "content": env.get_template("llm/system.j2").render(context).strip()},
        {"role": "user", "content": env.get_template("llm/user.j2").render(context).strip()},
    ]
