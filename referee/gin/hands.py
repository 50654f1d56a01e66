"""A Gin hand at a table, entry by entry: its deal (G-2), the upcard (G-3), turns (G-4), a knock (G-7, G-12), the
other's hand shown and laid off (G-8, G-9), a void hand (G-10), and the game to 100 (G-11).

Each entry type has a check (reads the table, raises the refusal naming the rule, or gives the facts) and a fold
(enters the facts, never refuses): `referee.rulebook` applies them. The pure rules are the package's other
modules: this one only keeps the table's account of them.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee import adjust
from referee.cards import Card
from referee.entry import Entry
from referee.gin import deal as dealing
from referee.gin import turn, upcard
from referee.gin.arrange import arrangements
from referee.gin.deck import check_deck
from referee.gin.fields import read_card, read_cards, read_seat
from referee.gin.knock import TOO_MUCH
from referee.gin.laying import Laying
from referee.gin.layoff import Proposal, Showing, least_laid_off, show
from referee.gin.quick import knock_violations, read_count, read_knock
from referee.gin.score import KNOCK_LIMIT, HandScore, hand_score, may_knock
from referee.gin.state import DISCARD, DRAW, ENDED, LAY_OFF, RESULT, SHOW, UPCARD, Deal, Knock, Table
from referee.gin.tally import Hand
from referee.violations import N_, Malformed, Violation, refuse

OVER = N_("the game is over: %(winner)s reached 100")
NO_HAND = N_("no hand is being played: %(dealer)s deals next")
FIRST_DEAL = N_("no hand is being played: deal the first hand")
IN_PLAY = N_("hand %(number)s is still being played")
NOT_TURN = N_("it is %(turn)s's turn, not %(player)s's")
ON_PILE = N_("%(card)s is on the discard pile already: the one deck holds it once")
IN_OTHER = N_("%(card)s is known in the other hand already: the one deck holds it once")
KNOWN_KEPT = N_("%(player)s holds %(cards)s, known to the table: they are in the hand she shows")
EMPTY_PILE = N_("the discard pile is empty: draw from the stock")
FROM = N_("`from` is stock or discard (got %(value)s)")
TAKE = N_("`take` is true or false (got %(value)s)")
ONE_BY_ONE = N_("`one_by_one` is true or false (got %(value)s)")
NOT_PROPOSED = N_("%(card)s is not a card %(player)s may lay off now: the referee proposes %(cards)s")
NONE_PROPOSED = N_("%(card)s is not a card %(player)s may lay off now: nothing is left to lay off")
# What the hand waits for, naming whose move it is (`turn`: the seat on turn, the other player once one knocked).
NOT_NOW = {UPCARD: N_("it is %(turn)s's turn to take the upcard or pass"),
           DRAW: N_("it is %(turn)s's turn to draw"),
           DISCARD: N_("%(turn)s has drawn and discards or knocks now"),
           RESULT: N_("the table waits for the hand's knock, or its void"),
           SHOW: N_("it is %(turn)s's turn to show their hand"),
           LAY_OFF: N_("it is %(turn)s's turn to lay off the cards the referee proposes, or be done")}


# ---- the game and the hand in play -----------------------------------------------------------------------------

def not_over(table: Table) -> None:
    """G-11: nothing is played once a seat has reached 100."""
    if table.winners is not None:
        raise refuse("G-11", OVER, winner=table.winners[0])


def next_dealer(table: Table) -> int | None:
    """G-2: the last hand's winner deals the next, after a void hand the same dealer; None before the first."""
    if table.deal is None:
        return None
    last = table.results[-1]["winner"] if table.results else None
    return dealing.next_dealer(table.deal.dealer, last)


def in_play(table: Table, *phases: str, rule: str = "G-4") -> Deal:
    """The hand an entry belongs to, waiting for one of `phases`; refuse between hands, or out of its phase (by
    `rule`, the entry's own)."""
    not_over(table)
    deal = table.deal
    if deal is None or deal.phase == ENDED:
        if deal is None:
            raise refuse("G-2", FIRST_DEAL)
        raise refuse("G-2", NO_HAND, dealer=next_dealer(table))
    if deal.phase not in phases:
        raise refuse(rule, NOT_NOW[deal.phase], **({} if deal.turn is None else {"turn": deal.turn}))
    return deal


