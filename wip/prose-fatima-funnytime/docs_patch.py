import sys, pathlib
root = pathlib.Path(sys.argv[1])
p = root / "docs/narration-fatima.md"; s = p.read_text()
old = """Bookkeeping (the turn's draw, hand sizes at the deal,
Events set back in the deck, the cards passed on the road, a fallen court's Fatima one by
one) renders to nothing unless the template is given `verbose` true; `--verbose` shows it."""
new = """Bookkeeping
folds: the kinds under `[fold]` in `stories/fatima/voice.toml` (the turn's
draw, hand sizes at the deal, Events set back in the deck, the cards passed on the road or
sent in tribute) are told as one line per move by `_fold.j2`, which names only what
matters (cards drawn by an effect, the Events sent back, the cards passed on); a fallen
court's Fatima one by one, a Season's Ball declined, the winner's champion going home
render to nothing unless `verbose`. `--verbose` tells every event with its own template.

A card's flavour is read once, after the passage in which its face is first seen, dressed
by `_flavour.j2` as the chronicler's aside and tied to the court it was seen in. The
world's names come from the voice: `voice.places.world` ("the Meridian", `c.world()`),
`voice.places.deep` (where divers go, `c.deep()`). The ending pages of
`stories/fatima/endings/chronicle.toml` open with what the season did: the winner, its
points and margin, the runner-up, the sovereign a king's fall brought down, the Fatima
snatched in the last round, each only when the log holds it."""
assert old in s, "fatima doc"
p.write_text(s.replace(old, new))
p = root / "docs/narration-funnytime.md"; s = p.read_text()
old = """The artists' editor, **Ms. Kagami**, judges every page; the artists are **Aki Hoshino**
and **Ren Tsukishima** (`f.editor()`, `f.full(seat)`, `f.sensei(seat)`)."""
new = """The artists' editor, **Ms. Kagami**, judges every page; the artists are **Aki Hoshino**
and **Ren Tsukishima**. They come from the voice, `stories/funnytime/voice.toml`
(`[cast]` `editor`, `chief`, `full.<seat>`, `sensei.<seat>`), through `f.editor()`,
`f.chief()`, `f.full(seat)` and `f.sensei(seat)`."""
assert old in s, "ft doc 1"
s = s.replace(old, new)
old = """payments, relit stars, the Stock Pool's comings and goings) renders to nothing unless
the template is given `verbose` true; the status line carries the counts."""
new = """payments, relit stars, the Stock Pool's comings and goings: the kinds under `[fold]` in
the voice) is told as one line per move by `_fold.j2` — how many stars each artist spent
and how many are still lit — and in full with `--verbose`. A card's flavour is read once,
pencilled in the margin of the issue in which it is first seen (`_flavour.j2`). The
ending pages of `stories/funnytime/endings/duel.toml` name the last star that went out,
the panels the Botsu Box was filled with, the strips last shown and the deadline's count,
and call a count close only when it was."""
assert old in s, "ft doc 2"
p.write_text(s.replace(old, new))
print("docs patched")
