"""The storybook: a game written out as a book, and the titles it goes by.

`narrator replay SLOT --markdown FILE` or `--html FILE` writes it: a title page, a chapter
for each turn or round with the prose the reader was told, and the ending page last. A
story names the event that opens a chapter and what a chapter is called in its
story.toml (`[storybook] chapter = "turn"`, `heading = "Turn"`).
"""
from __future__ import annotations

from dataclasses import dataclass, field


def title(story, episode: str) -> str:
    """"Story — Episode", or just "Story" where the episode
    bears the story's own name."""
    name = story.episode(episode)["title"]
    return story.title if name == story.title else f"{story.title} — {name}"


@dataclass
class Chapter:
    heading: str
    passages: list[str] = field(default_factory=list)


@dataclass
class Book:
    title: str
    reader: str              # whose telling: a seat's name, or "everyone at the table"
    seed: int
    blurb: str
    chapters: list[Chapter]
    ending_title: str | None
    ending_text: str | None


def _chapter_starts(log, kind: str) -> list[int]:
    return [i for i, e in enumerate(log) if e.kind == kind and e.seats is None]


def make(session, narrator, seat: str | None, kept: list[dict] | None = None) -> Book:
    """The book of a game as `seat` was told it (None: what everyone was told). `kept`:
    the prose that was shown, where the save holds it (a model narrated)."""
    st = session.story
    words = st.info.get("storybook", {})
    kind, word = words.get("chapter", "turn"), words.get("heading", "Turn")
    log = session.log
    starts = _chapter_starts(log, kind)
    bounds = [0, *[s for s in starts if s > 0], len(log)]
    chapters: list[Chapter] = []
    number = 0
    spans = list(zip(bounds, bounds[1:]))
    told: list[list[str]] = [[] for _ in spans]
    if not kept:
        # Told move by move, as the table told it (each move's bookkeeping is one line);
        # a move's passages belong to the chapter the move began in.
        at = 0
        for cut in [*(m for m in session.marks if 0 < m < len(log)), len(log)]:
            if cut > at:
                told[max(i for i, (a, _) in enumerate(spans) if a <= at)] += narrator.tell(log[at:cut], at, seat)
                at = cut
    for (a, b), heard in zip(spans, told):
        opens = a in starts
        if opens:
            number = log[a].data.get("number", number + 1)
        heading = f"{word} {number}" if opens else words.get("prologue", "Before the first " + word.lower())
        passages = [k["text"] for k in kept if a <= k["at"] < b] if kept else heard
        if passages:
            chapters.append(Chapter(heading, passages))
    ending = session.ending()
    page = st.content.page(session.episode, ending.id) if ending is not None else None
    who = st.seat_name(seat) if seat else "everyone at the table"
    return Book(title(st, session.episode), who, session.save.seed, " ".join(st.info.get("blurb", "").split()),
                chapters, page.title if page else None, page.text.strip() if page else None)


def _paragraphs(text: str) -> list[str]:
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def markdown(book: Book) -> str:
    out = [f"# {book.title}", "", f"*As it was told to {book.reader}.*  ", f"*Seed {book.seed}.*", ""]
    if book.blurb:
        out += [f"> {book.blurb}", ""]
    for c in book.chapters:
        out += [f"## {c.heading}", ""]
        for passage in c.passages:
            for p in _paragraphs(passage):
                out += [p, ""]
    if book.ending_title is not None:
        out += [f"## {book.ending_title}", ""]
        for p in _paragraphs(book.ending_text or ""):
            out += [p, ""]
    else:
        out += ["---", "", "*The story goes on.*", ""]
    return "\n".join(out)


def page_html(book: Book) -> str:
    """One self-contained HTML file; every piece of text in it is escaped."""
    import html     # (its table of named characters is no part of a game's start-up)

    esc = html.escape
    body = [f"<section class='title'><h1>{esc(book.title)}</h1>",
            f"<p class='reader'>As it was told to {esc(book.reader)}.</p>",
            f"<p class='seed'>Seed {book.seed}</p>"]
    if book.blurb:
        body.append(f"<blockquote>{esc(book.blurb)}</blockquote>")
    body.append("</section>")
    if book.chapters:
        body.append("<nav><ol>" + "".join(f"<li><a href='#ch{i}'>{esc(c.heading)}</a></li>"
                                          for i, c in enumerate(book.chapters, 1)) + "</ol></nav>")
    for i, c in enumerate(book.chapters, 1):
        body.append(f"<section class='chapter' id='ch{i}'><h2>{esc(c.heading)}</h2>")
        for passage in c.passages:
            body += [f"<p>{esc(p)}</p>" for p in _paragraphs(passage)]
        body.append("</section>")
    if book.ending_title is not None:
        body.append(f"<section class='ending'><h2>{esc(book.ending_title)}</h2>")
        body += [f"<p>{esc(p)}</p>" for p in _paragraphs(book.ending_text or "")]
        body.append("</section>")
    else:
        body.append("<section class='ending'><p><em>The story goes on.</em></p></section>")
    return _HTML.format(title=esc(book.title), body="\n".join(body))


_HTML = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: Georgia, 'Times New Roman', serif; max-width: 38em; margin: 3em auto;
       padding: 0 1em; background: #fdfaf3; color: #222; line-height: 1.6; }}
.title {{ text-align: center; margin-bottom: 4em; page-break-after: always; }}
.title h1 {{ font-size: 2.4em; font-weight: normal; }}
.reader, .seed {{ font-style: italic; color: #666; }}
blockquote {{ font-style: italic; margin: 2em 3em; }}
nav ol {{ columns: 2; color: #666; }}
.chapter h2, .ending h2 {{ font-weight: normal; border-bottom: 1px solid #ddd; margin-top: 2.5em; }}
.ending {{ margin-top: 4em; }}
.ending h2 {{ text-align: center; border: none; font-size: 1.6em; }}
</style></head>
<body>
{body}
</body></html>
"""