def seated(entry: Entry) -> int:
    """The seat of an entry its check has read (`read_seat`): a fold's."""
    seat = entry.seat
    assert isinstance(seat, int)
    return seat


def on_turn(deal: Deal, entry: Entry) -> int:
    """The entry's seat, whose turn it must be (G-4)."""
    seat = read_seat(entry.seat, entry.type)
    if deal.turn is not None and seat != deal.turn:
        rule = {UPCARD: "G-3", SHOW: "G-8", LAY_OFF: "G-8"}.get(deal.phase, "G-4")
        raise refuse(rule, NOT_TURN, turn=deal.turn, player=seat)
    return seat


def check_deal(table: Table, entry: Entry) -> Deal:
    """G-2: the first hand names its dealer, each later one is the last winner's (after a void, the same dealer's).
    Full tracking turns up the upcard: 31 cards stay in the stock."""
    dealer = read_seat(entry.data.get("dealer"), "deal", "dealer")
    up = read_card(entry, "upcard") if table.tracking == "full" else None
    not_over(table)
    deal = table.deal
    if deal is not None and deal.phase != ENDED:
        raise refuse("G-2", IN_PLAY, number=deal.number)
    if deal is not None:
        last = table.results[-1]["winner"] if table.results else None
        dealing.check_dealer(dealer, deal.dealer, last)
    number = len(table.results) + 1
    if up is None:
        return Deal(number, dealer, RESULT)
    return Deal(number, dealer, UPCARD, turn=1 - dealer, stock=dealing.STOCK, pile=[up])


def deal(table: Table, entry: Entry, new: Deal) -> None:
    table.deal = new


# ---- full tracking: the upcard, turns ---------------------------------------------------------------------------

def check_upcard(table: Table, entry: Entry) -> bool:
    """G-3: the non-dealer, then the dealer, takes the upcard or passes."""
    deal = in_play(table, UPCARD, rule="G-3")
    seat = read_seat(entry.seat, "upcard")
    take = entry.data.get("take")
    if not isinstance(take, bool):
        raise Malformed(TAKE, "G-3", value=repr(take))
    upcard.check_upcard(deal.dealer, deal.choices, seat)
    return take


def take_upcard(table: Table, entry: Entry, take: bool) -> None:
    deal = table.deal
    assert deal is not None
    deal.choices.append(take)
    if take:
        _take_from_pile(deal, seated(entry))
    starts = upcard.play_starts(deal.dealer, deal.choices)
    if starts is None:
        deal.turn = upcard.chooser(deal.dealer, deal.choices)
    else:
        deal.turn, step = starts
        deal.phase = DISCARD if step == "discard" else DRAW


def _take_from_pile(deal: Deal, seat: int) -> None:
    card = deal.pile.pop()
    deal.taken = card
    deal.known[seat].append(card)


def check_draw(table: Table, entry: Entry) -> str:
    """G-4: the player on turn draws the top card of the stock or of the discard pile."""
    deal = in_play(table, DRAW, DISCARD)
    seat = on_turn(deal, entry)
    turn.check_draw(seat, deal.phase == DISCARD)
    source = entry.data.get("from")
    if source not in ("stock", "discard"):
        raise Malformed(FROM, "G-4", value=repr(source))
    if source == "discard" and not deal.pile:
        raise refuse("G-4", EMPTY_PILE)
    upcard.check_first_draw(deal.choices, deal.stock == dealing.STOCK, source, seat)
    return source


def draw(table: Table, entry: Entry, source: str) -> None:
    deal = table.deal
    assert deal is not None
    if source == "discard":
        _take_from_pile(deal, seated(entry))
    else:
        deal.stock = (deal.stock or 0) - 1
        deal.taken = None
    deal.phase = DISCARD


