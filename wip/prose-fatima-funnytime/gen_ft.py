"""Writes prompts/funnytime/KIND.N.j2 from the bodies below (one paragraph each)."""
import sys, pathlib
OUT = pathlib.Path(sys.argv[1])
HEAD = '{% import "funnytime/_ft.j2" as f with context %}\n{% call f.para() %}\n'
TAIL = '\n{% endcall %}\n'
V = '{% if verbose is defined and verbose %}'
E = '{% endif %}'
T = {}

def folded(*bodies):
    return [V + b + E for b in bodies]

T["setup"] = [
"""{{ f.Editor() }} has one slot to fill and two artists on her desk: {{ f.full(d.seats[0]) }}, whose “{{ d.decks[d.seats[0]] }}” makes readers laugh on the train, and {{ f.full(d.seats[1]) }}, whose “{{ d.decks[d.seats[1]] }}” makes them fold the page down and come back. {{ f.Num(d.deadline) }} issues to decide it; {{ d.stars }} stars over each drawing board to pay for every panel.""",
"""Across town from each other, under {{ d.stars }} stars apiece, {{ f.full(d.seats[0]) }} and {{ f.full(d.seats[1]) }} sharpen their pencils. The magazine has room for one of them. {{ f.Editor() }} will read every page for {{ f.num(d.deadline) }} issues, and reject the weaker panel every time.""",
"""There is one slot left in the magazine, and two artists want it. {{ f.full(d.seats[0]) }} draws at a desk by the window, “{{ d.decks[d.seats[0]] }}” pinned above the lightbox; {{ f.full(d.seats[1]) }} works across town, “{{ d.decks[d.seats[1]] }}” taped to the wall. {{ f.Editor() }} has given them {{ f.num(d.deadline) }} issues. Over each desk hang {{ d.stars }} stars, the blueprints every page is drawn from.""",
"""{{ f.Chief() }} taps the schedule: {{ f.num(d.deadline) }} issues, four panels an issue, {{ f.full(d.seats[0]) }} against {{ f.full(d.seats[1]) }}, and {{ f.editor() }} to judge every page. Whoever is still standing when the last proofs come back keeps the serial. Two planispheres of {{ d.stars }} stars are switched on over two drawing boards, and the screentone comes out.""",
"""Two rivals, one magazine. {{ f.full(d.seats[0]) }} has brought “{{ d.decks[d.seats[0]] }}”; {{ f.full(d.seats[1]) }} has brought “{{ d.decks[d.seats[1]] }}”. Each sits under a sky of {{ d.stars }} stars that will have to pay for every panel, {{ f.editor() }} has the red pen, and the deadline is {{ f.num(d.deadline) }} issues away.""",
]
T["opening_hand"] = [
"""{{ f.Pos(d.seat) }} opening ideas: {{ f.cardlist(cards) }}.""",
"""Spread on {{ f.pos(d.seat) }} drawing board to begin with: {{ f.cardlist(cards) }}.""",
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "sharpen", "sharpens") }} a pencil and {{ f.vb(d.seat, "look", "looks") }} over what there is to work with: {{ f.cardlist(cards) }}.""",
]
T["mulligan"] = [
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "leaf", "leafs") }} through the first ideas and {{ f.vb(d.seat, "find", "finds") }} too few panels, and too many editing notes: {{ f.cardlist(cards) }}. {{ f.Sub(d.seat) }} {{ f.vb(d.seat, "show", "shows") }} them round, {{ f.vb(d.seat, "shuffle", "shuffles") }} them back and {{ f.vb(d.seat, "start", "starts") }} again.""",
"""Not enough panels to make a strip at {{ f.pos(d.seat) }} desk. {{ f.Sub(d.seat) }} {{ f.vb(d.seat, "lay", "lays") }} {{ f.cardlist(cards) }} face up for the rival to see, then {{ f.vb(d.seat, "shuffle", "shuffles") }} {{ "them" if d.count > 1 else "it" }} away and {{ f.vb(d.seat, "draw", "draws") }} {{ f.num(d.count) }} more.""",
"""A false start for {{ f.sensei(d.seat) }}: the opening pile is all Make work and too few panels. Out go {{ f.cardlist(cards) }}, shown across the table and shuffled back, and the pile is dealt again.""",
]
T["issue"] = [
"""{% if d.number == 1 %}Issue one of {{ f.num(d.deadline) }}. The night shift begins at both desks.{% elif d.number == d.deadline %}The last issue, {{ d.number }} of {{ d.deadline }}: after this, {{ f.editor() }} and the board decide.{% else %}{{ f.Editor() }}'s fax for issue {{ d.number }} arrives at both studios at dawn: four panels, the usual deadline{{ ", and only " ~ f.num(d.deadline - d.number) ~ " issues left after this one" if d.deadline - d.number <= 3 else "" }}.{% endif %}""",
"""{% if d.number == 1 %}The first issue. The coffee is put on, and two artists bend over blank pages.{% elif d.number == d.deadline %}Issue {{ d.number }}, the final one. Neither studio turns its lights off that week.{% else %}Issue {{ d.number }}{{ ", and the deadline is close now" if d.deadline - d.number <= 2 else "" }}: the fax machine hums in both studios, and the screentone comes out again.{% endif %}""",
"""{% if d.number == 1 %}The first week, issue one. The schedule on the studio wall is still clean.{% elif d.number == d.deadline %}Issue {{ d.number }}: the last square on the schedule.{% else %}Week {{ d.number }}, and the schedule on the studio wall has {{ f.num(d.number - 1) }} {{ "square" if d.number == 2 else "squares" }} crossed off, and {{ f.num(d.deadline - d.number + 1) }} still to go.{% endif %}""",
]
# Bookkeeping: shown only with --verbose (the status line carries the counts).
T["draw"] = folded(
"""{% if d.count %}{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "draw", "draws") }} {{ f.cards_n(d.count) }}.{% else %}{{ f.Pos(d.seat) }} pile of drafts is empty.{% endif %}""",
"""{% if d.count %}{{ f.Cards_n(d.count) }} for {{ f.sub(d.seat) }}.{% else %}No ideas left in {{ f.pos(d.seat) }} drawer.{% endif %}""",
"""{% if d.count %}{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "take", "takes") }} {{ f.cards_n(d.count) }} from the pile.{% else %}{{ f.Pos(d.seat) }} pile has run out.{% endif %}""")
T["draw_seen"] = [
"""New on {{ f.pos(d.seat) }} board: {{ f.cardlist(cards) }}.""",
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "pick", "picks") }} up {{ f.cardlist(cards) }}.""",
"""Into {{ f.pos(d.seat) }} hand: {{ f.cardlist(cards) }}.""",
]
T["laid"] = folded(
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "ink", "inks") }} “{{ card.name }}” for {{ f.kname(d.position) }} and {{ f.vb(d.seat, "lay", "lays") }} it face down, {{ d.orientation }}{% if d.source == "stock" %}, straight from the Stock Pool{% endif %}.{% if d.misplaced %} It has no {{ f.k(d.position) }} icon: its tricks will not work there.{% endif %}""",
"""{{ f.k(d.position) }}: “{{ card.name }}”, face down and {{ d.orientation }}{% if d.source == "stock" %}, taken from the Stock Pool{% endif %}{% if d.misplaced %}, out of its place{% endif %}.""",
"""For {{ f.role(d.position) }}, {{ f.sub(d.seat) }} {{ f.vb(d.seat, "choose", "chooses") }} “{{ card.name }}” and {{ f.vb(d.seat, "turn", "turns") }} it {{ "the right way up" if d.orientation == "upright" else "upside down" }}{% if d.misplaced %}, though it was never meant for {{ f.k(d.position) }}{% endif %}.""")
T["make_chosen"] = folded(
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "set", "sets") }} “{{ card.name }}” aside for this issue ({{ f.stars(d.cost) }}).""",
"""On the side: “{{ card.name }}”, to be paid for with {{ f.stars(d.cost) }}.""",
"""“{{ card.name }}” goes under {{ f.pos(d.seat) }} draft, face down.""")
T["ready"] = folded(
"""{% if d.phase == "make" %}{{ f.Pos(d.seat) }} pages are ready, face down.{% else %}{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "know", "knows") }} how each panel will be shown.{% endif %}""",
"""{% if d.phase == "make" %}{{ f.Pos(d.seat) }} manuscript is in its envelope.{% else %}{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "are", "is") }} ready to show.{% endif %}""",
"""{% if d.phase == "make" %}{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "are", "is") }} done drafting.{% else %}{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "have", "has") }} decided every turn of the page.{% endif %}""")
T["rotation_chosen"] = folded(
"""{{ f.k(d.position) }} will open {{ d.rotation }}.""",
"""{{ f.Sub(d.seat) }} will turn the {{ f.k(d.position) }} panel {{ d.rotation }}.""",
"""For {{ f.kname(d.position) }}: open {{ d.rotation }}.""")
T["revealed"] = folded(
"""{{ f.Pos(d.seat) }} manuscript arrives: {{ f.num(d.panels) }} face-down panel{{ "" if d.panels == 1 else "s" }}{% if cards %}, {{ f.cardlist(cards) }} among them, fetched from the Stock Pool{% endif %}.""",
"""On {{ f.editor() }}'s desk, {{ f.num(d.panels) }} panel{{ "" if d.panels == 1 else "s" }} from {{ f.sub(d.seat) }}, backs up{% if cards %}; {{ f.cardlist(cards) }} came out of the Stock Pool{% endif %}.""",
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "slide", "slides") }} {{ f.num(d.panels) }} face-down panel{{ "" if d.panels == 1 else "s" }} across the table{% if cards %}, {{ f.cardlist(cards) }} taken back out of the Stock Pool{% endif %}.""")
T["make_played"] = [
"""{{ f.Sensei(d.seat) }} {{ f.vb(d.seat, "have", "has") }} clipped “{{ card.name }}” to the pages{% if d.when == "show" %}, for when the panels are shown{% elif d.when == "end" %}, for when the issue is done{% endif %}.""",
"""{{ f.Sub(d.seat) }} also {{ f.vb(d.seat, "turn", "turns") }} over “{{ card.name }}”{% if d.when == "show" %}, which will act when the panels are shown{% elif d.when == "end" %}, which will act when the issue is done{% endif %}.""",
"""Clipped to {{ f.pos(d.seat) }} pages{{ " this issue" if d.when == "make" else "" }}: “{{ card.name }}”{% if d.when == "show" %}, waiting for Show Time{% elif d.when == "end" %}, waiting for the last verdict{% endif %}.""",
]
T["make_effect"] = folded(
"""{{ f.Pos(d.seat) }} “{{ card.name }}” goes to work.""",
"""Now “{{ card.name }}” does its job for {{ f.sub(d.seat) }}.""",
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "play", "plays") }} out “{{ card.name }}”.""")
T["paid"] = folded(
"""{% if d.reason == "upkeep" %}Keeping the Stock Pool costs {{ f.sub(d.seat) }} {{ f.stars(d.count) }}{% elif d.reason == "make" %}The Make work costs {{ f.sub(d.seat) }} {{ f.stars(d.count) }}{% else %}{{ f.Pos(d.seat) }} panels cost {{ f.stars(d.count) }}{% endif %}: {{ f.namelist(d.stars) }} go{{ "es" if d.count == 1 else "" }} dark. {% if d.lit == 0 %}Not one star is left alight.{% else %}{{ f.Num(d.lit) }} still {{ "shines" if d.lit == 1 else "shine" }}.{% endif %}""",
"""Over {{ f.pos(d.seat) }} desk, {{ f.num(d.count) }} {{ "star fades" if d.count == 1 else "stars fade" }}{% if d.reason == "upkeep" %} to keep the stocked panels{% elif d.reason == "make" %} for the editing{% endif %}. {% if d.lit == 0 %}The planisphere is dark.{% else %}{{ f.Num(d.lit) }} left.{% endif %}""",
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "spend", "spends") }} {{ f.namelist(d.stars) }}{% if d.reason == "upkeep" %} on the Stock Pool{% elif d.reason == "show" %} on the panels{% endif %}, leaving {{ f.stars(d.lit) }} lit.""")
# ...except the star that was the last: that is the story.
for i, b in enumerate(T["paid"]):
    T["paid"][i] = b + ['{% if d.lit == 0 and not (verbose is defined and verbose) %}The last star over {{ f.pos(d.seat) }} desk goes out.{% endif %}',
                        '{% if d.lit == 0 and not (verbose is defined and verbose) %}{{ f.Pos(d.seat) }} planisphere goes dark from edge to edge.{% endif %}',
                        '{% if d.lit == 0 and not (verbose is defined and verbose) %}Not one star is left over {{ f.pos(d.seat) }} drawing board.{% endif %}'][i]
T["relight"] = folded(
"""Over {{ f.pos(d.seat) }} desk, {{ f.namelist(d.stars) }} {{ "glows" if d.stars | length == 1 else "glow" }} again: {{ f.stars(d.lit) }} lit.""",
"""A little light comes back to {{ f.pos(d.seat) }} planisphere ({{ f.namelist(d.stars) }}): {{ f.stars(d.lit) }} to draw by.""",
"""{{ f.Pos(d.seat) }} spent blueprints recover: {{ f.namelist(d.stars) }}. {{ f.Num(d.lit) }} {{ "star shines" if d.lit == 1 else "stars shine" }}.""")

# The strip: four captions read as one comic, none of them twice; the misses after.
STRIP = '''{% set ns = namespace(parts=[], seen=[], at=[], off=[], askew=[], dup=0) %}{% for cap in d.captions %}{% set pos_ = d.positions[loop.index0] %}{% if cap in ns.seen %}{% set ns.dup = ns.dup + 1 %}{% set ns.parts = ns.parts + [["the " ~ f.k(ns.at[ns.seen.index(cap)]) ~ " panel over again, line for line", "the very same panel a third time", "the same once more, as if it might improve"][ns.dup - 1]] %}{% else %}{% set ns.seen = ns.seen + [cap] %}{% set ns.at = ns.at + [pos_] %}{% set ns.parts = ns.parts + [cap] %}{% endif %}{% if d.misplaced[loop.index0] %}{% set ns.off = ns.off + [pos_] %}{% endif %}{% if d.missed[loop.index0] %}{% set ns.askew = ns.askew + [pos_] %}{% endif %}{% endfor %}'''
NOTES = '''{% if ns.off %} ({{ f.Pos(d.seat) }} {% for p in ns.off %}{% if not loop.first %}{{ " and " if loop.last else ", " }}{% endif %}“{{ cards[d.positions.index(p)].name }}” at {{ f.k(p) }}{% endfor %} {% if ns.off | length == 1 %}{{ one_of("was drawn for another place, and its trick falls flat", "has no business there, and does nothing", "was never meant for that place; its trick is wasted") }}{% else %}{{ one_of("were drawn for other places, and their tricks fall flat", "have no business where they lie, and do nothing", "were never meant for those places; their tricks are wasted") }}{% endif %}.){% endif %}{% if ns.askew %} ({{ f.Pos(d.seat) }} {% for p in ns.askew %}{% if not loop.first %}{{ " and " if loop.last else ", " }}{% endif %}“{{ cards[d.positions.index(p)].name }}”{% endfor %} {{ "is" if ns.askew | length == 1 else "are" }} turned against the way {{ "it" if ns.askew | length == 1 else "they" }} lay, and the page reads askew.){% endif %}'''
def strip(intro):
    return STRIP + '{% if cards %}' + intro + NOTES + '{% else %}{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "have", "has") }} not one panel to show {{ f.editor() }}.{% endif %}'
PANELS = '{% for p in ns.parts %}{% if loop.last and loop.length > 1 %}and, for the punchline, {% endif %}{{ p }}{{ "; " if not loop.last else "." }}{% endfor %}'
T["strip"] = [
strip("""{{ f.Pos(d.seat) }} strip, turned face up: """ + PANELS),
strip("""{{ f.Pos(d.seat) }} panels flip over one after another, and they tell a little story: """ + PANELS),
strip("""{{ f.Senseis(d.seat) }} four panels, as {{ f.editor() }} reads them: """ + PANELS),
strip("""Face up at last, {{ f.pos(d.seat) }} pages: """ + PANELS),
]
T["effect"] = []
EFF = '''{% set S = "“" ~ card.name ~ "”" %}{% set n = d.count if "count" in d else 0 %}{% set up = d.amount > 0 if "amount" in d else false %}
{% if d.op == "fp" %}{% if d.positions %}{{ PH_FP }}{% else %}{{ S }} has nothing to work on.{% endif %}
{% elif d.op == "draw" %}{{ S }} brings {{ f.sub(d.seat) }} {{ f.num(n) }} new {{ "idea" if n == 1 else "ideas" }}.
{% elif d.op == "relight" %}{% if n %}{{ S }} {{ PH_RELIGHT }}{% else %}{{ S }} finds no dark star to relight.{% endif %}
{% elif d.op == "douse" %}{% if n %}{{ S }} {{ PH_DOUSE }}{% else %}{{ S }} finds no star to put out.{% endif %}
{% elif d.op == "rescue" %}{% if cards %}{{ S }} quietly takes {{ f.cardlist(cards) }} out of {{ f.pos(d.whose) }} Botsu Box and into the Lost Hole.{% else %}{{ S }} finds {{ f.pos(d.whose) }} Botsu Box empty.{% endif %}
{% elif d.op == "bury" %}{% if cards %}{{ S }} digs {{ f.cardlist(cards) }} out of {{ f.pos(d.whose) }} Lost Hole and drops {{ "it" if cards | length == 1 else "them" }} in the Botsu Box.{% else %}{{ S }} finds nothing in {{ f.pos(d.whose) }} Lost Hole to bury.{% endif %}
{% elif d.op == "recall" %}{% if cards %}{{ S }} brings {{ f.cardlist(cards) }} back from the Lost Hole into {{ f.pos(d.whose) }} hand.{% else %}{{ S }} finds no panel in the Lost Hole to bring back.{% endif %}
{% elif d.op == "discard" %}{% if cards %}{{ S }} costs {{ f.sub(d.whose) }} {{ f.cardlist(cards) }}, lost for good.{% else %}{{ S }} finds {{ f.pos(d.whose) }} hand empty.{% endif %}
{% elif d.op == "spare" %}{% if d.positions %}{{ S }} promises {{ f.pos(d.whose) }} {{ f.k(d.positions[0]) }} panel a quiet exit: if it is rejected, it will not count.{% else %}{{ S }} has no panel to protect.{% endif %}
{% elif d.op == "tiebreak" %}{% if d.positions %}{{ S }} gives {{ f.pos(d.whose) }} {{ f.k(d.positions[0]) }} panel the casting vote in any tie.{% else %}{{ S }} has no panel to favour.{% endif %}
{% elif d.op == "free_upkeep" %}{{ S }} means {{ f.pos(d.seat) }} Stock Pool costs nothing this issue.
{% elif d.op == "peek" %}{{ S }} gives {{ f.sub(d.seat) }} a look at {{ f.pos(d.whose) }} face-down {{ f.k(d.positions[0]) }} panel.
{% elif d.why == "misplaced" %}{{ PH_MISPLACED }}
{% else %}{{ S }} had nothing to give this time.
{% endif %}'''
FP = [
 ('{{ S }} {{ "lifts" if up else "spoils" }} {{ f.pos(d.whose) }} {{ f.klist(d.positions) }} panel{{ "" if d.positions | length == 1 else "s" }}{{ f.by(d.amount) }}.',
  '{{ S }} relights {{ f.namelist(d.stars) }} over {{ f.pos(d.seat) }} desk.', '{{ S }} puts out {{ f.namelist(d.stars) }} over {{ f.pos(d.whose) }} desk.',
  '“{{ card.name }}” is out of its place in {{ f.pos(d.seat) }} strip, and its trick falls flat.'),
 ('{% if up %}Thanks to {{ S }}, {{ f.pos(d.whose) }} {{ f.klist(d.positions) }} {{ "gets" if d.positions | length == 1 else "get" }}{{ f.by(d.amount, true) }} funnier.{% else %}{{ S }} takes the wind out of {{ f.pos(d.whose) }} {{ f.klist(d.positions) }}{{ f.by(d.amount) }}.{% endif %}',
  '{{ S }} brings {{ f.stars(n) }} back to {{ f.pos(d.seat) }} planisphere.', '{{ S }} darkens {{ f.stars(n) }} over {{ f.pos(d.whose) }} desk.',
  'Drawn for another place, {{ f.pos(d.seat) }} “{{ card.name }}” cannot pull its trick.'),
 ('{% if up %}{{ S }} sharpens {{ f.pos(d.whose) }} {{ f.klist(d.positions) }}{{ f.by(d.amount) }}.{% else %}{{ S }} blunts {{ f.pos(d.whose) }} {{ f.klist(d.positions) }}{{ f.by(d.amount) }}.{% endif %}',
  '{{ S }} gives {{ f.sub(d.seat) }} back {{ f.namelist(d.stars) }}.', '{{ S }} steals the light of {{ f.namelist(d.stars) }} from {{ f.sub(d.whose) }}.',
  '“{{ card.name }}” has no business where {{ f.sub(d.seat) }} put it, and does nothing.'),
]
for fp, rl, ds, mp in FP:
    T["effect"].append(EFF.replace("{{ PH_FP }}", fp).replace("{{ S }} {{ PH_RELIGHT }}", rl).replace("{{ S }} {{ PH_DOUSE }}", ds).replace("{{ PH_MISPLACED }}", mp))

# The verdicts: the editor lays two panels side by side; no FP read out, only how clear it was.
DUEL = '{% set gap = (d.fps[0] - d.fps[1]) | abs %}{% set w = (0 if d.winner == d.seats[0] else 1) if d.winner else 0 %}{% set A = "“" ~ cards[0].name ~ "”" %}{% set B = "“" ~ cards[1].name ~ "”" %}{% set W = "“" ~ cards[w].name ~ "”" %}{% set L = "“" ~ cards[1 - w].name ~ "”" %}'
T["duel"] = [
DUEL + """{{ f.Editor() }} lays {{ f.pos(d.seats[0]) }} {{ f.k(d.positions[0]) }}, {{ A }}, beside {{ f.pos(d.seats[1]) }} {{ f.k(d.positions[1]) }}, {{ B }}{% if d.winner is none %}, and laughs at both, exactly as hard; both stay.{% elif d.tiebreak %}. Dead level, but {{ f.pos(d.winner) }} panel has the casting vote.{% elif gap >= 25 %}, and it is no contest: {{ W }} gets the laugh.{% elif gap <= 10 %}, and looks a long time before she taps {{ W }}.{% else %}, and {{ f.pos(d.winner) }} {{ W }} gets the laugh.{% endif %}""",
DUEL + """{% if d.winner is none %}{{ A }} against {{ B }}: the red pen hovers and comes down on neither.{% else %}{{ A }} against {{ B }}: the red pen circles {{ f.pos(d.winner) }} {{ W }}{% if d.tiebreak %}, on the casting vote{% elif gap <= 10 %}, by a hair{% elif gap >= 25 %} at once{% endif %}.{% endif %}{% if d.final %} With {{ W if d.winner else B }}, {{ f.editor() }} closes the folder on the issue.{% endif %}""",
DUEL + """{% if d.winner is none %}{{ A }} and {{ B }} land equally; both panels survive the meeting.{% else %}{{ W }} beats {{ L }}{% if d.tiebreak %} on the casting vote{% elif gap >= 25 %} hands down{% elif gap <= 10 %}, narrowly{% endif %}, and {{ f.sub(d.winner) }} {{ f.vb(d.winner, "keep", "keeps") }} the floor.{% endif %}{% if d.final %} {{ L if d.winner else A }} was the last panel to face the red pen this issue.{% endif %}""",
DUEL + """{% if d.winner is none %}{{ f.Editor() }} reads {{ A }}, then {{ B }}, and cannot choose.{% else %}{{ f.Editor() }} reads {{ f.pos(d.seats[0]) }} {{ A }} and {{ f.pos(d.seats[1]) }} {{ B }}; {{ "the laugh she tries to hide is for" if gap <= 10 else "she laughs out loud at" }} {{ W }}.{% endif %}""",
DUEL + """{% if d.winner is none %}Neither {{ A }} nor {{ B }} gives an inch: a draw, and both panels go on.{% else %}{{ f.Pos(d.winner) }} {{ W }} {{ "edges" if gap <= 10 else "knocks" }} {{ L }} off the desk{% if d.tiebreak %}, by the casting vote{% endif %}.{% endif %}{% if d.final %} The editors close the folder on {{ f.pos(d.seats[0]) }} {{ f.k(d.positions[0]) }} and {{ f.pos(d.seats[1]) }} {{ f.k(d.positions[1]) }}.{% endif %}""",
]
# A rejected panel: the Botsu Box counted in words, and out loud only when the end is near.
BOX = '{% set left = d.limit - d.total %}'
T["rejected"] = [
BOX + """{% if d.spared %}“{{ card.name }}” is rejected, but it slips quietly into the Lost Hole instead of the Botsu Box.{% elif left <= 0 %}“{{ card.name }}” is the page that fills {{ f.pos(d.seat) }} Botsu Box to the brim.{% elif left <= 8 %}“{{ card.name }}” goes into {{ f.pos(d.seat) }} Botsu Box, and the box is {{ f.num(left) }} icon{{ "" if left == 1 else "s" }} from full.{% else %}Into {{ f.pos(d.seat) }} Botsu Box with “{{ card.name }}”.{% endif %}""",
BOX + """{% if d.spared %}{{ f.Pos(d.seat) }} “{{ card.name }}” is turned down, but its backup page keeps it out of the Botsu Box.{% elif left <= 0 %}{{ f.Pos(d.seat) }} “{{ card.name }}” is stamped 没, and the drawer will not close.{% elif left <= 8 %}{{ f.Pos(d.seat) }} “{{ card.name }}” is stamped 没: only {{ f.num(left) }} more icon{{ "" if left == 1 else "s" }} of rejected work, and the serial is over.{% else %}{{ f.Pos(d.seat) }} “{{ card.name }}” is stamped 没 and filed away{{ ", and the box is getting heavy" if d.total * 2 >= d.limit else "" }}.{% endif %}""",
BOX + """{% if d.spared %}Rejected, “{{ card.name }}” goes to the Lost Hole and counts for nothing.{% elif left <= 0 %}The rejected “{{ card.name }}” is one page too many for {{ f.pos(d.seat) }} Botsu Box.{% elif left <= 8 %}The rejected “{{ card.name }}” joins the pile in {{ f.pos(d.seat) }} Botsu Box; {{ f.sensei(d.seat) }} can count what is left on two hands.{% else %}The rejected “{{ card.name }}” joins {{ f.pos(d.seat) }} Botsu Box{{ ", which is filling" if d.total * 2 >= d.limit else "" }}.{% endif %}""",
]
T["stocked"] = folded(
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "file", "files") }} the surviving {{ "panel" if cards | length == 1 else "panels" }} in the Stock Pool: {{ f.cardlist(cards) }}.""",
"""Unbeaten, {{ f.cardlist(cards) }} {{ "goes" if cards | length == 1 else "go" }} into {{ f.pos(d.seat) }} Stock Pool.""",
"""{{ f.Editor() }} hands {{ f.cardlist(cards) }} back to {{ f.sub(d.seat) }} with a nod; into the Stock Pool.""")
T["returned"] = folded(
"""{{ f.cardlist(cards) }} never came up before the editors, and {{ "goes" if cards | length == 1 else "go" }} back into {{ f.pos(d.seat) }} hand.""",
"""Unjudged, {{ f.cardlist(cards) }} {{ "returns" if cards | length == 1 else "return" }} to {{ f.pos(d.seat) }} desk.""",
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "take", "takes") }} back {{ f.cardlist(cards) }}: no verdict reached {{ "it" if cards | length == 1 else "them" }}.""")
T["kept"] = folded(
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "keep", "keeps") }} {{ f.cardlist(cards) }} in the Stock Pool{% if d.free %}, free of charge this issue{% else %} for {{ f.stars(d.cost) }}{% endif %}.""",
"""The Stock Pool at {{ f.pos(d.seat) }} desk holds {{ f.cardlist(cards) }}{% if d.free %}, and the reprint money pays for it{% else %}; the upkeep is {{ f.stars(d.cost) }}{% endif %}.""",
"""{{ f.cardlist(cards) }} stay{{ "s" if cards | length == 1 else "" }} on {{ f.pos(d.seat) }} shelf{% if not d.free %} at a price of {{ f.stars(d.cost) }}{% endif %}.""")
T["released"] = [
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "let", "lets") }} “{{ card.name }}” go to the Lost Hole rather than pay to keep it.""",
"""Out of {{ f.pos(d.seat) }} Stock Pool and into the Lost Hole: “{{ card.name }}”, too dear to keep.""",
"""“{{ card.name }}” costs more stars than {{ f.sensei(d.seat) }} can spare; {{ f.sub(d.seat) }} {{ f.vb(d.seat, "release", "releases") }} it.""",
]
T["redraw"] = [
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "are", "is") }} {{ f.num(d.lack) }} panel{{ "" if d.lack == 1 else "s" }} short of a strip, and {{ f.vb(d.seat, "trade", "trades") }} {{ f.cardlist(cards) }} back into the drafts, face up, for another try.""",
"""Too few panels at {{ f.pos(d.seat) }} desk, so back into the pile go {{ f.cardlist(cards) }}, shown to the rival, and {{ f.num(cards | length) }} new {{ "idea comes" if cards | length == 1 else "ideas come" }} out.""",
"""{{ f.Sensei(d.seat) }} {{ f.vb(d.seat, "swap", "swaps") }} {{ f.cardlist(cards) }} for fresh drafts, hoping for panels: {{ f.num(d.lack) }} short.""",
]
T["star_judgment"] = [
"""星裁, the star judgment, for {{ f.sensei(d.seat) }}: {{ f.num(d.lack) }} panel{{ "" if d.lack == 1 else "s" }} short, and nothing to cover {{ "it" if d.lack == 1 else "them" }}; every editing note goes back into the drafts, and {{ f.sub(d.seat) }} {{ f.vb(d.seat, "dig", "digs") }} {{ ("until " ~ f.num(d.drawn) ~ (" panel turns" if d.drawn == 1 else " panels turn") ~ " up") if d.drawn else "and finds not one panel" }}{% if cards %}, throwing {{ f.cardlist(cards) }} into the Lost Hole on the way{% endif %}.""",
"""{{ f.Pos(d.seat) }} drafts are short of panels and the notes cannot cover it, so the stars judge: {{ f.sub(d.seat) }} {{ f.vb(d.seat, "search", "searches") }} the pile for panels{% if cards %}, and {{ f.cardlist(cards) }} {{ "is" if cards | length == 1 else "are" }} lost for good{% else %}, losing nothing on the way{% endif %}.""",
"""星裁 at {{ f.pos(d.seat) }} desk: the notes are swept back into the drafts and {{ f.sub(d.seat) }} {{ f.vb(d.seat, "dig", "digs") }} for panels{{ (" until " ~ f.num(d.drawn) ~ (" turns" if d.drawn == 1 else " turn") ~ " up") if d.drawn else ", and finds none" }}{% if cards %}, while {{ f.cardlist(cards) }} {{ "goes" if cards | length == 1 else "go" }} down the Lost Hole{% endif %}.""",
]
T["bonus"] = [
"""{% if d.taken %}{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "take", "takes") }} {{ f.pos(d.rival) }} misfortune as a gift and {{ f.vb(d.seat, "draw", "draws") }} {{ f.cards_n(d.count) }}.{% else %}{{ f.Sub(d.seat) }} could draw {{ f.cards_n(d.count) }} for {{ f.pos(d.rival) }} miss, and {{ f.vb(d.seat, "let", "lets") }} it pass.{% endif %}""",
"""{% if d.taken %}The star judgment on {{ f.sub(d.rival) }} is {{ f.pos(d.seat) }} gain: {{ f.num(d.count) }} extra {{ "idea" if d.count == 1 else "ideas" }}.{% else %}{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "decline", "declines") }} the extra {{ "idea" if d.count == 1 else "ideas" }} {{ f.pos(d.rival) }} miss would give.{% endif %}""",
"""{% if d.taken %}While {{ f.sub(d.rival) }} {{ f.vb(d.rival, "dig", "digs") }} for panels, {{ f.sub(d.seat) }} quietly {{ f.vb(d.seat, "draw", "draws") }} {{ f.cards_n(d.count) }}.{% else %}{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "wave", "waves") }} away the bonus cards.{% endif %}""",
]
T["peek"] = [
"""{% if card %}A glance at the thumbnails: the rival's {{ f.k(d.position) }} panel is “{{ card.name }}”, lying {{ d.orientation }}.{% else %}The rival has no {{ f.k(d.position) }} panel to see.{% endif %}""",
"""{% if card %}{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "see", "sees") }} it plainly: the {{ f.k(d.position) }} panel across the table is “{{ card.name }}”, {{ d.orientation }}.{% else %}Nothing lies at the rival's {{ f.k(d.position) }}.{% endif %}""",
"""{% if card %}Leaked: the rival's {{ f.k(d.position) }} is “{{ card.name }}”, laid {{ d.orientation }}{{ ", so it will open left or right" if d.orientation == "upright" else ", so it is meant to open up or down" }}.{% else %}The leak shows an empty {{ f.k(d.position) }}.{% endif %}""",
]
T["surrender"] = [
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "lay", "lays") }} down the pen and {{ f.vb(d.seat, "phone", "phones") }} {{ f.editor() }}.""",
"""{{ f.Sub(d.seat) }} {{ f.vb(d.seat, "push", "pushes") }} the drawing board away and {{ f.vb(d.seat, "concede", "concedes") }}.""",
"""The pencil goes back in the cup: {{ f.sensei(d.seat) }} {{ f.vb(d.seat, "have", "has") }} had enough.""",
]
T["verdict"] = [
"""The deadline. {{ f.Editor() }} and the board spread both Botsu Boxes on the long table and count: {{ f.who(d.seats[0]) }}, {{ d.botsu[0] }} icons of rejected work; {{ f.who(d.seats[1]) }}, {{ d.botsu[1] }}.""",
"""The last issue is in. On {{ f.chief() }}'s desk sit two Botsu Boxes, {{ f.pos(d.seats[0]) }} with {{ d.botsu[0] }} icons and {{ f.pos(d.seats[1]) }} with {{ d.botsu[1] }}, and {{ f.editor() }} counts them twice.""",
"""Time is up, and the rejections are counted: {{ d.botsu[0] }} icons in the Botsu Box of {{ f.full(d.seats[0]) }}, {{ d.botsu[1] }} in that of {{ f.full(d.seats[1]) }}.""",
]
T["ending"] = [
"""{% if d.winner is none %}The contest ends with no verdict.{% elif d.cause == "botsu" %}{{ f.Pos(d.loser) }} Botsu Box is full: {{ f.sub(d.winner) }} {{ f.vb(d.winner, "win", "wins") }} the slot.{% elif d.cause == "dark" %}The last star over {{ f.pos(d.loser) }} desk has gone out: {{ f.sub(d.winner) }} {{ f.vb(d.winner, "win", "wins") }}.{% elif d.cause == "surrender" %}{{ f.Sub(d.loser) }} {{ f.vb(d.loser, "give", "gives") }} up, and the slot is {{ "yours" if d.winner == me else f.who(d.winner) ~ "'s" }}.{% else %}The editors choose {{ f.sub(d.winner) }}.{% endif %}""",
"""{% if d.winner is none %}Neither artist gets the slot, not yet.{% elif d.cause == "botsu" %}Thirty-nine icons of rejected work: {{ f.who(d.loser) }} is finished, and {{ f.sub(d.winner) }} {{ f.vb(d.winner, "have", "has") }} the serial.{% elif d.cause == "dark" %}{{ f.Pos(d.loser) }} planisphere is dark, and {{ f.sub(d.winner) }} {{ f.vb(d.winner, "draw", "draws") }} on alone.{% elif d.cause == "surrender" %}With {{ f.pos(d.loser) }} pen laid down, the serial goes to {{ f.sub(d.winner) }}.{% else %}At the deadline, the editors keep {{ f.sub(d.winner) }}.{% endif %}""",
"""{% if d.winner is none %}The magazine holds the slot open and sends both artists home.{% else %}{{ f.Sub(d.winner) }} {{ f.vb(d.winner, "win", "wins") }} the duel{% if d.cause == "botsu" %} by burying {{ f.who(d.loser) }} in rejections{% elif d.cause == "dark" %} as {{ f.pos(d.loser) }} stars run out{% elif d.cause == "surrender" %}: {{ f.who(d.loser) }} concedes{% else %} on the editors' count{% endif %}.{% endif %}""",
]

for kind, bodies in T.items():
    for old in OUT.glob(f"{kind}.*.j2"):
        old.unlink()
    for i, body in enumerate(bodies, 1):
        (OUT / f"{kind}.{i}.j2").write_text(HEAD + body + TAIL)
print(len(T), "kinds")
