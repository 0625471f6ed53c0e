from narrator.startup import run

run()
