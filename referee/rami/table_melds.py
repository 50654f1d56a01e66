"""Laying down, laying off and retrieving jokers (R-5..R-13)."""

from __future__ import annotations

from referee.cards import JOKER, Card
from referee.entry import Entry
from referee.melds import Placed
from referee.rami import known
from referee.rami.fields import card_field, int_field, placed_of
from referee.rami.meld import check_meld as judge_meld
from referee.rami.state import Deal, Table, TableMeld
from referee.rami.turns import on_turn
from referee.violations import N_, Malformed, Refusal, Violation, refuse


def on_play(table: Table, entry: Entry) -> tuple[Deal, int]:
    """The deal and seat of a lay-down: after the take, before the discard (R-4)."""
    d, seat = on_turn(table, entry)
    if d.phase == "take":
        raise refuse("R-4", "take a card first: from the stock or the discard pile")
    if d.phase == "discard":
        raise refuse("R-17", "the turn time ran out: the server never lays down for a player; discard the heaviest")
    return d, seat


def keep_one(d: Deal, seat: int, cards: list[Card], retrieved: bool = False) -> None:
    """R-13: a lay-down must leave a card to discard, besides the cards that must still be laid.

    Those are the card taken from the pile, if this lay-down does not lay it (R-5), and the
    retrieved jokers it does not lay again (R-12); `retrieved`: this action retrieves one more.
    """
    count = 0 if retrieved else len(cards)  # a retrieval puts one card down and takes the joker up
    if count >= d.hand_sizes[seat]:
        raise refuse("R-13", "%(player)s holds %(held)s cards: laying down %(n)s leaves nothing to discard; "
                     "every turn ends with a discard", player=seat, held=d.hand_sizes[seat], n=count)
    pickup = d.pickup is not None and d.pickup not in cards
    jokers = sum(1 for c in cards if c.is_joker) - (1 if d.pickup is not None and d.pickup.is_joker
                                                     and d.pickup in cards else 0)
    pending = max(0, d.pending_jokers - jokers) + (1 if retrieved else 0)
    left = d.hand_sizes[seat] - count
    if left - pending - pickup < 1:
        key = OWED[pickup, min(pending, 2)]
        params = {"player": seat, "n": left, "card": d.pickup.text} if pickup and d.pickup else {"player": seat, "n": left}
        raise Refusal([Violation("R-13", key, params)])


OWED = {  # (the pickup still to lay, retrieved jokers still to lay: 0, 1, 2 or more) -> key
    (True, 0): N_("%(player)s would keep %(n)s in hand, and %(card)s, taken from the discard pile (R-5),"
                  " must still be laid this turn: nothing would be left to discard; every turn ends with a discard"),
    (False, 1): N_("%(player)s would keep %(n)s in hand, and the retrieved joker (R-12)"
                   " must still be laid this turn: nothing would be left to discard; every turn ends with a discard"),
    (False, 2): N_("%(player)s would keep %(n)s in hand, and the retrieved jokers (R-12)"
                   " must still be laid this turn: nothing would be left to discard; every turn ends with a discard"),
    (True, 1): N_("%(player)s would keep %(n)s in hand, and %(card)s, taken from the discard pile (R-5), and the "
                  "retrieved joker (R-12) must still be laid this turn: nothing would be left to discard; every turn "
                  "ends with a discard"),
    (True, 2): N_("%(player)s would keep %(n)s in hand, and %(card)s, taken from the discard pile (R-5), and the "
                  "retrieved jokers (R-12) must still be laid this turn: nothing would be left to discard; every "
                  "turn ends with a discard"),
}


MELDS_PER_ENTRY = 10  # an id's last digit is the meld's place in its entry


def meld_id(seq: int, k: int) -> int:
    """The id of the `k`-th meld (from 1) laid by entry `seq`: seq × 10 + k, e.g. 42 for entry 4's second.

    It depends on that entry only, so voiding or replacing another entry never renumbers a meld: a
    later `lay_off` or `retrieve_joker` names the same meld after a correction, or, when a correction
    takes its meld away, fails to replay and the correction is refused (E-2). One digit for `k` is
    enough: an entry lays 3 cards a meld and must leave one to discard (R-13), so at most 4 melds
    out of 15 cards — `meld` refuses more (R-13) before any id is given.
    """
    if not 1 <= k < MELDS_PER_ENTRY:
        raise refuse("R-13", "one entry lays at most %(n)s melds", n=MELDS_PER_ENTRY - 1)  # unreachable: see above
    return seq * MELDS_PER_ENTRY + k


