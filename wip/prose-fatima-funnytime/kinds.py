import sys; sys.path.insert(0,".")
sys.argv += []
from collections import Counter
exec(open(__import__("pathlib").Path(__file__).with_name("variety.py")).read().split("if __name__")[0])
for sid in sys.argv[1:]:
    story = load(sid); c = Counter()
    for n in range(10):
        log, seats = game_log(story, 1000+n)
        c.update(e.kind for e in log if e.visible_to(seats[0]))
    print(sid, [(k, v//10) for k, v in c.most_common()])