def _unseen(deal: Deal, seat: int, cards: Iterable[Card]) -> None:
    """K-2: a card the player holds is in no pile and no other hand the table knows."""
    other = set(deal.known[1 - seat])
    for card in cards:
        if card in deal.pile or card in deal.gone:
            raise refuse("K-2", ON_PILE, card=card.text)
        if card in other:
            raise refuse("K-2", IN_OTHER, card=card.text)


def check_discard(table: Table, entry: Entry) -> Card:
    """G-4: after drawing, one card, never the one just taken from the discard pile."""
    deal = in_play(table, DRAW, DISCARD)
    seat = on_turn(deal, entry)
    card = read_card(entry)
    turn.check_discard(seat, card, deal.phase == DISCARD, deal.taken)
    _unseen(deal, seat, (card,))
    return card


def discard(table: Table, entry: Entry, card: Card) -> dict | None:
    deal = table.deal
    assert deal is not None
    _discarded(deal, seated(entry), card)
    return _void_if_low(table)


def _discarded(deal: Deal, seat: int, card: Card) -> None:
    """The card goes on the pile and the turn passes (G-4)."""
    if card in deal.known[seat]:
        deal.known[seat].remove(card)
    deal.pile.append(card)
    deal.taken, deal.turn, deal.phase = None, 1 - seat, DRAW


def _void_if_low(table: Table) -> dict | None:
    """G-10: a discard that leaves 2 cards in the stock, nobody having knocked, ends the hand void."""
    deal = table.deal
    assert deal is not None
    if deal.stock is not None and dealing.is_void(deal.stock):
        _ended(table, None, 0, ["G-10"], {})
        return {"void": True, "rules": ["G-10"]}
    return None


# ---- the knock and the other's hand -------------------------------------------------------------------------------

def _hand_shown(deal: Deal, seat: int, cards: list[Card], also: Iterable[Card] = ()) -> None:
    """A hand shown at the table (and `also`, its discard): one deck (K-2), no card the pile or the other hand
    holds, and the cards known in it are there (C-11's reading)."""
    check_deck(cards, list(also))
    _unseen(deal, seat, [*cards, *also])
    held = set(cards) | set(also)
    missing = [c for c in deal.known[seat] if c not in held]
    if missing:
        raise refuse("K-2", KNOWN_KEPT, player=seat, cards=[c.text for c in missing])


def check_knock(table: Table, entry: Entry):
    """G-7, G-12: a knock after drawing; full tracking shows its ten cards and the discard, judged for the lowest
    deadwood; results tracking enters the deadwood (and whether it was gin)."""
    if table.tracking == "results":
        deal = in_play(table, RESULT, rule="G-7")
        seat = read_seat(entry.seat, "knock")
        return seat, read_knock(entry.data.get("deadwood"), entry.data.get("gin", False)), None, None
    deal = in_play(table, DRAW, DISCARD, rule="G-7")
    seat = on_turn(deal, entry)
    card = read_card(entry)
    hand = read_cards(entry)
    turn.check_discard(seat, card, deal.phase == DISCARD, deal.taken)
    _hand_shown(deal, seat, hand, (card,))
    found = arrangements(hand)
    return seat, found[0].points, card, (hand, tuple(found))


def knock(table: Table, entry: Entry, checked) -> dict:
    seat, deadwood, card, shown = checked
    deal = table.deal
    assert deal is not None
    if not may_knock(deadwood):  # G-12: written as a fact; the discard stands, the cards shown stay known
        return _invalid_knock(table, deal, seat, deadwood, card, shown)
    gin = deadwood == 0
    if shown is None:
        deal.knock = Knock(seat, entry.seq, deadwood, gin)
    else:
        hand, found = shown
        deal.gone.add(card)
        deal.known[seat] = list(hand)
        deal.knock = Knock(seat, entry.seq, deadwood, gin, tuple(hand), found)
    deal.phase, deal.turn, deal.taken = SHOW, 1 - seat, None
    verdict = {"valid": True, "gin": gin, "deadwood": deadwood, "violations": [], "rules": ["G-7"]}
    if shown is not None:
        verdict["melds"] = [meld.texts for meld in shown[1][0].melds]
    return verdict


