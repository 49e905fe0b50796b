"""How to play's words: one module per page (:mod:`game.guide.freecell`,
:mod:`game.guide.spider`), the section both pages share on the settings for seeing
and handling the cards (:mod:`game.guide.settings`), and the blocks and marks they
are written in (:mod:`game.guide.markup`). :mod:`game.howto` finds a page or a
section and gives it as a document."""
