"""After the narrator's voice/fold/flavour machinery is in: voice data, no inline flavour."""
import re, pathlib, sys
root = pathlib.Path(sys.argv[1])
gf = pathlib.Path(__file__).with_name("gen_fatima.py"); s = gf.read_text()
# 1. flavour is read once by the narrator (prompts/*/_flavour.j2): no inline copies
s = re.sub(r" ?\{\{ card\.flavour \}\}", "", s)
# 2. the world's name from the voice
s = s.replace("The Meridian", "{{ c.World() }}").replace("the Meridian", "{{ c.world() }}")
s = s.replace("the Deep Current", "{{ c.deep() }}")
s = s.replace('"""The Holy Truce held {{ c.world() }}:', '"""The truce held {{ c.world() }}:')
gf.write_text(s)
gt = pathlib.Path(__file__).with_name("gen_ft.py"); t = gt.read_text()
t = t.replace("The editor-in-chief taps", "{{ f.Chief() }} taps").replace("On the editor-in-chief's desk", "On {{ f.chief() }}'s desk")
gt.write_text(t)
ch = root / "prompts/fatima/_chronicle.j2"; c = ch.read_text()
if "macro world()" not in c:
    c += ('{#  world() / World()   the world\'s name, deep()   where divers go: from the story\'s voice. #}\n'
          '{% macro world() %}{{ voice.places.world }}{% endmacro %}\n'
          '{% macro World() %}{{ cap(voice.places.world) }}{% endmacro %}\n'
          '{% macro deep() %}{{ voice.places.deep }}{% endmacro %}\n')
    ch.write_text(c)
ft = root / "prompts/funnytime/_ft.j2"; f = ft.read_text()
if "{# The cast beyond the two seats." in f:
    old = f[f.index("{# The cast beyond the two seats."):f.index("{% macro Cards_n(n)")]
    f = f.replace(old, '''{# The cast beyond the two seats comes from the story's voice (voice.toml [cast]). #}
{% macro editor() -%}{{ voice.cast.editor }}{%- endmacro %}
{% macro Editor() -%}{{ cap(voice.cast.editor) }}{%- endmacro %}
{% macro chief() -%}{{ voice.cast.chief }}{%- endmacro %}
{% macro Chief() -%}{{ cap(voice.cast.chief) }}{%- endmacro %}
{% macro full(seat) -%}{{ voice.cast.full.get(seat) or who(seat) }}{%- endmacro %}
{% macro sensei(seat) -%}{%- if seat == me -%}you{%- else -%}{{ voice.cast.sensei.get(seat) or who(seat) }}{%- endif -%}{%- endmacro %}
{% macro Sensei(seat) -%}{{ cap(sensei(seat)) }}{%- endmacro %}
''')
    ft.write_text(f)
vf = root / "stories/fatima/voice.toml"; v = vf.read_text()
if "[fold]" not in v:
    v += '''
# Bookkeeping told as one line per move (prompts/fatima/_fold.j2); `--verbose` tells each.
[fold]
kinds = ["draw", "deal", "event_returned", "picked", "hand_over"]

# The chronicle's world, as the templates name it (prompts/fatima/_chronicle.j2).
[places]
world = "the Meridian"
deep = "the Deep Current"
'''
    vf.write_text(v)
vt = root / "stories/funnytime/voice.toml"; v = vt.read_text()
if "[fold]" not in v:
    v += '''
# Bookkeeping told as one line per move (prompts/funnytime/_fold.j2); `--verbose` tells each.
[fold]
kinds = ["draw", "laid", "make_chosen", "ready", "rotation_chosen", "revealed", "make_effect",
         "paid", "relight", "stocked", "returned", "kept"]

# The people of the studio, as the templates name them (prompts/funnytime/_ft.j2).
[cast]
editor = "Ms. Kagami"
chief = "the editor-in-chief"

[cast.full]
aki = "Aki Hoshino"
ren = "Ren Tsukishima"

[cast.sensei]
aki = "Hoshino-sensei"
ren = "Tsukishima-sensei"
'''
    vt.write_text(v)
print("integrated", root)
