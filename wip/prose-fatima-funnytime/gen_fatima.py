"""Writes prompts/fatima/KIND.N.j2 from the bodies below (one paragraph each)."""
import sys, pathlib
OUT = pathlib.Path(sys.argv[1])
HEAD = '{% import "fatima/_chronicle.j2" as c with context %}\n{% call c.para() %}\n'
TAIL = '\n{% endcall %}\n'
V = '{% if verbose is defined and verbose %}'
T = {}

T["setup"] = [
"""In the year this chronicle begins, {{ c.num(d.players) }} crowns of {{ c.world() }} sat down to the same long game: {{ c.whos(d.seats) }}. Each court sat behind a veil, and no rival knew whose face was under it. {{ c.Num(d.unused) }} other claimants were left without a throne that year, and the chronicle does not trouble to name them.""",
"""{{ c.World() }} had {{ c.num(d.players) }} courts worth the name that season — {{ c.whos(d.seats) }} — and between them the lantern-born Fatima, whom every one of those courts meant to win. The heralds counted {{ d.deck }} matters of state waiting on the council tables. The sovereigns, as was the custom, kept their faces veiled.""",
"""Here begins the chronicle of the rivalry of {{ c.whos(d.seats) }}: {{ c.num(d.players) }} nations, {{ d.deck }} dispatches on the couriers' road, and behind every throne a veil. It was a season of hidden sovereigns and open ambitions, and a great many dice.""",
]
T["king_dealt"] = [
"""Behind the veil of {{ c.who(d.seat) }} sits {{ c.ruler(card, d.seat) }}. Only you know it. Keep the secret as long as you can.""",
"""The crown of {{ c.who(d.seat) }} rests, in secret, on {{ c.ruler(card, d.seat) }}. No rival court yet knows whom it faces.""",
"""You are {{ c.ruler(card, d.seat) }}. The other courts see only a veil; let them guess.""",
]
# A Fatima placed: her flavour is told here, the first time her face is seen.
T["fatima_placed"] = [
"""{% if d.why == "deal" %}{% set v = (card.id | length) % 3 %}{% if v == 0 %}{{ c.Nc(card) }} already kept her lantern in {{ c.who(d.seat) }} when the season opened.{% elif v == 1 %}At the court of {{ c.who(d.seat) }}, from the first: {{ c.n(card) }}.{% else %}{{ c.Who(d.seat) }} began the season with {{ c.nc(card) }} at its court.{% endif %}{% else %}{{ c.Nc(card) }} came to {{ c.who(d.seat) }} of her own accord, her lantern lit and her trunks behind her.{% endif %}""",
"""{% if d.why == "deal" %}{% set v = (card.id | length) % 3 %}{% if v == 0 %}{{ c.Who(d.seat) }} could already boast of {{ c.n(card) }}.{% elif v == 1 %}{{ c.Nc(card) }} was of {{ c.pos(d.seat) }} household before the first dispatch was read.{% else %}In {{ c.who(d.seat) }}, {{ c.nc(card) }} waited for the season to begin.{% endif %}{% else %}The gates of {{ c.who(d.seat) }} opened for {{ c.n(card) }}. She had chosen {{ c.who(d.seat) }}; the chronicle does not record why.{% endif %}""",
"""{% if d.why == "deal" %}{% set v = (card.id | length) % 3 %}{% if v == 0 %}{{ c.Nc(card) }} had long lived in {{ c.who(d.seat) }}, and no rival had yet dared to ask her to leave.{% elif v == 1 %}{{ c.Pos(d.seat) }} first treasure was {{ c.n(card) }}.{% else %}The season found {{ c.nc(card) }} in {{ c.who(d.seat) }}.{% endif %}{% else %}A new light in the halls of {{ c.who(d.seat) }}: {{ c.n(card) }}, unannounced and entirely welcome.{% endif %}""",
]
T["event_returned"] = [
V + """{% if d.why == "deal" %}{{ c.N(card) }} came to {{ c.who(d.seat) }} before its season, and was sent back into the deck.{% else %}{{ c.N(card) }} reached {{ c.who(d.seat) }} out of season and went back down the road, to arrive again in its own time.{% endif %}{% endif %}""",
V + """{{ c.Pos(d.seat) }} clerks set {{ c.n(card) }} back among the undealt business{{ " of the season" if d.why == "deal" else "" }}; it would come round again.{% endif %}""",
V + """{{ c.N(card) }} was too early for {{ c.who(d.seat) }}{{ ", and the council went without it" if d.why == "deal" else "" }}: back into the deck it went.{% endif %}""",
]
T["deal"] = [V + """{{ c.Who(d.seat) }} held {{ c.num(d.count) }} {{ "card" if d.count == 1 else "cards" }}.{% endif %}""",
             V + """{{ c.Who(d.seat) }}: {{ c.num(d.count) }} in hand.{% endif %}""",
             V + """The council of {{ c.who(d.seat) }} opened with {{ c.num(d.count) }} {{ "matter" if d.count == 1 else "matters" }} in hand.{% endif %}"""]
