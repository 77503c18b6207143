"""Whist deals in Portable Bridge Notation (PBN 2.1), so that bridge programs — hand viewers,
double-dummy solvers — open them; and PBN deals read back.

A Whist deal is a bridge deal without an auction: the trump is the suit of the dealer's turned
card and the player on the dealer's left leads. A board says so in the standard tags: the dealer
is ``[Declarer]`` and ``[Contract]`` names the trump at the one level (so that a bridge program
puts the opening lead on the dealer's left); the turned card is in the ``[Turned]`` tag, which
bridge programs ignore. Places are compass points clockwise from North: place 0 (seat 0 in
Whist; with a mort, the player who has it) is North, the mort South. Our own record stays the
full account of a partie (rubbers, calls, settlement); PBN carries the cards.

>>> from atout.games.whist.spec import WhistGame, deal_from_pack
>>> from atout.cards import CARDS
>>> game = WhistGame()
>>> deal = deal_from_pack(game.table, CARDS, 3, game.table.seating(-1))
>>> text = board_text(BoardDeal(tuple(map(int, deal.hands)), 3, int(deal.turned[0]), 1, ("0", "1", "2", "3")))
>>> [line for line in text.splitlines() if line.startswith(("[Deal ", "[Contract", "[Turned"))]
['[Deal "W:K95.Q84.J73.AT62 AT62.K95.Q84.J73 J73.AT62.K95.Q84 Q84.J73.AT62.K95"]', '[Contract "1C"]', '[Turned "AC"]']
>>> back = read_pbn(text)[0]
>>> back.hands == tuple(map(int, deal.hands)), back.dealer, str(Card(back.turned))
(True, 3, 'AC')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from atout.cards import RANK_INDEX, SUIT_INDEX, SUIT_MASK, Card, cards_of, parse_card
from atout.chance import Deal
from atout.errors import RecordError

if TYPE_CHECKING:
    from atout.games.whist.events import HandResult
    from atout.games.whist.spec import Seating
    from atout.games.whist.state import WhistState

COMPASS = "NESW"                      # places 0 1 2 3, clockwise
PBN_SUITS = (0, 1, 2, 3)              # spades, hearts, diamonds, clubs: PBN's order is ours
PBN_RANKS = "23456789TJQKA"           # by RANK_INDEX
_TAGS = re.compile(r'\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


class BoardDeal(NamedTuple):
    """One Whist deal as PBN sees it: the four hands by place (bitmasks), the dealer's place, the
    turned card (its id; ``-1`` if unknown), the board number, the names at each place, the
    tricks of the dealer's side (``-1`` if unknown) and the contract read from a bridge file."""

    hands: tuple[int, ...]
    dealer: int
    turned: int
    number: int
    names: tuple[str, ...]
    result: int = -1                  # tricks won by the dealer's side (the declarer's), if known
    contract: str = ""                # a bridge board's contract, as read

    @property
    def trump(self) -> int:
        return SUIT_INDEX[self.turned] if self.turned >= 0 else -1


def hand_text(hand: int) -> str:
    """A hand in PBN: suits spades to clubs, each from the ace down, separated by dots.

    >>> from atout.cards import CardSet
    >>> hand_text(int(CardSet.parse("AS 10S 2H KC")))
    'AT.2..K'
    """
    parts = []
    for suit in PBN_SUITS:
        ranks = sorted((RANK_INDEX[c] for c in cards_of(hand & SUIT_MASK[suit])), reverse=True)
        parts.append("".join(PBN_RANKS[r] for r in ranks))
    return ".".join(parts)


def card_text(card: int) -> str:
    """A card as PBN writes it, the ten as ``T``: ``TC``, ``AH``.

    >>> card_text(int(Card("10C"))), card_text(int(Card("AH")))
    ('TC', 'AH')
    """
    return PBN_RANKS[RANK_INDEX[card]] + "SHDC"[SUIT_INDEX[card]]


def board_text(board: BoardDeal, event: str = "atout: whist") -> str:
    """One board: the tags, with the deal given from the dealer round the table; ``Result`` (the
    tricks of the dealer's side, who is the declarer) when the hand was played out, else ``?``.
    A file begins with one ``% PBN 2.1`` line: see :func:`pbn_file`."""
    first = board.dealer
    hands = " ".join(hand_text(board.hands[(first + k) % 4]) for k in range(4))
    tags = [("Event", event), ("Site", "-"), ("Date", "????.??.??"), ("Board", str(board.number))]
    tags += [(name, board.names[COMPASS.index(name[0])]) for name in ("West", "North", "East", "South")]
    tags += [("Dealer", COMPASS[first]), ("Vulnerable", "None"), ("Deal", f"{COMPASS[first]}:{hands}")]
    if board.turned >= 0:
        trump = "SHDC"[board.trump]
        result = str(board.result) if board.result >= 0 else "?"
        tags += [("Scoring", "-"), ("Declarer", COMPASS[first]), ("Contract", f"1{trump}"), ("Result", result),
                 ("Turned", card_text(board.turned))]
    lines = [f'[{name} "{value}"]' for name, value in tags]
    if board.turned >= 0:
        lines.append(f"{{Whist: trump {trump} by the turned card {card_text(board.turned)}; the player on the "
                     f"dealer's left leads. The contract names only the trump and the leader.}}")
    return "\n".join(lines) + "\n"


