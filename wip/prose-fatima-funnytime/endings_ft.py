"""Patches stories/funnytime/endings/duel.toml: pages told over the game that ended."""
import sys
p = sys.argv[1]
s = open(p).read()
def fix(a, b):
    global s
    assert a in s, a
    s = s.replace(a, b)
def head(page_id, text):
    global s
    start = s.index(f'id = "{page_id}"')
    t = s.index('text = """\n', start) + len('text = """\n')
    s = s[:t] + text + s[t:]
# A strip's captions as one sentence; a list of card names.
STRIP = '{% macro strip(e) %}{% for cap in e.captions %}{{ cap }}{{ "; " if not loop.last else "" }}{% endfor %}{% endmacro %}'
NAMES = '{% macro titles(ids) %}{% for i in ids %}{% if not loop.first %}{{ " and " if loop.last else ", " }}{% endif %}“{{ card(i).name }}”{% endfor %}{% endmacro %}'
COMMON = STRIP + NAMES + '{% set winner = end.get("winner") %}{% set loser = end.get("loser") %}'

# --- buried in rejections
head("botsu_aki", COMMON + '{% set lost = every("rejected", seat="ren", spared=false) | map(attribute="card") | list %}{% set won = last("strip", seat="aki") %}')
fix("He laid the pages out on the studio floor anyway, one after another, until they covered the tatami from the window to the door: the riverbank at sunset, the grandmother with the miso soup, the boy waking inside his dream inside another dream. Every one of them",
    "He laid the pages out on the studio floor anyway, one after another, until they covered the tatami from the window to the door{% if lost %}: {{ titles(lost[-3:]) }}, and everything before them{% endif %}. Every one of them")
fix("He bought it at the convenience store at three in the morning, because that was when he bought everything, and read her strip standing by the microwave. A banana peel, a principal upside down in mid-air, a monkey applauding politely in the window. It was the oldest joke in the world, drawn with tremendous care.",
    "He bought it at the convenience store at three in the morning, because that was when he bought everything, and read her strip standing by the microwave.{% if won %} It was the one the editors had last seen from her: {{ strip(won) }}.{% endif %} It was the oldest kind of joke in the world, drawn with tremendous care.")
fix("Then he went home, sharpened a pencil, and wrote her a fan letter: one line, unsigned. I liked the monkey. Next time.",
    "Then he went home, sharpened a pencil, and wrote her a fan letter: one line, unsigned. I liked the last panel. Next time.")

head("botsu_ren", COMMON + '{% set lost = every("rejected", seat="aki", spared=false) | map(attribute="card") | list %}')
fix("By the last week of the contest the drawer would not close. Pratfalls stuck out of it. A stolen pudding. An alarm clock ringing to nobody. When",
    "By the last week of the contest the drawer would not close{% if lost %}: {{ titles(lost[-3:]) }} stuck out of it, and more beneath{% endif %}. When")

# --- out of light: the last star is named from the log
LAST = ('{% set out = last("paid", seat=LOSER, lit=0) %}{% set doused = last("effect", op="douse", whose=LOSER) %}'
        '{% set star = out.stars[-1] if out and out.stars else (doused.stars[-1] if doused and doused.stars else none) %}')
head("dark_aki", COMMON + LAST.replace("LOSER", '"ren"') + '{% set shown = last("strip", seat="ren") %}')
fix("Every panel he sent the editors was a cathedral. Three icons, four; robots that did homework on the ceiling, detectives who followed paw prints across three floors of a house. Every one of them cost a blueprint,",
    "Every panel he sent the editors was a cathedral{% if shown %}, down to the last strip he showed them: {{ strip(shown) }}{% endif %}. Every one of them cost a blueprint,")
fix("He noticed the last one at four in the morning: the slow one, the one that took weeks to come back, the one he had told himself he would never touch. He looked up",
    "He noticed the last one at four in the morning{% if star %}: {{ star }}{% endif %}{% if not out and doused %}, put out by Aki's “{{ card(doused.card).name }}” from across town{% endif %}. He looked up")

