"""Patches stories/fatima/endings/chronicle.toml: each page opens with what this game did."""
import sys
p = sys.argv[1]
s = open(p).read()
# Shared facts, set at the head of every page (a page is a template over the public log).
HEAD = ('{% import "fatima/_chronicle.j2" as c with context %}'
        '{% set fc = last("final_count") %}{% set sc = end.get("scores") or {} %}'
        '{% set w = end.get("winners") or [] %}'
        '{% set ranked = sc | dictsort(by="value", reverse=true) %}'
        '{% set rest = ranked | rejectattr(0, "in", w) | list %}'
        '{% set top = sc[w[0]] if w else 0 %}{% set second = rest[0][1] if rest else top %}')
def opening(page_id, paragraph):
    global s
    start = s.index(f'id = "{page_id}"')
    t = s.index('text = """\n', start) + len('text = """\n')
    s = s[:t] + HEAD + "{% if played and w %}" + paragraph + "\n\n\n{% endif %}" + s[t:]
def opening_any(page_id, paragraph):
    global s
    start = s.index(f'id = "{page_id}"')
    t = s.index('text = """\n', start) + len('text = """\n')
    s = s[:t] + HEAD + "{% if played %}" + paragraph + "\n\n\n{% endif %}" + s[t:]
def fix(a, b):
    global s
    assert a in s, a
    s = s.replace(a, b)

opening("shared_crown", """At the count of this season {{ c.whos(w) }} stood level: {{ top }} points apiece{% if fc %}, and {{ (fc.fatima[w[0]] | length) }} Fatima in each court's halls{% endif %}{% if rest %}, with {{ c.who(rest[0][0]) }} next on {{ rest[0][1] }}{% endif %}.""")
fix("Two courts — in some tellings more — stood level in points,", "{% if played and w %}{{ c.cap(c.whos(w)) }} stood level in points,{% else %}Two courts — in some seasons more — stood level in points,{% endif %}")

opening("tie_broken", """{% set tied = ranked | selectattr(1, "equalto", top) | map(attribute=0) | list %}{% set lost = tied | reject("in", w) | list %}{% set mine = fc.fatima[w[0]] | length if fc else 0 %}{% set theirs = (fc.fatima[lost[0]] | length) if fc and lost else 0 %}{{ c.Who(w[0]) }} and {{ c.whos(lost) }} ended the season level on {{ top }} points, and {{ c.who(w[0]) }} took the crown with {{ c.num(mine) }} Fatima in its halls to {{ c.num(theirs) }}.""")
fix("By that rule the season was decided, and by the width of a single lantern.", "By that rule the season was decided{% if played and w and fc %}{% set tied = ranked | selectattr(1, \"equalto\", top) | map(attribute=0) | list %}{% set lost = tied | reject(\"in\", w) | list %}{% set gap = (fc.fatima[w[0]] | length) - ((fc.fatima[lost[0]] | length) if lost else 0) %}{{ \", and by the width of a single lantern\" if gap == 1 else \", by \" ~ c.num(gap) ~ \" lanterns\" }}{% else %}, by the width of a lantern or two{% endif %}.")
fix("Its king was heard to say that he would rather lose by a lantern than win by a technicality, which his ministers thought very fine until someone pointed out that it was the same thing.", "Its sovereign was heard to say that a lantern was a better thing to lose by than a technicality, which the ministers thought very fine until someone pointed out that it was the same thing.")

SNATCH = '{% set taken = every("fatima_moved", to=w[0]) | selectattr("why", "in", ["combat", "avoid", "king_fall"]) | list if w else [] %}{% set snatch = taken[-1] if taken else none %}'
opening("late_snatch", SNATCH + """{% if snatch %}{{ c.N(card(snatch.card)) }}, who left {{ c.who(snatch.source) }} for {{ c.who(w[0]) }} in the last round of the season, was the difference: {{ c.who(w[0]) }} finished on {{ top }} points{% if rest %}, {{ c.who(rest[0][0]) }} on {{ rest[0][1] }}{% endif %}.{% else %}{{ c.Who(w[0]) }} finished on {{ top }} points, won in the last round.{% endif %}""")
fix("The defenders fought — the chronicle is clear on that point — and the dice did what dice do.",
    "{% if played and w %}" + SNATCH + "{% endif %}{% if played and snatch and snatch.why == \"avoid\" %}The defenders did not fight — the chronicle is clear on that point — and opened their gates rather than lose their knights as well.{% else %}The defenders fought — the chronicle is clear on that point — and the dice did what dice do.{% endif %}")