def pbn_file(boards: Sequence[BoardDeal], event: str = "atout: whist") -> str:
    """A PBN file of ``boards``: one ``% PBN 2.1`` header, then the boards, a blank line apart."""
    return "% PBN 2.1\n% EXPORT\n\n" + "\n".join(board_text(b, event) for b in boards)


def partie_boards(state: WhistState) -> list[BoardDeal]:
    """Every deal of a partie (its history replayed), as PBN boards numbered from 1, each with
    its result when the hand was played out."""
    from atout.game import CHANCE

    history = list(state.history)
    game = state.game
    if state.setup is not None:
        fresh = game.state_from_deal(history[0][1], state.setup)
        boards = [_board(fresh, history[0][1], 1)]  # type: ignore[arg-type]  # a state from a deal begins with it
        history = history[1:]
    else:
        fresh = game.new_state()
        boards = []
    for seat, action in history:
        if seat == CHANCE and type(action) is Deal:
            dealer, seating = fresh.dealer, fresh.seating
            fresh.apply(action, seat)
            boards.append(_board(fresh, action, len(boards) + 1, dealer, seating))
        else:
            fresh.apply(action, seat)
    return [_with_result(board, state.results) for board in boards]


def _with_result(board: BoardDeal, results: Sequence[HandResult]) -> BoardDeal:
    """The board with the tricks of the dealer's side, when its hand was played out."""
    if board.number > len(results) or results[board.number - 1].reason != "played":
        return board
    result = results[board.number - 1]
    side = next(i for i, members in enumerate(result.partners) if result.dealer in members)
    return board._replace(result=result.tricks[side])


def _board(st: WhistState, deal: Deal, number: int, dealer: int | None = None,
           seating: Seating | None = None) -> BoardDeal:
    seating = seating if seating is not None else st.seating
    dealer = dealer if dealer is not None else st.dealer
    hands = [0, 0, 0, 0]
    for seat, hand in enumerate(deal.hands):
        hands[seating.place_of[seat]] = int(hand)
    if len(deal.hands) == 3:
        hands[2] = sum(1 << c for c in deal.talon)
    names = tuple("mort" if s == 3 and len(deal.hands) == 3 else f"seat {s}" for s in seating.hand_seat)
    return BoardDeal(tuple(hands), dealer, int(deal.turned[0]) if deal.turned else -1, number, names)


def partie_pbn(state: WhistState) -> str:
    """Every deal of a partie as a PBN file."""
    return pbn_file(partie_boards(state), f"atout: {state.game.name}")


SECTIONS = ("Auction", "Play", "Note")
"""Tags whose data lines follow them (besides the ``…Table`` tags): read past, Whist has no use
for an auction, a bridge play record or notes."""


def read_pbn(text: str) -> list[BoardDeal]:
    """The boards of a PBN text (tags ``Deal``, ``Dealer``, ``Board``, ``Contract``, the compass
    names and our ``Turned``; ``#`` repeats the previous board's value). Sections a Whist deal
    has no use for (``Auction``, ``Play``, ``Note``, ``OptimumResultTable`` and other tables,
    comments) are skipped; a game without a ``Deal`` tag is skipped.
    :class:`~atout.errors.RecordError` names the line of anything unreadable, and is the only
    error it raises.

    >>> board = read_pbn('[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\\n'
    ...                  '[Auction "N"]\\n1S Pass 2S Pass\\n[Play "E"]\\nST S7 S4 SA\\n')[0]
    >>> hand_text(board.hands[0]), board.dealer, board.turned
    ('AKQJ.T98.765.432', 0, -1)
    """
    boards: list[BoardDeal] = []
    tags: dict[str, str] = {}
    previous: dict[str, str] = {}
    errors: list[tuple[int, str]] = []
    comment = False
    section = False
    lines = text.lstrip("\ufeff").splitlines()
    for number, line in enumerate([*lines, ""], 1):
        stripped = line.strip()
        if comment:
            comment = "}" not in stripped
            continue
        if stripped.startswith("{"):
            comment = "}" not in stripped
            continue
        if stripped.startswith(("%", ";")):
            continue
        if not stripped:
            if tags:
                if "Deal" in tags:
                    try:
                        boards.append(_read_board(tags))
                    except ValueError as err:
                        errors.append((number, str(err)))
                previous, tags = tags, {}
            section = False
            continue
        found = _TAGS.findall(stripped) if stripped.startswith("[") else []
        if not found or _TAGS.sub("", stripped).strip():
            if not section:
                errors.append((number, f"not a PBN tag: {stripped[:60]!r}"))
            continue
        for name, value in found:
            tags[name] = previous.get(name, "") if value == "#" else value
            section = name in SECTIONS or name.endswith("Table")
    if errors:
        raise RecordError(errors)
    return boards


