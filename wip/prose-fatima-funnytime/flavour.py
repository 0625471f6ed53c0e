"""One sentence per flavour line, the beat kept by a dash or a semicolon."""
import sys
NEW = {
# fatima
"Forty winters on the passes. His knees creak; his sword does not.": "Forty winters on the passes, and his knees creak; his sword does not.",
"He asked for a ball instead of a war. His ministers are still arguing over which is more expensive.": "He asked for a ball instead of a war, and his ministers are still arguing over which is more expensive.",
"His elder brother was the better swordsman. Benedek is the better friend.": "His elder brother was the better swordsman; Benedek is the better friend.",
"The name was given to his grandfather. Gawen has been trying to live up to it.": "The name was given to his grandfather, and Gawen has been trying to live up to it ever since.",
"Six nations have offered him their best Fatima. He has answered none of them yet.": "Six nations have offered him their best Fatima, and he has answered none of them yet.",
"He studies his opponents' feet. Nobody knows why it works.": "He studies his opponents' feet, and nobody knows why it works.",
"Every knight of the Meridian was a squire once. Most would rather not be reminded.": "Every knight of the Meridian was a squire once, and most would rather not be reminded.",
"Her grandmother dove for the salt-queens. Sunniva dives for whoever pays her mother's debts.": "Her grandmother dove for the salt-queens; Sunniva dives for whoever pays her mother's debts.",
"The Still Water is a lake where no wind has ever raised a wave. She was born on its shore.": "She was born on the shore of the Still Water, a lake where no wind has ever raised a wave.",
"The deepest diver living. He has been saying 'one last dive' for eleven years.": "The deepest diver living, he has been saying 'one last dive' for eleven years.",
"He was never trying to win. He was trying to get in.": "He was never trying to win — he was trying to get in.",
"The elder of the Bell-Wrights' last pair. She and her sister were cast from the same bronze, and have not spoken since.": "The elder of the Bell-Wrights' last pair, she was cast from the same bronze as her sister, and they have not spoken since.",
"The younger. She rings true in any hall her sister is not in.": "The younger of the two, she rings true in any hall her sister is not in.",
"She keeps one court, one knight, one lamp burning. She is very good at all three.": "She keeps one court, one knight, one lamp burning, and she is very good at all three.",
"She will serve one master with her whole heart. She will not be one ornament among many.": "She will serve one master with her whole heart; she will not be one ornament among many.",
"The masterwork of the Ivory Hall. She chooses gentle courts, when she is allowed to choose.": "The masterwork of the Ivory Hall chooses gentle courts, when she is allowed to choose.",
"A war-Fatima of the old forges, made for a war that ended before she woke. Only a soldier-king can bear her temper, and only a soldier-king has earned her regard.": "A war-Fatima of the old forges, made for a war that ended before she woke, she suffers only a soldier-king's temper, and regards no other.",
"On the feast of the First Lantern, no sword is drawn in the Meridian. Mostly.": "On the feast of the First Lantern no sword is drawn in the Meridian — mostly.",
"The gifts are real. So is the envoy's habit of leaving with more than he came with.": "The gifts are real, and so is the envoy's habit of leaving with more than he came with.",
"Ground from the same glass as a Fatima's eyes. It sees what it is pointed at, and a little more.": "Ground from the same glass as a Fatima's eyes, it sees what it is pointed at, and a little more.",
"Not dead after all. Only late.": "Not dead after all — only late.",
"Every court is invited. Every court comes. Nobody is sure who sent the invitations.": "Every court is invited and every court comes, though nobody is sure who sent the invitations.",
# funnytime
"The name was written on the lid. In marker. Twice.": "The name was written on the lid — in marker, twice.",
"Father's lunch has a heart drawn in ketchup. Father is a judo coach.": "Father's lunch has a heart drawn in ketchup; Father is a judo coach.",
"Overtime is a state of mind. So is the night bus.": "Overtime is a state of mind, and so is the night bus.",
"Thirty-two out of a hundred. Rounded up.": "Thirty-two out of a hundred — rounded up.",
"She came in a yukata. He came in his club tracksuit.": "She came in a yukata; he came in his club tracksuit.",
"Nobody saw it coming. Least of all the author.": "Nobody saw it coming — least of all the author.",
"She draws herself in as a potato with glasses. It happens in any panel.": "She draws herself in as a potato with glasses, in any panel she likes.",
"Rivals become friends. Then the sun goes down and they are rivals again.": "Rivals become friends — then the sun goes down and they are rivals again.",
"If it fits, it sits. If it sits, the story has begun.": "If it fits, it sits; if it sits, the story has begun.",
"The forecast said sunny. The forecast always says sunny.": "The forecast said sunny; the forecast always says sunny.",
"It was a rice cooker. Everyone thought it was a ring.": "It was a rice cooker, and everyone thought it was a ring.",
"The doors close. Somebody is always on the wrong side of them.": "The doors close, and somebody is always on the wrong side of them.",
"To be continued. No, really.": "To be continued — no, really.",
"She has seen every plot twist. She was in most of them.": "She has seen every plot twist; she was in most of them.",
"There is only ever one truth. It is usually the cat.": "There is only ever one truth, and it is usually the cat.",
"The night clerk has seen things. Mostly oden.": "The night clerk has seen things — mostly oden.",
"Dad entered the parents' race. Dad should not have entered the parents' race.": "Dad entered the parents' race; Dad should not have entered the parents' race.",
"It does the homework perfectly. The homework was 'write about your family'.": "It does the homework perfectly, and the homework was 'write about your family'.",
"The first cup was for waking up. This one is for the deadline.": "The first cup was for waking up; this one is for the deadline.",
"Dots, cut with a scalpel at 2 a.m. The dots get everywhere.": "Dots, cut with a scalpel in the small hours, get everywhere.",
"Nothing in the panel moves. The lines do all the work.": "Nothing in the panel moves; the lines do all the work.",
"Paint over the mistake. Pretend the editor never saw it.": "Paint over the mistake, and pretend the editor never saw it.",
"She inks the backgrounds and says nothing about the plot. Usually.": "She inks the backgrounds and says nothing about the plot — usually.",
"Found in the studio's recycling. Nobody shreds anything.": "Found in the studio's recycling, because nobody shreds anything.",
"You saw the ending coming. So you changed yours.": "You saw the ending coming, so you changed yours.",
"End the chapter mid-scream. They will come back.": "End the chapter mid-scream, and they will come back.",
"First place! By four votes. Three of them are from your mother.": "First place by four votes — three of them from your mother.",
}
for p in sys.argv[1:]:
    s = open(p).read()
    n = 0
    for a, b in NEW.items():
        q = f'flavour = "{a}"'
        if q in s:
            s = s.replace(q, f'flavour = "{b}"'); n += 1
    open(p, "w").write(s)
    print(p, n)
