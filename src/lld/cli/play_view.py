"""What the terminal game shows: drawn only from what one seat may know.

Everything here reads a seat's view (its own hand, the table, the won piles,
hand sizes, the public log) and the table's public announcements (the cards
each lie-down put on the table), never another hand, so that it ports to any
other per-seat view unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

from lld.cards import count, format_cards
from lld.concordance import ruling_id
from lld.events import Event
from lld.ledger import Amount, format_amount
from lld.moves import LIE, Move
from lld.observation import Observation
from lld.reports import StakesReport
from lld.session import Played

_CAPTURE = ruling_id("capture")  # the legend's example: the ruling of a plain capture
LEGEND = (
    f"Each line ends with the ruling that allows it, e.g. [{_CAPTURE}]: 'lld ruling {_CAPTURE}'"
    " explains it."
    " A free move (laying a pair, claiming an oversight) may be made out of turn; Enter passes."
)

HELP = f"""\
  At a prompt, type the number of a move, or write it:
    7S x 7H       capture the 7H on the table with the 7S from your hand
    lie           lie down: your cards go face up on the table and you are out
    lay 9C 9D     lay a pair from your hand (a pair nobody can mate, or of a pair royal)
    claim 5H 5S   claim an oversight: a pair someone left on the table
  Cards are rank (A 2-9 T J Q K) then suit (C D H S).
  A free move is a lay or a claim: you may make one whenever you are asked, in turn or
  not; on your turn you may lay first and then play. Enter passes a free move.
  The [{_CAPTURE}]-style tags name the ruling behind each event; 'lld ruling {_CAPTURE}' shows it.
  Commands: help, hint (what the willughby bot would do, and why), save FILE (never over
  a file that exists: save! FILE replaces it), q to quit."""


def who(seat: int, names: Sequence[str], you: int | None) -> str:
    """``seat 2 (you)`` or ``seat 3 (willughby)``."""
    if seat == you:
        return f"seat {seat} (you)"
    return f"seat {seat} ({names[seat]})" if seat < len(names) else f"seat {seat}"


def opening_lines(
    view: Observation, stakes: StakesReport, names: Sequence[str], you: int | None, seed: int | None
) -> list[str]:
    """The hand's header: the rules, the dealer, the stakes and the break-even."""
    n = view.players
    again = f", seed {seed} (play it again with --seed {seed})" if seed is not None else ""
    out = [f"{view.rules.name}, {n} players{again}"]
    if you is not None:
        out.append(f"You are seat {you}. {who(view.dealer, names, you)} deals.")
    else:
        out.append(f"{who(view.dealer, names, you)} deals.")
    out.append(f"Stakes: {stakes.summary}.")
    if stakes.break_even is not None:
        out.append(
            f"Break-even: {stakes.break_even} cards won. {stakes_rule(stakes)};"
            f" the last player left in wins {stakes.last_player_bonus}."
        )
    else:
        out.append("Whoever wins most pairs takes the pot; a tie leaves it.")
    out.append(LEGEND)
    return out


def stakes_rule(stakes: StakesReport) -> str:
    """How cards won turn into stakes, in words, from the report's
    :attr:`~lld.reports.StakesReport.thresholds`."""
    cards = dict(stakes.thresholds)
    text = f"{cards[1]} cards won take 1 stake from the pot, {cards[2]} take 2, and so on"
    if -1 in cards:
        text += f"; {cards[-1]} pay 1 into it" + (
            f", {cards[-2]} pay 2, and so on" if -2 in cards else ""
        )
    return text


def event_line(event: Event, names: Sequence[str], you: int | None, put_down: int = 0) -> str:
    """One event, with its seat named and its ruling tagged."""
    if event.kind == LIE and event.seat is not None:
        text = f"{who(event.seat, names, you)} lies down"
        if put_down:
            text += f", putting {format_cards(put_down)} on the table"
    elif event.move is not None and event.seat is not None:
        text = f"{who(event.seat, names, you)}: {event.move.action()}"
    else:
        text = event.describe()
        if event.seat is not None:
            text = text.replace(f"seat {event.seat}", who(event.seat, names, you), 1)
    return f"  {text:<52} [{event.rule}]"


def played_lines(played: Played, names: Sequence[str], you: int | None) -> list[str]:
    return [
        event_line(e, names, you, played.put_down if i == 0 else 0)
        for i, e in enumerate(played.events)
    ]


def status_lines(view: Observation, names: Sequence[str], you: int | None) -> list[str]:
    """The table, your hand, and every seat's public state."""
    out = [f"table:     {format_cards(view.table)}"]
    if you is not None:
        out.append(f"your hand: {format_cards(view.hand)}")
    for seat in range(view.players):
        won = count(view.won[seat])
        if view.lie_downs[seat]:
            state = f"lain down (put {format_cards(view.lie_downs[seat])} on the table)"
        elif view.out[seat]:
            state = "out (hand emptied)"
        else:
            state = f"{view.hand_sizes[seat]} in hand"
        mark = "  <- to play" if seat == view.to_play and not view.over else ""
        out.append(f"  {who(seat, names, you):<22} {state}; {won} won{mark}")
    return out


def move_lines(moves: Sequence[Move], several: int = 0) -> list[str]:
    """The moves, numbered; ``several``: how many captures of several ranks at once
    (R45) are also legal, which are not listed but may be typed."""
    lines = [f"  [{i}] {m.action()}" for i, m in enumerate(moves, 1)]
    if several:
        lines.append(
            f"  or {several} way{'s' if several != 1 else ''} to capture several ranks at"
            " once: type one, as in '7S x 7H + KD x KC'"
        )
    return lines


def prompt(view: Observation, names: Sequence[str], you: int, turn: bool) -> str:
    if turn:
        return f"seat {you} (you), your turn: number or move (help, hint, save FILE, q)> "
    to_play = who(view.to_play, names, you)
    return (
        f"seat {you} (you), a free move? {to_play} is to play."
        " Number or move, Enter to pass (help, hint, save FILE, q)> "
    )


def result_lines(
    view: Observation, net: Sequence[Amount], last: int | None, pot_left: Amount,
    stakes: StakesReport, names: Sequence[str], you: int | None,
) -> list[str]:  # fmt: skip
    """The settlement: each seat's cards against the break-even, and its net."""
    out = ["", "result:"]
    for seat in range(view.players):
        cards = count(view.won[seat])
        against = ""
        if stakes.break_even is not None:
            diff = cards - stakes.break_even
            against = f" ({diff:+d} against break-even {stakes.break_even})"
        out.append(
            f"  {who(seat, names, you):<22} {cards:>2} cards{against},"
            f" net {format_amount(net[seat], signed=True)} after the antes"
        )
    lastp = "nobody" if last is None else who(last, names, you)
    out.append(f"  last player: {lastp}; left in the pot: {pot_left}")
    return out