def _invalid_knock(table: Table, deal: Deal, seat: int, deadwood: int, card: Card | None, shown) -> dict:
    if shown is None:
        violations = [v.to_dict() for v in knock_violations(deadwood)]
        return {"valid": False, "gin": False, "deadwood": deadwood, "violations": violations, "rules": ["G-12"]}
    hand, found = shown
    best = found[0]
    why = Violation("G-12", TOO_MUCH, {"deadwood": deadwood, "cards": [c.text for c in best.deadwood],
                                      "limit": KNOCK_LIMIT})
    deal.known[seat] = list(hand)  # G-12 *Reading*: what she showed stays known
    assert card is not None  # full tracking: the knock's discard
    _discarded(deal, seat, card)
    verdict = {"valid": False, "gin": False, "deadwood": deadwood, "melds": [m.texts for m in best.melds],
               "violations": [why.to_dict()], "rules": ["G-12"]}
    void = _void_if_low(table)
    if void is not None:
        verdict["void"] = True
    return verdict


def check_show(table: Table, entry: Entry):
    """G-8, G-9: the other player shows her hand (full tracking: her ten cards, laid off by the referee; results
    tracking: her deadwood after lay-offs). With `one_by_one`, a hand that may lay off waits for her taps (`lay_off`,
    `done`) before it is scored."""
    deal = in_play(table, SHOW, rule="G-8")
    seat = on_turn(deal, entry)
    knocked = deal.knock
    assert knocked is not None
    if table.tracking == "results":
        other = read_count(entry.data.get("deadwood"))
        return hand_score(knocked.deadwood, other), {"other_deadwood": other}, None, None
    one_by_one = entry.data.get("one_by_one", False)
    if not isinstance(one_by_one, bool):
        raise Malformed(ONE_BY_ONE, "G-8", value=repr(one_by_one))
    hand = read_cards(entry)
    _hand_shown(deal, seat, hand)  # the knocker's hand is known: none of its cards is in hers
    if knocked.gin:  # G-8: nothing is laid off on a gin
        arranged, showing = knocked.arrangements[0], show(hand)
    else:
        arranged, showing = least_laid_off(knocked.arrangements, hand)
    if one_by_one and showing.laid_off:
        return None, None, hand, Laying(arranged, tuple(hand))
    return hand_score(arranged.points, showing.points), _shown(arranged.melds, showing), hand, None


def _shown(melds, showing: Showing) -> dict:
    """The two hands as a scored verdict says them (the stateless judge's fields)."""
    return {"melds": [m.texts for m in melds], "other_melds": [m.texts for m in showing.melds],
            "laid_off": [c.text for c in showing.laid_off], "other_deadwood": showing.points,
            "other_cards": [c.text for c in showing.deadwood]}


def show_hand(table: Table, entry: Entry, checked) -> dict:
    score, shown, hand, laying = checked
    deal = table.deal
    assert deal is not None and deal.knock is not None
    if hand is not None:
        deal.known[seated(entry)] = hand
    if laying is not None:  # G-8 one tap at a time: the referee proposes, she lays off
        deal.phase, deal.laying = LAY_OFF, laying
        return {"valid": True, "gin": False, "deadwood": deal.knock.deadwood,
                "melds": [m.texts for m in laying.arranged.melds], "lay_off": laying.to_dict(seated(entry)),
                "violations": [], "rules": ["G-8"]}
    return _scored(table, score, shown)


def _scored(table: Table, score: HandScore, shown: dict) -> dict:
    """The hand's end after the other's hand (and lay-offs): G-9's score, and the game's end once a seat has 100."""
    deal = table.deal
    assert deal is not None and deal.knock is not None
    knocker = deal.knock.seat
    winner = knocker if score.winner == "knocker" else 1 - knocker
    rules = list(dict.fromkeys(["G-8", *score.rules]))
    verdict = {"valid": True, "gin": score.gin, "deadwood": deal.knock.deadwood, **shown,
               "score": score.to_dict(), "winner": winner, "points": score.points, "violations": [], "rules": rules}
    game = _ended(table, winner, score.points, rules, {"undercut": score.undercut, "gin": score.gin})
    if game is not None:
        verdict["game"] = game
    return verdict