def _read_board(tags: dict[str, str]) -> BoardDeal:
    deal = tags["Deal"]
    if len(deal) < 3 or deal[1] != ":" or deal[0] not in COMPASS:
        raise ValueError("a board needs a [Deal \"N:… … … …\"] tag")
    first = COMPASS.index(deal[0])
    parts = deal[2:].split()
    if len(parts) != 4:
        raise ValueError("a deal gives four hands")
    hands = [0, 0, 0, 0]
    for k, part in enumerate(parts):
        hands[(first + k) % 4] = _read_hand(part)
    union = 0
    for hand in hands:
        if union & hand or hand.bit_count() != 13:
            raise ValueError("each hand holds 13 different cards")
        union |= hand
    dealer = tags.get("Dealer", deal[0])
    if dealer not in COMPASS:
        raise ValueError(f"no dealer {dealer!r}")
    turned = -1
    if "Turned" in tags:
        try:
            card = parse_card(tags["Turned"], "en")
        except ValueError:
            raise ValueError(f"the turned card {tags['Turned'][:10]!r} is not a card") from None
        if not hands[COMPASS.index(dealer)] >> card & 1:
            raise ValueError("the turned card is the dealer's")
        turned = int(card)
    board = tags.get("Board", "1")
    number = int(board) if board.isascii() and board.isdigit() and len(board) < 7 else 1
    names = tuple(tags.get(name, "") for name in ("North", "East", "South", "West"))
    result = tags.get("Result", "") if turned >= 0 else ""   # a bridge contract's result means nothing here
    tricks = int(result) if result.isascii() and result.isdigit() and int(result) <= 13 else -1
    return BoardDeal(tuple(hands), COMPASS.index(dealer), turned, number, names, tricks, tags.get("Contract", ""))


def _read_hand(text: str) -> int:
    suits = text.split(".")
    if len(suits) != 4:
        raise ValueError(f"a hand has four suits separated by dots: {text[:60]!r}")
    hand = 0
    for suit, ranks in zip(PBN_SUITS, suits, strict=True):
        for rank in ranks:
            index = PBN_RANKS.find(rank.upper())
            if index < 0:
                raise ValueError(f"{rank!r} is not a rank (AKQJT98765432)")
            card = cards_of(SUIT_MASK[suit])[index]
            if hand >> card & 1:
                raise ValueError(f"{Card(card)} twice")
            hand |= 1 << card
    return hand


def chosen_turned(board: BoardDeal) -> int:
    """The card turned for a board that does not say (a bridge deal): the dealer's lowest card of
    the contract's suit when the contract names one he holds, else his lowest card (clubs first
    among equal ranks). Whist needs a turned card, the dealer's: its suit is trump.

    >>> b = read_pbn('[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\\n'
    ...              '[Contract "4H"]\\n')[0]
    >>> str(Card(chosen_turned(b))), str(Card(chosen_turned(b._replace(contract="3NT"))))
    ('8H', '2C')
    """
    hand = board.hands[board.dealer]
    contract = board.contract.strip().upper()
    if len(contract) >= 2 and contract[0] in "1234567" and contract[1] in "SHDC":
        in_suit = hand & SUIT_MASK["SHDC".index(contract[1])]
        if in_suit:
            hand = in_suit
    return min(cards_of(hand), key=lambda c: (RANK_INDEX[c], -SUIT_INDEX[c]))


def whist_deal(board: BoardDeal, seats: Sequence[int] = (0, 1, 2, 3)) -> Deal:
    """The :class:`~atout.chance.Deal` of a Whist board (places are seats), for
    ``state_from_deal(deal, {"dealer": …})``; it needs the turned card."""
    from atout.cards import CardSet

    if board.turned < 0:
        raise ValueError("the board does not say which card was turned")
    return Deal(tuple(CardSet(board.hands[s]) for s in seats), (), (Card(board.turned),))
