// Every key the app answers, in one list: the `?` dialog shows it, and each page's own
// handler is what it describes (a test checks the two agree where it can).

export interface Shortcut {
  /** The keys, each as printed on a keycap: `['Ctrl', 'K']`. */
  keys: string[][];
  what: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: Shortcut[];
}

export const SHORTCUTS: ShortcutGroup[] = [
  {
    title: 'Anywhere',
    shortcuts: [
      { keys: [['Ctrl', 'K'], ['/']], what: 'Go to the search box' },
      { keys: [['?']], what: 'Show these keys' },
      { keys: [['Alt', '←'], ['Alt', '→']], what: 'Back and forward (so do the mouse’s side buttons)' },
      { keys: [['Esc']], what: 'Close a list or a dialog' },
    ],
  },
  {
    title: 'Search results',
    shortcuts: [
      { keys: [['↑'], ['↓']], what: 'Pick a result' },
      { keys: [['Enter']], what: 'Open it (the first one if none is picked)' },
      { keys: [['Ctrl', 'Enter']], what: 'Roll a table from its result' },
    ],
  },
  {
    title: 'A roll table',
    shortcuts: [{ keys: [['R']], what: 'Roll its dice' }],
  },
  {
    title: 'The encounter tracker',
    shortcuts: [
      { keys: [['N']], what: 'Next turn (or the system’s next step)' },
      { keys: [['J'], ['K']], what: 'Select the next or previous combatant' },
      { keys: [['D']], what: 'Go to the amount: Enter damages, Shift+Enter heals' },
      { keys: [['C']], what: 'Go to the condition' },
      { keys: [['Ctrl', 'Z']], what: 'Undo' },
      { keys: [['Ctrl', 'Shift', 'Z']], what: 'Redo' },
    ],
  },
];