opening("kings_fall", """{% set fall = last("king_fall", to=w[0]) %}{% if fall %}This was the season {{ c.who(w[0]) }} beat {{ c.n(card(fall.card)) }}, sovereign of {{ c.who(fall.seat) }}, on the open field{% if fall.cards %}{% set ns = namespace(l=[]) %}{% for f in fall.cards %}{% set ns.l = ns.l + [card(f)] %}{% endfor %}, and took from that court {{ c.names_of(ns.l) }}{% endif %}.{% endif %} At the count {{ c.who(w[0]) }} stood first with {{ top }} points{% if rest %}, {{ c.num(top - second) if top - second <= 12 else top - second }} clear of {{ c.who(rest[0][0]) }}{% endif %}.""")
fix("This season it was done in the open. The veiled king rode out at the head of his own column, and the whole Meridian watched the veil come off on the field, and knew his face at last in the very hour of his defeat. The dice went against him. He was not killed — kings of the Meridian seldom are — but he was beaten, and by law his court was forfeit: every Fatima who had kept her lantern in his halls rose, gathered her trunks, and went with the victor, as the law requires and as their own dignity demanded.",
    "This season it was done in the open. A veiled sovereign took the field in person, and the whole Meridian watched the veil come off, and knew that face at last in the very hour of defeat. The dice went the other way. No one was killed — the crowned heads of the Meridian seldom are — but the battle was lost, and by law the court was forfeit: every Fatima who had kept her lantern in those halls rose, gathered her trunks, and went with the victor, as the law requires and as their own dignity demanded.")
fix("The chronicle records that one of them stopped at the gate to bid the fallen king farewell, and that he thanked her, and that it was the only time that season anyone saw him bow.",
    "The chronicle records that one of them stopped at the gate to bid the fallen sovereign farewell, and was thanked, and that it was the only time that season anyone saw that crowned head bow.")
fix("But the historian notes that its own king was heard, more than once, to say that he had ridden within a single die of the same ruin, and that he would not ride out again. He did not keep that promise. Kings seldom do.",
    "But the historian notes that its own sovereign was heard, more than once, to say that a crown which rides out can be lost the same way, and that it would not ride out again. Crowns seldom keep that promise.")

opening("landslide", """{{ c.Who(w[0]) }} ended the season on {{ top }} points{% if rest %}; {{ c.who(rest[0][0]) }}, the nearest, had {{ rest[0][1] }}, and the rest trailed further still{% endif %}.""")
fix("There is no last-round reversal to tell, no king unveiled in the hour of his ruin, no tie decided by a lantern's width.", "There is no last-round reversal to tell{% if played and not happened(\"king_fall\") %}, no sovereign unveiled in the hour of ruin{% endif %}, no tie decided by a lantern's width.")

opening("peaceful_unveiling", """{% set won = every("fatima_moved", to=w[0], why="unveil") %}{{ c.Who(w[0]) }} won the season on {{ top }} points{% if rest %}, {{ top - second }} ahead of {{ c.who(rest[0][0]) }}{% endif %}, and not one of its Fatima was taken by the sword{% if won %}: {{ c.num(won | length) }} of them came to it from the ballroom dice{% endif %}.""")

opening("steady_reign", """{% set took = last("fatima_moved", to=w[0], why="combat") %}{{ c.Who(w[0]) }} stood first at the count with {{ top }} points{% if rest %}, {{ top - second }} ahead of {{ c.who(rest[0][0]) }}{% endif %}.{% if took %} Among its Fatima was {{ c.n(card(took.card)) }}, won from {{ c.who(took.source) }} by the sword.{% endif %}""")

opening_any("stopped", """{% set by = end.get("seat") %}{% if by %}It was {{ c.who(by) }} who set the pen down{% set falls = every("king_fall") %}{% if falls %}, in a season that had already seen {{ c.num(falls | length) }} {{ "crown" if falls | length == 1 else "crowns" }} fall{% endif %}.{% endif %}""")

fix("a king who takes the field in person and is beaten loses everything his court holds.", "a sovereign who takes the field in person and is beaten loses everything the court holds.")
fix("Every king knows it. Every season, one of them forgets.", "Every crown knows it. Every season, one of them forgets.")

fix("The historian, who has written of a great many victories, wrote this one out twice, the second time more slowly. He thinks it the best thing in the book.",
    "The historian, who has written of a great many victories, wrote this one out twice, the second time more slowly.{% if tries and tries > 1 %} Of the {{ tries }} seasons of the Meridian he has now set down{% if seen and seen | length > 1 %}, ending in {{ seen | length }} different ways{% endif %}, he thinks this one the best thing in the book.{% else %} He thinks it the best thing in the book.{% endif %}")
open(p, "w").write(s)
