"""Hand records: one hand (or a position from the middle of one) as text or JSON.

A record holds everything needed to play a hand again and check it: the
ruleset and its overridden options, the players, the dealer, the deal, the
moves in order, and what the writer had to say about them. :func:`replay`
plays every move through the engine, so a record is also a test.

The text form, one ``key: value`` per line::

    # lld hand record
    title: A pair royal taken singly
    note: Free prose about the hand; one line per 'note:' line.
    rulings: R14 R15
    ruleset: du-coeur
    option: pair_royal_remainder=claimable
    players: 4
    seats: Anne, Bob, Cat, Dan
    dealer: 3
    hand 0: 7S 2C ...
    hand 1: ...
    table: 7H 7D 7C ...
    won 0: ...
    # a comment line
    moves:
    0: 7S x 7H          ; a comment on one move
    1: claim 7C 7D
    result:
    net: -2 +1 +1 0
    last_player: 1
    pot_left: 0

* ``ruleset``, ``players`` and ``dealer`` are required; ``dealer: cut`` (for a
  deal from a seed only) means everyone cuts for the deal, as the ruleset's
  ``first_dealer`` option says.
* The deal is either ``seed: N`` or explicit cards: one ``hand N:`` line for
  every seat and a ``table:`` line, with optional ``won N:`` lines for cards
  already won (a position set up mid-hand). Cards are written as in
  :mod:`lld.cards`; ``-`` is no cards.
* ``option: name=value`` may be repeated; ``rulings:`` lists the ruling IDs
  the record demonstrates; ``title:`` and ``seats:`` (names, comma-separated)
  are optional, and each ``note:`` line adds a line to the note.
* ``moves:`` starts the moves, one per line in move notation (:mod:`lld.moves`),
  each with an optional ``; comment``. Lines starting with ``#`` are comments
  anywhere; blank lines are ignored.
* An optional ``result:`` block ends the record: every seat's net stakes, the
  last player (``none`` if nobody) and what is left in the pot. :func:`replay`
  checks it.

:func:`format_record` writes the canonical form: keys in the order above,
header comments just before ``moves:``. Every problem with a record is a
:class:`~lld.errors.RecordError` naming ``FILE:LINE`` (``FILE: $.path`` for
JSON) and what is wrong.

>>> rec = parse_record('''
... ruleset: parlett
... players: 5
... dealer: 0
... seed: 1
... moves:
... 1: lie
... ''', where="demo.lld")
>>> rec.players, rec.seed, rec.moves[0].move
(5, 1, Move.parse('1: lie'))
>>> parse_record(format_record(rec)) == rec
True
>>> parse_record("ruleset: parlett\\nplayers: 5\\nhat: off\\nmoves:\\n", where="demo.lld")
Traceback (most recent call last):
  ...
lld.errors.RecordError: demo.lld:3: unknown key 'hat' (known: title, note, rulings, ruleset, \
option, players, seats, dealer, seed, hand N, table, won N, moves)

The modules, by concern: :mod:`~lld.record.model` (the record and what makes it
well-formed), :mod:`~lld.record.text_reader` and :mod:`~lld.record.text_writer`
(the text form), :mod:`~lld.record.json_reader` and :mod:`~lld.record.json_writer`
(the JSON form and its schema), :mod:`~lld.record.loading` (a record file, either
form), :mod:`~lld.record.replaying` (:func:`replay`) and
:mod:`~lld.record.from_game` (:func:`record_from_game`).
"""

from __future__ import annotations

from lld.record.from_game import record_from_game
from lld.record.json_reader import from_json, parse_json_record
from lld.record.json_writer import JSON_FORMAT, schema, to_json
from lld.record.json_writer import SCHEMA_RESOURCE as SCHEMA_RESOURCE
from lld.record.loading import load_record
from lld.record.model import HandRecord, MoveLine, Result
from lld.record.replaying import check_result, replay
from lld.record.text_reader import parse_record
from lld.record.text_writer import MAGIC, format_record

__all__ = [
    "JSON_FORMAT",
    "MAGIC",
    "HandRecord",
    "MoveLine",
    "Result",
    "check_result",
    "format_record",
    "from_json",
    "load_record",
    "parse_json_record",
    "parse_record",
    "record_from_game",
    "replay",
    "schema",
    "to_json",
]
