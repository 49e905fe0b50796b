"""How to play Spider: the page's words, section by section (SPEC §2).

Each title, paragraph and list item is one message of the catalogs, written for
players from the rules and the tips of the seed pages (paraphrased); the English
text is ASCII only. :mod:`game.howto` finds a section and links to it::

    >>> SPIDER.title
    'How to play Spider'
"""

from __future__ import annotations

from game.challenges.help import CHALLENGES_HELP
from game.guide.markup import Page, Section
from game.guide.settings import look_section
from game.i18n import N_
from game.input.help import HANDS_HELP

__all__ = ["SPIDER"]

SPIDER = Page("spider", N_("How to play Spider"), (
    Section("spider-aim", N_("The aim and the table"), (
        N_("Spider is played with two decks, 104 cards. 54 of them are dealt into ten columns: the "
           "first four columns get six cards, the other six get five. Only the last card of each "
           "column is face up. The other 50 cards wait in the stock."),
        N_("The goal is to build eight complete runs, each a single suit from king down to ace. "
           "A finished run leaves the table by itself; when all eight are gone, you have won. "
           "(The eight runs are often said to be the spider's eight legs.)"),
    ), ("rules", "aim", "goal", "table")),
    Section("spider-building", N_("Moving cards"), (
        N_("A card may go onto any card exactly one rank higher, whatever the suit: the 8 of "
           "spades on the 9 of hearts."),
        N_("Several cards move together only if they form a run of ONE suit going down by one, "
           "such as the 9, 8 and 7 of spades. A stack of mixed suits comes apart one card at a "
           "time from its end, which is why building on the same suit pays off later."),
        N_("An empty column takes any card or any run."),
        N_("When a face-down card becomes the last of its column, it turns face up by itself."),
    ), ("build", "moving", "runs", "empty-column", "face-down")),
    Section("sets", N_("Completed sets"), (
        N_("A complete run of one suit from king to ace at the end of a column is removed at once "
           "and adds 100 points to the score. Eight removed sets win the game."),
    ), ("set", "complete-set", "win")),
    Section("dealing", N_("Dealing from the stock"), (
        N_("Click the stock, **Deal** on the control bar, or [D] to deal one card face up onto "
           "every column: ten cards, five times in all. The stock and the **Deal** button show "
           "how many deals are left."),
        N_("You cannot deal while a column is empty: put any card or run into it first. The one "
           "exception is when fewer than ten cards are left on the table, so that the columns "
           "could never all be filled."),
    ), ("deal", "stock")),
    Section("difficulty", N_("Difficulty and game numbers"), (
        N_("- 1 suit: eight sets of spades. Every card that fits by rank also fits by suit, so this "
           "is the place to learn."),
        N_("- 2 suits: four sets of spades and four of hearts. Choosing which suit to build on "
           "starts to matter."),
        N_("- 4 suits: two sets of each suit, the original game and by far the hardest."),
        N_("The menu's **Suits** choice (1, 2 or 4) changes it; that restarts the current game number. "
           "The same number at another difficulty has the same ranks in the same places; only the suits "
           "differ. The chosen difficulty is remembered."),
        N_("Game numbers run from 1 to 999,999. A number always gives the same layout, on any "
           "machine, so you can replay a game or pass its number on; these are this game's own "
           "layouts, not those of Windows Spider. **New game** picks a number at random, and the menu's "
           "**Game number** plays a given one. The very "
           "first game is 1-suit game #1, which a full-knowledge search has shown can be won."),
        N_("Not every game can be won: the face-down cards and the stock are unknown, and with "
           "four suits even good players are said to win only about one game in three."),
        N_("With **Winnable deals only** on for a suit count (in **Settings**), **New game** deals "
           "only games this game's solver has won, seeing every card: over 1,200 per suit count, "
           "each once, in an order of your own. After those it searches random games until it "
           "proves one (\"finding a winnable deal\"; [Esc] cancels). The status line says "
           "\"winnable deal\", and **Demo** plays the solver's winning line."),
    ), ("difficulty-levels", "suits", "game-number", "new-game")),
    Section("scoring", N_("Score"), (
        N_("You start with 500 points. Every move, every deal and every undo costs 1 point; every "
           "completed set adds 100. Undo never gives back the point the move cost, and undoing the "
           "completion of a set also takes back its 100."),
        N_("Score = 500 - (moves + deals + undos) + 100 x completed sets. A won game therefore "
           "scores 1,300 minus its moves, deals and undos: 120 moves and deals with no undo "
           "score 1,180."),
        N_("\"Moves\" on screen is the number of moves minus the ones you undid; the statistics' "
           "fewest moves use that number. Hints cost nothing."),
    ), ("score", "points")),
    Section("spider-hint", N_("Hint"), (
        N_("**Hint** ([H]) shows one move: the card or cards outlined in yellow, the target column in "
           "green. Press it again to see the next candidate."),
        N_("The hint tries out the ways the cards you have not seen may lie: it deals them into the "
           "face-down places and the stock again and again, plays each layout ahead, and shows the "
           "move that wins the most of them, saying in how many it wins. It deals only when no "
           "useful move is left, and when no sampled layout can be won it says the game looks lost."),
        N_("Before any layout can be won, it shows the move whose line leads to the best tableau on "
           "average; with two or four suits it first looks for a line that improves the tableau however "
           "the face-down cards lie, and shows that line's first move. It says about how many face-down "
           "cards turn over on the way."),
        N_("Once every card is in sight, it follows the solver's winning line; when the solver proves "
           "that no line wins, it says the game is lost."),
        N_("The hint sees only what you see, so it is advice, not a guarantee; it does not change "
           "the score."),
        N_("**Demo** lets the computer play on from the current position: **Full knowledge** (the "
           "solver sees the face-down cards) or **Play fair** (the hint plays, seeing only what you see)."),
    ), ("hint", "hints")),
    Section("spider-review", N_("Game review: fair, or knowing every card"), (
        N_("**Review** (on the result panel, on the give-up question, and [L]) offers two reviews "
           "while a game is in play."),
        N_("**Fair review** judges each move by what you saw when you made it: the hint's search "
           "deals the face-down cards at random many times and compares your move with its own choice "
           "in those layouts. It says the hint's choice, as good, fewer wins or looks lost, never that "
           "a move was a mistake, and the game still counts."),
        N_("The review knowing every card grades every move as FreeCell's review does: best, good, "
           "inaccuracy, mistake or unknown. Its solver sees the face-down cards and the stock, which you "
           "did not: a mistake means that, with every card known, the game could be won before the move "
           "and could not after it. Opened during play, it stops the game counting; once the game is "
           "won, it is free."),
        N_("Choose a move to see the table as it was before it; **Try again from here** starts a "
           "game from there that does not count in your statistics."),
    ), ("review",)),
    Section("spider-controls", N_("Controls: mouse, keyboard, gamepad"), (
        N_("- Mouse: drag a face-up card and drop it; grabbing a card inside a same-suit run brings "
           "the rest of the run along. Or click to select (yellow outline): the columns that can "
           "take it glow green, and clicking one moves as many cards as fit there."),
        N_("- Double-click a card to send it, in order of preference, to a column where it "
           "completes a set, onto the same suit, onto any suit, or to an empty column."),
        N_("- Click the stock, or **Deal**, to deal; both show how many deals remain."),
        N_("- Touch: drag a card with a finger, or tap a card and then tap the column it goes to; a "
           "double tap is a double-click, and a tap on the stock deals. A second finger cancels a "
           "drag, and a card let go within half a card of a column lands there."),
        N_("- Keyboard: [Tab] cycles through the stock and the columns ([Shift+Tab] goes back); "
           "[Enter] or [Space] selects and drops; [A] makes the double-click move of the focused "
           "card; [D] deals; [H] asks for a hint; [Z] undoes ([Ctrl+Z] too); [Ctrl+Y] or "
           "[Ctrl+Shift+Z] redoes what you undid (a redone deal deals the same cards), and **Redo** "
           "shows on the control bar while there is something to redo; [N] starts a new game "
           "(after asking, once you have moved); [Esc] cancels."),
        N_("- [F6] puts the focus ring on the control bar and steps along it ([Shift+F6] back); "
           "[Enter] presses the button, [Esc] returns to the cards."),
        N_("- **Menu** or [M] opens the menu, and so does [Esc] when nothing is selected or open; "
           "[Esc] closes the panel on top. [F1] opens this page; [F11] or [Alt+Enter] switches "
           "fullscreen; [S] turns the sound off and on; [Ctrl+Q] quits, after asking."),
        N_("- Gamepad: as in FreeCell, with the stock in the focus ring: the [pad D-pad] or "
           "[pad left stick] moves the focus, [pad A] selects and places, [pad B] cancels, [pad X] "
           "asks for a hint, [pad Y] undoes, [pad right-stick click] redoes, [pad Start] opens the "
           "menu, [pad Back] quits after asking."),
        N_("- More on the gamepad: [pad RT] makes the double-click move of the focused card; "
           "[pad RB] and [pad LB] walk the control bar, every button on it, and [pad A] presses "
           "the button."),
        N_("The cards your last move (or a move made for you) put down keep a soft outline until "
           "your next action, so you can always see where they went; **Outline the last move** in "
           "**Settings** turns it off. **Left-handed table** mirrors the top row and the control "
           "bar; the columns keep their numbers, left to right."),
    ) + HANDS_HELP, ("controls", "keyboard", "keys", "mouse", "gamepad", "input", "outline", "left-handed")),
    look_section("spider-look"),
    Section("spider-refusals", N_("When a move is refused"), (
        N_("An illegal move never changes the table: the cards return and one line says why. The "
           "usual reasons:"),
        N_("- A card that does not fit: a card goes on a card exactly one rank higher (any suit), or "
           "into an empty column; see \"Moving cards\"."),
        N_("- Cards that are not a same-suit run: only a run of one suit moves together; take "
           "fewer cards."),
        N_("- A deal while a column is empty: fill every column first; see \"Dealing from the "
           "stock\"."),
        N_("- A deal with the stock empty: all five deals have been used."),
    ), ("refusals", "refused", "illegal", "errors")),
    Section("spider-stats", N_("Time and statistics"), (
        N_("The clock starts with your first move and pauses while the window is in the "
           "background. Closing the game saves it, with its undo history (and what Redo can play "
           "again) and clock, for next time."),
        N_("Statistics are kept on this computer for each difficulty: games played, won, win rate, "
           "current and best winning streak, best time, fewest moves and your recent results. A "
           "game given up, or left unfinished for a new one, counts as played and lost; **Give up**, "
           "**New game** and **Restart** ask first when the game has moves. Each "
           "difficulty's statistics can be cleared on their own."),
        N_("A game counts once you have made a move: with no move it counts nothing, and a game "
           "the demo played part of never counts. The question before a game ends says whether "
           "it will count."),
    ), ("statistics", "stats", "clock", "time", "moves", "save")),
    Section("spider-challenges", N_("Daily challenges, badges and par"), CHALLENGES_HELP,
            ("challenges", "badges", "streak", "par")),
    Section("spider-tips", N_("Tips"), (
        N_("- Turn face-down cards first. Each one you reveal opens new moves; when several moves "
           "are possible, prefer the one that turns a card. The four left columns hide one card "
           "more than the rest."),
        N_("- Build on the same suit when you can. A card on a different suit fits by rank but "
           "can only leave one card at a time, and untangling mixed stacks costs empty columns."),
        N_("- An empty column is your most valuable space: use it to sort mixed stacks by suit. "
           "Do not fill it for nothing; if you must, put a king or a run starting with a king "
           "there, since those cannot go anywhere else."),
        N_("- Tidy up before dealing. A deal covers every column with a new card, so first make "
           "every useful move and join as many same-suit runs as you can."),
        N_("- Use **Undo** to test a branch, especially with two or four suits. Each undo costs a "
           "point, but a won game is worth far more."),
        N_("- Learn with one suit, then move up to two and four."),
    ), ("tips", "strategy", "advice")),
))
