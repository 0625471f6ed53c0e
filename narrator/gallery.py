"""The collector's gallery: every story's endings, found and not yet found.

A found ending shows its title, its tone, when it was first reached and how often; one
not yet found shows only a hint in the story's words (stories/<id>/gallery.toml: what
kind of ending it is and where to look), so the page is not spoiled. `narrator endings`
prints the gallery, `--read` rereads a found page, `--html` draws the whole map.
"""
from __future__ import annotations

import html
import tomllib
from dataclasses import dataclass

from narrator.library import folder, load, story_ids
from narrator.storybook import title as full_title

# A tone's mark, the same on the terminal and in the HTML map.
MARKS = {"true": "★", "good": "●", "bittersweet": "◐", "bad": "✗", "neutral": "○"}
TONE_WORDS = {"true": "a true ending", "good": "a good ending", "bittersweet": "a bittersweet ending",
              "bad": "a bad ending", "neutral": "an ending left open"}


@dataclass(frozen=True)
class Entry:
    story: str
    episode: str
    id: str
    tone: str
    title: str          # only shown once found
    hint: str           # shown while locked
    found: object       # profile.Unlocked, or None

    @property
    def ref(self) -> str:
        return f"{self.story}/{self.episode}/{self.id}"


def hints(story_id: str) -> dict:
    path = folder(story_id) / "gallery.toml"
    if not path.is_file():
        return {}
    return tomllib.loads(path.read_text(encoding="utf-8"))


def entries(profile, story_id: str) -> list[tuple[str, list[Entry]]]:
    """Per episode (its heading), the story's endings in the book's order."""
    st = load(story_id)
    words = hints(story_id)
    out = []
    for ep in st.episodes:
        got = profile.endings.get(story_id, {}).get(ep["id"], {})
        book = words.get("hint", {}).get(ep["id"], {})
        tones = words.get("tones", {})
        rows = []
        for page in st.content.books[ep["id"]].ending:
            kind = tones.get(page.tone, TONE_WORDS[page.tone])
            hint = book.get(page.id, "")
            rows.append(Entry(story_id, ep["id"], page.id, page.tone, page.title,
                              f"{kind}: {hint}" if hint else kind, got.get(page.id)))
        out.append((full_title(st, ep["id"]), rows))
    return out


def line(e: Entry) -> str:
    mark = MARKS[e.tone]
    if e.found is None:
        return f"  · {mark} not yet found — {e.hint}"
    times = "once" if e.found.count == 1 else f"{e.found.count} times"
    return f"  ✓ {mark} {e.title} ({e.tone}) — first reached {e.found.first:%Y-%m-%d}, {times}; `--read {e.ref}`"


def listing(profile) -> str:
    out = []
    for sid in story_ids():
        for heading, rows in entries(profile, sid):
            found = sum(e.found is not None for e in rows)
            out.append(f"{heading}: {found} of {len(rows)} endings")
            out += [line(e) for e in rows]
    out.append("")
    out.append("Marks: " + ", ".join(f"{m} {t}" for t, m in MARKS.items())
               + ". `narrator endings --read STORY/EPISODE/ENDING` reads a found page again.")
    return "\n".join(out)


class NotFound(LookupError):
    pass


def find(profile, ref: str) -> Entry:
    """The found ending `ref` names (story/episode/ending); a locked one is not shown."""
    parts = ref.strip().lower().split("/")
    if len(parts) != 3:
        raise NotFound(f"{ref!r}: name the ending as STORY/EPISODE/ENDING, as `narrator endings` shows it")
    sid, episode, eid = parts
    if sid not in story_ids():
        raise NotFound(f"there is no story {sid!r}; the stories are: {', '.join(story_ids())}")
    for _, rows in entries(profile, sid):
        for e in rows:
            if e.episode == episode and e.id == eid:
                if e.found is None:
                    raise NotFound(f"{ref} is not in your collection yet: reach it in a game to read it")
                return e
    raise NotFound(f"{ref} is not one of your endings; `narrator endings` lists them")


def page_of(e: Entry):
    return load(e.story).content.page(e.episode, e.id)


def map_html(profile) -> str:
    """The whole collection as one self-contained HTML page: every story's map of endings."""
    esc = html.escape
    parts = []
    total = found = 0
    for sid in story_ids():
        st = load(sid)
        parts.append(f"<section class='story'><h2>{esc(st.title)}</h2>")
        for heading, rows in entries(profile, sid):
            parts.append(f"<h3>{esc(heading)}</h3><ul class='map'>")
            for e in rows:
                total += 1
                if e.found is None:
                    parts.append(f"<li class='locked {esc(e.tone)}'><span class='mark'>{esc(MARKS[e.tone])}</span>"
                                 f" <span class='what'>not yet found</span> — <em>{esc(e.hint)}</em></li>")
                    continue
                found += 1
                times = "once" if e.found.count == 1 else f"{e.found.count} times"
                parts.append(f"<li class='found {esc(e.tone)}'><span class='mark'>{esc(MARKS[e.tone])}</span>"
                             f" <strong>{esc(e.title)}</strong> <span class='tone'>({esc(e.tone)})</span>"
                             f" — first reached {e.found.first:%Y-%m-%d}, {times}</li>")
            parts.append("</ul>")
        parts.append("</section>")
    return _HTML.format(found=found, total=total, body="\n".join(parts))


_HTML = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>Endings collected</title>
<style>
body {{ font-family: Georgia, serif; max-width: 46em; margin: 2em auto; padding: 0 1em;
       background: #fbf8f1; color: #222; line-height: 1.5; }}
h1 {{ font-weight: normal; }}
.map {{ list-style: none; padding-left: 0; }}
.map li {{ padding: .3em .6em; margin: .2em 0; border-left: .3em solid #ccc; }}
.found {{ background: #fff; }}
.locked {{ color: #777; }}
.true {{ border-color: #c9a227 !important; }} .good {{ border-color: #4a8f5a !important; }}
.bittersweet {{ border-color: #8a6fb0 !important; }} .bad {{ border-color: #a33 !important; }}
.neutral {{ border-color: #999 !important; }}
.mark {{ display: inline-block; width: 1.2em; }}
</style></head>
<body>
<h1>Endings collected: {found} of {total}</h1>
{body}
</body></html>
"""
