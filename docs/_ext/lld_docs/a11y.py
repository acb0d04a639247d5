"""Accessible HTML where Sphinx's and docutils' own falls short of WCAG 2.1 AA.

The site's HTML translator is Sphinx's, with two elements written otherwise
(``tests/browser/test_accessibility.py`` runs axe-core on every kind of page):

* A toctree's caption (the sidebar's "More", a contents list's heading) is a
  ``<p role="heading">``, and ARIA requires a heading role to give its level:
  ``aria-level`` is one below the section the caption is in (2 in the sidebar,
  which is in no section; the page's title is the one level 1).
* A citation list (the bibliography on "How to cite") is a ``role="list"`` whose
  entries docutils marks ``role="doc-biblioentry"``, a role DPUB-ARIA 1.1
  deprecates and which is no list item: a list must hold list items, so each
  entry is a ``role="listitem"``.

Everything else is as Sphinx writes it.
"""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.writers.html5 import HTML5Translator

_CAPTION = '<p class="caption" role="heading"'
_BIBLIOENTRY = 'role="doc-biblioentry"'


class AccessibleHTMLTranslator(HTML5Translator):
    """Sphinx's HTML5 translator with a heading's level on toctree captions and
    list items in citation lists."""

    def visit_title(self, node: nodes.title) -> None:
        super().visit_title(node)
        if isinstance(node.parent, addnodes.compact_paragraph) and node.parent.get("toctree"):
            # Sphinx has just written the start tag, then the caption's <span>.
            level = max(2, self.section_level + 1)
            start = self.body[-2]
            if not start.startswith(_CAPTION):
                raise ExtensionError(f"a11y: a toctree caption Sphinx writes otherwise: {start!r}")
            self.body[-2] = start.replace(_CAPTION, f'{_CAPTION} aria-level="{level}"', 1)

    def visit_citation(self, node: nodes.citation) -> None:
        super().visit_citation(node)
        self.body[-1] = self.body[-1].replace(_BIBLIOENTRY, 'role="listitem"', 1)


def setup_a11y(app: Sphinx) -> None:
    app.set_translator("html", AccessibleHTMLTranslator, override=True)