head("dark_ren", COMMON + LAST.replace("LOSER", '"aki"') + '{% set makes = every("make_played", seat="aki") | map(attribute="card") | unique | list %}{% set quiet = last("strip", seat="ren") %}')
fix("Ren Tsukishima's quiet strips went into the magazine the following Monday: an umbrella too small for two, a grandmother fixing the television with one slap.",
    "Ren Tsukishima's quiet strips went into the magazine the following Monday{% if quiet %}, the last of them just as the editors had seen it: {{ strip(quiet) }}{% endif %}.")
fix("She spent her stars the same way: a Screentone here, a Deadline Panic there, a Red Pen borrowed from her rival's editor at two in the morning because the idea was too good to wait.",
    "She spent her stars the same way{% if makes %}: {{ titles(makes[:3]) }}, whatever the idea needed, because the idea was always too good to wait{% else %}, on panels that cost more than they looked{% endif %}.")
fix("They did not. Vega went, and Altair, and Spica and Capella, strip by strip, each on a page she still thought was the funniest thing she had ever drawn. On the night of the last issue",
    "They did not. They went strip by strip, each on a page she still thought was the funniest thing she had ever drawn{% if star %}, and the last of them was {{ star }}{% endif %}{% if not out and doused %}, put out by Ren's “{{ card(doused.card).name }}”{% endif %}. On the night of the last issue")
fix("On the night of the last issue she reached for one more blueprint", "{% set n = last(\"issue\") %}On the night of issue {{ n.number if n else \"twelve\" }} she reached for one more blueprint")

# --- at the deadline: the count, and close only when it was close
DL = '{% set v = last("verdict") %}{% set b = v.botsu if v else [0, 0] %}{% set gap = (b[0] - b[1]) | abs %}'
head("deadline_aki", COMMON + DL)
fix("Ms. Kagami counted twice, because she always counted twice, and admitted afterwards that she had been secretly hoping for a tie so that she could have both of them. But the red stamps were fewer on Aki Hoshino's side of the table, and the rule was the rule.",
    "Ms. Kagami counted twice, because she always counted twice{% if v %}: {{ b[0] }} icons of rejected work on Aki Hoshino's side of the table, {{ b[1] }} on Ren Tsukishima's{% endif %}. {% if v and gap <= 6 %}It was the closest count she had ever seen, and she admitted afterwards that she had been secretly hoping for a tie so that she could have both of them. But the red stamps were fewer on Aki's side, and the rule was the rule.{% else %}It was not close, and everyone in the room knew it before she had finished; the rule was the rule.{% endif %}")
head("deadline_ren", COMMON + DL)
fix("Ren Tsukishima's box was the lighter of the two by a margin you could feel when you lifted it: fewer rejected panels, and the ones there were had been rejected, Ms. Kagami said, with regret.",
    "Ren Tsukishima's box was the lighter of the two{% if v %}, {{ b[1] }} icons against {{ b[0] }}{% endif %}, {% if v and gap <= 6 %}though only just: you had to lift them both twice to be sure{% else %}by a margin you could feel when you lifted it{% endif %}: fewer rejected panels, and the ones there were had been rejected, Ms. Kagami said, with regret.")

# --- surrender: when, by the issue
head("surrender_aki", COMMON + '{% set n = last("issue") %}')
fix("There was no drama in it, which was the part Ren Tsukishima had not expected.", "{% if n %}It was the week of issue {{ n.number }}, and there{% else %}There{% endif %} was no drama in it, which was the part Ren Tsukishima had not expected.")
fix("He held the phone away from his ear and looked out of the window at his planisphere, most of it still lit, doing nothing.", "He held the phone away from his ear and looked out of the window at his planisphere, still lit, doing nothing.")
head("surrender_ren", COMMON + '{% set n = last("issue") %}')
fix("She faxed it to the editorial office at six in the morning.", "She faxed it to the editorial office at six in the morning{% if n %}, in the week of issue {{ n.number }}{% endif %}.")

head("stopped", COMMON + DL)
fix("and at half past eleven at night Ms. Kagami came out of the meeting room", "{% if v %}over a count of {{ b[0] }} icons to {{ b[1] }}, {% endif %}and at half past eleven at night Ms. Kagami came out of the meeting room")
open(p, "w").write(s)