T["hand_seen"] = [
"""{% if d.why == "deal" %}In your council chest: {{ c.names_of(cards) }}.{% elif d.why == "turn" %}The courier brings you {{ c.names_of(cards) }}.{% else %}Into your hand come {{ c.names_of(cards) }}.{% endif %}""",
"""{% if d.why == "deal" %}Your clerks lay out what {{ c.who(d.seat) }} has to work with: {{ c.names_of(cards) }}.{% elif d.why == "turn" %}Your dispatch this turn: {{ c.names_of(cards) }}.{% else %}New to your hand, and yours alone to know: {{ c.names_of(cards) }}.{% endif %}""",
"""{% if d.why == "deal" %}You look over your hand: {{ c.names_of(cards) }}.{% elif d.why == "turn" %}You break the seal: {{ c.names_of(cards) }}.{% else %}You take {{ c.names_of(cards) }} into your hand, and say nothing of it.{% endif %}""",
]
T["initiative"] = [
"""{% if d.winner %}The courts cast lots for precedence{{ " once more, the tied alone" if d.round > 1 else "" }}, and the lot fell to {{ c.who(d.winner) }}: {{ c.who(d.winner) }} would speak first.{% else %}The courts cast lots for precedence{{ " once more" if d.round > 1 else "" }}; the highest throws came up level, and the chamberlain sighed and called for the dice again.{% endif %}""",
"""{% if d.winner %}Dice on the great table to settle who should lead the season{{ ", thrown again by the tied" if d.round > 1 else "" }}: precedence went to {{ c.who(d.winner) }}.{% else %}Dice on the great table for precedence{{ ", again" if d.round > 1 else "" }}, and no clear winner: the highest were level.{% endif %}""",
"""{% if d.winner %}{{ c.Who(d.winner) }} threw highest{{ " at the second asking" if d.round == 2 else (" at last" if d.round > 2 else "") }}, and had the first word of the season.{% else %}No court was ahead when the dice stopped{{ " for the second time" if d.round == 2 else "" }}; the tied threw again.{% endif %}""",
]
T["turn"] = [
"""{% if d.final %}The last round, turn {{ d.number }}: {{ c.who(d.seat) }} had the floor for the last time.{% else %}Turn {{ d.number }}: the eyes of {{ c.world() }} turned to {{ c.who(d.seat) }}.{% endif %}""",
"""{% if d.final %}With the council tables bare, turn {{ d.number }} was {{ c.pos(d.seat) }} last.{% else %}At turn {{ d.number }} of the chronicle, {{ c.who(d.seat) }} had the floor.{% endif %}""",
"""Turn {{ d.number }}, {{ c.pos(d.seat) }}{{ " — its last of the season" if d.final else "" }}.""",
"""{% if d.final %}Turn {{ d.number }}, and a last word from {{ c.who(d.seat) }} before the count.{% else %}Turn {{ d.number }} went to {{ c.who(d.seat) }}.{% endif %}""",
"""{{ c.Who(d.seat) }}, turn {{ d.number }}{{ ", in the final round" if d.final else "" }}.""",
]
T["draw"] = [
V + """{{ c.Who(d.seat) }} drew {{ c.num(d.count) }} {{ "card" if d.count == 1 else "cards" }}{{ " for its turn" if d.why == "turn" else "" }}.{% endif %}""",
V + """{{ c.Num(d.count) }} {{ "card" if d.count == 1 else "cards" }} into {{ c.pos(d.seat) }} hand.{% endif %}""",
V + """{{ c.Pos(d.seat) }} hand grew by {{ c.num(d.count) }}.{% endif %}""",
]
# An Event is told as it strikes: what it is, what it does, and its flavour.
T["event_drawn"] = [
"""It fell to {{ c.who(d.seat) }} to open the next dispatch, and the news was {{ c.n(card) }}. {{ c.told(card, d.seat) }}""",
"""{{ c.N(card) }} broke over {{ c.world() }} at {{ c.pos(d.seat) }} turn. By the custom of the age: {{ c.lower(c.told(card, d.seat)) }}""",
"""Word spread from {{ c.who(d.seat) }} across {{ c.world() }}: {{ c.n(card) }}. What it meant for every court: {{ c.lower(c.told(card, d.seat)) }}""",
]
T["deck_empty"] = [
"""With that the council tables were bare, the last dispatch of the season read at {{ c.pos(d.seat) }} turn. One more round, and then the reckoning — {{ c.whos(d.left) }}, in that order.""",
"""The deck was spent. Every court knew what that meant: one turn each remained, {{ c.whos(d.left) }}, and then the Fatima would be counted.""",
"""Nothing more would come down the couriers' road. Each nation was granted a last turn — {{ c.whos(d.left) }} — before the count.""",
]
T["pass"] = [
"""{{ c.Who(d.seat) }} did nothing at turn {{ turn }}, which is also a policy.""",
"""{{ c.Who(d.seat) }} held its hand, and waited.""",
"""The council of {{ c.who(d.seat) }} rose without a decision.""",
]
T["action"] = [
"""{{ c.Who(d.seat) }} played {{ c.n(card) }}{% if d.target %}, aimed at {{ c.who(d.target) }}{% endif %}{% if cards %}, for the sake of {{ c.names_of(cards) }}{% endif %}.""",
"""From {{ c.pos(d.seat) }} hand came {{ c.n(card) }}{% if d.target %}, and {{ c.who(d.target) }} was its object{% endif %}{% if cards %} — {{ c.names_of(cards) }} at the heart of it{% endif %}.""",
"""{{ c.Who(d.seat) }} spent {{ c.n(card) }}{% if d.target %} upon {{ c.who(d.target) }}{% endif %}{% if cards %}, with {{ c.names_of(cards) }} in mind{% endif %}.""",
]
T["decree"] = [
"""Then {{ c.title(card, d.seat) }} spoke in {{ c.his(card) }} own voice, and it was {{ d.decree }}{% if d.target %}, laid upon {{ c.who(d.target) }}{% if cards %} and {{ c.names_of(cards) }}{% endif %}{% endif %}.""",
"""{{ c.Short(card) }} put off the veil to proclaim {{ d.decree }}{% if d.target %}, naming {{ c.who(d.target) }}{% endif %}{% if cards %} and {{ c.names_of(cards) }}{% endif %}, and no one at the table mistook whose word it was.""",
"""A royal decree from {{ c.who(d.seat) }}: {{ d.decree }}. It bore the seal of {{ c.n(card) }}{% if d.target %}, and it was addressed to {{ c.who(d.target) }}{% endif %}.""",
]
T["king_revealed"] = [
"""{% if d.why == "combat" %}The veil came off on the field: {{ c.title(card, d.seat) }} was {{ c.n(card) }}.{% elif d.why == "decree" %}{{ c.Nc(card) }} {{ c.realm(card) | trim }} of {{ c.who(d.seat) }}, let {{ c.his(card) }} face be seen.{% elif d.why == "count" %}At the count the last veils were lifted: {{ c.who(d.seat) }} had been ruled all along by {{ c.n(card) }}.{% elif d.why == "heralds_cry" %}The heralds cried it in every square: the sovereign of {{ c.who(d.seat) }} is {{ c.n(card) }}.{% elif d.why == "rebellion" %}The provinces rose, and the crown of {{ c.who(d.seat) }} could hide no longer: {{ c.n(card) }}.{% else %}{{ c.Title(card, d.seat) }} stood revealed: {{ c.n(card) }}.{% endif %}""",
"""{% if d.why == "count" %}{{ c.Who(d.seat) }}: {{ c.n(card) }}, unveiled for the reckoning.{% else %}So it was {{ c.nc(card) }} who reigned in {{ c.who(d.seat) }}.{% if d.why == "rebellion" %} The provinces had seen to that.{% elif d.why == "heralds_cry" %} The heralds were paid well for it.{% endif %}{% endif %}""",
"""{% if d.why == "combat" %}Every court leaned forward: under the veil of {{ c.who(d.seat) }} rode {{ c.n(card) }}.{% elif d.why == "count" %}And {{ c.who(d.seat) }}? {{ c.N(card) }}, {{ c.realm(card) | trim }}.{% else %}Now all {{ c.world() }} knew the face behind {{ c.pos(d.seat) }} veil: {{ c.n(card) }}.{% endif %}""",
]
T["king_seen"] = [
"""In secret you learn the face behind {{ c.pos(d.target) }} veil: {{ c.n(card) }}.""",
"""A servant's livery, a forged letter, a long look: {{ c.title(card, d.target) }} is {{ c.n(card) }}. Only you know.""",
"""Your agents bring you a name, and it is {{ c.n(card) }}: the hidden {{ c.realm(card) | trim | lower }} of {{ c.who(d.target) }}.""",
]
# Combat. The attacker's sovereign is still veiled when it rides out: no name, no pronoun.
T["attack"] = [
"""{{ c.Who(d.seat) }} marched on {{ c.who(d.target) }} for {{ c.n(card) }}{% if d.king %}, and at the head of the column, still veiled, rode the sovereign of {{ c.who(d.seat) }} in person{% else %}, with a champion's name sealed in an envelope{% endif %}.""",
"""War: {{ c.who(d.seat) }} demanded {{ c.n(card) }} of {{ c.who(d.target) }}{% if d.king %}, and its veiled crown took the field itself{% else %}, and laid its champion face down on the field{% endif %}.""",
"""{{ c.Pos(d.seat) }} banners were seen on {{ c.pos(d.target) }} border, and the prize they came for was {{ c.n(card) }}.{% if d.king %} The royal standard flew among them.{% endif %}""",
"""{{ c.Who(d.target) }} woke to {{ c.pos(d.seat) }} trumpets: {{ c.who(d.seat) }} had come for {{ c.n(card) }}{% if d.king %}, its sovereign riding veiled among the knights{% endif %}.""",
"""For {{ c.n(card) }}, {{ c.who(d.seat) }} went to war with {{ c.who(d.target) }}{% if d.king %}, staking its crown on the field{% endif %}.""",
]
T["laid_down"] = [
"""{% if card.type == "king" %}You take the field yourself, veiled, {{ "to hold the gate" if d.side == "defend" else "at the head of the column" }}; until the veils come off, only you know who rides.{% else %}You lay {{ c.n(card) }} face down{{ " to defend" if d.side == "defend" else "" }}, and no one else knows it.{% endif %}""",
"""{% if card.type == "king" %}Face down, for your eyes only: your own crown, riding out {{ "to defend" if d.side == "defend" else "to attack" }}.{% else %}Face down, for your eyes only: {{ c.n(card) }}{{ ", to hold the gate" if d.side == "defend" else ", to lead the attack" }}.{% endif %}""",
"""{% if card.type == "king" %}You will lead {{ c.pos(d.seat) }} {{ "defence" if d.side == "defend" else "attack" }} in person.{% else %}You send {{ c.nc(card) }} to the field under a sealed order{{ ", to stand in the gate" if d.side == "defend" else "" }}.{% endif %}""",
]
T["avoid"] = [
"""{{ c.Who(d.seat) }} would not fight for her. {{ c.Nc(card) }} was handed to {{ c.who(d.source) }} with courtesy, and without a blow struck.""",
"""No battle: {{ c.who(d.seat) }} opened its gates, and {{ c.n(card) }} went over to {{ c.who(d.source) }}.""",
"""{{ c.Who(d.seat) }} chose not to meet {{ c.pos(d.source) }} challenge, and the chronicle records the handing-over of {{ c.nc(card) }} without judgement.""",
]
# The defender's choice to fight is told by the reveal that follows; only a sovereign riding out is news.
T["fight"] = [
"""{% if d.king %}{{ c.Who(d.seat) }} would not yield, and its own sovereign, veiled, rode out to meet the challenge.{% elif verbose is defined and verbose %}{{ c.Who(d.seat) }} accepted the challenge.{% endif %}""",
"""{% if d.king %}{{ c.Who(d.seat) }} answered in person: the veiled crown took the field.{% elif verbose is defined and verbose %}{{ c.Who(d.seat) }} would fight.{% endif %}""",
"""{% if d.king %}The defenders of {{ c.who(d.seat) }} came out behind their veiled sovereign.{% elif verbose is defined and verbose %}{{ c.Who(d.seat) }} sent its answer face down.{% endif %}""",
]
T["reveal"] = [
"""{{ c.Who(d.defender) }} stood to fight, and the sealed orders were opened together: for {{ c.who(d.attacker) }}, {{ c.n(cards[0]) }}; for {{ c.who(d.defender) }}, {{ c.n(cards[1]) }}.""",
"""When the champions were unveiled on the field, {{ c.who(d.attacker) }} had sent {{ c.n(cards[0]) }}, and {{ c.who(d.defender) }} answered with {{ c.n(cards[1]) }}.""",
"""On the field, face to face: {{ c.nc(cards[0]) }} for {{ c.who(d.attacker) }}, and {{ c.nc(cards[1]) }} holding the line for {{ c.who(d.defender) }}.""",
"""{{ c.Who(d.defender) }} met the challenge with {{ c.n(cards[1]) }}, and across the field {{ c.pos(d.attacker) }} colours uncovered {{ c.n(cards[0]) }}.""",
"""It would be {{ c.short(cards[0]) }} against {{ c.short(cards[1]) }}: {{ c.pos(d.attacker) }} champion and {{ c.pos(d.defender) }}, turned up together.""",
]
# Dice, told as blows: how many of them struck home, and how hard, never the faces or the sum.
D_HITS = '{% set all = d.rerolls or d.rolls %}{% set hit = all | select("le", d.target) | list | length %}{% set miss = (all | length) - hit %}'
T["dice"] = [
D_HITS + """{% if d.mode == "diver" and card.type == "action" %}{{ c.N(card) }} needed no luck: it came up against the line for {{ c.who(d.seat) }} and struck {{ c.might(d.damage) }}.{% elif d.mode == "diver" %}{{ c.Short(card) }} rolled nothing for {{ c.who(d.seat) }} and asked nothing of luck: down into {{ c.deep() }}, and back with {{ c.might(d.damage) }}.{% elif d.mode == "mirror" %}{{ c.Mine(d.seat, card) }} gave back exactly what it was given{{ ", which was nothing" if d.damage == 0 else "" }}.{% elif all %}{% if hit == 0 %}{{ c.Short(card) }} struck at the {{ "gate" if d.side == "attack" else "attackers" }} for {{ c.who(d.seat) }}, and not one blow told.{% elif miss == 0 %}Every stroke {{ c.short(card) }} aimed for {{ c.who(d.seat) }} went home: {{ c.might(d.damage) }}.{% else %}{{ c.Short(card) }} fought for {{ c.who(d.seat) }}; {{ c.num(hit) }} of {{ c.his(card) }} {{ c.num(all | length) }} strokes went home, {{ c.might(d.damage) }}.{% endif %}{% if d.rerolls and d.rerolls != d.rolls %} ({{ c.He(card) }} had missed, and gone again.){% endif %}{% else %}{{ c.Mine(d.seat, card) }} had no strength to strike with.{% endif %}""",
D_HITS + """{% if d.mode == "diver" and card.type == "action" %}No dice for {{ c.n(card) }}, and no need of them: {{ c.might(d.damage) }} for {{ c.who(d.seat) }}, as sure as stone.{% elif d.mode == "diver" %}No dice for {{ c.short(card) }}: {{ c.he(card) }} went under, and came back for {{ c.who(d.seat) }} with {{ c.might(d.damage) }}, as sure as the tide.{% elif d.mode == "mirror" %}{{ c.N(card) }} answered in kind for {{ c.who(d.seat) }}.{% elif all %}{% if hit == 0 %}For {{ c.who(d.seat) }}, {{ c.short(card) }} swung and swung, and struck only air.{% elif miss == 0 %}For {{ c.who(d.seat) }}, {{ c.short(card) }} did not miss once: {{ c.might(d.damage) }}.{% elif hit == 1 %}For {{ c.who(d.seat) }}, {{ c.short(card) }} landed a single blow, {{ c.might(d.damage) }}.{% else %}For {{ c.who(d.seat) }}, {{ c.short(card) }} landed {{ c.num(hit) }} blows and wasted {{ c.num(miss) }}.{% endif %}{% if d.rerolls and d.rerolls != d.rolls %} The second attempt made the difference.{% endif %}{% else %}{{ c.Mine(d.seat, card) }} never struck at all.{% endif %}""",
D_HITS + """{% if d.mode == "diver" and card.type == "action" %}{{ c.Mine(d.seat, card) }} rolled up to the walls and struck {{ c.might(d.damage) }}.{% elif d.mode == "diver" %}{{ c.Short(card) }} dove for {{ c.who(d.seat) }}, and the water came up with {{ c.might(d.damage) }}.{% elif d.mode == "mirror" %}The polished shields of {{ c.mine(d.seat, card) }} turned the blow back on its sender.{% elif all %}{% if hit == 0 %}{{ c.Mine(d.seat, card) }} had a dreadful day: everything went wide.{% elif miss == 0 %}{{ c.Mine(d.seat, card) }} was faultless, every blow a hit — {{ c.might(d.damage) }}.{% else %}{{ c.Mine(d.seat, card) }} found {{ c.num(hit) }} {{ "gap" if hit == 1 else "gaps" }} in the line{{ " at the second try" if d.rerolls and d.rerolls != d.rolls else "" }}, and dealt {{ c.might(d.damage) }}.{% endif %}{% else %}{{ c.Mine(d.seat, card) }} could not strike.{% endif %}""",
D_HITS + """{% if d.mode == "diver" and card.type == "action" %}{{ c.Mine(d.seat, card) }} did its slow, sure work: {{ c.might(d.damage) }}.{% elif d.mode == "diver" %}{{ c.Short(card) }} went down for {{ c.who(d.seat) }} where the Current runs cold, and rose with {{ c.might(d.damage) }}.{% elif d.mode == "mirror" %}{{ c.Mine(d.seat, card) }} only ever answered in kind, and so it did.{% elif all %}{% if hit == 0 %}{{ c.Short(card) }} charged for {{ c.who(d.seat) }} and came back with nothing to show for it.{% elif miss == 0 %}{{ c.Short(card) }} cut through for {{ c.who(d.seat) }} with {{ c.might(d.damage) }}, and not a stroke wasted.{% else %}{{ c.Short(card) }} pressed for {{ c.who(d.seat) }}: {{ c.might(d.damage) }}, though {{ c.num(miss) }} {{ "stroke" if miss == 1 else "strokes" }} went astray.{% endif %}{% else %}{{ c.Mine(d.seat, card) }} stood idle.{% endif %}""",
]
T["called_off"] = [
"""And then {{ c.n(card) }}, from {{ c.who(d.seat) }}: by the time the air cleared, there was no battle left to fight.""",
"""{{ c.N(card) }} from {{ c.who(d.seat) }}, and the combat was called off. Nobody won; nobody lost; everyone went home.""",
"""{{ c.Who(d.seat) }} had played {{ c.n(card) }}.""",
]
T["ability"] = [
"""{% if d.op == "keep_fatima" %}{{ c.Short(card) }} locked the door and would not say where the key was: the Fatima did not leave {{ c.who(d.seat) }}.{% elif d.op == "unveil_instead" %}{{ c.Short(card) }} would not hand a Fatima over like a spoil of war: let there be a ball instead.{% elif d.op == "retreat" %}{{ c.Short(card) }} was beaten, and ran, and lived to serve {{ c.who(d.seat) }} again.{% elif d.op == "steal" %}{{ c.Short(card) }} did not come away from the field empty-handed.{% elif d.op == "draw" %}{{ c.Short(card) }} brought news home to {{ c.who(d.seat) }}, and fresh cards with it.{% elif d.op == "spent" %}It was {{ c.short(card) }}'s last dive; {{ c.who(d.seat) }} would not see {{ c.him(card) }} in the field again.{% elif d.op == "take_down" %}{{ c.N(card) }} dragged the victor down with it.{% else %}{{ c.N(card) }} made itself felt.{% endif %}""",
"""{% if d.op == "keep_fatima" %}{{ c.Mine(d.seat, card) }} lost the fight and kept the door shut; the Fatima stayed.{% elif d.op == "unveil_instead" %}"A guest, not a prize," said {{ c.short(card) }}, and called for the dice.{% elif d.op == "retreat" %}{{ c.Short(card) }} slipped away before {{ c.pos(d.seat) }} enemies could give chase.{% elif d.op == "steal" %}In the confusion a card of the other side's found its way into {{ c.pos(d.seat) }} keeping, by {{ c.short(card) }}'s hand.{% elif d.op == "draw" %}Thanks to {{ c.short(card) }}, {{ c.who(d.seat) }} drew fresh cards.{% elif d.op == "spent" %}{{ c.Short(card) }} did not come back up for {{ c.who(d.seat) }} this time.{% elif d.op == "take_down" %}Win or not, the other side went home tangled in {{ c.n(card) }}.{% else %}{{ c.N(card) }} made itself felt.{% endif %}""",
"""{% if d.op == "keep_fatima" %}Defeated, but not dispossessed: {{ c.short(card) }} saw to that for {{ c.who(d.seat) }}.{% elif d.op == "unveil_instead" %}{{ c.Short(card) }} had her way: the Fatima would be unveiled, and the dice would choose.{% elif d.op == "retreat" %}{{ c.Short(card) }} went home to {{ c.who(d.seat) }}, a little bruised.{% elif d.op == "steal" %}{{ c.Short(card) }} was never trying to win; a card changed hands, to {{ c.pos(d.seat) }} profit.{% elif d.op == "draw" %}{{ c.Who(d.seat) }} drew cards, on {{ c.short(card) }}'s account.{% elif d.op == "spent" %}{{ c.Short(card) }} had made {{ c.his(card) }} last dive for {{ c.who(d.seat) }}.{% elif d.op == "take_down" %}{{ c.N(card) }} took the victor down with it.{% else %}{{ c.N(card) }} made itself felt.{% endif %}""",
]
# Who won, and how narrowly; the sums are left to the `table` screen.
MARGIN = '{% set m = (d.attack_damage - d.defend_damage) | abs %}'
T["combat_won"] = [
MARGIN + """{% if d.why == "commoner" %}It was never a contest: a commoner does not stand against a soldier, and {{ c.who(d.seat) }} carried the field.{% elif d.why == "tie" %}{% if d.side == "defend" %}Blow for blow the two sides stood level, and a tie goes to the defender: {{ c.who(d.seat) }} held.{% else %}Level at the end, and still the attacker took it: {{ c.who(d.seat) }} carried the day.{% endif %}{% elif m <= 2 %}By a hair, the day was {{ c.pos(d.seat) }}; {{ c.who(d.loser) }} had come within a stroke of it.{% elif m >= 7 %}It was a rout: {{ c.who(d.loser) }} broke, and {{ c.who(d.seat) }} had the field.{% else %}{{ c.Who(d.seat) }} had the better of it, and {{ c.who(d.loser) }} gave way.{% endif %}""",
MARGIN + """{% if d.why == "commoner" %}The commoner was brave and beaten. Victory to {{ c.who(d.seat) }}.{% elif d.why == "tie" %}Neither side gave an inch{{ "; the defender's right kept " ~ c.who(d.seat) ~ " whole" if d.side == "defend" else ", and " ~ c.who(d.seat) ~ " took the draw as a victory" }}.{% elif d.side == "attack" %}{{ c.Who(d.seat) }} broke {{ c.pos(d.loser) }} line{{ ", narrowly" if m <= 2 else (", and broke it utterly" if m >= 7 else "") }}.{% else %}{{ c.Who(d.seat) }} held its ground{{ ", barely" if m <= 2 else (" and sent the attackers reeling" if m >= 7 else "") }}; {{ c.who(d.loser) }} went home beaten.{% endif %}""",
MARGIN + """{% if d.why == "commoner" %}{{ c.Pos(d.loser) }} champion was no soldier, and {{ c.who(d.seat) }} won without breaking sweat.{% elif d.why == "tie" %}The field stood even, and the even field was {{ c.pos(d.seat) }}.{% else %}When the dust settled, {{ c.who(d.seat) }} stood victorious over {{ c.who(d.loser) }}{{ ", and it had been close" if m <= 2 else (", and it had not been close" if m >= 7 else "") }}.{% endif %}""",
MARGIN + """{% if d.why == "commoner" %}Pluck is not a sword: {{ c.who(d.loser) }} lost to {{ c.who(d.seat) }} before a blow was struck.{% elif d.why == "tie" %}{{ c.Who(d.seat) }} won on the oldest rule of the field, {{ "that the defender keeps what it can hold" if d.side == "defend" else "that a champion sure of ties need not win outright" }}.{% elif m <= 2 %}{{ c.Who(d.loser) }} lost it by a stroke, and {{ c.who(d.seat) }} would talk of the stroke for years.{% else %}{{ c.Who(d.seat) }} won the day{{ " going away" if m >= 7 else "" }}, and {{ c.who(d.loser) }} counted the cost.{% endif %}""",
]
T["returned"] = [
"""{% if d.why == "avoided" %}{{ c.Pos(d.seat) }} sealed champion went home unopened.{% elif d.why == "retreat" %}{{ c.Nc(card) }} found the way back to {{ c.who(d.seat) }}.{% elif d.why == "called_off" %}{{ c.Nc(card) }} went home to {{ c.who(d.seat) }} with nothing to tell.{% elif verbose is defined and verbose %}{{ c.Nc(card) }} returned to {{ c.pos(d.seat) }} hand.{% endif %}""",
"""{% if d.why == "avoided" %}The card {{ c.who(d.seat) }} had laid down went back into its hand, its secret kept.{% elif d.why == "retreat" %}{{ c.Short(card) }} lived to fight again for {{ c.who(d.seat) }}.{% elif d.why == "called_off" %}{{ c.Short(card) }} rejoined {{ c.who(d.seat) }}, untested.{% elif verbose is defined and verbose %}{{ c.Nc(card) }} went back into {{ c.pos(d.seat) }} hand.{% endif %}""",
"""{% if d.why == "avoided" %}No one ever learned what {{ c.who(d.seat) }} had sent.{% elif d.why == "retreat" %}{{ c.Mine(d.seat, card) }} was beaten but not lost.{% elif d.why == "called_off" %}{{ c.Mine(d.seat, card) }} never drew steel.{% elif verbose is defined and verbose %}{{ c.Who(d.seat) }} took {{ c.n(card) }} back into its hand.{% endif %}""",
]
BY = '{% set BY = {"combat": "on the field", "avoided": "unused, the challenge refused", "spent": "after the battle", "taken_down": "caught in the net", "levy_audit": "to satisfy the Levy Audit", "bastion_king": "at the royal Audit of Arms", "rebellion": "as the provinces rose", "barracks_fever": "to the fever in the barracks"} %}'
T["discarded"] = [
BY + """{% if d.why == "combat" and cards | length == 1 and cards[0].type == "action" %}{{ c.Mine(d.seat, cards[0]) }} had done what it could, and was spent.{% elif d.why == "spent" %}{% if verbose is defined and verbose %}{{ c.Who(d.seat) }} lost {{ c.names_of(cards) }} after the battle.{% endif %}{% elif d.why == "combat" and cards | length == 1 %}{{ c.Nc(cards[0]) }} beaten, was carried from the field and out of {{ c.pos(d.seat) }} service.{% else %}{{ c.Who(d.seat) }} lost {{ c.names_of(cards) }} {{ BY.get(d.why, "to the discard pile") }}.{% endif %}""",
BY + """{% if d.why == "combat" and cards | length == 1 and cards[0].type == "action" %}{{ c.N(cards[0]) }} was used up in {{ c.pos(d.seat) }} service.{% elif d.why == "spent" %}{% if verbose is defined and verbose %}{{ c.Who(d.seat) }} lost {{ c.names_of(cards) }} after the battle.{% endif %}{% elif d.why == "combat" and cards | length == 1 %}{{ c.Mine(d.seat, cards[0]) }} would not fight again this season.{% else %}Struck from {{ c.pos(d.seat) }} rolls {{ BY.get(d.why, "by order") }}: {{ c.names_of(cards) }}.{% endif %}""",
BY + """{% if d.why == "combat" and cards | length == 1 and cards[0].type == "action" %}{{ c.Who(d.seat) }} had spent {{ c.n(cards[0]) }}.{% elif d.why == "spent" %}{% if verbose is defined and verbose %}{{ c.Who(d.seat) }} lost {{ c.names_of(cards) }} after the battle.{% endif %}{% elif d.why == "combat" and cards | length == 1 %}{{ c.Who(d.seat) }} had seen the last of {{ c.n(cards[0]) }}.{% else %}{{ c.cap(c.names_of(cards) | trim) }}: gone from {{ c.pos(d.seat) }} ranks {{ BY.get(d.why, "by order") }}.{% endif %}""",
]
T["fatima_moved"] = [
"""{% if d.why == "unveil" %}The dice had chosen: {{ c.nc(card) }} left {{ c.who(d.source) }} for {{ c.who(d.to) }}, and the lanterns were carried ahead of her.{% elif d.why == "king_fall" %}{% if verbose is defined and verbose %}{{ c.Nc(card) }} passed to {{ c.who(d.to) }}.{% endif %}{% elif d.why == "dowry" %}{{ c.Nc(card) }} was sent from {{ c.who(d.source) }} to {{ c.who(d.to) }} with a dowry cart and a careful letter.{% elif d.why == "exchange" %}In the exchange, {{ c.nc(card) }} went from {{ c.who(d.source) }} to {{ c.who(d.to) }}.{% elif d.why == "avoid" %}{{ c.Nc(card) }} crossed from {{ c.who(d.source) }} to {{ c.who(d.to) }} without a blow struck for her.{% else %}{{ c.Nc(card) }} was won by the sword: she left {{ c.who(d.source) }} for {{ c.who(d.to) }}.{% endif %}""",
"""{% if d.why == "unveil" %}{{ c.Nc(card) }} gave her hand to {{ c.who(d.to) }}; {{ c.who(d.source) }} bowed her out.{% elif d.why == "king_fall" %}{% if verbose is defined and verbose %}{{ c.Nc(card) }} went over to {{ c.who(d.to) }}.{% endif %}{% elif d.why in ["combat", "avoid"] %}{{ c.Short(card) }} kept her lantern in {{ c.who(d.to) }} now, no longer in {{ c.who(d.source) }}.{% else %}{{ c.Nc(card) }} went from {{ c.who(d.source) }} to {{ c.who(d.to) }}.{% endif %}""",
"""{% if d.why == "unveil" %}And so {{ c.nc(card) }} went to {{ c.who(d.to) }}, by the dice's choosing.{% elif d.why == "king_fall" %}{% if verbose is defined and verbose %}{{ c.Who(d.to) }} claimed {{ c.n(card) }}.{% endif %}{% elif d.why == "combat" %}{{ c.Who(d.to) }} rode home with {{ c.n(card) }}, and {{ c.who(d.source) }} watched her go.{% else %}{{ c.Who(d.to) }} welcomed {{ c.n(card) }}, lately of {{ c.who(d.source) }}.{% endif %}""",
"""{% if d.why == "unveil" %}The ball ended in {{ c.pos(d.to) }} favour: {{ c.n(card) }} was theirs now, and {{ c.who(d.source) }} had lost her.{% elif d.why == "combat" %}The prize of the day, {{ c.nc(card) }} went to {{ c.who(d.to) }}; {{ c.pos(d.source) }} halls were the darker for it.{% elif d.why == "king_fall" %}{% if verbose is defined and verbose %}{{ c.Nc(card) }} went to {{ c.who(d.to) }}.{% endif %}{% else %}{{ c.Who(d.source) }} parted with {{ c.n(card) }}, and {{ c.who(d.to) }} gained her.{% endif %}""",
]
T["fatima_stays"] = [
"""{% if d.why == "keep" %}{{ c.Nc(card) }} stayed in {{ c.who(d.seat) }}, for all that the battle was lost.{% else %}The dice came home: {{ c.nc(card) }} stayed in {{ c.who(d.seat) }}, and the ball ended as it began.{% endif %}""",
"""{% if d.why == "keep" %}Lost the fight, kept the Fatima: {{ c.n(card) }} did not leave {{ c.who(d.seat) }}.{% else %}{{ c.Nc(card) }} chose, by the dice, to stay where she was, in {{ c.who(d.seat) }}.{% endif %}""",
"""{{ c.Nc(card) }} remained in {{ c.who(d.seat) }}.{% if d.why != "keep" %} The other courts went home with nothing but the music.{% endif %}""",
]
T["king_fall"] = [
"""{{ c.Nc(card) }} had fought and lost, and the price of a crown's defeat is everything. {% if cards %}{{ c.cap(c.names_ofc(cards) | trim) }} passed from {{ c.who(d.seat) }} to {{ c.who(d.to) }}.{% else %}{{ c.Who(d.seat) }} had no Fatima left to lose; the shame alone was the price.{% endif %} {{ c.Short(card) }} stood unveiled, and would not ride out again.""",
"""{{ c.Title(card, d.seat) }} fell. {% if cards | length == 1 %}The only Fatima of that court, {{ c.names_ofc(cards) }} went to {{ c.who(d.to) }}.{% elif cards %}Every Fatima of that court — {{ c.names_of(cards) }} — went to {{ c.who(d.to) }}.{% else %}There was no court left for {{ c.who(d.to) }} to take.{% endif %} {{ c.Short(card) }} lived, and reigned, and fought no more.""",
"""So fell {{ c.n(card) }}. {% if cards | length == 1 %}{{ c.Who(d.to) }} took the beaten court's only Fatima, {{ c.names_of(cards) }}.{% elif cards %}{{ c.Who(d.to) }} took {{ c.num(cards | length) }} Fatima from the beaten court: {{ c.names_of(cards) }}.{% else %}{{ c.Who(d.to) }} found the halls of {{ c.who(d.seat) }} already empty.{% endif %}""",
]
T["unveiling"] = [
"""{{ c.Who(d.seat) }} announced an unveiling: {{ c.nc(card) }} would be presented to every court of {{ c.world() }}{% if d.owner != d.seat %} (though she dwelt in {{ c.who(d.owner) }}){% endif %}, and the dice would decide whose she should be.""",
"""Lanterns on the water, music in the galleries: {{ c.who(d.seat) }} held the unveiling of {{ c.n(card) }}{% if d.owner != d.seat %}, of {{ c.who(d.owner) }}{% endif %}, and every court came to throw for her hand.""",
"""An unveiling, by {{ c.pos(d.seat) }} invitation. {{ c.Nc(card) }}{% if d.owner != d.seat %} lately of {{ c.who(d.owner) }},{% endif %} came down the great stair, and every nation reached for the dice.""",
]
T["roll_off"] = [
"""{% set top = d.rolls.values() | max %}{% if d.winner %}{% if d.round > 1 %}The tied courts threw again for {{ c.n(card) }}, and {{ c.who(d.winner) }} threw highest.{% else %}The courts threw for {{ c.n(card) }}, and {{ c.pos(d.winner) }} throw was the highest in the room.{% endif %}{% else %}The courts threw for {{ c.n(card) }}{{ " once more" if d.round > 1 else "" }}; at the top, {{ c.whos(d.rolls | dictsort | selectattr(1, "equalto", top) | map(attribute=0) | list) }} stood level, and would throw again.{% endif %}""",
"""{% set top = d.rolls.values() | max %}{% if d.winner %}Dice across the ballroom floor{{ ", once more" if d.round > 1 else "" }} for {{ c.n(card) }}: {{ c.who(d.winner) }} had the best of it.{% else %}Dice across the ballroom floor{{ ", once more" if d.round > 1 else "" }}, and no one clear: {{ c.whos(d.rolls | dictsort | selectattr(1, "equalto", top) | map(attribute=0) | list) }} tied highest.{% endif %}""",
"""{% set top = d.rolls.values() | max %}{% if d.winner %}Every hand in the galleries threw for {{ c.n(card) }}{{ ", and threw again" if d.round > 1 else "" }}; {{ c.pos(d.winner) }} die came up best.{% else %}For {{ c.n(card) }} the dice came up level at the top, {{ c.whos(d.rolls | dictsort | selectattr(1, "equalto", top) | map(attribute=0) | list) }} together; the tied threw again.{% endif %}""",
]
T["took"] = [
"""{% if d.count %}{{ c.Who(d.seat) }} took {{ c.num(d.count) }} {{ "card" if d.count == 1 else "cards" }} from {{ c.pos(d.source) }} hand, unseen by the rest.{% else %}{{ c.Who(d.seat) }} reached into {{ c.pos(d.source) }} hand, and found it empty.{% endif %}""",
"""{% if d.count %}{{ c.Num(d.count) }} {{ "card" if d.count == 1 else "cards" }} went quietly from {{ c.who(d.source) }} to {{ c.who(d.seat) }}.{% else %}{{ c.Who(d.source) }} had nothing for {{ c.who(d.seat) }} to take.{% endif %}""",
"""{% if d.count %}{{ c.Who(d.source) }} was the poorer by {{ c.num(d.count) }} {{ "card" if d.count == 1 else "cards" }}, {{ c.who(d.seat) }} the richer.{% else %}{{ c.Pos(d.seat) }} hands came back empty from {{ c.who(d.source) }}.{% endif %}""",
]
T["took_seen"] = [
"""{% if me == d.seat %}You took {{ c.names_of(cards) }} from {{ c.who(d.source) }}.{% else %}{{ c.Who(d.seat) }} took {{ c.names_of(cards) }} from you.{% endif %}""",
"""{% if me == d.seat %}From {{ c.pos(d.source) }} hand, now yours: {{ c.names_of(cards) }}.{% else %}Gone from your hand to {{ c.who(d.seat) }}: {{ c.names_of(cards) }}.{% endif %}""",
"""{% if me == d.seat %}Your prize from {{ c.who(d.source) }}: {{ c.names_of(cards) }}.{% else %}You watch {{ c.names_of(cards) }} leave for {{ c.who(d.seat) }}.{% endif %}""",
]
T["peek"] = [
"""{% if cards %}Through the glass you read {{ c.pos(d.target) }} hand: {{ c.names_of(cards) }}.{% else %}{{ c.Pos(d.target) }} hand is empty.{% endif %}""",
"""{% if cards %}Your spies report what {{ c.who(d.target) }} holds: {{ c.names_of(cards) }}.{% else %}Your spies find {{ c.pos(d.target) }} chest empty.{% endif %}""",
"""{% if cards %}{{ c.Who(d.target) }}, as only you now know, holds {{ c.names_of(cards) }}.{% else %}{{ c.Who(d.target) }} holds nothing at all.{% endif %}""",
]
T["picked"] = [
V + """{{ c.Who(d.seat) }} set a card aside, face down, for the road.{% endif %}""",
V + """{{ c.Who(d.seat) }} made its choice for the road in silence.{% endif %}""",
V + """A card of {{ c.pos(d.seat) }} was chosen, and no one else saw which.{% endif %}""",
]
T["hand_over"] = [
V + """{% if d.why == "deserters" %}A card slipped away from {{ c.who(d.seat) }} and turned up, a week later, in {{ c.who(d.to) }}.{% else %}{{ c.Who(d.seat) }} sent a card to {{ c.who(d.to) }} as tribute.{% endif %}{% endif %}""",
V + """{% if d.why == "deserters" %}{{ c.Who(d.seat) }} lost a card to the road; {{ c.who(d.to) }} found it.{% else %}Tribute: a card from {{ c.who(d.seat) }} to {{ c.who(d.to) }}.{% endif %}{% endif %}""",
V + """{{ c.Who(d.seat) }} gave up a card, face down, to {{ c.who(d.to) }}.{% endif %}""",
]
T["hand_over_seen"] = [
"""{% if me == d.seat %}You gave {{ c.n(card) }} to {{ c.who(d.to) }}.{% else %}From {{ c.who(d.seat) }}, into your hand: {{ c.n(card) }}.{% endif %}""",
"""{% if me == d.seat %}{{ c.N(card) }} leaves you for {{ c.who(d.to) }}.{% else %}{{ c.N(card) }} arrives from {{ c.who(d.seat) }}.{% endif %}""",
"""{% if me == d.seat %}You part with {{ c.n(card) }}; {{ c.who(d.to) }} has it now.{% else %}{{ c.Pos(d.seat) }} gift to you: {{ c.n(card) }}.{% endif %}""",
]
T["recalled"] = [
"""{% if cards %}{{ c.Who(d.seat) }} called {{ c.names_ofc(cards) }} back from the field; not dead after all, only late.{% else %}{{ c.Who(d.seat) }} sent for the fallen, but none came.{% endif %}""",
"""{% if cards %}Back into {{ c.pos(d.seat) }} service: {{ c.names_of(cards) }}.{% else %}No one answered {{ c.pos(d.seat) }} call.{% endif %}""",
"""{% if cards %}{{ c.cap(c.names_of(cards) | trim) }}, long given up, returned to {{ c.who(d.seat) }}.{% else %}The discard pile held no one for {{ c.who(d.seat) }} to recall.{% endif %}""",
]
T["truce"] = [
"""The truce held {{ c.world() }}: no sword would be drawn until {{ c.who(d.seat) }} had the floor again.""",
"""Every nation sheathed its sword for the feast, until {{ c.pos(d.seat) }} next turn.""",
"""Peace, for a little while: no attacks until {{ c.pos(d.seat) }} turn came round.""",
]
T["ward"] = [
"""{{ c.Who(d.seat) }} closed its passes. Until its next turn, no army could reach it.""",
"""The gates of {{ c.who(d.seat) }} were barred and the passes held: no nation could attack it until its turn came again.""",
"""{{ c.Who(d.seat) }} drew up its bridges. Let them come: they could not, not until its next turn.""",
]
T["declined"] = [
"""{% if d.what == "unveil" %}{% if verbose is defined and verbose %}{{ c.Who(d.seat) }} danced, but unveiled no one.{% endif %}{% else %}{{ c.Pos(d.seat) }} army marched, and found nothing worth attacking.{% endif %}""",
"""{% if d.what == "unveil" %}{% if verbose is defined and verbose %}{{ c.Who(d.seat) }} kept its Fatima out of the ballroom.{% endif %}{% else %}{{ c.Who(d.seat) }} marched its army home again.{% endif %}""",
"""{% if d.what == "unveil" %}{% if verbose is defined and verbose %}Nothing from {{ c.who(d.seat) }} at the ball but compliments.{% endif %}{% else %}The march ended without a battle, by {{ c.pos(d.seat) }} choice.{% endif %}""",
]
# The count is the one place the chronicle reads out numbers: points are the outcome.
T["final_count"] = [
"""{% set ranked = d.scores | dictsort(by="value", reverse=true) %}And then the reckoning. {% for s, n in ranked %}{{ c.Who(s) }}: {{ n }} {{ "point" if n in [1, -1] else "points" }}{% if d.fatima[s] %} from {{ c.num(d.fatima[s] | length) }} Fatima{% else %}, its halls empty{% endif %}{{ "; " if not loop.last else "." }}{% endfor %}""",
"""{% set ranked = d.scores | dictsort(by="value", reverse=true) %}The Fatima were counted, court by court, from the richest down: {% for s, n in ranked %}{{ c.who(s) }} {{ n }}{{ ", " if not loop.last else "." }}{% endfor %}""",
"""{% set ranked = d.scores | dictsort(by="value", reverse=true) %}The chamberlains read out the tally of the season: {% for s, n in ranked %}{{ c.who(s) }}, {{ n }}{{ "; " if not loop.last else "." }}{% endfor %}""",
]
T["ending"] = [
"""{% if d.cause == "stopped" %}Here the chronicle breaks off: {{ c.who(d.seat) }} set down the pen.{% elif d.winners | length > 1 %}The season ended with {{ c.whos(d.winners) }} sharing the honours, {{ d.scores[d.winners[0]] }} points apiece.{% else %}The season ended, and it was {{ c.pos(d.winners[0]) }}, with {{ d.scores[d.winners[0]] }} points.{% endif %}""",
"""{% if d.cause == "stopped" %}The chronicle stops here, unfinished, by {{ c.pos(d.seat) }} wish.{% elif d.winners | length > 1 %}No single crown: {{ c.whos(d.winners) }} stood level at the last, on {{ d.scores[d.winners[0]] }}.{% else %}{{ c.Who(d.winners[0]) }} won the season, with {{ d.scores[d.winners[0]] }} points.{% endif %}""",
"""{% if d.cause == "stopped" %}And there, by {{ c.pos(d.seat) }} wish, the story rests.{% elif d.winners | length > 1 %}The heralds had to read out {{ c.num(d.winners | length) }} names: {{ c.whos(d.winners) }}.{% else %}The heralds read out one name: {{ c.who(d.winners[0]) }}.{% endif %}""",
]

for kind, bodies in T.items():
    for old in OUT.glob(f"{kind}.*.j2"):
        old.unlink()
    for i, body in enumerate(bodies, 1):
        (OUT / f"{kind}.{i}.j2").write_text(HEAD + body + TAIL)
print(len(T), "kinds")