def check_melds(table: Table, entry: Entry) -> tuple:
    """New melds, each valid (R-6, R-7); a first lay-down reaches the opening threshold (R-9); a card left (R-13)."""
    groups = entry.data.get("melds")
    if not isinstance(groups, list) or not groups:
        raise Malformed("meld needs `melds`, a list of melds, each a list of cards")
    parsed = [placed_of(g, "melds", "meld") for g in groups]
    d, seat = on_play(table, entry)
    verdicts = [judge_meld(items, where={"meld": i + 1}) for i, items in enumerate(parsed)]
    violations = [v for verdict in verdicts for v in verdict.violations]
    if violations:
        raise Refusal(violations)
    total = sum(v.points for v in verdicts)
    threshold = table.options["opening"]
    if seat not in d.opened and threshold != "free" and total < threshold:
        raise refuse("R-9", "an opening must reach %(threshold)s in one lay-down: these melds make %(total)s",
                     threshold=threshold, total=total)
    cards = [p.card for items in parsed for p in items]
    keep_one(d, seat, cards)
    plan = known.leave_hand(d, seat, cards)
    ids = [meld_id(entry.seq, k) for k in range(1, len(verdicts) + 1)]
    return d, seat, cards, plan, ids, verdicts, total


def meld(table: Table, entry: Entry, checked: tuple) -> dict:
    """Lay down the new melds; the seat has opened."""
    d, seat, cards, plan, ids, verdicts, total = checked
    known.lay(d, seat, cards, plan)
    for new_id, verdict in zip(ids, verdicts, strict=True):
        d.melds.append(TableMeld(new_id, seat, verdict.shape, verdict.cards))
    opening = seat not in d.opened
    d.opened.add(seat)
    return {"melds": ids, "value": total, "opening": opening, "rules": ["R-9"] if opening else ["R-6"]}


def opened_meld(table: Table, entry: Entry, what: str) -> tuple[Deal, int, TableMeld]:
    wanted = int_field(entry, "meld", N_("%(type)s needs `meld`, the id of a meld on the table"))
    d, seat = on_play(table, entry)
    if seat not in d.opened:
        raise refuse("R-10", "%(player)s has not opened yet: no %(what)s before the opening", player=seat, what=what)
    return d, seat, d.meld(wanted)


def check_lay_off(table: Table, entry: Entry) -> tuple:
    """Cards added to any table meld, which must stay valid (R-10, R-11)."""
    added = placed_of(entry.data.get("cards"), "cards", "lay_off")
    d, seat, target = opened_meld(table, entry, N_("lay-off"))
    verdict = judge_meld([*target.cards, *added], where={"meld": target.id})
    if not verdict.valid:
        raise Refusal([Violation("R-11", N_("meld %(meld)s would not stay valid with %(cards)s"),
                                 {"meld": target.id, "cards": [p.text for p in added]}, meld=target.id),
                       *verdict.violations])
    cards = [p.card for p in added]
    keep_one(d, seat, cards)
    return d, seat, target, verdict, cards, known.leave_hand(d, seat, cards)


def lay_off(table: Table, entry: Entry, checked: tuple) -> None:
    """Add the cards to the meld."""
    d, seat, target, verdict, cards, plan = checked
    known.lay(d, seat, cards, plan)
    target.cards, target.kind = verdict.cards, verdict.shape
    return None


def check_retrieve_joker(table: Table, entry: Entry) -> tuple:
    """A joker is taken back by putting in its place the exact card it stands for (R-12)."""
    card = card_field(entry)
    if card.is_joker:
        raise Malformed("`card` is the card the joker stands for, e.g. 10H", rule="R-12")
    d, seat, target = opened_meld(table, entry, N_("joker retrieval"))
    index = next((i for i, p in enumerate(target.cards) if p.card.is_joker and p.announced == card), None)
    if index is None:
        jokers = [p.text for p in target.cards if p.card.is_joker]
        if jokers:
            raise refuse("R-12", "meld %(meld)s: its joker stands for %(said)s, not %(card)s", meld=target.id,
                         card=card.text, said=jokers[0].split("=")[1])
        raise refuse("R-12", "meld %(meld)s: it holds no joker, not %(card)s", meld=target.id, card=card.text)
    keep_one(d, seat, [card], retrieved=True)
    return d, seat, target, index, card, known.leave_hand(d, seat, (card,))


def retrieve_joker(table: Table, entry: Entry, checked: tuple) -> None:
    """Put the card in the joker's place; the joker is in hand, to be laid again this turn (R-12)."""
    d, seat, target, index, card, plan = checked
    known.lay(d, seat, (card,), plan)
    target.cards[index] = Placed(card)
    d.hand_sizes[seat] += 1
    d.known[seat].append(JOKER)
    d.pending_jokers += 1
    return None