def _laying(table: Table, entry: Entry) -> Laying:
    """The lay-off in progress an entry answers, on her turn (G-8)."""
    deal = in_play(table, LAY_OFF, rule="G-8")
    on_turn(deal, entry)
    assert deal.laying is not None
    return deal.laying


def check_lay_off(table: Table, entry: Entry) -> Proposal:
    """G-8: one card she lays off, one of those the referee proposes now (never trusted from the client)."""
    laying = _laying(table, entry)
    card = read_card(entry)
    proposed = laying.proposals()
    for proposal in proposed:
        if proposal.card == card:
            return proposal
    if not proposed:
        raise refuse("G-8", NONE_PROPOSED, card=card.text, player=entry.seat)
    raise refuse("G-8", NOT_PROPOSED, card=card.text, player=entry.seat, cards=[p.card.text for p in proposed])


def lay_off(table: Table, entry: Entry, proposal: Proposal) -> dict:
    deal = table.deal
    assert deal is not None and deal.laying is not None
    deal.laying = laying = deal.laying.lay(proposal)
    meld = laying.melds[proposal.meld]
    verdict = {"card": proposal.card.text, "meld": proposal.meld, "kind": meld.kind, "cards": meld.texts}
    if laying.proposals():
        return {**verdict, "seat": seated(entry), "lay_off": laying.to_dict(seated(entry)), "rules": ["G-8"]}
    return {**_stop(table, laying), **verdict}  # nothing left to lay off: the hand is scored (G-9)


def check_done(table: Table, entry: Entry) -> Laying:
    """G-8: she lays off no more; the hand is scored (G-9)."""
    return _laying(table, entry)


def done(table: Table, entry: Entry, laying: Laying) -> dict:
    return _stop(table, laying)


def _stop(table: Table, laying: Laying) -> dict:
    """Her lay-offs are over: her cards left arranged for the lowest deadwood, the hand scored (G-6, G-9)."""
    showing = laying.showing()
    shown = _shown(laying.arranged.melds, showing)
    table.deal.laying = None  # type: ignore[union-attr]
    return _scored(table, hand_score(laying.arranged.points, showing.points), shown)


def check_null_deal(table: Table, entry: Entry) -> None:
    """G-10 (results tracking): the hand ended void, two cards left in the stock and nobody knocked."""
    in_play(table, RESULT, rule="G-10")


def null_deal(table: Table, entry: Entry, checked: None) -> dict:
    _ended(table, None, 0, ["G-10"], {})
    return {"void": True, "rules": ["G-10"]}


# ---- a hand's end and the game's ------------------------------------------------------------------------------------

def _ended(table: Table, winner: int | None, points: int, rules: list[str], extra: dict) -> dict | None:
    """Close the hand with its result (G-9, G-10); once a seat reaches 100, the game with its bonuses (G-11)."""
    deal = table.deal
    assert deal is not None
    deal.phase, deal.turn, deal.taken = ENDED, None, None
    table.hands.append(Hand(winner, points))
    scores = {str(seat): (points if seat == winner else 0) for seat in range(2)}
    result = {"deal": deal.number, "winner": winner, "scores": scores, "rules": list(rules), **extra}
    tally = table.tally()
    game = None
    if tally.winner is not None:
        for seat in range(2):
            scores[str(seat)] += tally.bonuses[seat]
        table.winners = [tally.winner]
        result["rules"].append("G-11")
        game = {"winner": tally.winner, "bonuses": {str(s): b for s, b in enumerate(tally.bonuses)},
                "totals": {str(s): t for s, t in enumerate(tally.totals)}, "shutout": tally.shutout,
                "result": tally.result}
        result["game"] = game
    table.results.append(result)
    return game


def adjusted(table: Table, entry: Entry, checked) -> None:
    """E-5: a ruling adds to the seats' totals; it never ends nor reopens the game (G-11 is the hands')."""
    adjust.fold(table, entry, checked)

