"""How to play FreeCell: the page's words, section by section (SPEC §1).

Each title, paragraph and list item is one message of the catalogs, written for
players from the rules and the tips of the seed pages (paraphrased); the English
text is ASCII only. :mod:`game.howto` finds a section and links to it::

    >>> FREECELL.anchors[:2]
    ('freecell-aim', 'building')
"""

from __future__ import annotations

from game.challenges.help import CHALLENGES_HELP
from game.guide.markup import Page, Section
from game.guide.settings import look_section
from game.i18n import N_
from game.input.help import FREECELL_HANDS_HELP

__all__ = ["FREECELL"]

FREECELL = Page("freecell", N_("How to play FreeCell"), (
    Section("freecell-aim", N_("The aim and the table"), (
        N_("FreeCell is played with one ordinary 52-card deck, no jokers. Aces are low and kings "
           "high; spades and clubs are black, hearts and diamonds are red."),
        N_("All the cards are dealt face up, left to right and row by row, into eight columns: the "
           "four columns on the left get seven cards, the four on the right get six. Above them are "
           "four free cells (parking spaces, empty at the start) and four foundations, one for each "
           "suit."),
        N_("You win when all 52 cards are on the foundations. Nothing is hidden and there is no "
           "stock to turn over, so once the cards are dealt, winning is a matter of planning, not "
           "luck."),
    ), ("rules", "aim", "goal", "table")),
    Section("building", N_("Building on the columns"), (
        N_("Only the last card of a column, the one nothing lies on, can be picked up. It may go onto "
           "the last card of another column if it is exactly one rank lower and of the other colour: "
           "a red 7 on a black 8, a black 10 on a red jack. The suit does not matter, only the "
           "colour."),
        N_("An empty column takes any card, not only a king as in Klondike. Empty columns are the "
           "most valuable space on the table: they hold a card like a free cell, and they double "
           "how many cards you can move at once."),
        N_("Cards that go down by one in alternating colours form a run. A run can be moved as a "
           "whole when there is enough free space; see \"Moving several cards at once\"."),
    ), ("build", "tableau", "columns", "empty-column")),
    Section("free-cells", N_("Free cells"), (
        N_("Each free cell holds exactly one card, any card. Park the last card of a column there "
           "to get at what lies under it."),
        N_("From a free cell a card can go back onto a column (onto a card one rank higher of the "
           "other colour, or into an empty column) or up to its foundation. Moving a card from one "
           "free cell to another would change nothing, so the game does not offer it."),
        N_("Every card you park makes the next group move smaller, so a free cell is best treated "
           "as a loan: know how you will pay it back before you take it."),
    ), ("free-cell", "cells")),
    Section("foundations", N_("Foundations"), (
        N_("Each foundation takes one suit in order from ace to king: the ace starts it, then the "
           "2 of the same suit, then the 3, and so on. Foundations do not alternate colours."),
        N_("A card never comes back from a foundation. Only **Undo** ([U]) takes one back, and it "
           "takes back the whole move that sent it there."),
    ), ("foundation", "home", "win")),
    Section("movable-cards", N_("Moving several cards at once (\"N cards movable\")"), (
        N_("Strictly, cards move one at a time. But a run at the end of a column can be carried "
           "card by card through the empty free cells and empty columns, so the game does that for "
           "you and moves the whole run as ONE move (and one undo). The status bar always shows "
           "how long a run you can move right now: \"N cards movable\"."),
        N_("The number is: N = (empty free cells + 1) x 2^(empty columns). Each empty free cell "
           "adds one card; each empty column doubles the total."),
        N_("When the run goes INTO an empty column, that column is the destination, not a helper, "
           "so it is not counted among the empty columns."),
        N_("- 2 empty free cells and 1 empty column: (2 + 1) x 2 = 6 cards onto a card, but only "
           "(2 + 1) x 1 = 3 cards into the empty column."),
        N_("- 4 empty free cells and no empty column: 4 + 1 = 5 cards. With one empty column: "
           "5 x 2 = 10 cards."),
        N_("- No empty free cell and no empty column: 1 card, one at a time."),
        N_("Why it works, on a small case: to move a black 6 with a red 5 on it onto a red 7 with "
           "one empty free cell, park the 5 in the cell, put the 6 on the 7, then the 5 back on the "
           "6. A group move is only a shortcut for single moves like these."),
        N_("A run longer than N is refused: the cards go back and the table says how many the move "
           "needs and how many you can move, for example \"needs 7, can move 6: free a cell or a "
           "column\". Only a properly built run (down by one, colours alternating all the way) "
           "moves as a group; a broken stack has to be moved in pieces."),
        N_("The same run may move in one position and not in the next: if you have just filled a "
           "cell or a column, there is less room to carry it."),
    ), ("cards-movable", "n-cards-movable", "capacity", "supermove", "supermoves", "sequence-moves", "runs",
        "group-moves")),
    Section("auto-foundation", N_("Cards that go home by themselves"), (
        N_("The setting **FreeCell: automatic foundation moves** in **Settings** decides which cards "
           "fly to their foundations by themselves, right after the deal and after each of your "
           "moves: **Off** sends none; **All** sends every card that fits, again and again until "
           "none does (as Microsoft's FreeCell); **Safe**, the default, only the cards that can no "
           "longer be of any use on the table. With Safe a card goes home by itself when:"),
        N_("- it is an ace or a 2;"),
        N_("- both foundations of the other colour already reach at least one rank below it (a red "
           "6 goes once both black foundations are at 5): the only cards that could be built on "
           "it are already home;"),
        N_("- or both foundations of the other colour reach at least two below it and the other "
           "foundation of its own colour at least three below it."),
        N_("These cards are not counted as moves. Undo takes them back together with the move that "
           "set them off, in one step. Hints, the winnability check and the demo play by the "
           "setting: with All a card you still needed may go home, so a game Safe can win may be "
           "lost with All."),
    ), ("auto-home", "safe-auto-foundation", "automatic-moves")),
    Section("auto-complete", N_("Auto-complete"), (
        N_("When every column is in order, no card higher than any card buried beneath it, there "
           "is nothing left to untangle. The **New deal** button on the control bar then becomes "
           "**Auto-complete** (key [F])."),
        N_("Press it and the cards fly home one at a time, each with its own flight. Press it again "
           "to stop at once and carry on by hand."),
        N_("Every card auto-complete sends home counts as one move, and Undo takes them back one "
           "at a time."),
    ), ("autocomplete", "finish")),
    Section("stuck", N_("When no move is left"), (
        N_("The game never declares a defeat by itself. If there is no legal move at all (every "
           "free cell full, nothing can go home or onto a column) it says so plainly and offers "
           "three ways on: undo the last move, restart the same deal, or start a new deal."),
        N_("A dead end does not mean the deal cannot be won: it only means this line of play ran "
           "out. Undo is unlimited, so go back to an earlier choice and try another way."),
        N_("With the live winnability check on (in **Settings**), the game notices as soon as a deal "
           "can no longer be won: the **New deal** button becomes **Rewind** ([R]), which undoes "
           "back to the last position that could still be won and names the move that lost it."),
        N_("**Give up**, at the end of the control bar, ends the game at any time. Give up, "
           "**Restart** and a new deal ask first when the game has moves, with \"Keep playing\" as "
           "the answer Enter gives; nothing is counted until you confirm."),
        N_("The question says whether the game will count as lost. Before your first move "
           "nothing is asked and nothing counts."),
    ), ("no-moves", "dead-end", "give-up", "restart")),
    Section("review", N_("Game review: every move graded"), (
        N_("**Review** (on the result panel, on the give-up question, and in the move list, [L]) "
           "grades every move of the game, as a chess program reviews a game. The solver works in "
           "the background: the list fills as the grades arrive, ten moves a page, the summary on "
           "top, e.g. \"41 moves: 30 best, 8 good, 2 inaccuracies, 1 mistake (move 23: 7 of clubs to a free "
           "cell)\"."),
        N_("- Best: the move is on the shortest winning line the review knows from there;"),
        N_("- Good: it keeps the win, and the line gets at most 3 moves longer;"),
        N_("- Inaccuracy: it keeps the win, but the line gets longer by more;"),
        N_("- Mistake: the deal could be won before the move and cannot after it. The solver "
           "proved it by examining every position: a move is never called a mistake on a guess;"),
        N_("- Unknown: the search ran out of time before it could decide. Already lost: "
           "the game was lost before the move."),
        N_("Choose a move to see the table as it was before it, the move you played outlined and "
           "the better move glowing. **Try again from here** starts a game from that position; "
           "it does not count in your statistics. Undone moves and the cards that go home by "
           "themselves are not graded."),
        N_("To see it while you play, turn on \"FreeCell: show which moves keep the win\" in "
           "**Settings**: while a card is selected, each place it may go is green when the win is "
           "kept, red when from there no winning line exists, and plain while the solver has not "
           "decided."),
        N_("Point at a red place, or move the keyboard's ring onto it, and a note says why. The "
           "first game of each Easy daily challenge shows these colours even with the setting off."),
    ), ("review",)),
    Section("deals", N_("Deal numbers, difficulty and today's deal"), (
        N_("Open the menu (**Menu**, [M], or [Esc] with nothing selected) and choose a deal:"),
        N_("- **Play** beside today's deal (in the FreeCell group), the same for everyone today;"),
        N_("- **Easy**, **Normal** or **Hard**, a random deal of that difficulty;"),
        N_("- **Random**, any deal;"),
        N_("- **Deal number**: type the number in its box and press [Enter]."),
        N_("**New deal** ([N]) on the control bar deals a random deal."),
        N_("Deal numbers run from 1 to 1,000,000 and follow the Microsoft numbering published by "
           "Michael Keller, so deal #N here is the same layout as deal #N in Windows FreeCell and "
           "the many programs that share the numbering. Tell a friend the number and you play the "
           "same cards. The number box accepts a whole number 1..1,000,000 and refuses anything else "
           "with a one-line reason."),
        N_("Almost every deal can be won. Eight deals in that range are known to be unsolvable: "
           "11982, 146692, 186216, 455889, 495505, 512118, 517776 and 781948. You can still enter "
           "them; they start with the notice \"This deal is known to be unsolvable\". Random deals "
           "and today's deal never use them."),
        N_("Difficulty is the smallest number of free cells a deal needs to be won (Michael "
           "Keller's measure): 0 or 1 cell is Easy, 2 is Normal, 3 or 4 is Hard. It is shown for "
           "deals 1..32,000. This game rated them with its own solver: a rating is backed by a "
           "winning line with that many cells and a complete search showing that one cell fewer "
           "is not enough; one shown with a ? (about one deal in a hundred) has the winning line only, so "
           "fewer cells are not ruled out."),
        N_("With **Winnable deals only** on for FreeCell (in **Settings**), a random deal is one this "
           "game's solver has won: one of the rated deals 1..32,000."),
        N_("Today's deal is one deal per calendar date in Japan time (UTC+9), the same for everyone, "
           "picked from deals 1..32,000 (never 11982). The menu shows its difficulty. Instead of "
           "online rankings, the game keeps your own daily history: days played, days won and "
           "your daily-win streak (consecutive dates with a win). A day counts once however often "
           "you replay it, and counts as won if any of those games was won."),
    ), ("deal", "deal-number", "difficulty", "daily", "todays-deal", "today", "unsolvable",
        "daily-history", "menu")),
    Section("freecell-hint", N_("Hint and the list of moves"), (
        N_("**Hint** ([H]) looks for a winning line from the current position. It searches in the "
           "background: a \"thinking\" sign shows, the table stays playable, and any move you make "
           "cancels the search. Then:"),
        N_("- a winning line was found: its first move appears as text under the Hint button, and "
           "the card and its destination glow on the table;"),
        N_("- every reachable position was searched and none wins: \"No winning line exists from "
           "here\", with four ways on: undo, hint again, restart the deal, new deal;"),
        N_("- the search ran out of time: it shows a sensible move and says the search did not "
           "finish. That is not a dead end."),
        N_("**Moves** ([L]) lists every legal move right now as a button, in three groups (to "
           "foundation, to free cell, to column), with the current \"N cards movable\". Click one "
           "to play it. With these buttons and the keyboard the whole game can be played without "
           "pointing at the table. The same list can start a demo (the solver plays on from "
           "here), copy this game's moves, or replay moves from the clipboard."),
        N_("The list's \"N cards movable\" is the status line's figure; a long list takes two "
           "columns and smaller text to stay clear of the status line."),
    ), ("hint", "hints", "move-list", "solver")),
    Section("freecell-controls", N_("Controls: mouse, keyboard, gamepad"), (
        N_("- Mouse: drag a card and drop it where it should go; grab a card in the middle of a "
           "run to take it and everything below it. Or click a card to select it (it glows) and "
           "click the destination. Clicking a card inside a run selects from there to the end of "
           "the column."),
        N_("- Double-click a card to send it to its foundation if it can go; otherwise a column "
           "card goes to an empty free cell. With the setting **One click sends home** on, a single "
           "click sends home any card that can go."),
        N_("- Press and hold a column: a small panel shows how many cards follow the card you "
           "touched; its up and down arrows change the first card of the selection, and releasing "
           "confirms the selection (nothing moves yet). Its Close button, or [Esc], cancels."),
        N_("- Touch: drag a card with a finger, or tap a card and then tap where it goes; a double "
           "tap is a double-click. Touch and hold a column for the panel, slide onto its up and down "
           "arrows, and lift your finger to confirm (lifting on Close cancels). A second finger "
           "cancels a drag, and a card let go within half a card of a place lands there."),
        N_("- Keyboard: [Left] and [Right] move the focus across the free cells, foundations and "
           "columns; [Up] and [Down] choose the first card inside a column; [Enter] or [Space] "
           "selects, places, or sends home; [Esc] clears the selection."),
        N_("- [U] undoes ([Ctrl+Z] too), [Ctrl+Y] or [Ctrl+Shift+Z] redoes what you undid, [H] asks "
           "for a hint, [L] lists the moves, [N] starts a new deal, [F] runs auto-complete, [R] "
           "rewinds."),
        N_("- **Redo** appears on the control bar, beside Undo, while there is something to redo: "
           "it plays the undone move again, with the cards that went home after it. A new move of "
           "your own (or the demo's, or Rewind) clears it."),
        N_("- [C] sends the focused column's bottom card straight to the first empty free cell."),
        N_("- The control bar from the keyboard: [F6] puts the focus ring on its first button and "
           "steps along it ([Shift+F6] goes back; after the last button the focus is back on the "
           "table); on the bar [Left] and [Right] walk it, [Enter] presses the button, [Esc] or "
           "[Up] returns to the cards. [Tab] and [Shift+Tab] walk the buttons of an open panel."),
        N_("- [M] opens the menu, and so does [Esc] when nothing is selected or open; [Esc] closes "
           "the panel on top. [F1] opens this page; [F11] or [Alt+Enter] switches fullscreen; [S] "
           "turns the sound off and on; [Ctrl+Q] quits, after asking."),
        N_("- Gamepad: the [pad D-pad] or the [pad left stick] moves the focus like the arrow keys; "
           "[pad A] selects and places, [pad B] cancels, [pad X] asks for a hint, [pad Y] undoes, "
           "[pad right-stick click] redoes, [pad Start] opens the menu, [pad Back] quits after "
           "asking. A controller can be plugged "
           "in or out at any time."),
        N_("- More on the gamepad: [pad RT] sends the focused card to a free cell. [pad RB] and "
           "[pad LB] walk the control bar, every button on it; the [pad D-pad] walks it too, "
           "[pad A] presses, [pad B] goes back to the cards. In the menu's number box the "
           "[pad D-pad] chooses the digits: up and down turn one, left and right move between "
           "them, [pad A] deals."),
        N_("The cards your last move (or a move made for you) put down keep a soft outline until "
           "your next action, so you can always see where they went; **Outline the last move** in "
           "**Settings** turns it off. **Left-handed table** mirrors the top row and the control "
           "bar; the columns keep their numbers, left to right."),
    ) + FREECELL_HANDS_HELP, ("controls", "keyboard", "keys", "mouse", "gamepad", "input", "outline", "left-handed")),
    look_section("freecell-look"),
    Section("freecell-refusals", N_("When a move is refused"), (
        N_("An illegal move never changes the position: the cards return to where they were and "
           "one line says why. The usual reasons:"),
        N_("- A card that does not fit: a column builds down by one in alternating colours; see "
           "\"Building on the columns\"."),
        N_("- \"needs 7, can move 6: free a cell or a column\": the run is longer than the current "
           "\"N cards movable\"; see \"Moving several cards at once\"."),
        N_("- Cards that are not a run: only a properly built run moves as a group; move it in "
           "pieces."),
        N_("- A card that cannot go home yet: foundations go up by suit, one rank at a time; see "
           "\"Foundations\"."),
        N_("- A free cell that is taken, more than one card for a free cell, or a move from one "
           "free cell to another: see \"Free cells\"."),
    ), ("refusals", "refused", "illegal", "errors")),
    Section("freecell-stats", N_("Moves, time and statistics"), (
        N_("Moves: a group move counts as one, cards that go home by themselves count zero, and "
           "each card sent home by auto-complete counts one."),
        N_("The clock starts with your first move. It pauses when the window loses focus or is "
           "minimised and runs again when you come back. Resizing, rotating or switching "
           "fullscreen never loses the deal, and when you close the game, the deal, its undo "
           "history (with what Redo can play again) and the clock are saved and come back next time."),
        N_("Sound effects play at the volume chosen in **Settings**; [S] turns them off and on "
           "and the choice is remembered."),
        N_("When you win, a panel shows the time, the moves, the cards home and the deal number "
           "(one click copies it). From there: new deal, replay the same deal, or look at the "
           "board."),
        N_("**Statistics** (in the menu), kept on this computer: games played, win rate, current and best "
           "winning streak, best time, fewest moves and your recent results. A game you give up, or leave "
           "unfinished by starting a new deal, counts as played and lost and ends the streak; "
           "restarting the same deal does not. Best time and fewest moves come from won games only. "
           "The statistics can be cleared there."),
        N_("One rule decides what counts: a game counts once you have made a move. One with no "
           "move counts nothing, today's deal included; a game the demo or Rewind played part of "
           "never counts, won or not; quitting (the game is saved) counts nothing."),
    ), ("statistics", "stats", "clock", "time", "moves", "save", "win-panel")),
    Section("freecell-challenges", N_("Daily challenges, badges and par"), CHALLENGES_HELP,
            ("challenges", "badges", "streak", "par")),
    Section("freecell-tips", N_("Tips"), (
        N_("- Look before you move. At the start, find where the aces and 2s are buried and plan "
           "how to dig them out before you make the first move."),
        N_("- Keep free cells and columns empty as long as you can. Each empty cell lets you move "
           "one more card at once, and an empty column doubles the number."),
        N_("- A free cell is a loan. Before parking a card, know where it will go next."),
        N_("- Emptying a column is often worth more than putting one more card on a foundation: it "
           "makes every later move easier."),
        N_("- Free the low cards early, starting with the long columns: an ace at the bottom of a "
           "seven-card column is the hardest to reach, and once the low cards are home, others "
           "follow by themselves."),
        N_("- Do not rush a king into an empty column. Nothing takes a king, so that column is hard "
           "to empty again; wait until the king brings a long run with it."),
        N_("- Do not hurry every card home either: a 3 or 4 left on the table may be the only place "
           "a card of the next rank down can go."),
        N_("- Before you fill the last free cell, check that you can still build the runs you "
           "need. With no empty cell and no empty column, cards move only one at a time."),
        N_("- Order matters: filling your only free cell with an unrelated card first can make a "
           "two-card move impossible."),
        N_("- Stuck? Undo is unlimited. Going back to the last branch and trying another way beats "
           "pushing on with a bad line. Hint can tell you whether a winning line still exists."),
    ), ("tips", "strategy", "advice")),
))
