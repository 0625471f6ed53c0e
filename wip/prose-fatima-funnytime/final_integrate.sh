set -e
cd "$(git rev-parse --show-toplevel)"
python3 wip/prose-fatima-funnytime/integrate.py . >/dev/null
python3 wip/prose-fatima-funnytime/gen_fatima.py prompts/fatima >/dev/null
python3 wip/prose-fatima-funnytime/gen_ft.py prompts/funnytime >/dev/null
python3 wip/prose-fatima-funnytime/endings_fatima.py stories/fatima/endings/chronicle.toml
python3 wip/prose-fatima-funnytime/endings_ft.py stories/funnytime/endings/duel.toml
python3 wip/prose-fatima-funnytime/docs_patch.py . >/dev/null
cp wip/prose-fatima-funnytime/newtests/test_fatima_pages.py tests/fatima/
cp wip/prose-fatima-funnytime/newtests/test_ft_pages.py tests/funnytime/
python3 - <<'PY'
p = "bench/variety.py"; s = open(p).read()
old = '''SENTENCE = re.compile(r"(?<=[.!?…])[\\"”’')\\]]*\\s+")'''
if old in s:
    s = s.replace(old, '''# A full stop ends a sentence, except after a title or a time ("Ms. Kagami", "3 a.m. Convenience Store").
SENTENCE = re.compile(r"(?<!\\bMs\\.)(?<!\\bMr\\.)(?<!\\bMrs\\.)(?<!\\bDr\\.)(?<!\\ba\\.m\\.)(?<!\\bp\\.m\\.)(?<=[.!?…])[\\"”’')\\]]*\\s+")''')
    open(p, "w").write(s)
PY
git status --short | wc -l
