"""``{command-line}``: the ``lld`` command line, read from its argparse parser.

Nothing is restated by hand: each command's usage, help and arguments come
from :func:`lld.cli.build_parser`, so the page cannot drift from the program.
"""

from __future__ import annotations

import argparse

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from lld.cli import build_parser

from .common import literal, note_engine_dependencies, para, table


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            return [(name, helps.get(name, ""), p) for name, p in action.choices.items()]
    return []


def _arguments(parser: argparse.ArgumentParser) -> nodes.Node:
    rows: list[list[nodes.Node | str]] = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
            continue
        if action.help == argparse.SUPPRESS:
            continue
        name = ", ".join(action.option_strings) or str(action.metavar or action.dest)
        if action.option_strings and action.nargs != 0:
            name += " " + str(action.metavar or action.dest.upper())
        detail = action.help or ""
        if action.choices:
            detail += f" (one of: {', '.join(str(c) for c in action.choices)})"
        if action.default not in (None, False, [], argparse.SUPPRESS) and action.nargs != 0:
            detail += f" (default: {action.default})"
        rows.append([para(literal(str(name))), detail])
    return table(["Argument", "What it does"], rows, widths=[2, 5], classes=["lld-cli"])


def _usage(parser: argparse.ArgumentParser) -> nodes.literal_block:
    text = parser.format_usage().strip()
    return nodes.literal_block(text, text, language="text")


class CommandLineDirective(SphinxDirective):
    def run(self) -> list[nodes.Node]:
        note_engine_dependencies(self.env)
        parser = build_parser()
        out: list[nodes.Node] = [para(parser.description or ""), _usage(parser)]
        for name, help_text, sub in _subcommands(parser):
            label = f"cli-{name}"
            section = nodes.section(ids=[label], names=[label])
            self.state.document.note_explicit_target(section)
            title = f"lld {name}"
            section += nodes.title(title, "", literal(title))
            section += para(help_text[:1].upper() + help_text[1:] + ".")
            if sub.description:
                section += para(sub.description)
            section += _usage(sub)
            section += _arguments(sub)
            out.append(section)
        return out
